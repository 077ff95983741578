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
