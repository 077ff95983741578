"""Every new account gets the Free plan's credits, however it was created.

A `post_save(created=True)` receiver on the user model rather than allauth's
`user_signed_up`: accounts are also created by social sign-in, in the admin and by
`createsuperuser`, and all of them save a new user. STYLE.md keeps domain logic out of
signals; this receiver is an exception because the signal *is* the only seam all those paths
share — so credits move on every `User.objects.create`, data imports and tests included. It is
one of three receivers: the others are accounts' auth-webhook hook on allauth's `user_signed_up`
(accounts/receivers.py) and billing's plan seeding on `post_migrate` (billing/apps.py).

The grant runs inside the save, not in `transaction.on_commit`: when the user is created
inside a transaction (the admin's add form, allauth's sign-up when wrapped in one, a
caller's `atomic()`), the user and the grant commit together or not at all, so no account
ever exists without its credits. An on_commit grant would leave a window — and a crash
in it would lose the grant for good. When the user is saved in autocommit mode the
grant follows immediately in its own transaction; its idempotency key
`signup:<user id>` makes a repeat harmless.
"""

from credits.actions import grant_signup_credits


def grant_credits_to_new_user(sender, instance, created, raw=False, **kwargs):
    # raw: loaddata restores users together with their own ledger rows.
    if created and not raw:
        grant_signup_credits(user=instance)
