"""Creative versions: the text-overlay editor's saved results.

The editor renders a PNG in the browser at the creative's natural size and posts it here
with the text layers that produced it. The generation's own file is never touched (it stays
the original the editor reopens on); each save adds a CreativeVersion. The newest version
is what pages show and download.

    POST /api/generations/<id>/versions/          multipart `file` (PNG) + `layers` (JSON)
                                                  → 201 {"id", "image", "layers", "created_at"}
                                                    400 {"errors": {field: [msg]}}; 503 the same
                                                    shape when the storage refuses the write
    GET  /api/generations/<id>/versions/latest/   → {"version": {"id", "image", "layers", "original",
                                                    "created_at"}}, or {"version": null} when nothing
                                                    was saved yet; 404 for a generation that is not
                                                    the user's
"""

import io
import json
import logging
import time

from django.core.files.storage import default_storage
from django.db import transaction
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from PIL import Image, UnidentifiedImageError
from rest_framework import serializers
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import refused_body_message
from config.images import InvalidImage, reencode_image
from config.parsers import MultiPartParser
from history.models import CreativeVersion, Generation
from history.storage import GENERATION_HISTORY, StorageFailed, parse_stored_path, read_file, save_file

logger = logging.getLogger(__name__)

MB = 1024 * 1024
# A 1536 × 1024 RGBA PNG of a busy photo is about 6 MB; this leaves room without letting
# one request hold arbitrary amounts of memory.
VERSION_MAX_BYTES = 20 * MB
MULTIPART_OVERHEAD = 256 * 1024  # the layers JSON and the multipart framing
# Older versions are deleted (rows and files) beyond this many per generation: reopening
# only ever needs the newest, and storage should not grow with every click on Apply.
VERSIONS_KEPT = 10

NOT_A_PNG = "The edited image must be a PNG file"
TOO_LARGE = f"File size must be less than {VERSION_MAX_BYTES // MB}MB"
NO_FILE = "No file provided"
NOT_EDITABLE = "This generation has no image to edit"
BAD_LAYERS = "The text layers are not valid JSON"


class VersionRejected(Exception):
    """The version is refused; `message` is user-facing, `field` the form field it concerns."""

    def __init__(self, message: str, *, field: str = "file"):
        self.message = message
        self.field = field
        super().__init__(message)


# --- layers ---------------------------------------------------------------------------------


class TextElementSerializer(serializers.Serializer):
    """One text element, with the editor's limits (spec 001 §2 and §9). The editor clamps
    everything before saving, so anything outside these ranges is a bad client."""

    id = serializers.CharField(max_length=40)
    text = serializers.CharField(max_length=250, allow_blank=True, trim_whitespace=False)
    x = serializers.FloatField(min_value=0, max_value=100)
    y = serializers.FloatField(min_value=0, max_value=100)
    fontSize = serializers.IntegerField(min_value=12, max_value=120)  # noqa: N815 (the JSON's own names)
    # The catalogue (frontend/lib/fonts.js) is the editor's; an unknown name reopens as Arial.
    fontFamily = serializers.CharField(max_length=60)  # noqa: N815
    color = serializers.RegexField(r"^#[0-9A-Fa-f]{6}$", max_length=7)
    fontWeight = serializers.ChoiceField(choices=["normal", "bold"])  # noqa: N815
    fontStyle = serializers.ChoiceField(choices=["normal", "italic"])  # noqa: N815
    textAlign = serializers.ChoiceField(choices=["left", "center", "right"])  # noqa: N815
    rotation = serializers.FloatField(min_value=-180, max_value=180)
    opacity = serializers.FloatField(min_value=0, max_value=1)


class LayersSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, max_value=1)
    elements = serializers.ListField(child=TextElementSerializer(), max_length=50)


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")  # NaN and Infinity are not JSON


