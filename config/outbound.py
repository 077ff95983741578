"""The one HTTP wrapper for everything the server fetches or calls (engines, images, scraping, the
sign-up auth webhook). It lives in config, the shared base, so that every app may use it — accounts
may not import services.

Why not plain `requests`: a user-supplied URL must only ever reach a public address, and the check
has to apply to the address actually connected to — otherwise DNS rebinding (public answer at check
time, 127.0.0.1 at connect time) walks straight past it. So the host is resolved here, every address
is checked, and urllib3 connects to that exact IP while sending the name as Host header and TLS SNI
(and verifying the certificate against the name). Redirects are followed by hand, each hop re-checked.
"""

import ipaddress
import json as jsonlib
import re
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import certifi
import urllib3
from django.conf import settings

DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_BYTES = 10 * 1024 * 1024
MAX_REDIRECTS = 5
USER_AGENT = "AdsmithAI/1.0 (+https://adsmith.ai)"
CHUNK_SIZE = 64 * 1024

# Addresses Python does not flag as non-global on every version, listed so the intent is explicit.
_BLOCKED_NETWORKS = [
    ipaddress.ip_network("100.64.0.0/10"),  # carrier-grade NAT
    ipaddress.ip_network("169.254.0.0/16"),  # link-local, incl. the cloud metadata 169.254.169.254
    ipaddress.ip_network("fd00:ec2::/32"),  # AWS metadata over IPv6 (fd00:ec2::254)
    ipaddress.ip_network("64:ff9b::/96"),  # NAT64: checked through its embedded IPv4 below
]
# Any label that is all digits or 0x-hex: an IPv4 address spelled so that parsers disagree
# ("2130706433", "0x7f.1", "0177.0.0.1"). Only the canonical dotted quad is accepted.
_NUMERIC_LABEL_RE = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)$", re.IGNORECASE)
_CANONICAL_IPV4_RE = re.compile(
    r"^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$"
)


class OutboundError(Exception):
    """A failed outbound request, with a message fit to show a user.

    kind: "invalid_url" | "blocked" | "timeout" | "connection" | "too_large" | "redirects" | "tls"
    """

    def __init__(self, message: str, *, kind: str):
        super().__init__(message)
        self.message = message
        self.kind = kind


class UnresolvableHost(OutboundError):
    """The URL's host name has no address. Worded for no one kind of address: a caller that
    knows what the URL names says so ("the website's", "the image's")."""

    def __init__(self):
        super().__init__("Could not resolve the server's address.", kind="connection")


@dataclass
class Response:
    status: int
    reason: str
    url: str  # the final URL, after redirects
    headers: dict[str, str] = field(default_factory=dict)  # lower-cased names
    content: bytes = b""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def text(self) -> str:
        charset = "utf-8"
        match = re.search(r"charset=([\w-]+)", self.headers.get("content-type", ""), re.IGNORECASE)
        if match:
            charset = match.group(1)
        try:
            return self.content.decode(charset, errors="replace")
        except LookupError:
            return self.content.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return jsonlib.loads(self.text)


def fetch(
    url: str,
    *,
    method: str = "GET",
    json: Any = None,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    user_supplied: bool,
) -> Response:
    """Make one HTTP request (following up to five redirects) and return the whole response.

    `timeout` bounds the entire exchange, redirects and body included. A body beyond `max_bytes`
    aborts the request. With `user_supplied`, every hop must resolve only to public addresses
    (unless its host:port is in OUTBOUND_ALLOWED_HOSTS); operator-configured endpoints (the
    webhook and API base URLs) skip that check but share everything else.
    """
    deadline = time.monotonic() + timeout
    request_headers = {"User-Agent": USER_AGENT, "Accept": "*/*"}
    request_headers.update(headers or {})
    if json is not None:
        body = jsonlib.dumps(json).encode()
        request_headers.setdefault("Content-Type", "application/json")
    current = url
    for _hop in range(MAX_REDIRECTS + 1):
        response = _fetch_once(
            current,
            method=method,
            body=body,
            headers=request_headers,
            deadline=deadline,
            max_bytes=max_bytes,
            user_supplied=user_supplied,
        )
        location = response.headers.get("location")
        if response.status not in (301, 302, 303, 307, 308) or not location:
            return response
        following = urljoin(current, location)
        if urlsplit(following).hostname != urlsplit(current).hostname:
            # Credentials meant for one host never travel to another.
            request_headers = {
                k: v for k, v in request_headers.items() if k.lower() not in ("authorization", "cookie")
            }
        if response.status in (301, 302, 303) and method != "HEAD":
            method, body = "GET", None
            request_headers = {k: v for k, v in request_headers.items() if k.lower() != "content-type"}
        current = following
    raise OutboundError("Too many redirects.", kind="redirects")


