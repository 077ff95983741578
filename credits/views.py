from rest_framework.response import Response
from rest_framework.views import APIView

from credits.models import balance_of


class CreditsView(APIView):
    def get(self, request):
        return Response({"credits": balance_of(request.user)})
