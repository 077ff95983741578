from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    # allauth's e-mail addresses already sit under "Accounts" in the admin, and "Users" over the
    # Users list would read "Users › Users" in its breadcrumbs.
    verbose_name = "People"

    def ready(self):
        from accounts import receivers  # noqa: F401  (connects the sign-up hook)
