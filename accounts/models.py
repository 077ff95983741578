from datetime import UTC

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.db.models import Q, Value
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.avatars import avatar_dir

# allauth's wording, used wherever an address already belongs to an account.
EMAIL_TAKEN = "A user is already registered with this email address."


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create_user(self, email, password, **extra_fields):
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)
        return self._create_user(email, password, **extra_fields)

    # One account per address whatever its case (accounts_user_email_lower_unique), so the natural
    # key ignores case as well: Django's createsuperuser asks here whether an address is taken
    # ("Error: That email is already taken." for STAFF@Example.com when staff@example.com exists,
    # not the constraint's IntegrityError), and ModelBackend finds the account here.
    def get_by_natural_key(self, email):
        return self.alias(email_lower=Lower("email")).get(email_lower=Lower(Value(email)))

    async def aget_by_natural_key(self, email):
        return await self.alias(email_lower=Lower("email")).aget(email_lower=Lower(Value(email)))

    def owning_email(self, email: str):
        """The accounts that own `email`: sign in with it, or have confirmed it (allauth's address
        record). An address an account has only asked to change to is not theirs until they open
        its confirmation link: it keeps no one else from signing up with it, signs no one in and
        gets no one's password-reset links (allauth's own look-up counts unconfirmed records)."""
        from allauth.account.models import EmailAddress  # allauth's models load after ours

        confirmed = EmailAddress.objects.filter(email__iexact=email, verified=True).values("user_id")
        return self.filter(Q(email__iexact=email) | Q(pk__in=confirmed))

    def email_taken_by_another(self, email: str, *, user) -> bool:
        """Whether an account other than `user` owns `email` (owning_email). Such an address can
        never become `user`'s. `user` is None (or not saved yet) for an account being created:
        then any account counts."""
        owners = self.owning_email(email)
        if user is not None and user.pk is not None:
            owners = owners.exclude(pk=user.pk)
        return owners.exists()


def avatar_upload_to(user, filename):
    return f"{avatar_dir(user)}/{filename}"


class User(AbstractBaseUser, PermissionsMixin):
    """A customer (or staff member). Signs in with e-mail; the profile fields are the
    documented `users` row: name, avatar, company, website, bio."""

    email = models.EmailField(unique=True)
    name = models.CharField(max_length=250, blank=True)
    avatar = models.ImageField(upload_to=avatar_upload_to, blank=True, max_length=500)
    company = models.CharField(max_length=250, blank=True)
    website = models.URLField(max_length=250, blank=True)
    bio = models.TextField(max_length=500, blank=True)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Set when staff close the account (accounts.actions.close_account): it is part of the session
    # auth hash, so every session signed in before then is refused, wherever it is.
    sessions_ended_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        ordering = ["email"]
        constraints = [
            # Addresses are stored in lowercase (the manager, sign-up, the profile and the admin
            # lowercase them, and sign-in looks up the lowercase form); this keeps two accounts
            # from ever differing only in case, whoever writes the row.
            models.UniqueConstraint(
                Lower("email"), name="accounts_user_email_lower_unique", violation_error_message=EMAIL_TAKEN
            ),
        ]

    def __str__(self):
        return self.email

    # Django keeps an HMAC of the password hash in each session and refuses (and deletes) a session
    # whose HMAC no longer matches: that is how a password change signs out every other browser.
    # Closing an account signs them out the same way, by mixing in when it was closed; the value
    # never goes back, so reopening the account revives none of them. Until an account is first
    # closed the hash is Django's own, so the sessions it has stay valid.
    def get_session_auth_hash(self) -> str:
        if self.sessions_ended_at is None:
            return super().get_session_auth_hash()
        return self._closed_account_session_hash(secret=None)

    def get_session_auth_fallback_hash(self):
        if self.sessions_ended_at is None:
            yield from super().get_session_auth_fallback_hash()
            return
        for fallback_secret in settings.SECRET_KEY_FALLBACKS:
            yield self._closed_account_session_hash(secret=fallback_secret)

    def _closed_account_session_hash(self, *, secret: str | None) -> str:
        value = f"{self.password}|{self.sessions_ended_at.astimezone(UTC).isoformat()}"
        return salted_hmac(
            "accounts.User.get_session_auth_hash", value, secret=secret, algorithm="sha256"
        ).hexdigest()

    @property
    def display_name(self) -> str:
        """Documented fallback: profile name, then the part of the e-mail before @, then 'User'."""
        return self.name or (self.email.split("@")[0] if self.email else "") or "User"

    @property
    def first_name(self) -> str:
        return self.display_name.split()[0] if self.display_name.strip() else "User"

    @property
    def initial(self) -> str:
        return self.display_name[:1].upper() or "U"


class UserSession(AbstractBaseSession):
    """A signed-in browser's session (accounts.sessions): Django's session row, with the user it
    signs in as a column, so every signed-in request reads the session and its user in one
    statement. The column is written from the session's data on every save; who is signed in is
    still decided by that data alone (django.contrib.auth.get_user), the column only lets the
    user's row come with the session's. No constraint: a session saved while its user is being
    deleted must not fail the request; deleting a user through Django deletes their sessions."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.CASCADE,
        db_constraint=False,
        related_name="+",
    )

    class Meta(AbstractBaseSession.Meta):
        db_table = "accounts_session"

    @classmethod
    def get_session_store_class(cls):
        from accounts.sessions import SessionStore

        return SessionStore
