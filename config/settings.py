"""Talekeeper settings: one module, driven by environment variables (see docs/deploy.md)."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from config.database import database_from_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)


def local_secret_key(path: Path) -> str:
    """A random key kept beside the code, so a laptop at the table needs no setup.

    Production sets DJANGO_SECRET_KEY instead (docs/deploy.md).
    """
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def local_secret_key_path() -> Path:
    """Where the generated key lives: DJANGO_SECRET_KEY_FILE (make serve keeps it in the user's
    ~/.config, outside the repository), else beside the code."""
    path = Path(os.environ.get("DJANGO_SECRET_KEY_FILE") or BASE_DIR / ".secret_key")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or local_secret_key(local_secret_key_path())

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rest_framework",
    "rest_framework.authtoken",  # tokens for librarians' scripts (librarians/)
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "storybook",
    "games.galzyr",  # after storybook: its ready() installs into the storybook
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Wrong table codes and join keys per address (games/web/throttle.py).
    "games.web.throttle.GuessLimitMiddleware",
    # A refusal of the device's credential as a 403 page with its sentence.
    "games.web.middleware.AccessDeniedPages",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
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
            ],
        },
    }
]

DATABASES = {"default": database_from_url(os.environ.get("DATABASE_URL"), BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# make serve collects into the virtualenv, so `make run` and the tests keep serving static/.
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# After `collectstatic` (production) files get hashed names and long cache headers; before it
# (make run, tests, bench) whitenoise serves static/ straight from the finders.
COLLECTED = (STATIC_ROOT / "staticfiles.json").exists() or sys.argv[1:2] == ["collectstatic"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if COLLECTED
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not COLLECTED
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

# An import document may be up to 5 MB; leave room for the form envelope.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

# Wrong table codes, join keys and seat claims one address may make before it waits (429).
GUESS_RATE = os.environ.get("TALEKEEPER_GUESS_RATE", "30/min")
# One count per address across worker processes needs a shared cache (docs/deploy.md): Redis
# across machines, a folder on one machine (make serve: its workers share it).
if os.environ.get("TALEKEEPER_CACHE_DIR"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ["TALEKEEPER_CACHE_DIR"],
        }
    }
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }

SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SEAT_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Tables are reached by code (and seat credentials), with no account; Django users are
    # librarians, who write worlds and catalogs (librarians/): a script with
    # "Authorization: Token …", a browser with its session, which must send the CSRF token.
    # The token is tried first, so a refusal without credentials is a 401 that names it.
    # Only "Token" is this class's keyword: "Authorization: Bearer …" (a seat's credential)
    # passes through it untouched.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Open by default; the world and catalog writes carry IsLibrarianOrReadOnly.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # The client's address for the guess limit (games/web/throttle.py): the connection's, unless
    # this many trusted proxies stand in front (then the address the nearest one saw). Never a
    # header the client wrote itself.
    "NUM_PROXIES": int(os.environ.get("TALEKEEPER_PROXIES", "0")),
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON bodies with a depth limit (games/services/bounded_json.py): one reader for every body.
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Talekeeper API",
    "DESCRIPTION": "Tables, moves, history, undo and export/import for every game Talekeeper knows.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.describe_game_moves",
        "games.api.schema.describe_access",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
