"""Every API refusal is JSON with an "error" sentence, whatever DRF raised."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
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
            f"{field}: {' '.join(str(m) for m in (msgs if isinstance(msgs, list) else [msgs]))}"
            for field, msgs in data.items()
        )
    else:
        message = str(data)
    message = _auth_sentence(exc) or message
    return Response({"error": message}, status=response.status_code, headers=response.headers)
