from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"

    def ready(self):
        # Registers the OpenAPI description of the project's DRF authentication (loaded here,
        # once every app is ready: drf-spectacular imports DRF's views, which import the class).
        from config import openapi  # noqa: F401
