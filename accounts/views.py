"""Sign-in, sign-up, password reset and sign-out at the documented routes (allauth's views
with our forms and templates), and the profile with its avatar."""

import logging
from urllib.parse import urlencode

from allauth.account import views as allauth_views
from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.utils import perform_login
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import get_adapter as get_social_adapter
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.signing import BadSignature, Signer
from django.db import IntegrityError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.actions import (
    MAIL_FAILURES,
    ConfirmationRecentlySent,
    EmailChangeCancelled,
    address_to_confirm,
    drop_email_changes_taken_elsewhere,
    forget_confirmation_attempt,
    resend_email_confirmation,
    store_avatar,
    update_profile,
    withdraw_email_change,
)
from accounts.avatars import AvatarError, avatar_dir, avatar_url_for, is_own_avatar_name
from accounts.forms import (
    ForgotPasswordForm,
    ProfileForm,
    SetNewPasswordForm,
    SignInForm,
    SignUpForm,
)
from config.images import ACCEPT_ATTRIBUTE
from config.rate_limits import UploadLimitReached, retry_after_headers, take_upload_slot
from config.storage import StorageFailed, file_response

logger = logging.getLogger(__name__)

SIGN_UP_FAILED = "Failed to create account"
RESET_EMAIL_SENT = "Password reset email sent"
RESET_EMAIL_FAILED = "Failed to send password reset email"
PROFILE_UPDATED = "Profile updated successfully"
CONFIRMATION_SENT = "We sent a new confirmation link to {email}."
CONFIRMATION_RECENTLY_SENT = (
    "We sent a confirmation link a moment ago. Please check your inbox, or try again in a few minutes."
)
CONFIRMATION_FAILED = "Failed to send the confirmation email. Please try again later."
SIGN_UP_CONFIRMATION_FAILED = (
    "We could not send your confirmation email. Use 'Send the link again' on your profile to get a new link."
)
EMAIL_CHANGE_CONFIRMATION_FAILED = (
    "We could not send a confirmation link to {email}. Use 'Send the link again' to try again."
)
NOTHING_TO_CONFIRM = "Your email address is already confirmed."
EMAIL_CHANGE_CANCELLED = "Your change to {email} was cancelled because another account now uses that address."
EMAIL_CHANGE_WITHDRAWN = "Your change to {email} was cancelled. You still sign in with {current}."
NO_EMAIL_CHANGE = "No email change is waiting for confirmation."
SIGNED_OUT_BEFORE_SAVE = "You were signed out, so your profile changes were not saved. Sign in to save them."
UNSAVED_CHANGES_BACK = (
    "Here are the changes you made before you were signed out. Check them and click Save Changes."
)
_UNSAVED_PROFILE = "accounts_unsaved_profile"
_KEPT_PROFILE_FIELDS = ("name", "email", "company", "website", "bio")
_PROFILE_OWNER = Signer(salt="accounts.profile-owner")
TOO_MANY_PASSWORD_CHANGES = "Too many attempts to change your password. Please wait a minute and try again."
UPLOAD_SIGN_IN_REQUIRED = "User must be authenticated to upload files"
_RESET_SENT_SESSION_KEY = "accounts_password_reset_sent"

# The two documented 'Or continue with' buttons: allauth provider ids and their labels.
SOCIAL_PROVIDERS = [("github", "GitHub"), ("linkedin", "LinkedIn")]


def social_sign_in_buttons(request, next_url: str | None) -> list[dict]:
    """Both documented buttons, each live (a POST to allauth's provider login) when its
    provider has keys configured, otherwise an inert placeholder."""
    # sub_id: a sub-provider's own id (LinkedIn is openid_connect with provider_id "linkedin").
    configured = {provider.sub_id: provider for provider in get_social_adapter().list_providers(request)}
    buttons = []
    for provider_id, label in SOCIAL_PROVIDERS:
        provider = configured.get(provider_id)
        url = None
        if provider is not None:
            params = {"process": "login", **({REDIRECT_FIELD_NAME: next_url} if next_url else {})}
            url = provider.get_login_url(request, **params)
        buttons.append({"id": provider_id, "name": label, "url": url})
    return buttons


