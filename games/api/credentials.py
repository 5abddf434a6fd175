"""Where an API request carries its credential: ``Authorization: Bearer <secret>``, the
per-claim secret games/services/seating.py handed out (games/services/access.py says what it
proves). The API reads only this header, never the pages' cookies (games/web/credentials.py),
so a page's cookie can't be replayed against the API from another site (it makes no CSRF
check)."""

from __future__ import annotations

from django.http import HttpRequest

from games.models import Table
from games.services import access
from games.services.access import Access


def api_secret(request: HttpRequest) -> str | None:
    kind, _sep, secret = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    return secret.strip() or None if kind.lower() == "bearer" else None


def api_access(request: HttpRequest, code: str, as_seat: str | None = None) -> tuple[Table, Access]:
    """What the bearer token proves; with ``as_seat``, the shared display's token playing that
    seat (refused as ``access.act_for`` refuses)."""
    table, held = access.table_and_access(code, api_secret(request))
    return table, access.act_for(table, held, as_seat)