def parse_layers(raw) -> dict:
    """The `layers` form field (a JSON string) → validated layers. Raises VersionRejected."""
    if not isinstance(raw, str) or not raw.strip():
        raise VersionRejected("This field is required.", field="layers")
    if len(raw) > MULTIPART_OVERHEAD:
        raise VersionRejected("The text layers are too large", field="layers")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python recurses
        raise VersionRejected(BAD_LAYERS, field="layers") from None
    serializer = LayersSerializer(data=data)
    if not serializer.is_valid():
        raise VersionRejected(_first_error(serializer.errors), field="layers")
    return json.loads(json.dumps(serializer.validated_data))  # plain dicts for the JSONField


def _first_error(errors, path: str = "") -> str:
    """DRF's nested errors → one message saying where, e.g. "elements[0].fontSize: Ensure …"."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if isinstance(key, int):
                where = f"{path}[{key}]"
            elif key == "non_field_errors":
                where = path
            else:
                where = f"{path}.{key}" if path else key
            return _first_error(value, where)
    if isinstance(errors, list) and errors:
        return _first_error(errors[0], path)
    return f"{path}: {errors}" if path else str(errors)


# --- images ---------------------------------------------------------------------------------


def original_path(generation: Generation):
    """The generation's stored PNG — the original creative — or None if it has none."""
    if generation.status != Generation.Status.SUCCESS or not generation.file:
        return None
    stored = parse_stored_path(generation.file.name)
    return stored if stored and stored.name.lower().endswith(".png") else None


def original_size(generation: Generation) -> tuple[int, int]:
    stored = original_path(generation)
    data = read_file(stored) if stored else None
    if data is None:
        raise VersionRejected(NOT_EDITABLE, field="non_field_errors")
    with Image.open(io.BytesIO(data)) as image:  # the header is enough for the size
        return image.size


def verified_png(data: bytes) -> tuple[bytes, tuple[int, int]]:
    """Decode the upload completely and return a fresh PNG of its pixels and its size."""
    try:
        with Image.open(io.BytesIO(data)) as probe:
            is_png = probe.format == "PNG"
    except (UnidentifiedImageError, OSError, ValueError):
        is_png = False
    if not is_png:
        raise VersionRejected(NOT_A_PNG)
    try:
        png, _ = reencode_image(data, force_png=True)
    except InvalidImage as exc:
        raise VersionRejected(
            NOT_A_PNG if exc.message == "Only image files are allowed" else exc.message
        ) from None
    with Image.open(io.BytesIO(png)) as image:
        return png, image.size


# --- the write ------------------------------------------------------------------------------


def save_creative_version(*, generation: Generation, image: bytes, layers: dict) -> CreativeVersion:
    """Store an edited creative as the generation's newest version (the original is kept).

    The PNG must decode and have exactly the original's pixel size: the editor always
    renders at natural size, so a different size means a wrong or tampered upload.
    Raises VersionRejected, or StorageFailed with nothing written (no row, no file).
    """
    width, height = original_size(generation)
    png, size = verified_png(image)
    if size != (width, height):
        raise VersionRejected(f"The image must be {width} × {height} pixels, the size of the original")
    stored = save_file(
        area=GENERATION_HISTORY,
        user_id=generation.user_id,
        name=f"{generation.service_type}_{int(time.time() * 1000)}_text.png",
        content=png,
    )
    try:
        with transaction.atomic():
            version = CreativeVersion.objects.create(generation=generation, file=stored.path, layers=layers)
            stale = list(
                CreativeVersion.objects.filter(generation=generation).order_by("-created_at", "-id")[
                    VERSIONS_KEPT:
                ]
            )
            CreativeVersion.objects.filter(pk__in=[v.pk for v in stale]).delete()
            # Files go only once the rows are gone for good.
            transaction.on_commit(lambda: _delete_files([v.file.name for v in stale]))
    except Exception:
        _delete_files([stored.path])  # no row points at it: do not leave it behind
        raise
    return version


def _delete_files(paths: list[str]) -> None:
    for path in paths:
        try:
            default_storage.delete(path)
        except Exception:  # a leftover file is harmless; a failed request is not
            logger.warning("Could not delete old creative version %s", path, exc_info=True)


