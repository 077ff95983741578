"""Settings, read from the environment. README.md lists every variable and its default.

Development defaults apply only when DEBUG is on; with DEBUG off (production) a missing
secret is a loud ImproperlyConfigured, never a silent fallback.
"""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.env import env_bool, env_choice, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / ".data")))

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-used-with-debug-on"  # noqa: S105

# HTTPS hardening is on whenever DEBUG is off, unless explicitly switched off for a
# plain-HTTP local run (`make run` does that on 127.0.0.1).
HTTPS = env_bool("HTTPS", not DEBUG)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

PRODUCT_NAME = env_str("PRODUCT_NAME", "Adsmith AI")
# The staff admin's path, written "staff-area" or "/staff-area/" alike; it cannot be the site root.
ADMIN_URL = env_str("ADMIN_URL", "admin/").strip().strip("/") + "/"
if ADMIN_URL == "/":
    raise ImproperlyConfigured("ADMIN_URL must name a path, such as 'staff-area/'.")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.github",
    "allauth.socialaccount.providers.openid_connect",
    "rest_framework",
    "drf_spectacular",
    "django_tasks_db",
    "config",
    "accounts",
    "credits",
    "history",
    "services",
    "billing",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.cache_headers.private_responses",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "accounts.middleware.AuthenticationMiddleware",  # Django's, with the user read with the session
    "config.time_zones.readers_time_zone",
    "config.session_refresh.refresh_sessions_in_use",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "config.context_processors.site",
                "credits.context_processors.balance",
                "billing.context_processors.current_plan",
            ],
        },
    },
]

# --- Database --------------------------------------------------------------------------
# SQLite by default (WAL, immediate transactions so writers queue instead of failing);
# PostgreSQL (psycopg 3) when DATABASE_URL is set.
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=env_int("CONN_MAX_AGE", 60))}
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Server-side parameter binding lets psycopg prepare a statement once it has run
    # DATABASE_PREPARE_THRESHOLD times on a connection: PostgreSQL then skips parsing and
    # planning it again — about a third of its CPU time per request on the money path. Behind a
    # transaction-mode pooler without prepared-statement support, set the threshold to "off".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "server_side_binding": True,
            "prepare_threshold": None
            if env_str("DATABASE_PREPARE_THRESHOLD") == "off"
            else env_int("DATABASE_PREPARE_THRESHOLD", 5),
        }
    )
else:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "db.sqlite3",
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache (allauth's rate limits need a cache shared by all processes) ----------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "cache_table"}
    }

# --- Background jobs ---------------------------------------------------------------------
# The database queue (`manage.py db_worker`) by default; RQ on Redis with
# TASKS_BACKEND=django_tasks_rq.RQBackend (workers: `manage.py rqworker --job-class django_tasks_rq.Job default`).
TASKS_BACKEND = env_str("TASKS_BACKEND").strip() or "config.task_queue.DatabaseBackend"
TASKS = {"default": {"BACKEND": TASKS_BACKEND}}
if TASKS_BACKEND == "django_tasks_rq.RQBackend":
    if not REDIS_URL and not DEBUG:
        raise ImproperlyConfigured("REDIS_URL must be set for the RQ task backend.")
    INSTALLED_APPS.append("django_rq")
    RQ_QUEUES = {"default": {"URL": REDIS_URL or "redis://127.0.0.1:6379/0"}}

