from django.apps import AppConfig


class ServicesConfig(AppConfig):
    name = "services"

    def ready(self) -> None:
        from services import checks  # noqa: F401 (registers the configuration checks)
