"""Who is asking: the seat and role a request's credential proves at one table.

A code finds a table; it opens nothing secret. A device proves a seat with the credential it
was given when it claimed the seat (games/seating.py): for the pages, a signed cookie
``seat_<code>`` carrying a per-claim secret; for the API, the same kind of secret sent as
``Authorization: Bearer …``. The server keeps only the secret's SHA-256 in a ``Claim`` row,
so a keeper can revoke it and a copy of the database hands out no credential.

Every HTMX and DRF view asks here, and nowhere else, which seat a request holds. A request
without a valid credential is anonymous: it sees what the shared display shows and makes no
move. The pages read only the cookie and the API only the header, so a page's cookie can't
be replayed against the API from another site (the API makes no CSRF check).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.db.models import F, FilteredRelation, Q
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from games.engine import TABLE_SEAT, RuleError
from games.models import Claim, Table

COOKIE_MAX_AGE = 60 * 60 * 24 * 180  # a campaign can rest for months between sessions
COOKIE_SALT = "talekeeper.claim"
PUBLIC_SEAT = TABLE_SEAT  # whose view an anonymous client gets: the shared display's


class AccessDenied(RuleError):
    """The request's credential does not allow this (the API answers 403)."""


class TableNotFound(Exception):
    """No table has this code (the page or API answers 404)."""


@dataclass(frozen=True)
class Access:
    """What one request may do at one table."""

    seat: str | None  # None: holds no seat (anonymous, or a keeper between seats)
    keeper: bool = False
    claim_id: int | None = None

    @property
    def view_seat(self) -> str:
        """The seat whose view this request is shown."""
        return self.seat or PUBLIC_SEAT

    def require_seat(self) -> str:
        if self.seat is None:
            raise AccessDenied(
                _(
                    "This device holds no seat at this table. Open your seat's join link "
                    "(the keeper's screen shows it) to take one."
                )
            )
        return self.seat

    def require_keeper(self) -> None:
        if not self.keeper:
            raise AccessDenied(
                _(
                    "Only the table's keeper can do that (the device that started the table, "
                    "or one it named)."
                )
            )


ANONYMOUS = Access(seat=None)


@dataclass(frozen=True)
class Credential:
    """A request's secret, unresolved: a write resolves it inside its own locked read of the
    table (``locked``), so the credential check costs no query of its own."""

    secret: str | None


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _of(claim: Claim) -> Access:
    return Access(seat=claim.seat or None, keeper=claim.keeper, claim_id=claim.pk)


# -- credentials: where a request carries its secret ---------------------------------------


def cookie_name(code: str) -> str:
    return f"seat_{code}"


def page_secret(request: HttpRequest, code: str) -> str | None:
    return request.get_signed_cookie(cookie_name(code), default=None, salt=COOKIE_SALT)


def api_secret(request: HttpRequest) -> str | None:
    kind, _sep, secret = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    return secret.strip() or None if kind.lower() == "bearer" else None


def remember(response: HttpResponse, code: str, secret: str) -> None:
    response.set_signed_cookie(
        cookie_name(code),
        secret,
        salt=COOKIE_SALT,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SEAT_COOKIE_SECURE,
    )


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


# -- resolving: one indexed query ------------------------------------------------------------


def find_table(code: str) -> Table:
    try:
        return Table.objects.get(code=code)
    except Table.DoesNotExist:
        raise TableNotFound(code) from None


def table_and_access(code: str, secret: str | None) -> tuple[Table, Access]:
    """The table and what ``secret`` proves there, in one query when the secret is good."""
    if secret:
        claim = (
            Claim.objects.select_related("table")
            .defer("table__blobs")
            .filter(token_hash=digest(secret), table__code=code)
            .first()
        )
        if claim is not None:
            return claim.table, _of(claim)
    return find_table(code), ANONYMOUS


def claim_access(code: str, secret: str | None) -> Access:
    """What ``secret`` proves at the table with this code, without reading the table (writes
    lock and read it themselves): one query, none without a secret."""
    if not secret:
        return ANONYMOUS
    claim = (
        Claim.objects.filter(token_hash=digest(secret), table__code=code)
        .only("id", "seat", "keeper")
        .first()
    )
    return _of(claim) if claim else ANONYMOUS


def locked(code: str, secret: str | None) -> tuple[Table, Access]:
    """The table row locked for a write and what ``secret`` proves there, in one query (the
    device's claim joined to the row; only the table's row is locked)."""
    mine = FilteredRelation("claims", condition=Q(claims__token_hash=digest(secret or "")))
    table = (
        Table.objects.select_for_update(of=("self",))
        .annotate(
            mine=mine,
            claim_id=F("mine__id"),
            claim_seat=F("mine__seat"),
            claim_keeper=F("mine__keeper"),
        )
        .filter(code=code)
        .first()
    )
    if table is None:
        raise TableNotFound(code)
    if not secret or table.claim_id is None:
        return table, ANONYMOUS
    held = Access(seat=table.claim_seat or None, keeper=table.claim_keeper, claim_id=table.claim_id)
    return table, held


def page_access(request: HttpRequest, code: str) -> tuple[Table, Access]:
    return table_and_access(code, page_secret(request, code))


def api_access(request: HttpRequest, code: str) -> tuple[Table, Access]:
    return table_and_access(code, api_secret(request))
