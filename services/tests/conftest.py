import pytest

from services.tests.local_servers import LocalServer


@pytest.fixture
def make_server(settings):
    """Start local HTTP servers; `allowed=True` lists one in OUTBOUND_ALLOWED_HOSTS (as tests and
    local demos do), otherwise it gets the same public-address check as any user-supplied URL."""
    servers = []

    def make(*, allowed: bool = True) -> LocalServer:
        server = LocalServer()
        servers.append(server)
        if allowed:
            settings.OUTBOUND_ALLOWED_HOSTS = [*settings.OUTBOUND_ALLOWED_HOSTS, server.host_port]
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def upstream(make_server) -> LocalServer:
    """The far side of an engine (webhook service, OpenAI-style API, Meta Graph API, a website)."""
    return make_server()


@pytest.fixture
def alice_assets(alice):
    """The engines' view of alice's own uploads (services.assets.Assets reads storage directly)."""
    from services.assets import Assets

    return Assets(alice)


@pytest.fixture
def store_upload():
    """Store image bytes in an upload area for a user; returns our file URL for it."""
    from history.storage import save_file

    def store(user, content: bytes, *, area: str = "logos", name: str = "upload.png") -> str:
        return save_file(area=area, user_id=user.pk, name=name, content=content).url

    return store
