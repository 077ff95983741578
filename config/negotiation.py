"""The API's content negotiation (REST_FRAMEWORK's DEFAULT_CONTENT_NEGOTIATION_CLASS): DRF's, but
every answer is JSON, whatever the request's Accept header says.

The API has one renderer, so DRF's negotiation could only pick it or refuse with 406; parsing each
request's Accept header to decide that was a twentieth of a paid start's CPU. A client that asks
for something else gets JSON, as from most JSON APIs (DRF's documentation shows the same idea).
"""

from rest_framework.negotiation import DefaultContentNegotiation


class JSONOnly(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