class EntranceContextMixin:
    """What every entrance page needs: the validated `next` (for links between the pages),
    the browser-side rules of the form, and the social buttons."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        next_url = self.get_next_url()
        suffix = f"?{urlencode({REDIRECT_FIELD_NAME: next_url})}" if next_url else ""
        form = context.get("form")
        context.update(
            next_url=next_url or "",
            signin_url=reverse("accounts:signin") + suffix,
            signup_url=reverse("accounts:signup") + suffix,
            client_rules=getattr(form, "client_rules", {}),
            social_buttons=social_sign_in_buttons(self.request, next_url),
        )
        return context


def _toast_server_errors(request, form, *, documented: set[str]) -> None:
    """Field rules the page also checks in the browser show under their fields only; any
    other refusal (unknown credentials, a taken address, rate limits…) is the 'server
    message' the documents toast."""
    for errors in form.errors.values():
        for error in errors:
            if error not in documented:
                messages.error(request, error)
                return


def _documented_messages(form) -> set[str]:
    return {rule["message"] for rules in form.client_rules.values() for rule in rules}


class SignInView(EntranceContextMixin, allauth_views.LoginView):
    form_class = SignInForm
    template_name = "account/login.html"

    def form_invalid(self, form):
        _toast_server_errors(self.request, form, documented=_documented_messages(form))
        return super().form_invalid(form)


class SignUpView(EntranceContextMixin, allauth_views.SignupView):
    form_class = SignUpForm
    template_name = "account/signup.html"

    def form_valid(self, form):
        try:
            return super().form_valid(form)
        except IntegrityError:
            # The database refused the account (two sign-ups for one address at the same
            # moment): no server message to show, so the documented fallback.
            messages.error(self.request, SIGN_UP_FAILED)
            return super().form_invalid(form)
        except MAIL_FAILURES:
            if getattr(self, "user", None) is None:
                raise  # not the confirmation e-mail: the account was not created
            logger.exception("sign-up confirmation e-mail could not be sent")
            return self._sign_in_without_confirmation_email()

    def _sign_in_without_confirmation_email(self):
        """The account exists and its sign-up hooks ran; only the confirmation e-mail failed
        (verification is optional). Sign the user in as usual and say how to get the link."""
        forget_confirmation_attempt(request=self.request, email=self.user.email)
        try:
            response = perform_login(
                self.request,
                self.user,
                email_verification=EmailVerificationMethod.NONE,
                redirect_url=self.get_success_url(),
                signup=True,
            )
        except ImmediateHttpResponse as exc:
            response = exc.response
        messages.error(self.request, SIGN_UP_CONFIRMATION_FAILED)
        return response

    def form_invalid(self, form):
        _toast_server_errors(self.request, form, documented=_documented_messages(form))
        return super().form_invalid(form)


class ForgotPasswordView(EntranceContextMixin, allauth_views.PasswordResetView):
    """Send the reset link; then the same page shows 'Check your email' (after a redirect,
    so a reload does not send another e-mail)."""

    form_class = ForgotPasswordForm
    template_name = "account/password_reset.html"
    success_url = reverse_lazy("accounts:forgot-password")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["sent"] = self.request.session.pop(_RESET_SENT_SESSION_KEY, False)
        return context

    def form_valid(self, form):
        try:
            response = super().form_valid(form)
        except MAIL_FAILURES:
            logger.exception("password reset e-mail could not be sent")
            messages.error(self.request, RESET_EMAIL_FAILED)
            return self.form_invalid(form)
        if response.status_code == 429:
            return response
        self.request.session[_RESET_SENT_SESSION_KEY] = True
        messages.success(self.request, RESET_EMAIL_SENT)
        return response

    def get_success_url(self):
        return str(self.success_url)


class ResetPasswordView(EntranceContextMixin, allauth_views.PasswordResetFromKeyView):
    """The e-mailed link: /reset-password/<uidb36>-<key>. allauth swaps the key for
    'set-password' (kept in the session) so the key never leaks through a Referer."""

    form_class = SetNewPasswordForm
    template_name = "account/password_reset_from_key.html"
    success_url = reverse_lazy("accounts:signin")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["action_url"] = reverse(
            "accounts:reset-password", kwargs={"uidb36": self.kwargs["uidb36"], "key": self.kwargs["key"]}
        )
        return context


