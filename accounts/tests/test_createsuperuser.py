"""Django's `createsuperuser` on our User: one account per address whatever its case, stored lowercase."""

import getpass

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from accounts.backends import ModelBackend
from config.pytest_plugin import PASSWORD

pytestmark = pytest.mark.django_db

TAKEN = "Error: That email is already taken."


class Terminal:
    """What `createsuperuser` reads from when it prompts (it only asks whether it is a TTY)."""

    def isatty(self):
        return True


@pytest.fixture
def typed(monkeypatch):
    """Answers the interactive prompts in order; returns the prompts asked."""
    asked = []

    def answer(*answers: str) -> list[str]:
        remaining = list(answers)

        def reply(prompt=""):
            asked.append(prompt)
            return remaining.pop(0)

        monkeypatch.setattr("builtins.input", reply)
        monkeypatch.setattr(getpass, "getpass", reply)
        return asked

    return answer


def test_a_case_variant_of_a_taken_address_is_refused_without_a_traceback(staff):
    with pytest.raises(CommandError, match=f"^{TAKEN}$"):
        call_command("createsuperuser", "--noinput", "--email", "STAFF@Example.com", verbosity=0)

    assert get_user_model().objects.filter(email__iexact="staff@example.com").count() == 1


def test_the_exact_address_is_refused_with_the_same_message(staff):
    with pytest.raises(CommandError, match=f"^{TAKEN}$"):
        call_command("createsuperuser", "--noinput", "--email", "staff@example.com", verbosity=0)


def test_a_new_address_is_stored_in_lowercase(db):
    call_command("createsuperuser", "--noinput", "--email", "Ops.Lead@Example.COM", verbosity=0)

    user = get_user_model().objects.get()
    assert user.email == "ops.lead@example.com"
    assert user.is_superuser and user.is_staff


def test_interactively_a_case_variant_is_refused_and_the_prompt_asks_again(staff, typed, capsys):
    asked = typed("STAFF@Example.com", "Ops.Lead@Example.COM", PASSWORD, PASSWORD)

    call_command("createsuperuser", interactive=True, stdin=Terminal(), verbosity=0)

    assert TAKEN in capsys.readouterr().err
    assert asked.count("Email: ") == 2
    emails = set(get_user_model().objects.values_list("email", flat=True))
    assert emails == {"staff@example.com", "ops.lead@example.com"}


def test_the_address_on_the_command_line_is_checked_before_the_prompts(staff, typed, capsys):
    typed("ops.lead@example.com", PASSWORD, PASSWORD)

    call_command(
        "createsuperuser", "--email", "Staff@EXAMPLE.com", interactive=True, stdin=Terminal(), verbosity=0
    )

    assert TAKEN in capsys.readouterr().err
    assert get_user_model().objects.filter(email="ops.lead@example.com", is_superuser=True).exists()


def test_the_admins_password_check_finds_the_account_whatever_the_case(staff):
    # Django's ModelBackend looks the address up through the same natural key.
    assert ModelBackend().authenticate(None, username="STAFF@Example.com", password=PASSWORD) == staff
