from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    # allauth's e-mail addresses already sit under "Accounts" in the admin.
    verbose_name = "Users"

    def ready(self):
        from accounts import receivers  # noqa: F401  (connects the sign-up hook)