def parse_http_url(url: str) -> tuple[str, str, int]:
    """The scheme, host (in its ASCII form) and port a request to `url` would use — the URL's
    shape only, nothing is resolved. Raises OutboundError (kind invalid_url) for a URL no request
    can be made to: not http(s), no host, a port out of range, a user name or password, a name
    IDNA cannot encode. The forms refuse the same URLs (services.schema.is_http_url), so a URL
    that passes validation does not fail here later."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise OutboundError("Please enter a valid URL", kind="invalid_url") from None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if scheme not in ("http", "https") or not host:
        raise OutboundError("Please enter a valid URL", kind="invalid_url")
    if parts.username is not None or parts.password is not None:
        raise OutboundError("URLs with a user name or password are not allowed.", kind="invalid_url")
    try:
        # International names travel as their ASCII (punycode) form, in DNS and in the Host header.
        host = host.encode("idna").decode("ascii") if not host.isascii() else host
    except UnicodeError:
        raise OutboundError("Please enter a valid URL", kind="invalid_url") from None
    if any(char in host for char in " /\\@%") and ":" not in host:
        raise OutboundError("Please enter a valid URL", kind="invalid_url")
    return scheme, host, port or (443 if scheme == "https" else 80)


def check_url(url: str, *, user_supplied: bool = True) -> tuple[str, str, int, list[str]]:
    """Validate a URL's shape and resolve it to the addresses that may be connected to.

    Returns (scheme, host, port, addresses). Raises OutboundError when the URL may not be fetched.
    """
    scheme, host, port = parse_http_url(url)
    if _is_allowed_host(host, port) or not user_supplied:
        return scheme, host, port, _resolve(host, port)
    if _is_legacy_ipv4_spelling(host):
        raise OutboundError("This address is not allowed.", kind="blocked")
    addresses = _resolve(host, port)
    for address in addresses:
        if not is_public_address(address):
            raise OutboundError("This address is not allowed.", kind="blocked")
    return scheme, host, port, addresses


def is_refused_without_lookup(url: str) -> bool:
    """True for a URL check_url refuses whatever DNS says: a private, loopback or reserved IP
    written as the host, an old numeric IPv4 spelling, or localhost. Forms refuse these when
    they are submitted, so nothing is charged or counted for a fetch that cannot happen; names
    that resolve to such addresses are still caught by check_url at fetch time."""
    try:
        _scheme, host, port = parse_http_url(url)
    except OutboundError:
        return False
    if _is_allowed_host(host, port):
        return False
    if _is_legacy_ipv4_spelling(host) or host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False  # a name: only a lookup can tell
    return not is_public_address(host)


def is_public_address(address: str) -> bool:
    """True only for a globally routable unicast address (IPv4-in-IPv6 forms judged by their IPv4)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is None and ip in _BLOCKED_NETWORKS[3]:
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is None and int(ip) >> 32 == 0:  # deprecated IPv4-compatible ::a.b.c.d
            embedded = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if embedded is not None:
            return is_public_address(str(embedded))
    if any(ip in network for network in _BLOCKED_NETWORKS if network.version == ip.version):
        return False
    return ip.is_global and not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_reserved
        or ip.is_multicast
        or ip.is_unspecified
    )


def encode_multipart(fields: dict[str, Any] | list[tuple[str, Any]]) -> tuple[bytes, str]:
    """Multipart form body for uploads to APIs: values are str or (filename, bytes, content type)."""
    return urllib3.encode_multipart_formdata(fields)