# --- Auth --------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Django's and allauth's backends, loading the signed-in user with one SQL statement.
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]
LOGIN_URL = "/signin"
SESSION_ENGINE = "accounts.sessions"  # database sessions, read with one SQL statement
LOGIN_REDIRECT_URL = "/dashboard"
LOGOUT_REDIRECT_URL = "/"
# The documented rules first: a form shows a field's first error, and "abc" is too short before
# it is too common (the page's own check, without JavaScript, says the same).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "accounts.validators.DocumentedPasswordValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        # Our User's real fields (the default list names first_name, a derived property here).
        "OPTIONS": {"user_attributes": ["email", "name"]},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_SESSION_REMEMBER = None  # the 'Remember me' checkbox decides
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if HTTPS else "http"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
SOCIALACCOUNT_ADAPTER = "accounts.adapter.SocialAccountAdapter"
# A first sign-in with GitHub or LinkedIn ends on a sign-up form (name, address, the terms to
# accept), never with an account made unseen; one whose address (confirmed by the provider) an
# account here has confirmed signs in to that account, and the provider is linked to it.
SOCIALACCOUNT_AUTO_SIGNUP = False
SOCIALACCOUNT_EMAIL_AUTHENTICATION = True
SOCIALACCOUNT_EMAIL_AUTHENTICATION_AUTO_CONNECT = True
SOCIALACCOUNT_FORMS = {"signup": "accounts.forms.SocialSignUpForm"}
ACCOUNT_FORMS = {
    "login": "accounts.forms.SignInForm",
    "signup": "accounts.forms.SignUpForm",
    "reset_password": "accounts.forms.ForgotPasswordForm",
    "reset_password_from_key": "accounts.forms.SetNewPasswordForm",
    "change_password": "accounts.forms.ChangePasswordForm",
    "set_password": "accounts.forms.SetPasswordForm",
}
# An e-mail change (from the profile) takes effect when the new address is confirmed.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
}
SOCIALACCOUNT_PROVIDERS: dict = {}
GITHUB_CLIENT_ID = env_str("GITHUB_CLIENT_ID")
GITHUB_CLIENT_SECRET = env_str("GITHUB_CLIENT_SECRET")
LINKEDIN_CLIENT_ID = env_str("LINKEDIN_CLIENT_ID")
LINKEDIN_CLIENT_SECRET = env_str("LINKEDIN_CLIENT_SECRET")
if GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET:
    SOCIALACCOUNT_PROVIDERS["github"] = {
        "APPS": [{"client_id": GITHUB_CLIENT_ID, "secret": GITHUB_CLIENT_SECRET}],
        "SCOPE": ["user:email"],
    }
if LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET:
    SOCIALACCOUNT_PROVIDERS["openid_connect"] = {
        "APPS": [
            {
                "provider_id": "linkedin",
                "name": "LinkedIn",
                "client_id": LINKEDIN_CLIENT_ID,
                "secret": LINKEDIN_CLIENT_SECRET,
                "settings": {"server_url": "https://www.linkedin.com/oauth"},
            }
        ]
    }
AUTH_WEBHOOK_URL = env_str("AUTH_WEBHOOK_URL")

# --- E-mail ------------------------------------------------------------------------------
# Django 6.1's MAILERS: SMTP when EMAIL_HOST is set, otherwise the console (development).
_EMAIL_HOST = env_str("EMAIL_HOST")
if _EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _EMAIL_HOST,
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER"),
                "password": env_str("EMAIL_HOST_PASSWORD"),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
                "timeout": 10,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", f"{PRODUCT_NAME} <no-reply@localhost>")

# --- Files -------------------------------------------------------------------------------
# Private by design: no MEDIA_URL is served. Local files go out through an owner-checked
# view; on S3 through short-lived signed URLs.
S3_BUCKET = env_str("S3_BUCKET")
if S3_BUCKET:
    from botocore.config import Config as S3ClientConfig

    _default_storage = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": S3_BUCKET,
            "endpoint_url": env_str("S3_ENDPOINT_URL") or None,
            "access_key": env_str("S3_ACCESS_KEY_ID") or None,
            "secret_key": env_str("S3_SECRET_ACCESS_KEY") or None,
            "region_name": env_str("S3_REGION", "us-east-1"),
            # Short timeouts and one retry: botocore's own (60 s, several retries) would let an S3
            # that stops answering hold every web thread for minutes — each file view waits on it.
            # (This replaces django-storages' own client config, hence the two settings in it.)
            "client_config": S3ClientConfig(
                s3={"addressing_style": env_str("S3_ADDRESSING_STYLE", "auto")},
                signature_version="s3v4",
                connect_timeout=env_int("S3_CONNECT_TIMEOUT", 3),
                read_timeout=env_int("S3_READ_TIMEOUT", 10),
                retries={"mode": "standard", "max_attempts": 2},
            ),
            "querystring_auth": True,
            "querystring_expire": 3600,
            "default_acl": None,
            "file_overwrite": True,
        },
    }
else:
    _default_storage = {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": DATA_DIR / "media"},
    }
