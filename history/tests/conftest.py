import itertools

import pytest

from history.models import Generation

_keys = itertools.count(1)


@pytest.fixture
def make_generation():
    """A generation row as the job leaves it (no credits involved: history only reads rows)."""

    def make(user, *, tool="meta-copy", service_type="meta_copy", status=Generation.Status.SUCCESS, **fields):
        fields.setdefault("idempotency_key", f"key-{next(_keys)}")
        fields.setdefault("credits_used", 20)
        return Generation.objects.create(
            user=user, tool=tool, service_type=service_type, status=status, **fields
        )

    return make
