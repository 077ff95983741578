"""The account forms: allauth's sign-in, sign-up, password-reset and password-change forms
with the documented fields and messages, and the profile form.

Every form also describes its rules as data (`client_rules`), which the page ships as JSON
so the browser shows the same messages instantly; the server remains the authority."""

import re

from allauth.account import forms as allauth_forms
from allauth.account.forms import LoginForm, ResetPasswordForm, ResetPasswordKeyForm, SignupForm
from allauth.socialaccount import forms as social_forms
from django import forms
from django.core.files.storage import default_storage
from django.core.validators import URLValidator

from accounts.avatars import is_own_avatar_name
from accounts.models import EMAIL_TAKEN, User
from accounts.validators import PASSWORD_RULES

# Documented messages (spec 000 §5), word for word.
EMAIL_INVALID = "Please enter a valid email address"
NAME_TOO_SHORT = "Name must be at least 2 characters"
SIGN_IN_PASSWORD_TOO_SHORT = "Password must be at least 6 characters"
PASSWORD_TOO_SHORT = PASSWORD_RULES[0][3]  # 'Password must be at least 8 characters'
TERMS_NOT_ACCEPTED = "You must accept the terms and conditions"
URL_INVALID = "Please enter a valid URL"
NO_CONFIRMED_EMAIL = (
    "Your {provider} account has no confirmed email address. Confirm one there, or sign up with "
    "your email and a password."
)
EMAIL_TAKEN_SIGN_IN = (
    "An account with this email address already exists. Please sign in with your email and password."
)
BIO_TOO_LONG = "Bio must not exceed 500 characters"
CURRENT_PASSWORD_MISSING = "Please enter your current password"
CURRENT_PASSWORD_WRONG = "Current password is incorrect"
SAME_PASSWORD = "Your new password must be different from your current password"

TEXT_MAX = 250  # documented: text fields 250 characters
BIO_MAX = 500

# The browser's e-mail check: a pragmatic shape test; Django's EmailValidator decides.
EMAIL_PATTERN = r"^[^\s@]+@[^\s@]+\.[^\s@]+$"
# Website: http(s) scheme optional (we assume https, as the server does), a dotted host.
# Host names in any script (bücher.de, пример.рф) as well as their xn-- forms, as Django's
# URLValidator (the server's check) takes them.
URL_PATTERN = (
    r"^(https?://)?([A-Za-z0-9\u00a1-\uffff-]+\.)+([A-Za-z\u00a1-\uffff]{2,}|xn--[A-Za-z0-9-]+)"
    r"(:\d+)?([/?#]\S*)?$"
)


def _email_rules() -> list[dict]:
    return [{"type": "pattern", "value": EMAIL_PATTERN, "message": EMAIL_INVALID}]


def _password_rules() -> list[dict]:
    return [
        {"type": "pattern", "value": pattern, "message": message, "key": key, "label": label}
        for key, label, pattern, message in PASSWORD_RULES
    ]


def _email_field(**kwargs) -> forms.EmailField:
    return forms.EmailField(
        label="Email",
        max_length=254,
        error_messages={"required": EMAIL_INVALID, "invalid": EMAIL_INVALID},
        widget=forms.EmailInput(attrs={"autocomplete": "email", "placeholder": "you@example.com"}),
        **kwargs,
    )


def _name_field(**attrs) -> forms.CharField:
    return forms.CharField(
        label="Full Name",
        min_length=2,
        max_length=TEXT_MAX,
        error_messages={
            "required": NAME_TOO_SHORT,
            "min_length": NAME_TOO_SHORT,
            "max_length": _text_max("Name"),
        },
        widget=forms.TextInput(attrs={"autocomplete": "name", **attrs}),
    )


def _not_taken(email: str, message: str) -> str:
    """`email` for a new account, refused with `message` when an account owns it. Owned, not
    merely recorded: an address another account has only asked to change to stays free
    (User.objects.owning_email)."""
    if User.objects.email_taken_by_another(email, user=None):
        raise forms.ValidationError(message, code="email_taken")
    return email


def _terms_field() -> forms.BooleanField:
    return forms.BooleanField(
        label="I agree to the Terms of Service and Privacy Policy",
        error_messages={"required": TERMS_NOT_ACCEPTED},
    )


def _text_max(label: str) -> str:
    return f"{label} must not exceed {TEXT_MAX} characters"


class ClientRulesMixin:
    """`client_rules`: {field name: [rule, ...]} for frontend/site/behaviours/forms.js.
    A rule is {type: required|minLength|maxLength|pattern|checked, value, message}; the first
    failing rule's message shows under the field."""

    client_rules: dict[str, list[dict]] = {}


