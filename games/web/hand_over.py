"""The shared display handed over to a player without a device, and back.

GET ``/t/<code>/play/<seat>/``: the "hand the tablet to Ben" screen, which shows nothing of
Ben's. POST there: Ben's deliberate tap; the display then plays Ben's seat (his view, his
moves) until POST ``/t/<code>/play/done/``, "done, hide again". Who may be handed the display
is decided once, by games/services/access.py ``act_for``: only the shared display's device, only for a
seat no device holds.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.core.engine import RuleError
from games.models import Table
from games.services import access, tables
from games.services.access import Access
from games.services.hand_over import seat_named
from games.web import credentials
from games.web.table import access_or_404


def _screen(
    request: HttpRequest, table: Table, held: Access, seat_id: str, refusal: str = ""
) -> HttpResponse:
    seat = seat_named(tables.game_of(table).seats(table.state), seat_id)
    if seat is None:
        raise Http404(_("There is no such seat at this table."))
    context = {"table": table, "seat": seat, "held": held, "refusal": refusal}
    return render(request, "games/hand_over.html", context, status=403 if refusal else 200)


@require_http_methods(["GET", "POST"])
def hand_over(request: HttpRequest, code: str, seat: str) -> HttpResponse:
    """GET: the hand-over screen (nothing private on it). POST: the player's tap; the display
    then shows the seat's private parts, if ``act_for`` allows it."""
    table, held = access_or_404(request, code)
    if held.seat is None:
        return redirect("games:seat", code=code)
    try:
        access.act_for(table, held, seat)
    except RuleError as exc:
        return _screen(request, table, held, seat, str(exc))
    if request.method == "GET":
        return _screen(request, table, held, seat)
    response = redirect("games:table", code=code)
    credentials.remember_hand_over(response, request, code, seat, table.version)
    return response


@require_POST
def hide(request: HttpRequest, code: str) -> HttpResponse:
    """Done, hide again: the display shows the shared view."""
    response = redirect("games:table", code=code)
    credentials.hide_again(response, code)
    return response
