"""The text-overlay editor's layers: the JSON a saved creative version carries, validated with the
editor's own limits (spec 001 §2 and §9).

    {"version": 1, "elements": [{id, text, x, y, fontSize, fontFamily, color, fontWeight,
                                 fontStyle, textAlign, rotation, opacity}, …]}
"""

import json

from rest_framework import serializers

from history.actions import VersionRejected

# Far above what 50 elements of 250 characters take; a bound on what one request may make us parse.
LAYERS_MAX_CHARS = 256 * 1024
BAD_LAYERS = "The text layers are not valid JSON"
LAYERS_TOO_LARGE = "The text layers are too large"


class TextElementSerializer(serializers.Serializer):
    """One text element. The editor clamps everything before saving, so anything outside these
    ranges is a bad client."""

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


def parse_layers(raw) -> dict:
    """The `layers` form field (a JSON string) → validated layers. Raises VersionRejected."""
    if not isinstance(raw, str) or not raw.strip():
        raise VersionRejected("This field is required.", field="layers")
    if len(raw) > LAYERS_MAX_CHARS:
        raise VersionRejected(LAYERS_TOO_LARGE, field="layers")
    try:
        data = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than Python recurses
        raise VersionRejected(BAD_LAYERS, field="layers") from None
    serializer = LayersSerializer(data=data)
    if not serializer.is_valid():
        raise VersionRejected(_first_error(serializer.errors), field="layers")
    return json.loads(json.dumps(serializer.validated_data))  # plain dicts for the JSONField


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")  # NaN and Infinity are not JSON


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
