"""config.outbound.fetch: the public-address check, redirects, size cap and deadline."""

import pytest

from config.outbound import OutboundError, UnresolvableHost, check_url, fetch, is_public_address
from services.tests.local_servers import Reply

SSRF_TARGETS = [
    "http://127.0.0.1/",
    "http://127.0.0.1:8000/admin/",
    "http://localhost/",
    "http://[::1]/",
    "http://10.0.0.5/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://224.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fe80::1]/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://0/",
    "https://2852039166/",
]


@pytest.mark.parametrize("url", SSRF_TARGETS)
def test_a_user_supplied_url_to_a_non_public_address_is_refused(url):
    with pytest.raises(OutboundError) as caught:
        fetch(url, user_supplied=True, timeout=2)
    assert caught.value.kind == "blocked"
    assert caught.value.message == "This address is not allowed."


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "ftp://example.com/x",
        "gopher://example.com/",
        "javascript:alert(1)",
        "http://",
        "",
    ],
)
def test_only_http_and_https_urls_are_fetched(url):
    with pytest.raises(OutboundError) as caught:
        fetch(url, user_supplied=True)
    assert caught.value.kind == "invalid_url"
    assert caught.value.message == "Please enter a valid URL"


def test_a_url_with_credentials_is_refused():
    with pytest.raises(OutboundError) as caught:
        fetch("http://admin:secret@example.com/", user_supplied=True)
    assert caught.value.kind == "invalid_url"


def test_a_local_server_not_on_the_allow_list_is_refused(make_server):
    server = make_server(allowed=False)
    server.route("GET", "/", body="secret")
    with pytest.raises(OutboundError) as caught:
        fetch(server.url("/"), user_supplied=True)
    assert caught.value.kind == "blocked"
    assert server.received == []


def test_an_allowed_host_is_fetched_with_its_name_in_the_host_header(upstream):
    upstream.route(
        "GET", "/page", body="<h1>Hello</h1>", headers={"Content-Type": "text/html; charset=utf-8"}
    )
    response = fetch(upstream.url("/page?a=1"), user_supplied=True)
    assert response.ok
    assert response.text == "<h1>Hello</h1>"
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    sent = upstream.last("/page")
    assert sent.headers["host"] == upstream.host_port
    assert sent.query == {"a": ["1"]}


def test_an_operator_configured_endpoint_may_be_private(make_server):
    # The webhook and API base URLs are the operator's own (an n8n on the private network is normal).
    server = make_server(allowed=False)
    server.route("POST", "/webhook/meta-copy", json=[{"ok": True}])
    response = fetch(server.url("/webhook/meta-copy"), method="POST", json={"a": 1}, user_supplied=False)
    assert response.json() == [{"ok": True}]
    sent = server.last()
    assert sent.json() == {"a": 1}
    assert sent.headers["content-type"] == "application/json"


def test_a_redirect_to_a_private_address_is_refused(make_server):
    allowed = make_server()
    private = make_server(allowed=False)
    private.route("GET", "/internal", body="secret")
    allowed.route("GET", "/go", status=302, headers={"Location": private.url("/internal")})
    with pytest.raises(OutboundError) as caught:
        fetch(allowed.url("/go"), user_supplied=True)
    assert caught.value.kind == "blocked"
    assert private.received == []


def test_a_redirect_to_the_metadata_address_is_refused(upstream):
    upstream.route("GET", "/go", status=301, headers={"Location": "http://169.254.169.254/latest/meta-data/"})
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/go"), user_supplied=True)
    assert caught.value.kind == "blocked"


def test_a_redirect_to_a_file_url_is_refused(upstream):
    upstream.route("GET", "/go", status=302, headers={"Location": "file:///etc/passwd"})
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/go"), user_supplied=True)
    assert caught.value.kind == "invalid_url"


def test_redirects_on_an_allowed_host_are_followed_and_a_303_becomes_a_get(upstream):
    upstream.route("POST", "/submit", status=303, headers={"Location": "/result"})
    upstream.route("GET", "/result", body="done")
    response = fetch(upstream.url("/submit"), method="POST", json={"x": 1}, user_supplied=True)
    assert response.text == "done"
    assert response.url == upstream.url("/result")
    assert [(r.method, r.path) for r in upstream.received] == [("POST", "/submit"), ("GET", "/result")]


