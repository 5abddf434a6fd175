"""Every API answer is JSON, errors included: DRF's refusals through ``exception_handler``,
and what Django answers before or beside DRF (an unknown address, a body over the size limit, a
server error) through the ``handler404``/``handler400``/``handler500`` of config/urls.py, which
answer pages as Django does and ``/api/`` paths with ``{"error": …}``."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_handler


def _auth_sentence(exc) -> str | None:
    """401/403: a sentence in place of DRF's stock texts (its CSRF failure, its "credentials
    were not provided"); refusals that already say their own sentence keep it."""
    detail = str(getattr(exc, "detail", ""))
    if isinstance(exc, exceptions.PermissionDenied) and detail.startswith("CSRF Failed"):
        return _(
            "This request came with a signed-in session but without its CSRF token (or from "
            "another site), so nothing changed: send the X-CSRFToken header, or use a token "
            "(Authorization: Token …)."
        )
    if isinstance(exc, exceptions.NotAuthenticated) and detail == str(
        exceptions.NotAuthenticated.default_detail
    ):
        return _("Sign in first, or send a token (Authorization: Token …); nothing changed.")
    return None


def exception_handler(exc, context):
    response = drf_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and "detail" in data and len(data) == 1:
        message = str(data["detail"])
    elif isinstance(data, dict):
        message = "; ".join(
            _prefixed(field, " ".join(str(m) for m in (msgs if isinstance(msgs, list) else [msgs])))
            for field, msgs in data.items()
        )
    else:
        message = str(data)
    message = _auth_sentence(exc) or message
    return Response({"error": message}, status=response.status_code, headers=response.headers)


def _prefixed(field: str, said: str) -> str:
    """A field's refusal under its name; one about the whole body is its own sentence."""
    return said if field == api_settings.NON_FIELD_ERRORS_KEY else f"{field}: {said}"


def _api(request) -> bool:
    return request.path.startswith("/api/")


def not_found(request, exception):
    if _api(request):
        return JsonResponse({"error": _("There is nothing at this address.")}, status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception):
    too_big = isinstance(exception, RequestDataTooBig)
    if _api(request):
        if too_big:
            message = _("The request is larger than this server accepts (6 MB).")
            return JsonResponse({"error": message}, status=413)
        return JsonResponse({"error": _("The request could not be read.")}, status=400)
    return defaults.bad_request(request, exception)


def server_error(request):
    if _api(request):
        message = _("Something went wrong on the server; nothing was changed. Try again.")
        return JsonResponse({"error": message}, status=500)
    return defaults.server_error(request)
