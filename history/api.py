"""The history API: what the tool pages' history panels and the dashboard read, and the
text-overlay editor's saved versions of a creative.

History lists only the signed-in user's own generations, newest first; in-progress and failed
ones are listed too (with their status) so a panel can show 'Generating … content...' and failures.

    POST /api/generations/<id>/versions/          multipart `file` (PNG) + `layers` (JSON)
                                                  → 201 {"id", "image", "layers", "created_at"}
                                                    400 {"errors": {field: [msg]}}; 429 {"detail"}
                                                    past the hourly upload allowance; 503 the
                                                    errors shape when the storage refuses the write;
                                                    layers without visible text are refused (400
                                                    on `layers`: that would be the original)
    DELETE /api/generations/<id>/versions/        → 204: the custom text is taken off, every saved
                                                    version deleted, so the original is shown and
                                                    downloaded again (also when there was none)
    GET  /api/generations/<id>/versions/latest/   → {"version": {"id", "image", "layers", "original",
                                                    "created_at"}}, or {"version": null} when nothing
                                                    was saved yet; 404 for a generation that is not
                                                    the user's
"""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import BadRequestMixin, content_length, limit_reached
from config.parsers import MultiPartParser
from config.rate_limits import UploadLimitReached, take_upload_slot
from config.storage import StorageFailed
from history.actions import (
    NO_FILE,
    VERSION_MAX_BYTES,
    VersionRejected,
    remove_creative_text,
    save_creative_version,
    size_message,
)
from history.layers import LAYERS_MAX_CHARS, parse_layers
from history.models import CreativeVersion, Generation
from history.versions import original_path, output_with_versions, version_payload

DEFAULT_LIMIT = 50
MAX_LIMIT = 100
# 'Load more' pages through with offset; far past any real history, and a bound on the scan.
MAX_OFFSET = 100_000


class HistoryQuerySerializer(serializers.Serializer):
    service_type = serializers.CharField(required=False, allow_blank=True, max_length=40)
    limit = serializers.IntegerField(required=False, min_value=1, max_value=MAX_LIMIT, default=DEFAULT_LIMIT)
    offset = serializers.IntegerField(required=False, min_value=0, max_value=MAX_OFFSET, default=0)


class HistoryItemSerializer(serializers.ModelSerializer):
    file_url = serializers.CharField(read_only=True, allow_null=True)
    # The step's name as Generation.Step labels it, so the history entries keep no copy of it.
    step_display = serializers.CharField(source="get_step_display", read_only=True)

    class Meta:
        model = Generation
        fields = [
            "id",
            "created_at",
            "service_type",
            "tool",
            "step",
            "step_display",
            "status",
            "credits_used",
            "file_url",
        ]


class HistoryDetailSerializer(HistoryItemSerializer):
    output_data = serializers.SerializerMethodField()

    class Meta(HistoryItemSerializer.Meta):
        fields = [*HistoryItemSerializer.Meta.fields, "input_data", "output_data", "error_message"]

    def get_output_data(self, generation) -> dict:
        # Creatives: the newest text-edited version to show, the original to re-edit.
        return output_with_versions(generation, generation.output_data)


class HistoryListSerializer(serializers.Serializer):
    results = HistoryItemSerializer(many=True)


class HistoryView(APIView):
    @extend_schema(
        operation_id="api_history_list", parameters=[HistoryQuerySerializer], responses=HistoryListSerializer
    )
    def get(self, request):
        query = HistoryQuerySerializer(data=request.query_params)
        if not query.is_valid():
            return Response({"errors": query.errors}, status=400)
        generations = Generation.objects.for_user(request.user).newest_first()
        if service_type := query.validated_data.get("service_type"):
            generations = generations.of_service_type(service_type)
        start = query.validated_data["offset"]
        items = generations[start : start + query.validated_data["limit"]]
        return Response({"results": HistoryItemSerializer(items, many=True).data})


class HistoryItemView(APIView):
    @extend_schema(responses=HistoryDetailSerializer)
    def get(self, request, pk: int):
        generation = Generation.objects.for_user(request.user).filter(pk=pk).first()
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        return Response(HistoryDetailSerializer(generation).data)


# --- creative versions ----------------------------------------------------------------------


class VersionRequestSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="The edited creative, a PNG at the original's natural size")
    layers = serializers.CharField(help_text='JSON: {"version": 1, "elements": [...]}')


class VersionResponseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    image = serializers.CharField()
    layers = serializers.JSONField()
    created_at = serializers.DateTimeField()
    original = serializers.CharField(required=False)


class VersionsView(BadRequestMixin, APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": VersionRequestSerializer}, responses={201: VersionResponseSerializer}
    )
    def post(self, request, pk: int):
        generation = Generation.objects.for_user(request.user).filter(pk=pk).first()
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        # Each save is an image upload to verify and decode: it counts against the same hourly
        # allowance as the tools' uploads and the avatar.
        try:
            take_upload_slot(user=request.user)
        except UploadLimitReached as exc:
            return limit_reached(exc)
        too_large = size_message(VERSION_MAX_BYTES)
        # The layers field and the multipart framing come on top of the image.
        if content_length(request) > VERSION_MAX_BYTES + LAYERS_MAX_CHARS:
            return Response({"errors": {"file": [too_large]}}, status=400)
        upload = request.FILES.get("file")
        try:
            layers = parse_layers(request.data.get("layers"))
            if upload is None:
                raise VersionRejected(NO_FILE)
            if upload.size is None or upload.size > VERSION_MAX_BYTES:
                raise VersionRejected(too_large)
            version = save_creative_version(generation=generation, image=upload.read(), layers=layers)
        except VersionRejected as exc:
            return Response({"errors": {exc.field: [exc.message]}}, status=400)
        except StorageFailed as exc:
            return Response({"errors": {"file": [exc.message]}}, status=503)
        return Response(version_payload(version), status=201)

    @extend_schema(
        responses={204: None, 404: OpenApiResponse(description="No such generation of the signed-in user")}
    )
    def delete(self, request, pk: int):
        """Back to the original: what the editor's Apply does once every text is removed."""
        generation = Generation.objects.for_user(request.user).filter(pk=pk).first()
        if generation is None:
            return Response({"detail": "Not found."}, status=404)
        remove_creative_text(generation=generation)
        return Response(status=204)


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
