"""Writes for accounts: the profile, its avatar and its e-mail confirmation; staff's changes of
the address, and closing and reopening an account."""

import logging
import smtplib
from dataclasses import dataclass

from allauth.account.models import EmailAddress
from allauth.core import ratelimit
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from accounts.avatars import avatar_dir, is_avatar_filename, reencode_avatar
from accounts.models import User, UserSession
from config.storage import delete_files, list_files, save_to_storage

logger = logging.getLogger(__name__)

# What a mail server that is down or refuses the message raises (the SMTP backend lets both through).
MAIL_FAILURES = (smtplib.SMTPException, OSError)


@dataclass(frozen=True)
class ProfileUpdate:
    user: User
    email_change_requested: str = ""  # the new address now waiting for confirmation, if any
    confirmation_sent: bool = True  # False when the mail server failed (the change still waits)


def store_avatar(*, user: User, upload) -> str:
    """Verify and re-encode an uploaded image and store it under the user's own folder.
    Returns the storage name; the profile points at it once the user saves.
    Raises accounts.avatars.AvatarError with the user-facing reason, or
    config.storage.StorageFailed when the storage refuses the write (nothing is stored)."""
    content = reencode_avatar(upload)
    return save_to_storage(f"{avatar_dir(user)}/{content.name}", content)


def update_profile(
    *,
    request: HttpRequest,
    user: User,
    name: str,
    email: str,
    company: str,
    website: str,
    bio: str,
    avatar: str,
) -> ProfileUpdate:
    """Save the profile. A new e-mail address is not applied here: it goes through allauth's
    verification and becomes the sign-in address when the user follows the link."""
    user.name = name
    user.company = company
    user.website = website
    user.bio = bio
    user.avatar.name = avatar or ""
    user.save(update_fields=["name", "company", "website", "bio", "avatar", "updated_at"])
    keep = avatar
    # Uploads the user replaced, removed or never saved: drop them once the save is final.
    transaction.on_commit(lambda: _delete_other_avatars(user=user, keep=keep))

    if email.lower() == user.email.lower():
        # The field shows the current address while a change waits (the change is named under
        # it), so every other save posts it too: a waiting change is withdrawn only by its own
        # button (withdraw_email_change).
        return ProfileUpdate(user=user)
    sent = request_email_change(request=request, user=user, email=email)
    return ProfileUpdate(user=user, email_change_requested=email, confirmation_sent=sent)


def request_email_change(*, request: HttpRequest, user: User, email: str) -> bool:
    """Record `email` as the address the user is changing to and send it a confirmation
    link. With ACCOUNT_CHANGE_EMAIL on, confirming makes it the primary (login) address and
    removes the old one; until then the user signs in with the current address.
    Returns whether the link went out. When the mail server fails, the change stays recorded
    (the profile offers 'Send the link again') and the failure is logged."""
    with transaction.atomic():
        # The current address must be on record as the primary one, or confirming the new
        # one could not replace it (accounts made outside allauth have no row yet, and
        # allauth records a signed-in user's address as non-primary when it syncs it).
        current, _ = EmailAddress.objects.get_or_create(
            user=user, email__iexact=user.email, defaults={"email": user.email, "primary": True}
        )
        if not current.primary and not EmailAddress.objects.filter(user=user, primary=True).exists():
            current.primary = True
            current.save(update_fields=["primary"])
        EmailAddress.objects.filter(user=user, primary=False, verified=False).exclude(pk=current.pk).delete()
        pending = EmailAddress.objects.create(user=user, email=email.lower(), primary=False, verified=False)
    try:
        pending.send_confirmation(request)
    except MAIL_FAILURES:
        logger.exception("e-mail change confirmation could not be sent")
        return False
    return True


class ConfirmationRecentlySent(Exception):
    """A confirmation link went to this address moments ago (allauth's confirm_email limit)."""


class EmailChangeCancelled(Exception):
    """The e-mail change waiting for confirmation was dropped: another account has taken the
    address since (drop_email_changes_taken_elsewhere)."""

    def __init__(self, email: str):
        super().__init__(email)
        self.email = email


def resend_email_confirmation(*, request: HttpRequest, user: User) -> str:
    """Send a fresh confirmation link for the address waiting on one — the e-mail change in
    progress, else the user's own address if it was never confirmed (an expired sign-up link
    ends here). Returns that address, or '' when nothing waits for confirmation. Raises
    ConfirmationRecentlySent within allauth's rate limit for the address; lets MAIL_FAILURES
    through. Raises EmailChangeCancelled, sending nothing, when the change it would resend was
    to an address another account has taken since."""
    dropped = drop_email_changes_taken_elsewhere(user=user)
    if dropped:
        raise EmailChangeCancelled(dropped[0])
    address = address_to_confirm(user)
    if address is None:
        return ""
    if not ratelimit.consume(request, action="confirm_email", key=address.email.lower()):
        raise ConfirmationRecentlySent(address.email)
    try:
        address.send_confirmation(request)
    except MAIL_FAILURES:
        forget_confirmation_attempt(request=request, email=address.email)
        raise
    return address.email