# --- internals -------------------------------------------------------------------------------------
def _fetch_once(
    url: str,
    *,
    method: str,
    body: bytes | None,
    headers: dict[str, str],
    deadline: float,
    max_bytes: int,
    user_supplied: bool,
) -> Response:
    scheme, host, port, addresses = check_url(url, user_supplied=user_supplied)
    parts = urlsplit(url.strip())
    # Characters a browser would percent-encode (spaces, non-ASCII) are encoded the same way here.
    target = quote(parts.path or "/", safe="/%:@!$&'()*+,;=-._~") + (
        f"?{quote(parts.query, safe='=&%+/:@!$()*,;?-._~')}" if parts.query else ""
    )
    default_port = 443 if scheme == "https" else 80
    host_header = f"[{host}]" if ":" in host else host
    if port != default_port:
        host_header = f"{host_header}:{port}"
    for index, ip in enumerate(addresses):
        try:
            return _request_at(
                ip,
                url=url,
                scheme=scheme,
                host=host,
                port=port,
                target=target,
                method=method,
                body=body,
                headers={**headers, "Host": host_header},
                deadline=deadline,
                max_bytes=max_bytes,
            )
        except _ConnectFailed:
            # Like a browser, try the next address (a name may resolve to an IPv6 and an IPv4).
            if index == len(addresses) - 1:
                raise OutboundError("Could not connect to the server.", kind="connection") from None
    raise OutboundError("Could not connect to the server.", kind="connection")


class _ConnectFailed(Exception):
    pass


def _request_at(
    ip: str,
    *,
    url: str,
    scheme: str,
    host: str,
    port: int,
    target: str,
    method: str,
    body: bytes | None,
    headers: dict[str, str],
    deadline: float,
    max_bytes: int,
) -> Response:
    remaining = _remaining(deadline)
    timeout = urllib3.Timeout(connect=remaining, read=remaining)
    if scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            ip,
            port,
            timeout=timeout,
            retries=False,
            maxsize=1,
            cert_reqs="CERT_REQUIRED",
            ca_certs=certifi.where(),
            server_hostname=host,
            assert_hostname=host,
        )
    else:
        pool = urllib3.HTTPConnectionPool(ip, port, timeout=timeout, retries=False, maxsize=1)
    try:
        raw = pool.urlopen(
            method,
            target,
            body=body,
            headers=headers,
            redirect=False,
            retries=False,
            preload_content=False,
            assert_same_host=False,
        )
        try:
            content = _read_capped(raw, deadline=deadline, max_bytes=max_bytes)
        finally:
            raw.release_conn()
    except urllib3.exceptions.NewConnectionError:  # (a subclass of the timeout error: first)
        raise _ConnectFailed from None
    except (urllib3.exceptions.TimeoutError, TimeoutError):
        raise OutboundError("The request timed out.", kind="timeout") from None
    except urllib3.exceptions.SSLError:
        raise OutboundError("The secure connection could not be established.", kind="tls") from None
    except urllib3.exceptions.ProtocolError as exc:
        if "timed out" in str(exc):
            raise OutboundError("The request timed out.", kind="timeout") from None
        raise OutboundError("Could not connect to the server.", kind="connection") from None
    except (urllib3.exceptions.HTTPError, OSError):
        raise OutboundError("Could not connect to the server.", kind="connection") from None
    finally:
        pool.close()
    return Response(
        status=raw.status,
        reason=raw.reason or "",
        url=url,
        headers={name.lower(): value for name, value in raw.headers.items()},
        content=content,
    )


def _read_capped(raw, *, deadline: float, max_bytes: int) -> bytes:
    declared = raw.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise OutboundError("The response is too large.", kind="too_large")
    chunks: list[bytes] = []
    size = 0
    while True:
        # urllib3's read timeout is per socket read; the deadline bounds the whole body, so a
        # server trickling a byte at a time cannot hold a worker past it.
        _remaining(deadline)
        chunk = raw.read(CHUNK_SIZE)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > max_bytes:
            raise OutboundError("The response is too large.", kind="too_large")
        chunks.append(chunk)


def _remaining(deadline: float) -> float:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise OutboundError("The request timed out.", kind="timeout")
    return remaining


def _resolve(host: str, port: int) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise UnresolvableHost from None
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    if not addresses:
        raise UnresolvableHost
    return addresses


def _is_allowed_host(host: str, port: int) -> bool:
    allowed = {entry.strip().lower() for entry in getattr(settings, "OUTBOUND_ALLOWED_HOSTS", [])}
    name = f"[{host}]" if ":" in host else host
    return f"{name.lower()}:{port}" in allowed


def _is_legacy_ipv4_spelling(host: str) -> bool:
    labels = host.split(".")
    if not all(_NUMERIC_LABEL_RE.match(label) for label in labels if label):
        return False
    return not _CANONICAL_IPV4_RE.match(host)