class SignOutView(allauth_views.LogoutView):
    template_name = "account/logout.html"


class _PasswordPage:
    """What Change Password and Set Password share: allauth's view (its form from ACCOUNT_FORMS,
    its 'change_password' rate limit) on our page in the shell, linked from Profile; success
    leads back to the profile (AccountAdapter.get_password_change_redirect_url)."""

    template_name = "account/password_change.html"

    def dispatch(self, request, *args, **kwargs):
        response = super().dispatch(request, *args, **kwargs)
        if response.status_code == 429:
            # allauth's limit answered with the standalone 'Too many attempts' page, which would
            # replace the shell: the same page again instead, its fields empty, saying to wait.
            context = self.get_context_data(form=self.get_form_class()(user=request.user))
            context["refusal"] = {"non_field_errors": [TOO_MANY_PASSWORD_CHANGES]}
            return self.render_to_response(context, status=429)
        return response

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["client_rules"] = context["form"].client_rules
        return context


class ChangePasswordView(_PasswordPage, allauth_views.PasswordChangeView):
    """The current password, then a new one (accounts.forms.ChangePasswordForm). An account
    without a password (signed up with GitHub or LinkedIn) is sent to SetPasswordView."""


class SetPasswordView(_PasswordPage, allauth_views.PasswordSetView):
    """A first password for an account that signs in with GitHub or LinkedIn
    (accounts.forms.SetPasswordForm), so it can sign in with its e-mail too."""


class AccountInactiveView(allauth_views.AccountInactiveView):
    """Where a closed (deactivated) account's sign-in leads: why, whom to ask, the way back."""

    template_name = "account/account_inactive.html"

    def get_context_data(self, **kwargs):
        # The one contact address the product has (plans' 'Contact Sales'); without one the
        # page says to contact support in plain words.
        return super().get_context_data(**kwargs) | {"contact_email": settings.SALES_EMAIL}


@require_http_methods(["GET", "HEAD", "POST"])
def profile(request):
    if not request.user.is_authenticated:
        return _sign_in_to_profile(request)
    user = request.user
    if request.method == "POST":
        form = ProfileForm(request.POST, user=user)
        if form.is_valid():
            result = update_profile(request=request, user=user, **form.cleaned_data)
            messages.success(request, PROFILE_UPDATED)
            if result.email_change_requested and result.confirmation_sent:
                messages.info(
                    request,
                    f"We sent a confirmation link to {result.email_change_requested}. "
                    "Your email changes once you open it.",
                )
            elif result.email_change_requested:
                messages.error(
                    request, EMAIL_CHANGE_CONFIRMATION_FAILED.format(email=result.email_change_requested)
                )
            return redirect("accounts:profile")
    elif kept := _unsaved_profile_for(request, user):
        form = ProfileForm(kept, user=user)
        messages.info(request, UNSAVED_CHANGES_BACK)
    else:
        form = ProfileForm(user=user)
    avatar_name = form["avatar"].value() or ""
    cancelled_changes = drop_email_changes_taken_elsewhere(user=user)
    to_confirm = address_to_confirm(user)
    is_change = to_confirm is not None and to_confirm.email.lower() != user.email.lower()
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "client_rules": form.client_rules,
            "avatar_preview_url": avatar_url_for(user, avatar_name),
            # An e-mail change waiting (pending), or the user's own address never confirmed.
            "pending_email": to_confirm.email if is_change else "",
            "unconfirmed_email": to_confirm.email if to_confirm and not is_change else "",
            # Changes to addresses another account has taken since: dropped now, named once.
            "cancelled_email_changes": cancelled_changes,
            "owner_token": profile_owner_token(user),
            "accepted_image_types": ACCEPT_ATTRIBUTE,
        },
    )


