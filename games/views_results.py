"""Scores: a finished table's scores move by move, and a group's finished games."""

from __future__ import annotations

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import group_results, results, services
from games.views_table import device_tables, table_or_404


@require_GET
def scores_page(request: HttpRequest, code: str) -> HttpResponse:
    """A finished table's scores after every move (undone moves left out)."""
    table = table_or_404(code)
    game = services.game_of(table)
    outcome = game.outcome(table.state)
    chart = None
    if outcome and outcome.finished:
        chart = results.chart(results.scores_by_move(game, services.kept_states(table)))
    return render(
        request,
        "games/scores.html",
        {"table": table, "game": game, "outcome": outcome, "chart": chart},
    )


@require_GET
def results_page(request: HttpRequest) -> HttpResponse:
    """A group's finished games, opened by the group's link (``?key=…``); without one, the
    groups of the tables this device holds, each with its link."""
    key = request.GET.get("key", "")
    links = sorted(
        {(t.group, t.group_key) for t, _held in device_tables(request) if t.group and t.group_key}
    )
    group = group_results.group_name(key) if key else None
    if key and group is None:
        raise Http404(_("This results link does not work. Ask a player of the group for it."))
    return render(
        request,
        "games/results.html",
        {
            "group": group or "",
            "key": key,
            "links": links,
            "sections": group_results.sections(key) if key else [],
        },
    )
