"""allauth adapters: where allauth asks the project what to do.

- The documented toasts ('Signed in successfully', 'Account created successfully',
  'Signed out successfully') replace allauth's own message texts.
- Sign-up stores the Full Name in `User.name`.
- The e-mailed reset link points at our `/reset-password/…` route, built from the request's
  origin (Host is validated by ALLOWED_HOSTS).
"""

import logging
from urllib.parse import quote

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import user_email
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from allauth.socialaccount.models import SocialApp
from allauth.utils import build_absolute_uri
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.http import Http404
from django.urls import reverse

from accounts.models import User

logger = logging.getLogger(__name__)

SIGNED_IN = "Signed in successfully"
SIGNED_UP = "Account created successfully"
SIGNED_OUT = "Signed out successfully"
INVALID_CREDENTIALS = "Invalid email or password"
PASSWORD_RESET_DONE = "Your password has been reset. Sign in with your new password."
PASSWORD_CHANGED = "Password changed successfully"
PASSWORD_SET = "Password set successfully"
EMAIL_CHANGE_TAKEN = "Unable to confirm {email} because another account now uses that address."

# allauth message templates we word differently (or not at all: `None` drops the message,
# because post_login adds the right one itself).
_MESSAGE_TEXTS = {
    "account/messages/logged_in.txt": None,
    "account/messages/logged_out.txt": SIGNED_OUT,
    "account/messages/password_changed.txt": PASSWORD_RESET_DONE,
    "account/messages/password_set.txt": PASSWORD_SET,
}


def _is_password_change(request) -> bool:
    match = getattr(request, "resolver_match", None)
    return match is not None and match.view_name == "accounts:change-password"


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "email_password_mismatch": INVALID_CREDENTIALS,
    }

    def save_user(self, request, user, form, commit=True):
        name = (form.cleaned_data.get("name") or "").strip()
        if name:
            user.name = name
        return super().save_user(request, user, form, commit=commit)

    # Failed and refused sign-ins are logged (address and client IP, never the password): the
    # trail an operator needs to see a password-guessing run.
    def pre_authenticate(self, request, **credentials):
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError:
            logger.warning(
                "Sign-in refused after too many failures: %s from %s",
                credentials.get("email", ""),
                self.get_client_ip(request),
            )
            raise

    def authentication_failed(self, request, **credentials):
        logger.warning(
            "Failed sign-in: %s from %s", credentials.get("email", ""), self.get_client_ip(request)
        )

    def post_login(self, request, user, *, signup: bool, **kwargs):
        response = super().post_login(request, user, signup=signup, **kwargs)
        messages.success(request, SIGNED_UP if signup else SIGNED_IN)
        return response

    def add_message(
        self, request, level, message_template=None, message_context=None, extra_tags="", message=None
    ):
        if message_template in _MESSAGE_TEXTS:
            text = _MESSAGE_TEXTS[message_template]
            if text == PASSWORD_RESET_DONE and _is_password_change(request):
                # allauth words a reset and a change alike (a reset may be done signed in, too).
                text = PASSWORD_CHANGED
            if text is None:
                return
            message, message_template = text, None
        super().add_message(
            request,
            level,
            message_template=message_template,
            message_context=message_context,
            extra_tags=extra_tags,
            message=message,
        )

    def confirm_email(self, request, email_address):
        # An e-mail change to an address another account has taken since it was asked for
        # (signed up with it, or was given it by staff) can never be completed: its link is
        # refused as allauth refuses one for an address another account has confirmed. (Making
        # it the sign-in address would collide with the other account's.)
        if User.objects.email_taken_by_another(email_address.email, user=email_address.user):
            # Not allauth's "already confirmed by a different account": the other account may
            # only have signed up with it, unconfirmed.
            self.add_message(
                request, messages.ERROR, message=EMAIL_CHANGE_TAKEN.format(email=email_address.email)
            )
            return False
        return super().confirm_email(request, email_address)

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        # A password reset asked for a closed account's address: allauth finds no active account
        # and would write "we do not have any record of such an account … sign up", which
        # refuses this address. Say what is true instead.
        if (
            template_prefix == "account/email/unknown_account"
            and User.objects.filter(email__iexact=email, is_active=False).exists()
        ):
            template_prefix = "account/email/closed_account"
        super().send_mail(template_prefix, email, context)

    def get_password_change_redirect_url(self, request) -> str:
        # Change and Set Password are reached from the profile, and go back to it.
        return reverse("accounts:profile")

    def get_reset_password_from_key_url(self, key: str) -> str:
        # allauth hands us "<uidb36>-<token>" as one opaque key; our route splits it.
        path = reverse("accounts:reset-password", kwargs={"uidb36": "UID", "key": "KEY"})
        return build_absolute_uri(self.request, path.replace("UID-KEY", quote(key)))

    def format_email_subject(self, subject: str) -> str:
        return f"[{settings.PRODUCT_NAME}] {subject}"


def _valid_email_or_blank(value) -> str:
    try:
        validate_email(value)
    except ValidationError:
        return ""
    return value


class SocialAccountAdapter(DefaultSocialAccountAdapter):
    def get_provider(self, request, provider, client_id=None):
        # allauth routes /accounts/github/login/ whether or not GitHub has keys; without them
        # the provider does not exist here, which is a 404, not a server error.
        try:
            return super().get_provider(request, provider, client_id=client_id)
        except SocialApp.DoesNotExist:
            raise Http404("This sign-in provider is not configured.") from None

    def authenticate_by_email(self, sociallogin):
        """The account a provider's confirmed address signs in to: the active one that has
        confirmed that address here (SOCIALACCOUNT_EMAIL_AUTHENTICATION). allauth's also takes
        an account that never confirmed it, wiping its password: the provider user would land in
        an account someone else may have made (and may still be signed in to). Here that account
        stays its own; its owner signs in with the password (or resets it) and confirms first."""
        for address in sociallogin.email_addresses:
            if not address.verified or not self.can_authenticate_by_email(sociallogin, address.email):
                continue
            owner = User.objects.filter(
                is_active=True, emailaddress__email__iexact=address.email, emailaddress__verified=True
            ).first()
            if owner is not None:
                return owner, address.email
        return None

    def save_user(self, request, sociallogin, form=None):
        # One address per account here (User.email, chosen on the sign-up form): the provider's
        # other addresses are not recorded, or they would read as changes of address to confirm
        # (an unconfirmed one) or as further addresses this account owns (a confirmed one).
        email = form.cleaned_data["email"] if form else sociallogin.user.email
        sociallogin.email_addresses = [
            address for address in sociallogin.email_addresses if address.email.lower() == email.lower()
        ]
        return super().save_user(request, sociallogin, form)

    def populate_user(self, request, sociallogin, data):
        # Not allauth's: it splits the name into first_name and last_name, which our User keeps
        # as one `name` (its first_name is a read-only property), and has no username to set.
        user = sociallogin.user
        user_email(user, _valid_email_or_blank(data.get("email")))
        full_name = data.get("name") or " ".join(
            p for p in (data.get("first_name"), data.get("last_name")) if p
        )
        user.name = (full_name or "").strip()[:250]
        return user
