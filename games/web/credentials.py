"""Where a page request carries its credential: signed cookies only this device sends back.

A device that claimed a seat keeps its per-claim secret in the signed cookie ``seat_<code>``
(games/services/seating.py hands the secret out, games/services/access.py says what it
proves). After the deliberate "hand the tablet to …" tap, the shared display also carries
``play_<code>``: the seat it plays for, bound to its own secret. The pages read only cookies
and the API only its bearer header (games/api/credentials.py), so a page's cookie can't be
replayed against the API from another site (the API makes no CSRF check).
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games.core.engine import TABLE_SEAT, RuleError
from games.models import Table
from games.services import access
from games.services.access import Access, Credential

COOKIE_MAX_AGE = 60 * 60 * 24 * 180  # a campaign can rest for months between sessions
COOKIE_SALT = "talekeeper.claim"
# How long the shared display shows a seat's private parts after the hand-over, if nobody taps
# "Done, hide again": a player who walks away leaves no hand open for the evening.
HAND_OVER_MAX_AGE = 30 * 60
HAND_OVER_SALT = "talekeeper.hand-over"


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def page_secret(request: HttpRequest, code: str) -> str | None:
    return request.get_signed_cookie(cookie_name(code), default=None, salt=COOKIE_SALT)


def set_device_cookie(response: HttpResponse, name: str, value: str, *, salt: str, max_age: int):
    """A signed cookie only this device's pages send back (never script, never another site)."""
    response.set_signed_cookie(
        name,
        value,
        salt=salt,
        max_age=max_age,
        httponly=True,
        samesite="Lax",
        secure=settings.SEAT_COOKIE_SECURE,
    )


def remember(response: HttpResponse, code: str, secret: str) -> None:
    set_device_cookie(response, cookie_name(code), secret, salt=COOKIE_SALT, max_age=COOKIE_MAX_AGE)


def forget(response: HttpResponse, code: str) -> None:
    response.delete_cookie(cookie_name(code), samesite="Lax")


def device_secrets(request: HttpRequest, limit: int = 60) -> list[str]:
    """Every table credential this browser carries (its home page lists those tables)."""
    found = []
    for name in request.COOKIES:
        if name.startswith("seat_") and len(found) < limit:
            secret = page_secret(request, name[5:])
            if secret:
                found.append(secret)
    return found


# -- the shared display handed over to a seat no device holds ---------------------------------


def hand_over_cookie(code: str) -> str:
    return f"play_{code}"


def _bound(secret: str | None) -> str:
    """The part of a hand-over that ties it to one device's credential: another device's copy
    of the cookie (or one kept after the device changed seats) opens nothing."""
    return access.digest(f"hand-over:{secret or ''}")[:24]


def remember_hand_over(
    response: HttpResponse, request: HttpRequest, code: str, seat_id: str, version: int
) -> None:
    """Remember on this device that the shared display now plays ``seat_id`` (the deliberate
    "hand the tablet to …" tap; the caller has checked it with ``access.act_for``), since the
    table's ``version``."""
    value = f"{seat_id}:{version}:{_bound(page_secret(request, code))}"
    set_device_cookie(
        response, hand_over_cookie(code), value, salt=HAND_OVER_SALT, max_age=HAND_OVER_MAX_AGE
    )


def hide_again(response: HttpResponse, code: str) -> None:
    response.delete_cookie(hand_over_cookie(code), samesite="Lax")


def handed_over(request: HttpRequest, code: str) -> str | None:
    """The seat this device was handed over to (within HAND_OVER_MAX_AGE), if any."""
    found = _handed(request, code)
    return found[0] if found else None


def _handed(request: HttpRequest, code: str) -> tuple[str, int] | None:
    """The seat this device was handed over to, and the table's version then."""
    value = request.get_signed_cookie(
        hand_over_cookie(code), default=None, salt=HAND_OVER_SALT, max_age=HAND_OVER_MAX_AGE
    )
    seat_id, version, bound = ((value or "").split(":") + ["", ""])[:3]
    if not seat_id or not version.isdigit() or bound != _bound(page_secret(request, code)):
        return None
    return seat_id, int(version)


def hand_over_lapsed(request: HttpRequest, code: str) -> bool:
    """Whether this device carries a hand-over the server no longer honours: expired, not its
    own, or for a seat a device now holds. No query for a device without one."""
    if not request.COOKIES.get(hand_over_cookie(code)):
        return False
    seat_id = handed_over(request, code)
    return seat_id is None or access.seat_held(code, seat_id)


# -- what a page request proves ---------------------------------------------------------------


def page_access(request: HttpRequest, code: str) -> tuple[Table, Access]:
    """What the device holds itself (the seat page, keeping, backups)."""
    return access.table_and_access(code, page_secret(request, code))


def page_play(request: HttpRequest, code: str) -> tuple[Table, Access]:
    """The seat a table page is played as: the device's own, or after the hand-over the seat
    the shared display plays for (while no device takes that seat; the display's own view
    otherwise, so a phone taking the seat hides it on the tablet at the next refresh)."""
    table, held = page_access(request, code)
    found = _handed(request, code) if held.seat == TABLE_SEAT else None
    if found:
        try:
            return table, replace(access.act_for(table, held, found[0]), since=found[1])
        except RuleError:
            pass
    return table, held


def page_credential(request: HttpRequest, code: str) -> Credential:
    """A page write's credential, with the seat the shared display was handed over to."""
    return Credential(page_secret(request, code), as_seat=handed_over(request, code))
