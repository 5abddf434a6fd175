"""Scores: a finished table's scores round by round (or turn by turn), and a group's finished
games."""

from __future__ import annotations

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.core import scores
from games.services import access, group_results, record, tables
from games.web.table import access_or_404, device_tables


def _names() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The chart's words, in the request's language: the x axis (and the table's first
    column) by unit, the y axis by the game's score, the caption by unit."""
    units = {"round": _("Round"), "turn": _("Turn"), "move": _("Move")}
    scores = {"points": _("Points"), "vp": _("Victory points"), "prestige": _("Prestige")}
    captions = {
        "round": _("Scores at the end of each round"),
        "turn": _("Scores at the end of each turn"),
        "move": _("Scores after each move"),
    }
    return units, scores, captions


@require_GET
def scores_page(request: HttpRequest, code: str) -> HttpResponse:
    """A finished table's scores at the end of each round (or turn) with labelled axes, and
    the same numbers as a table; undone moves left out. HTMX asks for the section alone.

    For a device holding a seat there (or the keeper's claim), or with the group's results key
    (``?key=``: the group's results page links its tables so); anyone else takes a seat first."""
    table, held = access_or_404(request, code)
    if not access.reads_table(held, table, request.GET.get("key", "")):
        return redirect("games:seat", code=code)
    game = tables.game_of(table)
    outcome = game.outcome(table.state)
    chart, caption = None, ""
    line = record.finished_timeline(table)
    if line is not None:
        units, score_names, captions = _names()
        chart = scores.timeline_chart(line, units[line.unit], score_names[line.score])
        caption = captions[line.unit]
    template = "games/scores.html#scores" if request.htmx else "games/scores.html"
    return render(
        request,
        template,
        {"table": table, "game": game, "outcome": outcome, "chart": chart, "caption": caption},
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
