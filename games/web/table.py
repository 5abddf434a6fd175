"""One table's live page: choosing a seat, the page, the poll, moves and undo.

Also the helpers every table page shares: ``table_or_404``, ``table_context`` and
``partial_or_page``.
"""

from __future__ import annotations

from django.contrib import messages
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

from games.core.engine import RuleError
from games.models import Table
from games.services import access, keeping, record, seating, spare, tables, turns
from games.services.access import Access
from games.services.hand_over import hand_over_part, still_handed, still_played
from games.services.shown import shown
from games.web import credentials
from games.web.forms import args_from_form, version_from_form
from games.web.qr import link_and_qr

RECENT = 5  # log lines shown under the panel


def table_or_404(code: str) -> Table:
    try:
        return access.find_table(code)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None


def access_or_404(request: HttpRequest, code: str) -> tuple[Table, Access]:
    """The table and what this device's cookie proves there (games/web/credentials.py)."""
    try:
        return credentials.page_access(request, code)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None


def play_or_404(request: HttpRequest, code: str) -> tuple[Table, Access]:
    """The table and the seat its page is played as: the device's own, or the seat the shared
    display was handed over to (games/web/credentials.py ``page_play``)."""
    try:
        return credentials.page_play(request, code)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None


def device_tables(request: HttpRequest) -> list[tuple[Table, Access]]:
    """The tables this browser holds a claim at (from its own cookies), newest first."""
    return seating.device_tables(credentials.device_secrets(request))


def to_seat_page(request: HttpRequest, code: str) -> HttpResponse:
    url = reverse("games:seat", args=[code])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def table_context(
    table: Table,
    seat_id: str,
    message: str = "",
    error: bool = False,
    state=None,
    keeper: bool = False,
    held: Access | None = None,
) -> dict:
    """What games/table.html shows; ``state`` is the table's state already parsed, if the
    request has it (a big state takes a millisecond to parse: once per request is enough).
    ``keeper``: the device may export and keep backups (the page offers them). ``held``: what
    the request holds, for the shared display's hand-over part (games/services/hand_over.py)."""
    game = tables.game_of(table)
    if state is None:  # parsed once for the seats, the outcome and the view
        state = tables.loaded_state(table)
    hidden_again = False
    if held is not None and held.via is not None:
        # Handed over to a seat whose turn or step is over: the display hides again.
        done = still_handed(game, state, held, table.version)
        hidden_again, held, seat_id = done is not held, done, done.seat
    seen = shown(game, state, seat_id, seat_id)
    seats = {seat.id: seat for seat in seen.seats}
    recent = list(record.history(table, RECENT))
    last = turns.last_undoable(recent)
    # the shared display handed to a player still undoes as the display (turns.undoer)
    undoer = (
        seats.get(held.via, seats[seat_id]) if held is not None and held.via else seats[seat_id]
    )
    # A game over, or no seat with anything left to do (only the table's reveal): no "Hand
    # the tablet to …" (a display already handed over still shows whose it is).
    idle = not still_played(game, state, seen.outcome)
    allowed = last is not None and turns.may_undo(undoer, last.seat, keeper=keeper)
    return {
        "table": table,
        "game": game,
        "seat": seats[seat_id],
        "view": seen.view,
        "outcome": seen.outcome,
        "recent": recent,
        # Undo: the declaration (turns.may_undo), which the service enforces
        "last_move": last,
        "may_undo": allowed,
        # Who may, when this device may not: named from the same declaration as the refusal.
        "undo_whose": turns.who_may_undo(table, _("it"), state) if last and not allowed else "",
        "message": message,
        "error": error,
        "panel": game.template,
        # Every move form posts to move_base + its name (games/templatetags/tk.py ``move_form``).
        "move_base": reverse("games:move", args=[table.code, "x"])[:-2],
        "moves": game.moves,
        "may": seen.may,
        "keeper": keeper,
        "group_key": table.group_key if table.group else "",
        "hand_over": hand_over_part(
            table,
            None if idle and (held is None or held.via is None) else held,
            list(seats.values()),
        ),
        "hidden_again": hidden_again,  # the response forgets the hand-over (hide_if_done)
    }


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table, held = play_or_404(request, code)
    if held.seat is None:
        return redirect("games:seat", code=code)
    context = table_context(table, held.seat, keeper=held.keeper, held=held)
    return hide_if_done(render(request, "games/table.html", context), context)


