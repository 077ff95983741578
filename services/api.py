"""The JSON API the tool islands use: start a generation, follow it, re-attach to it, upload.

Thin views: check the request's shape, call one action, answer. Errors always have a
documented shape — 400 `{"errors": {field: [messages]}}`, 402/404/429 `{"detail": ...}` (an
hourly limit's 429 with `Retry-After`), 503 `{"errors": {"file": [...]}}` when the storage refuses
an upload — never a 500 for anything a client can send.
"""

import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import BadRequestMixin, content_length, limit_reached
from config.parsers import MultiPartParser
from config.rate_limits import UploadLimitReached, take_upload_slot
from config.sql import MAX_DATABASE_ID
from config.storage import StorageFailed
from credits.actions import InsufficientCredits
from credits.models import balance_of
from history.actions import UPLOAD_MAX_BYTES, UploadRejected, size_message, store_upload
from history.models import Generation
from history.storage import UPLOAD_AREAS
from history.versions import output_with_versions
from services.actions import (
    UNSTORABLE_TEXT,
    GenerationInputError,
    GenerationLimitReached,
    is_storable_text,
    start_generation,
)
from services.registry import META_ADS_FULL, TOOLS
from services.resume import followed_generation, running_generation, scrape_to_resume, started_generation

# Multipart framing around an upload: a request much larger than the limit is refused before
# its body is read.
MULTIPART_OVERHEAD = 64 * 1024


class SignInRequired:
    """A signed-out request is refused with the documented sign-in text of this endpoint
    (DRF's own 'Authentication credentials were not provided.' means nothing to a user whose
    session ended in another tab)."""

    sign_in_message = "Please sign in to use this service"

    def permission_denied(self, request, message=None, code=None):
        if request.authenticators and not request.successful_authenticator:
            raise NotAuthenticated(self.sign_in_message)
        super().permission_denied(request, message=message, code=code)


def _storable(value: str) -> str:
    """An idempotency key the database can store (a field check of the serializers below)."""
    if not is_storable_text(value):
        raise serializers.ValidationError(UNSTORABLE_TEXT)
    return value


class GenerationRequestSerializer(serializers.Serializer):
    tool = serializers.ChoiceField(choices=list(TOOLS))
    # Any JSON object: the tool's schema checks each input (start_generation).
    inputs = serializers.DictField(default=dict)
    idempotency_key = serializers.CharField(max_length=100, required=False, allow_blank=False)
    # Meta Ads Full's scrape: analyse the website again rather than answer with this user's
    # analysis of it from the last day (which the answer then marks `reused`).
    fresh = serializers.BooleanField(default=False)

    validate_idempotency_key = staticmethod(_storable)


def _usual_generation_request(data) -> dict | None:
    """The validated data GenerationRequestSerializer gives for the request every tool page
    sends — a tool, an object of inputs, a key without surrounding spaces, `fresh` true or false
    or left out — checked in plain Python: on the money path, building the serializer's fields
    for each request costs more than the whole check. None for anything else, which the
    serializer then checks (and words the errors for). A test holds the two to the same answers."""
    if type(data) is not dict or not data.keys() <= _GENERATION_REQUEST_KEYS:
        return None
    tool, inputs, key = (data.get(name) for name in ("tool", "inputs", "idempotency_key"))
    fresh = data.get("fresh", False)  # left out: False; null is the serializer's to refuse
    if not (
        type(tool) is str
        and tool in TOOLS
        and type(inputs) is dict
        and type(key) is str
        and 0 < len(key) <= _KEY_LENGTH
        and key == key.strip()
        and is_storable_text(key)
        and type(fresh) is bool
    ):
        return None
    return {"tool": tool, "inputs": inputs, "idempotency_key": key, "fresh": fresh}


_GENERATION_REQUEST_KEYS = set(GenerationRequestSerializer._declared_fields)
_KEY_LENGTH = GenerationRequestSerializer._declared_fields["idempotency_key"].max_length


_DATETIME = serializers.DateTimeField()  # DRF's own formatting of the timestamps


class GenerationSerializer(serializers.Serializer):
    """The generation as the islands see it. The declared fields are its documented shape (the
    OpenAPI schema); `to_representation` builds the same dict directly: every start and every
    poll answers with one, and going through the fields costs several times the Python of the
    rest of a poll. A test holds the two to the same keys."""

    id = serializers.IntegerField(read_only=True)
    tool = serializers.CharField(read_only=True)
    step = serializers.ChoiceField(choices=Generation.Step.choices, read_only=True)
    status = serializers.ChoiceField(choices=Generation.Status.choices, read_only=True)
    output = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    credits_used = serializers.IntegerField(read_only=True)
    created_at = serializers.DateTimeField(read_only=True)
    balance = serializers.SerializerMethodField()
    # True when a scrape start answered with the user's earlier analysis of the same website.
    reused = serializers.SerializerMethodField()

    def to_representation(self, generation) -> dict:
        return {
            "id": generation.pk,
            "tool": generation.tool,
            "step": generation.step,
            "status": generation.status,
            "output": self.get_output(generation),
            "error": self.get_error(generation),
            "credits_used": generation.credits_used,
            "created_at": _DATETIME.to_representation(generation.created_at),
            "balance": self.get_balance(generation),
            "reused": self.get_reused(generation),
        }

    def get_output(self, generation) -> dict:
        if generation.status != Generation.Status.SUCCESS:
            return {}
        # Creatives: the newest text-edited version to show, the original to re-edit.
        return output_with_versions(generation, generation.output_data)

    def get_error(self, generation) -> str | None:
        return generation.error_message or None

    def get_reused(self, generation) -> bool:
        return getattr(generation, "reused", False)

    def get_balance(self, generation) -> int:
        # start_generation hands over the balance its spend left; anything else reads it.
        balance_after = getattr(generation, "balance_after", None)
        return balance_after if balance_after is not None else balance_of(generation.user)