def test_more_than_five_redirects_are_refused(upstream):
    upstream.route("GET", "/loop", status=302, headers={"Location": "/loop"})
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/loop"), user_supplied=True)
    assert caught.value.kind == "redirects"
    assert len(upstream.received) == 6


def test_a_declared_body_over_the_cap_is_refused(upstream):
    upstream.route("GET", "/big", body=b"x" * 5000)
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/big"), user_supplied=True, max_bytes=1000)
    assert caught.value.kind == "too_large"


def test_an_undeclared_body_is_cut_off_past_the_cap(upstream):
    upstream.route("GET", "/stream", body=b"x" * 300_000, headers={"Content-Length": "omit"})
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/stream"), user_supplied=True, max_bytes=100_000)
    assert caught.value.kind == "too_large"


def test_a_body_within_the_cap_is_read_whole(upstream):
    upstream.route("GET", "/stream", body=b"x" * 150_000, headers={"Content-Length": "omit"})
    assert len(fetch(upstream.url("/stream"), user_supplied=True, max_bytes=200_000).content) == 150_000


def test_a_slow_server_times_out(upstream):
    upstream.route("GET", "/slow", body="late", stall=True)
    with pytest.raises(OutboundError) as caught:
        fetch(upstream.url("/slow"), user_supplied=True, timeout=0.1)
    assert caught.value.kind == "timeout"
    assert caught.value.message == "The request timed out."


def test_a_closed_port_is_a_connection_error(upstream):
    port = upstream.port
    upstream.stop()
    with pytest.raises(OutboundError) as caught:
        fetch(f"http://127.0.0.1:{port}/", user_supplied=False, timeout=2)
    assert caught.value.kind == "connection"


def test_authorization_is_not_forwarded_to_another_host(make_server, settings):
    first, second = make_server(), make_server()
    second.route("GET", "/landing", body="ok")
    first.route(
        "GET",
        "/go",
        status=302,
        headers={"Location": second.url("/landing").replace("127.0.0.1", "localhost")},
    )
    # localhost is a different host name: allow it explicitly for this test.
    settings.OUTBOUND_ALLOWED_HOSTS = [*settings.OUTBOUND_ALLOWED_HOSTS, f"localhost:{second.port}"]
    fetch(first.url("/go"), headers={"Authorization": "Bearer sk-secret"}, user_supplied=True)
    assert first.last().headers["authorization"] == "Bearer sk-secret"
    assert "authorization" not in second.last().headers


def test_a_handler_reply_can_depend_on_the_request(upstream):
    upstream.route("POST", "/echo", handler=lambda received: Reply(201, received.body))
    response = fetch(upstream.url("/echo"), method="POST", body=b"ping", user_supplied=True)
    assert (response.status, response.content) == (201, b"ping")


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("8.8.8.8", True),
        ("2606:4700:4700::1111", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("169.254.169.254", False),
        ("100.100.100.200", False),
        ("::ffff:8.8.8.8", True),
        ("::ffff:192.168.0.1", False),
        ("fd00:ec2::254", False),
        ("ff02::1", False),
        ("::", False),
        ("240.0.0.1", False),
        ("not an ip", False),
    ],
)
def test_public_addresses(address, public):
    assert is_public_address(address) is public


def test_check_url_resolves_an_allowed_host(upstream):
    assert check_url(upstream.url("/x")) == ("http", "127.0.0.1", upstream.port, ["127.0.0.1"])


def test_a_path_with_spaces_and_accents_is_sent_percent_encoded(upstream):
    upstream.route("GET", "/caf%C3%A9%20menu", body="ok")
    assert fetch(upstream.url("/café menu"), user_supplied=True).text == "ok"


def test_an_unresolvable_name_is_a_connection_error_the_caller_can_tell_apart():
    with pytest.raises(UnresolvableHost) as caught:
        fetch("http://no-such-host.invalid/", user_supplied=True)
    assert caught.value.kind == "connection"
    assert caught.value.message == "Could not resolve the server's address."
