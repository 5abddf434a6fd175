"""Lands of Galzyr's own pages and their API twins: the campaign's trays, every tray in
numerical order card by card, and "where is card #N?". (The table's panel and moves are the
platform's pages, drawn from the game's per-seat view.)

The panel lists the trays with their counts only; a tray opened there fetches its cards from
this view (``?tray=KEY`` over HTMX), and its "where is" form asks this view too
(``?number=N``: over HTMX the sentence alone). Every move answers with the whole panel, so
keeping the catalog's hundreds of chips and sentences out of it keeps each answer small.
Nothing in a campaign is secret at the table, so every seat sees the same; a device still needs
a seat at the table (or the keeper's claim, over the API): the code alone reads no tray.

"Move a card" refused because the number's copies differ asks here which one
(``?copies=N&to=KEY``): a button per copy, each sending the move with its ``source`` and
``variant`` (over HTMX the buttons alone, into the panel's form; without JavaScript the page).

Over the REST API the same two read on request (``trays_api``, ``where_api``): a table's own
document (``GET /api/tables/<code>/``, and every move's answer) gives each tray's count only, as
the panel does, since the catalog's hundreds of cards would weigh on every move.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import (
    NOT_FOUND,
    REFUSED,
    UNSEATED,
    SeatCredential,
    refused,
    table_endpoint,
)
from games.galzyr.campaign import where_all
from games.galzyr.moves.campaign import board
from games.galzyr.seat_view import campaign as campaign_seat_view
from games.galzyr.state import is_story_master
from games.models import Table
from games.services import access, tables
from games.services.access import Access
from games.web import credentials

PAGE = "games/galzyr/campaign_trays.html"
WHERE = "games/galzyr/_campaign_where.html#answer"
COPIES = "games/galzyr/_campaign_copies.html"


def card_number(text: str | None) -> int | None:
    """A card number as typed (1 to 3 digits), else None."""
    text = (text or "").strip().lstrip("#")
    return int(text) if text.isdigit() and len(text) <= 3 else None


def copies_context(state, request: HttpRequest, seat: str) -> dict | None:
    """The copies "Move a card" may mean (``?copies=N&to=KEY``), or None when not asked."""
    number = card_number(request.GET.get("copies"))
    to = request.GET.get("to", "")
    if number is None or to not in state.campaign.places:
        return None
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
    return campaign_seat_view.where_answer(state, number, seat) or ""


@require_GET
def trays_page(request: HttpRequest, code: str) -> HttpResponse:
    try:
        table, held = credentials.page_access(request, code)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    game = tables.game_of(table)
    if game.slug != "galzyr":
        raise Http404(_("This table does not track a campaign."))
    # Parsed once: the seat check and the trays share it (no book: the trays don't read it).
    state = game.load(table.state)
    seats = {seat.id: seat for seat in game.seats_fn(state)}
    seat_id = held.seat
    if seat_id not in seats:
        url = reverse("games:seat", args=[code])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    trays = campaign_seat_view.campaign_trays(state)
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


# -- the REST API's twins ---------------------------------------------------------------
class TrayCardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    label = serializers.CharField(help_text="The card as the app names it: 'card #150 (…)'.")


class TraySerializer(serializers.Serializer):
    key = serializers.CharField(help_text="library, vault, quest_slot, noticeboard, save:<who>")
    label = serializers.CharField()
    cards = TrayCardSerializer(many=True, help_text="In numerical order.")


class CampaignTraysSerializer(serializers.Serializer):
    in_trays = serializers.IntegerField()
    trays = TraySerializer(many=True)
    where = serializers.DictField(
        child=serializers.CharField(), help_text="'Where is card #N?' for every card number."
    )


class WhereSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    where = serializers.CharField()


NO_CAMPAIGN = OpenApiResponse(description="No such table, or it tracks no campaign.")


def _campaign_state(table: Table):
    """The table's parsed state, or None when it tracks no campaign."""
    game = tables.game_of(table)
    if game.slug != "galzyr":
        return None
    state = game.load(table.state)  # no book: the trays and "where is" don't read it
    return state if state.mode == "campaign" and state.campaign is not None else None


def _no_campaign() -> Response:
    return refused(_("This table does not track a campaign."), status.HTTP_404_NOT_FOUND)


@extend_schema(
    responses={200: CampaignTraysSerializer, 400: REFUSED, 403: UNSEATED, 404: NO_CAMPAIGN},
    tags=["campaign"],
    description="Every tray of a Lands of Galzyr campaign card by card, in numerical order, and "
    "where every card number is.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def trays_api(request: Request, table: Table, held: Access) -> Response:
    access.require_reader(held)
    state = _campaign_state(table)
    if state is None:
        return _no_campaign()
    everything = campaign_seat_view.campaign_trays(state)
    where = where_all(state.campaign, hide_drawn=not is_story_master(state, held.seat))
    return Response({**everything, "where": {str(n): text for n, text in where.items()}})


@extend_schema(
    responses={200: WhereSerializer, 400: REFUSED, 403: UNSEATED, 404: NOT_FOUND},
    tags=["campaign"],
    description="Where is card #N? One sentence naming the place of each of its copies.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def where_api(request: Request, table: Table, held: Access, number: int) -> Response:
    access.require_reader(held)
    state = _campaign_state(table)
    if state is None:
        return _no_campaign()
    if not 0 <= number <= 999:
        return refused(_("Type a card number: 1 to 3 digits, such as 150."))
    answer = campaign_seat_view.where_answer(state, number, held.seat)
    return Response({"number": number, "where": answer})