STORAGES = {
    "default": _default_storage,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
STATIC_URL = "/static/"
# Where collectstatic writes and WhiteNoise serves from: elsewhere for a read-only checkout.
STATIC_ROOT = Path(env_str("STATIC_ROOT")) if env_str("STATIC_ROOT") else BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

# --- API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["config.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.negotiation.JSONOnly",
    # ASCII-escaped JSON (\uXXXX) can carry any code point: an error message echoing a lone
    # surrogate a client sent ("\ud800" is not a valid choice) cannot be encoded as UTF-8.
    "UNICODE_JSON": False,
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.JSONParser",
        "config.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {"TITLE": f"{PRODUCT_NAME} API", "VERSION": "1.0.0", "SERVE_INCLUDE_SCHEMA": False}

# --- Generation --------------------------------------------------------------------------
GENERATION_ENGINE = env_str("GENERATION_ENGINE", "demo")  # demo | webhook | openai
WEBHOOK_BASE_URL = env_str("WEBHOOK_BASE_URL")
WEBHOOK_SECRET = env_str("WEBHOOK_SECRET")
OPENAI_BASE_URL = env_str("OPENAI_BASE_URL", "https://api.openai.com/v1")
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
OPENAI_TEXT_MODEL = env_str("OPENAI_TEXT_MODEL", "gpt-4o-mini")
OPENAI_IMAGE_MODEL = env_str("OPENAI_IMAGE_MODEL", "gpt-image-1")
META_ACCESS_TOKEN = env_str("META_ACCESS_TOKEN")
META_GRAPH_URL = env_str("META_GRAPH_URL", "https://graph.facebook.com/v21.0")
# host:port pairs exempt from the public-address check (tests and local demos only).
OUTBOUND_ALLOWED_HOSTS = env_list("OUTBOUND_ALLOWED_HOSTS")
# Per-tool engine (GENERATION_ENGINE_META_COPY=webhook, …) and per-call webhook path
# (WEBHOOK_PATH_SPY_AGENT=spy-agent, …) overrides; services/engines/ holds the defaults.
_TOOL_NAMES = (
    "META_COPY",
    "META_CREATIVE",
    "META_ADS_FULL",
    "SOCIAL_MEDIA_COPY",
    "SOCIAL_MEDIA_CREATIVE",
    "SPY_MASTER",
)
for _name in _TOOL_NAMES:
    globals()[f"GENERATION_ENGINE_{_name}"] = env_str(f"GENERATION_ENGINE_{_name}")
for _name in (
    "META_COPY",
    "META_CREATIVE",
    "META_ADS_FULL_SCRAPE",
    "META_COPY_FULL",
    "META_CREATIVE_FULL",
    "SOCIAL_MEDIA_COPY",
    "SOCIAL_MEDIA_CREATIVE",
    "SPY_AGENT",
):
    globals()[f"WEBHOOK_PATH_{_name}"] = env_str(f"WEBHOOK_PATH_{_name}")
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 300)
WEBHOOK_SPY_TIMEOUT_SECONDS = env_int("WEBHOOK_SPY_TIMEOUT_SECONDS", 600)  # documented: 10 minutes
OPENAI_TIMEOUT_SECONDS = env_int("OPENAI_TIMEOUT_SECONDS", 240)
# Jobs: a running generation beats every HEARTBEAT seconds; the reaper fails (and refunds) one
# whose beat is older than STALE seconds (its worker died). Meta Ads Full scrapes are free, so
# they are rate-limited per user.
GENERATION_HEARTBEAT_SECONDS = env_int("GENERATION_HEARTBEAT_SECONDS", 5)
GENERATION_STALE_SECONDS = env_int("GENERATION_STALE_SECONDS", 60)
# How long a generation may wait in the queue for a free worker before it is failed and refunded
# unrun; its tool's own run time (5-10 minutes) starts when a worker picks it up.
GENERATION_QUEUE_TIMEOUT_SECONDS = env_int("GENERATION_QUEUE_TIMEOUT_SECONDS", 600)
SCRAPES_PER_HOUR = env_int("SCRAPES_PER_HOUR", 10)
# Abuse limits per user: generations queued or running at once, and started per hour (429 past
# either). 20 at once still admits a burst of 20 simultaneous requests from one user.
GENERATION_MAX_ACTIVE_PER_USER = env_int("GENERATION_MAX_ACTIVE_PER_USER", 20)
GENERATIONS_PER_HOUR = env_int("GENERATIONS_PER_HOUR", 120)
UPLOADS_PER_HOUR = env_int("UPLOADS_PER_HOUR", 100)

