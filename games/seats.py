"""A device remembers its seat at each table in a signed cookie (no database hit)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

MAX_AGE = 60 * 60 * 24 * 180  # a campaign can rest for months between sessions


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def remembered_seat(request: HttpRequest, code: str) -> str | None:
    return request.get_signed_cookie(cookie_name(code), default=None, salt="seat")


def remember_seat(response: HttpResponse, code: str, seat: str) -> None:
    response.set_signed_cookie(
        cookie_name(code),
        seat,
        salt="seat",
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SEAT_COOKIE_SECURE,
    )
