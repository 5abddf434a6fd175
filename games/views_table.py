"""One table's live page: choosing a seat, the page, the poll, moves and undo.

Also the helpers every table page shares: ``table_or_404``, ``table_context`` and
``partial_or_page``.
"""

from __future__ import annotations

from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.engine import RuleError
from games.forms import args_from_form, version_from_form
from games.models import Table
from games.seats import remember_seat, remembered_seat

RECENT = 5  # log lines shown under the panel


def table_or_404(code: str) -> Table:
    try:
        return services.get_table(code)
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None


@require_http_methods(["GET", "POST"])
def choose_seat(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    seats = services.game_of(table).seats(table.state)
    if request.method == "POST":
        chosen = request.POST.get("seat", "")
        if chosen in {seat.id for seat in seats}:
            response = redirect("games:table", code=code)
            remember_seat(response, code, chosen)
            return response
    return render(
        request,
        "games/seat.html",
        {"table": table, "seats": seats, "current": remembered_seat(request, code)},
    )


def table_context(
    table: Table, seat_id: str, message: str = "", error: bool = False, state=None
) -> dict:
    """What games/table.html shows; ``state`` is the table's state already parsed, if the
    request has it (a big state takes a millisecond to parse: once per request is enough)."""
    game = services.game_of(table)
    if state is None:
        # Parsed once for the seats, the outcome and the view (or left by the move).
        state = services.loaded_state(table)
    seats = {seat.id: seat for seat in game.seats_fn(state)}
    outcome = game.outcome_fn(state)
    return {
        "table": table,
        "game": game,
        "seat": seats[seat_id],
        "view": game.view_fn(state, seat_id),
        "outcome": outcome,
        "recent": list(services.history(table, RECENT)),
        "message": message,
        "error": error,
        "panel": game.template,
        # Every move form posts to move_base + its name (see games/move_form_open.html).
        "move_base": reverse("games:move", args=[table.code, "x"])[:-2],
        "moves": game.moves,
    }


def _seat_and_state(request: HttpRequest, table: Table) -> tuple[str | None, Any]:
    """The device's seat if this table has it (else None), and the parsed state, which the
    page's context then reuses instead of parsing it a second time."""
    game = services.game_of(table)
    state = game.load(table.state)
    seat = remembered_seat(request, table.code)
    if seat and seat in {s.id for s in game.seats_fn(state)}:
        return seat, state
    return None, state


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    seat, state = _seat_and_state(request, table)
    if seat is None:
        return redirect("games:seat", code=code)
    return render(request, "games/table.html", table_context(table, seat, state=state))


@require_GET
def poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query, no body); the fresh live region otherwise."""
    version = services.current_version(code)
    if version is None:
        raise Http404(_("No table has this code."))
    if str(version) == request.GET.get("v"):
        return HttpResponse(status=204)
    table = services.get_table(code)
    seat, state = _seat_and_state(request, table)
    if seat is None:
        return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
    return render(request, "games/table.html#live", table_context(table, seat, state=state))


def _write(request: HttpRequest, code: str, action) -> HttpResponse:
    """Shared by every write: seat from the cookie, version from the form, errors in place.

    No query before the service's own locked read: the seat is checked there too.
    """
    seat = remembered_seat(request, code)
    if seat is None:
        return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
    try:
        table, logged = action(seat, version_from_form(request.POST))
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    except services.VersionConflict as conflict:
        context = table_context(conflict.table, seat, str(conflict), error=True)
        return _respond(request, context, status=409)
    except RuleError as exc:
        table = table_or_404(code)
        remembered, state = _seat_and_state(request, table)
        if remembered is None:
            return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
        context = table_context(table, seat, str(exc), error=True, state=state)
        return _respond(request, context, status=400)
    return _respond(request, table_context(table, seat, logged.sentence))


def _respond(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    return partial_or_page(request, "games/table.html", "live", context, status)


def partial_or_page(
    request: HttpRequest, template: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The ``partial`` of ``template`` for htmx, the whole page otherwise.

    htmx swaps only 2xx answers, so a refusal goes to htmx as 200 with the message shown in
    place and an ``HX-Trigger: tk:refused`` header; a full page keeps its status.
    """
    if request.htmx:
        response = render(request, f"{template}#{partial}", context)
        if status != 200:
            response["HX-Trigger"] = "tk:refused"
        return response
    return render(request, template, context, status=status)


@require_POST
def move(request: HttpRequest, code: str, name: str) -> HttpResponse:
    def action(seat: str, version: int):
        def read_form(model):
            return args_from_form(model, request.POST)

        return services.apply_move(code, name, read_form, expected_version=version, seat=seat)

    return _write(request, code, action)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    return _write(
        request,
        code,
        lambda seat, version: services.undo_last(code, expected_version=version, seat=seat),
    )