class SignInForm(ClientRulesMixin, LoginForm):
    """allauth's login form with the documented field names and messages: `email`,
    `password` (6+ characters) and `remember` ('Remember me')."""

    client_rules = {
        "email": _email_rules(),
        "password": [{"type": "minLength", "value": 6, "message": SIGN_IN_PASSWORD_TOO_SHORT}],
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        remember = self.fields["remember"]
        remember.label = "Remember me"
        self.fields = {
            "email": _email_field(),
            "password": forms.CharField(
                label="Password",
                strip=False,
                min_length=6,
                error_messages={
                    "required": SIGN_IN_PASSWORD_TOO_SHORT,
                    "min_length": SIGN_IN_PASSWORD_TOO_SHORT,
                },
                widget=forms.PasswordInput(
                    attrs={"autocomplete": "current-password", "placeholder": "••••••••"}
                ),
            ),
            "remember": remember,
        }

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip().lower()

    def clean(self):
        # allauth authenticates from `login`; our field is named `email` (the documented name).
        if "email" in self.cleaned_data:
            self.cleaned_data["login"] = self.cleaned_data["email"]
        return super().clean()


class SignUpForm(ClientRulesMixin, SignupForm):
    """Full Name, Email, Password (the four documented rules) and the accept-terms box."""

    field_order = ["name", "email", "password1", "accept_terms"]
    client_rules = {
        "name": [
            {"type": "minLength", "value": 2, "message": NAME_TOO_SHORT},
            {"type": "maxLength", "value": TEXT_MAX, "message": _text_max("Name")},
        ],
        "email": _email_rules(),
        "password1": _password_rules(),
        "accept_terms": [{"type": "checked", "message": TERMS_NOT_ACCEPTED}],
    }

    name = _name_field(placeholder="Jane Doe")
    accept_terms = _terms_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"] = _email_field()
        password = self.fields["password1"]
        password.label = "Password"
        password.help_text = ""
        password.error_messages["required"] = PASSWORD_TOO_SHORT
        password.widget.attrs.update(placeholder="Create a strong password", autocomplete="new-password")
        self.order_fields(self.field_order)

    def clean_email(self) -> str:
        return super().clean_email().strip()

    def validate_unique_email(self, value) -> str:
        # allauth would hide a taken address (and e-mail its owner instead); our documented
        # sign-up shows the server's message, so say it plainly.
        return _not_taken(value, EMAIL_TAKEN)


class SocialSignUpForm(ClientRulesMixin, social_forms.SignupForm):
    """The last step of a first sign-in with GitHub or LinkedIn (SOCIALACCOUNT_FORMS): Full Name
    as the provider gave it, to keep or change, the address the provider confirmed (fixed), and
    the accept-terms box a sign-up needs.

    Only a confirmed address: one typed here would make an account for someone else's mailbox,
    linked to the typist's provider login — and that link would outlive the mailbox owner taking
    the account back with a password reset. A change of address afterwards is the profile's,
    with its own confirmation."""

    field_order = ["name", "email", "accept_terms"]
    client_rules = {
        "name": SignUpForm.client_rules["name"],
        "accept_terms": SignUpForm.client_rules["accept_terms"],
    }

    name = _name_field(placeholder="Jane Doe")
    accept_terms = _terms_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        confirmed = [address.email for address in self.sociallogin.email_addresses if address.verified]
        email = self.initial.get("email")
        self.provider_email_missing = not confirmed
        self.fields["email"] = _email_field(
            initial=email if email in confirmed else next(iter(confirmed), ""), disabled=True, required=False
        )
        self.fields["name"].initial = self.sociallogin.user.name
        self.order_fields(self.field_order)

    def clean_email(self) -> str:
        email = self.cleaned_data.get("email") or ""
        return self.validate_unique_email(email) if email else email

    def validate_unique_email(self, value) -> str:
        # (An account that confirmed it never gets here: the provider's confirmed address signs
        # in to it.)
        return _not_taken(value, EMAIL_TAKEN_SIGN_IN)

    def clean(self):
        cleaned = super().clean()
        if self.provider_email_missing:
            raise forms.ValidationError(
                NO_CONFIRMED_EMAIL.format(provider=self.sociallogin.provider.name), code="no_confirmed_email"
            )
        return cleaned


class ForgotPasswordForm(ClientRulesMixin, ResetPasswordForm):
    client_rules = {"email": _email_rules()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"] = _email_field()

    def clean_email(self) -> str:
        email = super().clean_email()
        # Reset links go only to an account that owns the address: allauth's look-up would also
        # mail one for an account that has only asked to change to it (User.objects.owning_email).
        self.users = list(User.objects.owning_email(email.strip()).filter(is_active=True))
        return email


def _one_new_password(form: forms.Form) -> None:
    """allauth's password1 as the one new password of the reset and change screens: the sign-up
    rules show as a live checklist beside it, so there is no second 'again' field."""
    del form.fields["password2"]
    password = form.fields["password1"]
    password.label = "New password"
    password.help_text = ""
    password.error_messages["required"] = PASSWORD_TOO_SHORT
    password.widget.attrs.update(placeholder="Create a strong password", autocomplete="new-password")


class SetNewPasswordForm(ClientRulesMixin, ResetPasswordKeyForm):
    """The screen the e-mailed link opens: one new password under the sign-up rules (with
    the same checklist and show/hide toggle, so no second 'again' field)."""

    client_rules = {"password1": _password_rules()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _one_new_password(self)


class ChangePasswordForm(ClientRulesMixin, allauth_forms.ChangePasswordForm):
    """Change Password (from Profile): the current password, then one new password under the
    sign-up rules with their checklist (as the reset screen: no 'again' field)."""

    client_rules = {
        "oldpassword": [{"type": "required", "message": CURRENT_PASSWORD_MISSING}],
        "password1": _password_rules(),
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = self.fields["oldpassword"]
        current.label = "Current password"
        current.help_text = ""
        current.error_messages["required"] = CURRENT_PASSWORD_MISSING
        current.widget.attrs.update(placeholder="••••••••")
        _one_new_password(self)

    def clean_oldpassword(self) -> str:
        try:
            return super().clean_oldpassword()
        except forms.ValidationError:
            raise forms.ValidationError(CURRENT_PASSWORD_WRONG, code="incorrect") from None

    def clean(self):
        cleaned = super().clean()
        # Saying "Password changed successfully" for the same password would mislead (and sign
        # out the other devices for nothing).
        current, new = cleaned.get("oldpassword"), cleaned.get("password1")
        if current and new and current == new:
            self.add_error("password1", forms.ValidationError(SAME_PASSWORD, code="same_password"))
        return cleaned


class SetPasswordForm(ClientRulesMixin, allauth_forms.SetPasswordForm):
    """Set Password (from Profile, for an account that signs in with GitHub or LinkedIn): one
    new password under the sign-up rules with their checklist."""

    client_rules = {"password1": _password_rules()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _one_new_password(self)


class Textarea(forms.Textarea):
    """A textarea whose line breaks are counted as the page counts them. Browsers send each as
    CR LF, so a bio the page's counter showed at 500 arrived longer and was refused."""

    def value_from_datadict(self, data, files, name):
        value = super().value_from_datadict(data, files, name)
        return value.replace("\r\n", "\n").replace("\r", "\n") if isinstance(value, str) else value


class ProfileForm(ClientRulesMixin, forms.Form):
    """Profile: full name, email, company, website, bio, and the avatar — the storage name
    of an image the user uploaded (empty removes it)."""

    client_rules = {
        "name": [
            {"type": "minLength", "value": 2, "message": NAME_TOO_SHORT},
            {"type": "maxLength", "value": TEXT_MAX, "message": _text_max("Name")},
        ],
        "email": _email_rules(),
        "company": [{"type": "maxLength", "value": TEXT_MAX, "message": _text_max("Company")}],
        "website": [
            {"type": "pattern", "value": URL_PATTERN, "message": URL_INVALID, "optional": True},
            {"type": "maxLength", "value": TEXT_MAX, "message": _text_max("Website")},
        ],
        "bio": [{"type": "maxLength", "value": BIO_MAX, "message": BIO_TOO_LONG}],
    }

    name = _name_field()
    email = _email_field()
    company = forms.CharField(
        label="Company",
        required=False,
        max_length=TEXT_MAX,
        error_messages={"max_length": _text_max("Company")},
        widget=forms.TextInput(attrs={"autocomplete": "organization", "placeholder": "Your company"}),
    )
    website = forms.CharField(
        label="Website",
        required=False,
        max_length=TEXT_MAX,
        error_messages={"max_length": _text_max("Website")},
        widget=forms.TextInput(
            attrs={"autocomplete": "url", "placeholder": "https://example.com", "inputmode": "url"}
        ),
    )
    bio = forms.CharField(
        label="Bio",
        required=False,
        max_length=BIO_MAX,
        error_messages={"max_length": BIO_TOO_LONG},
        widget=Textarea(attrs={"rows": 4, "placeholder": "Tell us a little about yourself"}),
    )
    avatar = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, user, **kwargs):
        self.user = user
        kwargs.setdefault(
            "initial",
            {
                "name": user.name,
                "email": user.email,
                "company": user.company,
                "website": user.website,
                "bio": user.bio,
                "avatar": user.avatar.name,
            },
        )
        super().__init__(*args, **kwargs)
        # The counter shows 501/500 and the documented message explains it; a maxlength
        # attribute would silently cut a pasted bio instead.
        self.fields["bio"].widget.attrs.pop("maxlength", None)

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if email != self.user.email.lower() and User.objects.email_taken_by_another(email, user=self.user):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email

    def clean_website(self) -> str:
        website = self.cleaned_data["website"].strip()
        if not website:
            return ""
        if not re.match(r"^[a-z][a-z0-9+.-]*://", website, re.IGNORECASE):
            website = f"https://{website}"
        try:
            URLValidator(schemes=["http", "https"])(website)
        except forms.ValidationError:
            raise forms.ValidationError(URL_INVALID, code="invalid") from None
        if len(website) > TEXT_MAX:
            raise forms.ValidationError(_text_max("Website"), code="max_length")
        return website

    def clean_avatar(self) -> str:
        name = self.cleaned_data["avatar"].strip()
        if not name or name == self.user.avatar.name:
            return name
        # Only an image this user uploaded (never another user's file, never any other path).
        if not is_own_avatar_name(self.user, name) or not default_storage.exists(name):
            raise forms.ValidationError("Please upload an image file", code="invalid")
        return name
