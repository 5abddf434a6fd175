"""The campaign's trays page: every tray in numerical order, card by card.

The panel lists the trays with their counts only; a tray opened there fetches its cards from
this view (``?tray=KEY`` over HTMX). Every move answers with the whole panel, so keeping the
catalog's hundreds of chips out of it keeps each move's answer small. Thin: the seat's own
view of the table (``view_fn``, filtered on the server like the panel) picks what is shown.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.seats import remembered_seat

PAGE = "games/galzyr/campaign_trays.html"


@require_GET
def trays_page(request: HttpRequest, code: str) -> HttpResponse:
    try:
        table = services.get_table(code)
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    game = services.game_of(table)
    if game.slug != "galzyr":
        raise Http404(_("This table does not track a campaign."))
    state = game.load(table.state)  # parsed once: the seat check and the view share it
    seats = {seat.id: seat for seat in game.seats_fn(state)}
    seat_id = remembered_seat(request, code)
    if seat_id not in seats:
        url = reverse("games:seat", args=[code])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    campaign = game.view_fn(state, seat_id).get("campaign")
    if campaign is None:
        raise Http404(_("This table does not track a campaign."))
    key = request.GET.get("tray")
    if key is not None and request.htmx:
        tray = next((t for t in campaign["trays"] if t["key"] == key), None)
        if tray is None:
            raise Http404(_("This campaign has no such tray."))
        return render(request, PAGE + "#cards", {"t": tray})
    context = {"table": table, "seat": seats[seat_id], "c": campaign}
    return render(request, PAGE, context)
