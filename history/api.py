"""The history API the tool pages' history panels and the dashboard read.

Only the signed-in user's own generations, newest first; in-progress and failed ones are
listed too (with their status) so a panel can show 'Generating … content...' and failures.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from history.models import Generation
from history.versions import output_with_versions

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

    class Meta:
        model = Generation
        fields = ["id", "created_at", "service_type", "tool", "step", "status", "credits_used", "file_url"]


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