def generation_response(generation: Generation, *, status: int = 200) -> Response:
    return Response(GenerationSerializer(generation).data, status=status)


class GenerationsView(SignInRequired, BadRequestMixin, APIView):
    @extend_schema(request=GenerationRequestSerializer, responses={202: GenerationSerializer})
    def post(self, request):
        if (data := _usual_generation_request(request.data)) is None:
            body = GenerationRequestSerializer(data=request.data)
            if not body.is_valid():
                return Response({"errors": body.errors}, status=400)
            data = body.validated_data
        try:
            generation = start_generation(
                user=request.user,
                tool=TOOLS[data["tool"]],
                inputs=data["inputs"],
                idempotency_key=data.get("idempotency_key") or uuid.uuid4().hex,
                fresh=data["fresh"],
            )
        except GenerationInputError as exc:
            return Response({"errors": exc.errors}, status=400)
        except InsufficientCredits as exc:
            return Response({"detail": str(exc)}, status=402)
        except GenerationLimitReached as exc:
            return limit_reached(exc)
        return generation_response(generation, status=202)


class GenerationView(APIView):
    @extend_schema(responses=GenerationSerializer)
    def get(self, request, pk: int):
        generation = Generation.objects.owned(request.user, pk)
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        return generation_response(generation)


class ActiveQuerySerializer(serializers.Serializer):
    tool = serializers.ChoiceField(choices=list(TOOLS))
    # The run the tab followed before it reloaded: that one is its to pick up, not another tab's.
    following = serializers.IntegerField(required=False, min_value=1, max_value=MAX_DATABASE_ID)
    # Or the idempotency key of a start it sent and got no answer to: the run, if it began.
    starting = serializers.CharField(required=False, max_length=100)

    validate_starting = staticmethod(_storable)


class ResumedGenerationSerializer(GenerationSerializer):
    """A generation a reloaded page picks up again, with the inputs it was started with (the
    page fills its form with them)."""

    inputs = serializers.DictField(read_only=True)

    def to_representation(self, generation) -> dict:
        return {**super().to_representation(generation), "inputs": generation.input_data or {}}


class ActiveGenerationSerializer(serializers.Serializer):
    generation = ResumedGenerationSerializer(allow_null=True)
    # Meta Ads Full only: the website analysis the next steps build on (null elsewhere).
    scrape = ResumedGenerationSerializer(allow_null=True)


class ActiveGenerationView(APIView):
    """What a reloaded tool page picks up again (services/resume.py): the run the tab followed
    (`following`: its id) or the one its unanswered start began (`starting`: the start's
    idempotency key), running or finished, or else the user's newest unfinished generation of
    the tool; and on Meta Ads Full the website analysis to continue from. Both come with the
    inputs they were started with.

    Always 200 `{"generation": {...} | null, "scrape": {...} | null}`: nothing running is the
    usual answer, not an error (a 404 would be logged as a failed request in the browser's
    console on every tool page)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("tool", str, required=True, enum=list(TOOLS)),
            OpenApiParameter("following", int, required=False),
            OpenApiParameter("starting", str, required=False),
        ],
        responses=ActiveGenerationSerializer,
    )
    def get(self, request):
        query = ActiveQuerySerializer(data=request.query_params)
        if not query.is_valid():
            return Response({"errors": query.errors}, status=400)
        tool = query.validated_data["tool"]
        following, starting = query.validated_data.get("following"), query.validated_data.get("starting")
        if following is not None:
            generation = followed_generation(request.user, tool, following)
        elif starting is not None:
            generation = started_generation(request.user, tool, starting)
        else:
            generation = running_generation(request.user, tool)
        # The analysis a copy or creative step was made from, still running or just ended.
        scrape = scrape_to_resume(request.user, generation) if tool == META_ADS_FULL else None
        return Response(ActiveGenerationSerializer({"generation": generation, "scrape": scrape}).data)


class UploadRequestSerializer(serializers.Serializer):
    file = serializers.FileField(required=False)
    bucket = serializers.ChoiceField(choices=list(UPLOAD_AREAS))


class UploadResponseSerializer(serializers.Serializer):
    url = serializers.CharField()


class UploadsView(SignInRequired, BadRequestMixin, APIView):
    parser_classes = [MultiPartParser]
    sign_in_message = "Please sign in to upload files"

    @extend_schema(
        request={"multipart/form-data": UploadRequestSerializer}, responses={201: UploadResponseSerializer}
    )
    def post(self, request):
        try:
            take_upload_slot(user=request.user)
        except UploadLimitReached as exc:
            return limit_reached(exc)
        if content_length(request) > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD:
            return Response({"errors": {"file": [size_message(UPLOAD_MAX_BYTES)]}}, status=400)
        bucket = request.data.get("bucket")
        if bucket not in UPLOAD_AREAS:
            return Response(
                {"errors": {"bucket": [f"Bucket must be one of: {', '.join(UPLOAD_AREAS)}"]}}, status=400
            )
        upload = request.FILES.get("file")
        try:
            stored = store_upload(user=request.user, area=bucket, upload=upload)
        except UploadRejected as exc:
            return Response({"errors": {exc.field: [exc.message]}}, status=400)
        except StorageFailed as exc:
            return Response({"errors": {"file": [exc.message]}}, status=503)
        return Response({"url": stored.url}, status=201)