# --- what the pages read --------------------------------------------------------------------


def version_payload(version: CreativeVersion, *, original: str | None = None) -> dict:
    payload = {
        "id": version.pk,
        "image": version.file_url,
        "layers": version.layers,
        "created_at": version.created_at.isoformat(),
    }
    if original is not None:
        payload["original"] = original
    return payload


def output_with_versions(generation: Generation, output: dict) -> dict:
    """A creative's output as pages should see it: `image` is the newest edited version (what
    to show and download), `original` the generated image (what the editor edits), `edited`
    whether text was added, and the two URLs the editor needs. Other outputs pass unchanged."""
    stored = original_path(generation)
    if stored is None or not isinstance(output, dict) or not output.get("image"):
        return output
    latest = CreativeVersion.objects.latest_for(generation)
    return {
        **output,
        "image": latest.file_url if latest else stored.url,
        "original": stored.url,
        "edited": latest is not None,
        "versionsUrl": reverse("history:api-generation-versions", args=[generation.pk]),
        "latestVersionUrl": reverse("history:api-generation-version-latest", args=[generation.pk]),
    }


# --- API ------------------------------------------------------------------------------------


class VersionRequestSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="The edited creative, a PNG at the original's natural size")
    layers = serializers.CharField(help_text='JSON: {"version": 1, "elements": [...]}')


class VersionResponseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    image = serializers.CharField()
    layers = serializers.JSONField()
    created_at = serializers.DateTimeField()
    original = serializers.CharField(required=False)


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class VersionsView(APIView):
    parser_classes = [MultiPartParser]

    def handle_exception(self, exc):
        if isinstance(exc, ParseError | UnsupportedMediaType):
            return Response(
                {"errors": {"non_field_errors": ["Send the image and layers as multipart form data."]}},
                status=400,
            )
        if (message := refused_body_message(exc)) is not None:  # too many fields, …
            return Response({"errors": {"non_field_errors": [message]}}, status=400)
        return super().handle_exception(exc)

    @extend_schema(
        request={"multipart/form-data": VersionRequestSerializer}, responses={201: VersionResponseSerializer}
    )
    def post(self, request, pk: int):
        generation = Generation.objects.for_user(request.user).filter(pk=pk).first()
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        if _content_length(request) > VERSION_MAX_BYTES + MULTIPART_OVERHEAD:
            return Response({"errors": {"file": [TOO_LARGE]}}, status=400)
        upload = request.FILES.get("file")
        try:
            layers = parse_layers(request.data.get("layers"))
            if upload is None:
                raise VersionRejected(NO_FILE)
            if upload.size is None or upload.size > VERSION_MAX_BYTES:
                raise VersionRejected(TOO_LARGE)
            version = save_creative_version(generation=generation, image=upload.read(), layers=layers)
        except VersionRejected as exc:
            return Response({"errors": {exc.field: [exc.message]}}, status=400)
        except StorageFailed as exc:
            return Response({"errors": {"file": [exc.message]}}, status=503)
        return Response(version_payload(version), status=201)


class LatestVersionResponseSerializer(serializers.Serializer):
    version = VersionResponseSerializer(allow_null=True, help_text="null when no version was saved yet")


class LatestVersionView(APIView):
    """The newest saved version, for the editor to reopen on. "Nothing saved yet" is the usual
    answer for a fresh creative, not an error: 200 with `version: null` (a 404 would be logged
    as a failed request in the browser's console each time the editor opens)."""

    @extend_schema(
        responses={
            200: LatestVersionResponseSerializer,
            404: OpenApiResponse(description="No such generation of the signed-in user"),
        }
    )
    def get(self, request, pk: int):
        generation = Generation.objects.for_user(request.user).filter(pk=pk).first()
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        stored = original_path(generation)
        version = CreativeVersion.objects.latest_for(generation) if stored else None
        payload = version_payload(version, original=stored.url) if version else None
        return Response({"version": payload})