def _sign_in_to_profile(request):
    """Signed out (in another tab, or the session expired) with the profile open: a save that
    arrives then is kept in this browser's session, which survives signing in, and the profile
    shows it again to check and save (_unsaved_profile_for) instead of losing what was typed.
    Kept only when it names its account (the form's signed `owner`) and every value fits its
    field: an anonymous post cannot park megabytes in the session table."""
    if request.method == "POST":
        owner = _profile_owner(request.POST.get("owner", ""))
        kept = {name: request.POST.get(name, "") for name in _KEPT_PROFILE_FIELDS}
        if owner is not None and all(
            len(value) <= ProfileForm.base_fields[name].max_length for name, value in kept.items()
        ):
            request.session[_UNSAVED_PROFILE] = {"owner": owner, "fields": kept}
            messages.info(request, SIGNED_OUT_BEFORE_SAVE)
    return redirect_to_login(request.get_full_path())


def _unsaved_profile_for(request, user) -> dict | None:
    """The profile changes kept by _sign_in_to_profile, once, for the account they were typed on
    only (not whoever signs in next on a shared computer)."""
    kept = request.session.pop(_UNSAVED_PROFILE, None)
    if not isinstance(kept, dict) or kept.get("owner") != user.pk:
        return None
    return {**kept["fields"], "avatar": user.avatar.name or ""}


def profile_owner_token(user) -> str:
    """What the profile form carries to name its account (`owner`), signed."""
    return _PROFILE_OWNER.sign(str(user.pk))


def _profile_owner(token: str) -> int | None:
    try:
        return int(_PROFILE_OWNER.unsign(token))
    except (BadSignature, ValueError):
        return None


@login_required
@require_POST
def cancel_email_change(request):
    """The profile's 'Cancel change': the e-mail change waiting for confirmation is withdrawn."""
    if email := withdraw_email_change(user=request.user):
        messages.info(request, EMAIL_CHANGE_WITHDRAWN.format(email=email, current=request.user.email))
    else:
        messages.info(request, NO_EMAIL_CHANGE)
    return redirect("accounts:profile")


@login_required
@require_POST
def resend_confirmation(request):
    """The profile's 'Send the link again': a fresh confirmation link for the address waiting
    on one (where an expired link's 'new confirmation request' leads, too)."""
    try:
        email = resend_email_confirmation(request=request, user=request.user)
    except ConfirmationRecentlySent:
        messages.info(request, CONFIRMATION_RECENTLY_SENT)
    except EmailChangeCancelled as exc:
        messages.error(request, EMAIL_CHANGE_CANCELLED.format(email=exc.email))
    except MAIL_FAILURES:
        logger.exception("confirmation e-mail could not be sent")
        messages.error(request, CONFIRMATION_FAILED)
    else:
        if email:
            messages.success(request, CONFIRMATION_SENT.format(email=email))
        else:
            messages.info(request, NOTHING_TO_CONFIRM)
    return redirect("accounts:profile")


@require_POST
def upload_avatar(request):
    """multipart `file` → 201 {"avatar": storage name, "url": preview URL}, 400 {"error"} for a bad
    file, 429 {"error"} past the hourly upload allowance, 503 {"error"} when the storage refuses
    the write."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": UPLOAD_SIGN_IN_REQUIRED}, status=401)
    try:
        take_upload_slot(user=request.user)  # the same hourly allowance as the tools' uploads
    except UploadLimitReached as exc:
        return JsonResponse({"error": exc.message}, status=429, headers=retry_after_headers(exc.retry_after))
    try:
        name = store_avatar(user=request.user, upload=request.FILES.get("file"))
    except AvatarError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    except StorageFailed as exc:
        return JsonResponse({"error": exc.message}, status=503)
    return JsonResponse({"avatar": name, "url": avatar_url_for(request.user, name)}, status=201)


@login_required
@require_safe
def avatar_file(request, user_id: int, filename: str):
    """Avatars are private: only their owner gets them (another user's id → 404). Served as
    every private file is (config.storage.file_response: the same headers, the same signed URLs)."""
    name = f"{avatar_dir(request.user)}/{filename}"
    if user_id != request.user.pk or not is_own_avatar_name(request.user, name):
        raise Http404
    return file_response(request, name, download=False)
