"""Staff's view of the accounts: find one, see and edit its profile, deactivate it (that is how an
account is closed: never deleted), and reach its credits, ledger, generations and subscriptions
(each app's own admin screen, by URL)."""

from allauth.account.admin import EmailAddressAdmin as AllauthEmailAddressAdmin
from allauth.account.models import EmailAddress
from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from accounts.actions import change_email_by_staff, close_account, reopen_account
from accounts.forms import NAME_TOO_SHORT
from accounts.models import EMAIL_TAKEN, User
from config.view_only_admin import ViewOnlyAdmin


class LowercaseEmailMixin:
    """Addresses are stored in lowercase, as sign-up and the profile store them: sign-in looks up
    the lowercase form, and an address is one account whatever its case. One another account signs
    in with or has confirmed is refused, as on the profile."""

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        unchanged = self.instance.pk is not None and email == self.instance.email.lower()
        if not unchanged and User.objects.email_taken_by_another(email, user=self.instance):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email


class NameRuleMixin:
    """The profile's rule for a name (at least 2 characters), so staff cannot give a user a name
    that their own profile would then refuse on every save. Blank stays allowed when editing:
    accounts made before names were asked for have none."""

    def clean_name(self) -> str:
        name = (self.cleaned_data.get("name") or "").strip()
        if name and len(name) < 2:
            raise forms.ValidationError(NAME_TOO_SHORT, code="min_length")
        return name


class UserCreation(NameRuleMixin, LowercaseEmailMixin, AdminUserCreationForm):
    """An account added by staff has a name, as one signed up has."""

    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("email", "name")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].required = True
        self.fields["name"].error_messages["required"] = NAME_TOO_SHORT


# Accounts are closed, not deleted: their ledger entries, invoices and generations refer to them
# (PROTECT), and that is the money record.
ACTIVE_HELP = (
    "Untick to close the account: the user is signed out and can no longer sign in. Accounts are "
    "not deleted, because their credits ledger, payments and generations are kept as the money "
    "record. Tick it again to reopen the account."
)

# accounts.actions.change_email_by_staff
EMAIL_HELP = (
    "A new address is the user's sign-in address at once, already confirmed. The old one can no "
    "longer sign in or reset the password, and is free for a new account."
)


class UserChange(NameRuleMixin, LowercaseEmailMixin, UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User
        # The avatar is not here: uploads go through the profile's verified path
        # (accounts.actions.store_avatar), so staff see it read-only.
        fields = (
            "email",
            "name",
            "company",
            "website",
            "bio",
            "is_active",
            "is_staff",
            "is_superuser",
            "groups",
            "user_permissions",
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].help_text = EMAIL_HELP
        self.fields["is_active"].help_text = ACTIVE_HELP


# (label, admin changelist URL name, the filter that names the user) — the other apps' screens.
RELATED_SCREENS = [
    ("Credits", "admin:credits_creditbalance_changelist", "user__id__exact"),
    ("Ledger", "admin:credits_ledgerentry_changelist", "user__id__exact"),
    ("Generations", "admin:history_generation_changelist", "user__id__exact"),
    ("Subscriptions", "admin:billing_subscription_changelist", "user__id__exact"),
]


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = UserChange
    add_form = UserCreation
    list_display = ["email", "name", "company", "created_at", "last_login", "is_active", "is_staff"]
    list_filter = ["is_active", "is_staff", "is_superuser"]
    search_fields = ["email", "name", "company"]
    ordering = ["-created_at"]
    date_hierarchy = "created_at"
    readonly_fields = ["avatar_file", "created_at", "updated_at", "last_login", "related"]
    fieldsets = [
        (None, {"fields": ["email", "password"]}),
        ("Profile", {"fields": ["name", "company", "website", "bio", "avatar_file"]}),
        ("Account", {"fields": ["related", "created_at", "updated_at", "last_login"]}),
        (
            "Permissions",
            {"fields": ["is_active", "is_staff", "is_superuser", "groups", "user_permissions"]},
        ),
    ]
    add_fieldsets = [
        (
            None,
            {"classes": ["wide"], "fields": ["email", "name", "usable_password", "password1", "password2"]},
        )
    ]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        if not change:
            return
        # What these fields mean beyond the column: the old address let go, the sessions ended.
        if obj.email != form.initial["email"]:
            change_email_by_staff(user=obj, email=obj.email)
        if "is_active" in form.changed_data:
            if obj.is_active:
                reopen_account(user=obj)
            else:
                close_account(user=obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        # No Delete button, no 'Delete selected users' action, 403 on the delete URL: deleting
        # could only fail on the protected records (ACTIVE_HELP says what to do instead).
        return False

    @admin.display(description="Avatar")
    def avatar_file(self, user):
        # Its name only: avatars are served to their owner alone (spec decision 5), and users
        # change them on their profile, where uploads are verified and re-encoded.
        return user.avatar.name.rsplit("/", 1)[-1] if user.avatar else "-"

    @admin.display(description="Records")
    def related(self, user):
        if not user.pk:
            return "-"
        links = [
            (reverse(url_name) + f"?{param}={user.pk}", label) for label, url_name, param in RELATED_SCREENS
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links) or format_html("-")


# allauth's own admin edits addresses freely: one could give an address to a second account,
# which could then sign in with it. Addresses change through the User admin
# (change_email_by_staff: one account per address); here they are shown only.
admin.site.unregister(EmailAddress)


@admin.register(EmailAddress)
class EmailAddressAdmin(ViewOnlyAdmin, AllauthEmailAddressAdmin):
    actions = []  # allauth's "Mark as verified" would confirm an address its owner never did
