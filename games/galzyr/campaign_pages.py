"""The campaign's trays page: every tray in numerical order, card by card, and "where is card #N?".

The panel lists the trays with their counts only; a tray opened there fetches its cards from
this view (``?tray=KEY`` over HTMX), and its "where is" form asks this view too
(``?number=N``: over HTMX the sentence alone). Every move answers with the whole panel, so
keeping the catalog's hundreds of chips and sentences out of it keeps each answer small.
Nothing in a campaign is secret at the table, so every seat sees the same; a device still needs
a seat at the table.

"Move a card" refused because the number's copies differ asks here which one
(``?copies=N&to=KEY``): a button per copy, each sending the move with its ``source`` and
``variant`` (over HTMX the buttons alone, into the panel's form; without JavaScript the page).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from games.services import access, tables

PAGE = "games/galzyr/campaign_trays.html"
WHERE = "games/galzyr/_campaign_where.html#answer"
COPIES = "games/galzyr/_campaign_copies.html"


def card_number(text: str | None) -> int | None:
    """A card number as typed (1 to 3 digits), else None."""
    text = (text or "").strip().lstrip("#")
    return int(text) if text.isdigit() and len(text) <= 3 else None


def campaign_view_module():
    # Imported when first used: the URL modules load before the game registers its moves,
    # and campaign_view's imports (campaign_setup → rules → campaign_moves) need that order.
    from games.galzyr import campaign_view

    return campaign_view


def campaign_board_module():
    from games.galzyr import campaign_board  # as campaign_view_module, once the game is loaded

    return campaign_board


def copies_context(state, request: HttpRequest, seat: str) -> dict | None:
    """The copies "Move a card" may mean (``?copies=N&to=KEY``), or None when not asked."""
    number = card_number(request.GET.get("copies"))
    to = request.GET.get("to", "")
    if number is None or to not in state.campaign.places:
        return None
    board = campaign_board_module()
    choices = board.copy_choices(state, number, to, seat)
    words = board.place_words(state, to)
    return {
        "number": number,
        "to": to,
        "to_words": words,
        "copies": choices,
        "htmx": bool(request.htmx),
    }


def where_sentence(state, text: str | None, seat: str | None) -> str:
    number = card_number(text)
    if number is None:
        return _("Type a card number: 1 to 3 digits, such as 150.")
    return campaign_view_module().where_answer(state, number, seat) or ""


@require_GET
def trays_page(request: HttpRequest, code: str) -> HttpResponse:
    try:
        table, held = access.page_access(request, code)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    game = tables.game_of(table)
    if game.slug != "galzyr":
        raise Http404(_("This table does not track a campaign."))
    state = game.load(table.state)  # parsed once: the seat check and the trays share it
    seats = {seat.id: seat for seat in game.seats_fn(state)}
    seat_id = held.seat
    if seat_id not in seats:
        url = reverse("games:seat", args=[code])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    trays = campaign_view_module().campaign_trays(state)
    if trays is None:
        raise Http404(_("This table does not track a campaign."))
    asked = request.GET.get("number")
    if asked is not None and request.htmx:
        return render(request, WHERE, {"where_answer": where_sentence(state, asked, seat_id)})
    copies = copies_context(state, request, seat_id)
    if copies is not None and request.htmx:
        return render(request, COPIES, {"table": table, **copies})
    key = request.GET.get("tray")
    if key is not None and request.htmx:
        tray = next((t for t in trays["trays"] if t["key"] == key), None)
        if tray is None:
            raise Http404(_("This campaign has no such tray."))
        return render(request, PAGE + "#cards", {"t": tray})
    context = {"table": table, "seat": seats[seat_id], "c": trays}
    if asked is not None:
        context["where_answer"] = where_sentence(state, asked, seat_id)
    if copies is not None:
        context["copies"] = copies
    return render(request, PAGE, context)