def forget_confirmation_attempt(*, request: HttpRequest, email: str) -> None:
    """A confirmation link that never left: allauth's 'one link per few minutes' limit must not
    hold the next attempt back (it would say a link was sent a moment ago)."""
    ratelimit.clear(request, action="confirm_email", key=email.lower())


def withdraw_email_change(*, user: User) -> str:
    """Withdraw the e-mail change waiting for confirmation (a typo, a change of mind): its
    address is forgotten, so its link no longer confirms anything (allauth finds no record for
    it). Returns that address, or '' when no change was waiting."""
    pending = _pending_email_changes(user)
    addresses = list(pending.order_by("-pk").values_list("email", flat=True))
    pending.delete()
    return addresses[0] if addresses else ""


def _pending_email_changes(user: User):
    return EmailAddress.objects.filter(user=user, verified=False, primary=False).exclude(
        email__iexact=user.email
    )


def drop_email_changes_taken_elsewhere(*, user: User) -> list[str]:
    """Remove the user's pending e-mail changes to addresses another account has taken since the
    change was asked for (confirmed it first, or was given it by staff). Such a change can never
    complete: allauth refuses its link. Left in place, the profile would keep waiting for it and
    'Send the link again' would mail someone else's inbox. Returns the dropped addresses, which
    the page names once."""
    pending = _pending_email_changes(user)
    taken = [address for address in pending if User.objects.email_taken_by_another(address.email, user=user)]
    EmailAddress.objects.filter(pk__in=[address.pk for address in taken]).delete()
    return [address.email for address in taken]


def address_to_confirm(user: User) -> EmailAddress | None:
    """The address waiting for a confirmation link to be followed: the e-mail change in progress
    (the newest), else the user's own address when allauth has it as never confirmed; or None."""
    addresses = EmailAddress.objects.filter(user=user, verified=False)
    pending = addresses.filter(primary=False).exclude(email__iexact=user.email).order_by("-pk").first()
    return pending or addresses.filter(email__iexact=user.email).first()


def change_email_by_staff(*, user: User, email: str) -> None:
    """Staff's change of the sign-in address (the admin's user form). It takes effect at once, in
    the state the profile's change reaches when its link is followed: `email` is the account's one
    allauth address, primary and confirmed (staff vouch for it, so the user is not asked to confirm
    it — and could not be locked out by it if confirmation became mandatory). Every other address
    of the account is removed: staff change an address because the old mailbox is lost, so it must
    no longer sign in or receive password resets, and must be free for a new account. An e-mail
    change the user had waiting goes too (its link then confirms nothing): staff's address wins.
    Another account's change waiting for this address is dropped when they next open their
    profile (drop_email_changes_taken_elsewhere), and reset links already mailed stop working
    (allauth's reset tokens cover the account's addresses).
    The caller refuses an address another account owns (User.objects.email_taken_by_another)."""
    email = email.strip().lower()
    with transaction.atomic():
        user.email = email
        user.save(update_fields=["email", "updated_at"])
        EmailAddress.objects.filter(user=user).exclude(email__iexact=email).delete()
        EmailAddress.objects.update_or_create(
            user=user, email__iexact=email, defaults={"email": email, "primary": True, "verified": True}
        )


def close_account(*, user: User) -> None:
    """Close the account (staff untick Active; accounts are never deleted): it can no longer sign
    in, and every session it has ends now — each browser, a 'Remember me' cookie, the API. They
    stay ended if the account is reopened: the time of closing is part of the session auth hash
    (User.get_session_auth_hash), so Django refuses each of those sessions whatever signed it in
    — even one saved while this runs. The rows that name the user are deleted now too."""
    user.is_active = False
    user.sessions_ended_at = timezone.now()
    user.save(update_fields=["is_active", "sessions_ended_at", "updated_at"])
    UserSession.objects.filter(user=user).delete()


def reopen_account(*, user: User) -> None:
    """Reopen a closed account (staff tick Active again): it signs in with its password again. The
    sessions it had when it was closed stay ended (close_account)."""
    user.is_active = True
    user.save(update_fields=["is_active", "updated_at"])


def _delete_other_avatars(*, user: User, keep: str) -> None:
    """Runs after the profile was saved: a storage that fails here leaves old files behind
    (config.storage logs it), never an error for the save."""
    folder = avatar_dir(user)
    # Only our own avatar files: other features share this folder.
    avatars = [f"{folder}/{name}" for name in list_files(folder) if is_avatar_filename(name)]
    delete_files([name for name in avatars if name != keep])
