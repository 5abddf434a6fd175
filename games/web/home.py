"""The pages before a table: home, a new table, joining by code, and the bare health check.

The pages of a table are in table.py (seat, page, poll, moves), history.py (log, export,
import), backups.py, hand_over.py and results.py (scores; a group's results); a game's card
data is in catalogs.py (all in games/web/).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.core import codes
from games.core.engine import Game, RuleError
from games.core.registry import all_games, get_game
from games.services import group_results, seating, tables
from games.web import browser_groups, credentials, throttle
from games.web.forms import json_object_field
from games.web.table import device_tables

PLAYER_SLOTS = 6  # name inputs on the new-table form of a game that sets no maximum


def player_slots(game: Game) -> int:
    """Name inputs on the new-table form: as many players as the game seats at most (its
    ``Options.players`` ``max_length``), else ``PLAYER_SLOTS``."""
    field = game.Options.model_fields.get("players")
    limits = [getattr(m, "max_length", None) for m in field.metadata] if field else []
    return min((n for n in limits if n is not None), default=PLAYER_SLOTS)


def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers, and the bare view `make bench` compares against."""
    return HttpResponse(b"ok", content_type="text/plain")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The games, a join field, and the tables this device holds (from its own cookies only:
    nobody else's codes)."""
    games = all_games()
    mine = device_tables(request)
    return render(
        request,
        "games/home.html",
        {
            "games": games.values(),
            "tables": [(t, games.get(t.game), held) for t, held in mine],
            "code_error": request.GET.get("error") == "code",
            "gone": request.GET.get("gone") == "1",
        },
    )


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, game_slug: str) -> HttpResponse:
    try:
        game = get_game(game_slug)
    except LookupError:
        raise Http404(_("No such game.")) from None
    error = ""
    mine = [t for t, _held in device_tables(request)]
    if request.method == "POST":
        try:
            group = request.POST.get("group", "").strip()
            table = tables.create_table(
                game.slug,
                request.POST.get("name", ""),
                options_from_form(request.POST),
                group=group,
                group_key=group_results.key_for(group, mine, browser_groups.remembered(request)),
            )
        except RuleError as exc:
            error = str(exc)
        else:
            # The device that starts a table keeps it (games/services/seating.py).
            messages.info(
                request,
                _(
                    "This device holds the table's keys (seats, export, backups). Its spare, "
                    "for when it is lost: “If this device is lost” on this page."
                ),
            )
            response = redirect("games:seat", code=table.code)
            credentials.remember(response, table.code, seating.open_keeper(table))
            return response
    # A refused form comes back as it was filled: `form` gives a field's (last) value, `posted`
    # every value of a field sent more than once (ticked boxes, one select per player).
    names = request.POST.getlist("player")
    return render(
        request,
        "games/new.html",
        {
            "game": game,
            "error": error,
            "form": request.POST,
            # The sheet's "start a table for the group" link names the group.
            # Else the group this browser played with or saved a sheet for last: its card
            # data comes with its name (left empty, the table asks for every card).
            "group_default": request.GET.get("group", "")[:60]
            or browser_groups.latest(request, mine),
            # The groups this browser plays with, offered so a typo doesn't split a group.
            "group_names": browser_groups.names(request, mine),
            "posted": dict(request.POST.lists()),
            "player_names": names + [""] * (player_slots(game) - len(names)),  # one per seat
        },
    )


def options_from_form(data) -> dict[str, Any]:
    """Player names from numbered inputs; anything richer comes as JSON from the game's form."""
    options: dict[str, Any] = {}
    if data.get("options_json"):
        options.update(json_object_field(data["options_json"], _("The options field")))
    players = [name.strip() for name in data.getlist("player") if name.strip()]
    if players:
        options["players"] = players
    for key in data:
        if key.startswith("opt_"):
            values = [v for v in data.getlist(key) if v != ""]
            if values:
                # A dotted name nests: opt_modules.rooms=on → {"modules": {"rooms": "on"}}.
                *parents, leaf = key[4:].split(".")
                target = options
                for part in parents:
                    target = target.setdefault(part, {})
                    if not isinstance(target, dict):
                        raise RuleError(_("The game options contradict each other."))
                target[leaf] = values[0] if len(values) == 1 else values
    return options


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    code = codes.normalize(request.GET.get("code", ""))
    if not code or not tables.exists(code):
        throttle.failed_guess(request)
        return HttpResponseRedirect(reverse("games:home") + "?error=code#join")
    return redirect("games:seat", code=code)