def hide_if_done(response: HttpResponse, context: dict) -> HttpResponse:
    """The response forgets the hand-over once the handed seat had nothing left to do."""
    if context.get("hidden_again"):
        credentials.hide_again(response, context["table"].code)
    return response


@require_GET
def poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query, no body); the fresh live region otherwise.

    The marks (version ``v``, seating ``s``) are no secret: what changed is fetched for the
    seat the cookie proves.
    """
    marks = tables.current_marks(code)
    if marks is None:
        if request.htmx and credentials.page_secret(request, code):
            # The keeper deleted the table under a device it had seated (its signed cookie
            # says so): tell it. Anyone else gets the 404 every wrong code gets.
            response = HttpResponseClientRedirect(reverse("games:home") + "?gone=1")
            credentials.forget(response, code)
            return response
        raise Http404(_("No table has this code."))
    # A display showing a seat it was handed over to is drawn again, with nothing moved, once
    # that hand-over lapsed (a device took the seat, or half an hour passed).
    lapsed = credentials.hand_over_lapsed(request, code)
    seen = (request.GET.get("v"), request.GET.get("s"))
    if seen == (str(marks.version), str(marks.seating)) and not lapsed:
        return HttpResponse(status=204)
    table, held = play_or_404(request, code)
    if held.seat is None:
        return to_seat_page(request, code)
    context = table_context(table, held.seat, keeper=held.keeper, held=held)
    response = hide_if_done(render(request, "games/table.html#live", context), context)
    if lapsed:
        credentials.hide_again(response, code)
    return response


def _write(request: HttpRequest, code: str, action) -> HttpResponse:
    """Shared by every write: the cookie's credential checked inside the service's own locked
    read (no query of its own), the version from the form, errors shown in place."""
    who = credentials.page_credential(request, code)
    try:
        written = action(who, version_from_form(request.POST))
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    except access.AccessDenied:
        return to_seat_page(request, code)
    except tables.VersionConflict as conflict:
        held = conflict.held
        context = table_context(
            conflict.table, held.seat, str(conflict), error=True, keeper=held.keeper, held=held
        )
        return _respond(request, context, status=409)
    except RuleError as exc:
        table, held = play_or_404(request, code)
        if held.seat is None:
            return to_seat_page(request, code)
        context = table_context(
            table, held.seat, str(exc), error=True, keeper=held.keeper, held=held
        )
        return _respond(request, context, status=400)
    held = written.held
    context = table_context(
        written.table,
        held.seat,
        written.move.sentence,
        state=written.state,
        keeper=held.keeper,
        held=held,
    )
    return _respond(request, context)


def _respond(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    response = partial_or_page(request, "games/table.html", "live", context, status)
    return hide_if_done(response, context)


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
    def action(who: access.Credential, version: int):
        def read_form(model):
            return args_from_form(model, request.POST)

        return turns.apply_move(code, name, read_form, expected_version=version, seat=who)

    return _write(request, code, action)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    return _write(
        request,
        code,
        lambda who, version: turns.undo_last(code, expected_version=version, seat=who),
    )


# -- seats: taking one, leaving it, and the keeper's screen ---------------------------------


def _seat_page(
    request: HttpRequest, table: Table, held: Access, message: str = "", status: int = 200
) -> HttpResponse:
    lines, spare_link = [], None
    if held.keeper:
        for line in seating.seat_lines(table, held):
            path = reverse("games:join-seat", args=[table.code, line.seat.id, line.invite])
            lines.append({"line": line, **link_and_qr(request, path)})
        key = spare.spare_for(table, held)
        spare_link = link_and_qr(request, reverse("games:spare-keeper", args=[table.code, key]))
    if not message and held.claim_id is None and credentials.page_secret(request, table.code):
        # The device carries a credential the table no longer knows: its seat was freed.
        message = _(
            "This device no longer holds a seat here: its seat was freed (by the keeper, or "
            "when it left). Open your seat's join link again to take it back."
        )
    found = access.visitor(table, held)  # the code alone: the table's name and seats
    context = {
        "table": table,
        "seats": found.seats if found else tables.game_of(table).seats(table.state),
        "visitor": found,
        "held": held,
        "lines": lines,
        "spare": spare_link,  # the keeper's spare link (games/services/spare.py)
        "message": message,
        "error": status >= 400,
    }
    return render(request, "games/seat.html", context, status=status)


@require_http_methods(["GET", "POST"])
def choose_seat(request: HttpRequest, code: str) -> HttpResponse:
    """GET: the keeper's screen (every seat, its holder, join link and QR code) or, for anyone
    else, which seat this device holds. POST ``seat`` (and ``invite``, the join link's key):
    take it — a keeper needs no key."""
    table, held = access_or_404(request, code)
    if request.method == "GET":
        return _seat_page(request, table, held)
    try:
        secret, held = seating.claim_seat(
            code,
            request.POST.get("seat", ""),
            secret=credentials.page_secret(request, code),
            invite=request.POST.get("invite", ""),
        )
    except seating.SeatHeld as exc:
        return _seat_page(request, table, held, str(exc), status=409)
    except access.AccessDenied as exc:
        return _seat_page(request, table, held, str(exc), status=403)
    except RuleError as exc:
        return _seat_page(request, table, held, str(exc), status=400)
    response = redirect("games:table", code=code)
    credentials.remember(response, code, secret)
    credentials.hide_again(response, code)  # a new seat: no hand-over carries over
    return response


@require_GET
def join_seat(request: HttpRequest, code: str, seat: str, invite: str) -> HttpResponse:
    """A seat's join link (the keeper's QR code): one tap takes the seat on this device."""
    table, held = access_or_404(request, code)
    if held.seat == seat:
        return redirect("games:table", code=code)
    found = next((s for s in tables.game_of(table).seats(table.state) if s.id == seat), None)
    context = {"table": table, "seat": found, "invite": invite, "held": held}
    if found is None or not seating.valid_key(table, seat, invite):
        context["refusal"] = _(
            "This join link does not work (it may have been replaced). Ask the keeper for "
            "the seat's link or QR code."
        )
        return render(request, "games/join_seat.html", context, status=403)
    if seat in access.held_seats(table):
        context["refusal"] = seating.held_sentence(found.label)
        return render(request, "games/join_seat.html", context, status=409)
    return render(request, "games/join_seat.html", context)


@require_POST
def leave_seat(request: HttpRequest, code: str) -> HttpResponse:
    table, held = access_or_404(request, code)
    try:
        now = seating.leave_seat(code, held)
    except RuleError as exc:
        return _seat_page(request, table, held, str(exc), status=400)
    messages.success(request, _("This device left its seat."))
    response = redirect("games:seat", code=code)
    credentials.hide_again(response, code)
    if now.claim_id is None:
        credentials.forget(response, code)
    return response


SEAT_ACTIONS = {
    "free": seating.free_seat,
    "keeper": seating.name_keeper,
}


@require_http_methods(["GET", "POST"])
def manage_seats(request: HttpRequest, code: str) -> HttpResponse:
    """The keeper frees a seat, names another keeper, replaces every join link or the spare
    keeper link, renames or deletes the table; then back to the seat page (reloading it posts nothing again)."""
    if request.method == "GET":
        return redirect("games:seat", code=code)
    table, held = access_or_404(request, code)
    action = request.POST.get("action", "")
    try:
        if action == "delete":
            if request.POST.get("confirm") != "yes":
                raise RuleError(_("Tick the box to confirm that the table is to be deleted."))
            messages.success(request, keeping.delete_table(code, by=held))
            response = redirect("games:home")
            credentials.forget(response, code)
            return response
        if action == "stop-keeping":
            message = seating.stop_keeping(code, by=held)
        elif action == "rename":
            keeping.rename_table(code, request.POST.get("name", ""), by=held)
            message = _("Renamed.")
        elif action == "new-links":
            message = seating.new_links(code, by=held)
        elif action == "renew-spare":
            message = spare.renew_spare(code, by=held)
        elif action in SEAT_ACTIONS:
            message = SEAT_ACTIONS[action](code, request.POST.get("seat", ""), by=held)
        else:
            raise RuleError(_("Choose what to do with the seat."))
    except access.AccessDenied as exc:
        return _seat_page(request, table, held, str(exc), status=403)
    except RuleError as exc:
        # Back to the seat page with the reason: reloading it posts nothing again.
        messages.error(request, str(exc))
        return redirect("games:seat", code=code)
    messages.success(request, message)
    response = redirect("games:seat", code=code)
    if action == "stop-keeping" and held.seat is None:
        credentials.forget(response, code)  # its claim is gone with the keeping
    return response