# --- Billing -----------------------------------------------------------------------------
STRIPE_SECRET_KEY = env_str("STRIPE_SECRET_KEY")
STRIPE_WEBHOOK_SECRET = env_str("STRIPE_WEBHOOK_SECRET")
STRIPE_API_BASE = env_str("STRIPE_API_BASE")  # tests point this at a local server
# How long a Stripe read shown on a page (the billing page, the billing API's GETs) may take;
# it is not retried, and stored copies are shown instead (billing/stripe_client.py).
STRIPE_READ_TIMEOUT_SECONDS = env_int("STRIPE_READ_TIMEOUT_SECONDS", 5)
# Per-plan Stripe price ids and Payment Links; when set they win over the values staff edit
# in the admin. Keys are plan ids; the variable names use the plans' display names.
STRIPE_PLAN_ENV_NAMES = {
    "starter": "STARTER",
    "professional": "BASIC",
    "business": "ADVANCED",
    "enterprise": "PRO",
    "ultimate": "ULTIMATE",
}
STRIPE_PLAN_PRICE_IDS = {plan: env_str(f"STRIPE_PRICE_{n}") for plan, n in STRIPE_PLAN_ENV_NAMES.items()}
STRIPE_PLAN_LINKS = {plan: env_str(f"STRIPE_LINK_{n}") for plan, n in STRIPE_PLAN_ENV_NAMES.items()}
SALES_EMAIL = env_str("SALES_EMAIL")  # 'Contact Sales' on plans whose link is '#'

# --- Security headers ----------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SECURE_SSL_REDIRECT = HTTPS and env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
CSRF_FAILURE_VIEW = "config.views.csrf_failure"  # our page (JSON for the API), not Django's technical one
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The client's own address for the per-address limits (sign-in, sign-up, reset, admin sign-in):
# behind N proxies it is the N-th entry from the end of X-Forwarded-For. Without it every client
# would share the proxy's address, and one attacker's failures would lock everyone out.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 1 if BEHIND_PROXY else 0)
# A load balancer's health probe speaks plain HTTP inside the network: no redirect to HTTPS.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

_s3_origin = env_str("S3_PUBLIC_ORIGIN") or env_str("S3_ENDPOINT_URL")
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:", "blob:", *([_s3_origin] if _s3_origin else []), "https:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF, *([_s3_origin] if _s3_origin else [])],
    "frame-ancestors": [CSP.NONE],
    # 'Manage billing' posts to our view, which redirects to Stripe's customer portal: the
    # browser applies form-action to that redirect too.
    "form-action": [CSP.SELF, "https://github.com", "https://www.linkedin.com", "https://billing.stripe.com"],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

# --- i18n --------------------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Any letter case; WARN is the old name Python still accepts for WARNING.
LOG_LEVEL = env_choice(
    "LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), aliases={"WARN": "WARNING"}
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    # The handler's level too: db_worker sets its own loggers to INFO whatever the root's level,
    # and every task's RUNNING/SUCCESSFUL line would pass at LOG_LEVEL=WARNING.
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain", "level": LOG_LEVEL}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "filters": {
        "without_traceback": {"()": "config.log_filters.WithoutTraceback"},
        "as_warning": {"()": "config.log_filters.AsWarning"},
        "request_context": {"()": "config.log_filters.RequestContext"},
    },
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # Its DEBUG lines print every request's URL, and the Meta Ad Library's carries the token.
        "urllib3": {"level": "INFO"},
        # A request for another host name is a bot or a misconfigured proxy, not a crash: one
        # line saying which host, without a traceback each time, at WARNING (alerting watches ERROR).
        "django.security.DisallowedHost": {"filters": ["without_traceback", "as_warning"]},
        # A 500's line names the reference its page shows, the method, the user and the client.
        "django.request": {"filters": ["request_context"]},
    },
}
