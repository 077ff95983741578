"""The API's request parsers (REST_FRAMEWORK's DEFAULT_PARSER_CLASSES): DRF's, with every body a
client can send answered by a ParseError whose message can be shown as it is — the views' usual
400 — never a 500, and never the parser's internals ("JSON parse error - Expecting property name
enclosed in double quotes: line 1 column 2 (char 1)").

DRF's JSONParser catches only ValueError, but Python's json module raises RecursionError for a
body nested deeper than the interpreter's recursion limit (`[` × 5000 is 5 KB).
"""

from rest_framework import parsers
from rest_framework.exceptions import ParseError

NOT_JSON = "The request body is not valid JSON."
NOT_MULTIPART = "The request body is not valid multipart form data."


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except (ParseError, RecursionError):
            raise ParseError(NOT_JSON) from None


class MultiPartParser(parsers.MultiPartParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError:  # no boundary, a broken part, an unknown charset
            raise ParseError(NOT_MULTIPART) from None
