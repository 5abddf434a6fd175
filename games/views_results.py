"""Scores: a finished table's scores move by move, and a group's finished games."""

from __future__ import annotations

from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import results, services
from games.models import Table
from games.registry import all_games
from games.views_table import table_or_404


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
    """A group's finished games, per game title, with each player's final scores over time."""
    group = request.GET.get("group", "").strip()
    groups = (
        Table.objects.exclude(group="").order_by("group").values_list("group", flat=True).distinct()
    )
    sections = []
    if group:
        games = all_games()
        tables = Table.objects.filter(group=group, game__in=list(games)).order_by("created")
        by_game: dict[str, list] = {}
        for table in tables:
            game = games[table.game]
            outcome = game.outcome(table.state)
            if outcome and outcome.finished:
                by_game.setdefault(table.game, []).append((table, game, outcome))
        for slug, finished in by_game.items():
            sections.append(
                {
                    "game": games[slug],
                    "tables": finished,
                    "chart": results.chart(
                        results.final_scores_by_game([(g, t.state) for t, g, _ in finished])
                    ),
                }
            )
    return render(
        request,
        "games/results.html",
        {"group": group, "groups": list(groups), "sections": sections},
    )
