"""The migrations describe the models: a model change without its migration fails here, not at
deploy time."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_is_missing_a_migration():
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    except SystemExit as exit:  # --check exits 1 when a migration is missing
        pytest.fail(f"makemigrations --check exited with {exit.code}: run makemigrations")
