"""POST /api/generations/ checks the usual request in plain Python (services.api
._usual_generation_request) and leaves everything else to GenerationRequestSerializer: the two
must agree wherever the plain check answers."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from services.api import GenerationRequestSerializer, _usual_generation_request
from services.registry import TOOLS

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
KEYS = st.text(max_size=110) | st.sampled_from(
    ["key-1", " key", "key ", "a" * 100, "a" * 101, "k\x00", "\ud800", ""]
)
REQUESTS = st.fixed_dictionaries(
    {},
    optional={
        "tool": st.sampled_from([*TOOLS, "nope", ""]) | JSON,
        "inputs": st.dictionaries(st.text(max_size=5), JSON, max_size=3) | JSON,
        "idempotency_key": KEYS | JSON,
        "fresh": st.booleans() | st.sampled_from(["true", 1, 0, None, "no"]),
        "extra": JSON,
    },
)


@given(REQUESTS)
@example({"tool": "meta-copy", "inputs": {}, "idempotency_key": "k", "fresh": None})
@example({"tool": "meta-copy", "inputs": {}, "idempotency_key": "k\u3000"})
@settings(max_examples=400, deadline=None)
def test_the_plain_check_agrees_with_the_serializer(data):
    plain = _usual_generation_request(data)
    if plain is None:
        return
    serializer = GenerationRequestSerializer(data=data)
    assert serializer.is_valid(), serializer.errors
    assert plain == dict(serializer.validated_data)


@pytest.mark.parametrize(
    "data",
    [
        {"tool": "meta-copy", "inputs": {"brand": "Glow"}, "idempotency_key": "key-1"},
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "key-1", "fresh": True},
    ],
)
def test_a_tool_page_request_takes_the_plain_check(data):
    serializer = GenerationRequestSerializer(data=data)
    assert serializer.is_valid()
    assert _usual_generation_request(data) == dict(serializer.validated_data)


@pytest.mark.parametrize(
    "data",
    [
        {"tool": "meta-copy", "inputs": {}},  # no key: the serializer's (optional) field decides
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": " key-1"},  # DRF trims it
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "a" * 101},
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "k\x00"},
        {"tool": "meta-copy", "inputs": [], "idempotency_key": "key-1"},
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "key-1", "fresh": "true"},
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "key-1", "fresh": None},  # DRF: not null
        {"tool": "meta-copy", "inputs": {}, "idempotency_key": "key-1", "other": 1},
        {"tool": "nope", "inputs": {}, "idempotency_key": "key-1"},
        ["meta-copy"],
    ],
)
def test_anything_else_goes_to_the_serializer(data):
    assert _usual_generation_request(data) is None
