from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from accounts import receivers  # noqa: F401  (connects the sign-up hook)
