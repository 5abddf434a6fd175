"""A group's finished games, and the unguessable link that opens them.

A group is a name typed on the new-table form, and two groups may pick the same one; its
results are opened by the key its tables share (``Table.group_key``, random): a device that
starts a table for a group it already plays with (one of its tables has that name) joins the
same key, and anyone the group shares the results link with can follow it.
"""

from __future__ import annotations

import secrets

from django.utils.translation import gettext

from games.core import scores
from games.core.engine import Game, Outcome
from games.core.registry import all_games
from games.models import Table
from games.services import handed


def key_for(
    group: str, device_tables: list[Table], remembered: dict[str, str] | None = None
) -> str:
    """The key a new table of ``group`` joins: that of the device's own table of the same name,
    or of the group of that name this browser saved card data for (games/web/browser_groups.py),
    or a new one; none without a group. Names match whatever their case and spacing."""
    if not group:
        return ""
    for table in device_tables:
        if same_name(table.group, group) and table.group_key:
            return table.group_key
    for key, name in (remembered or {}).items():
        if same_name(name, group):
            return key
    return secrets.token_urlsafe(16)


def same_name(a: str, b: str) -> bool:
    """Two spellings of one group's name: "Thursday crew " is the group "Thursday Crew" (a
    slip of the shift key or a space doesn't split a group)."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def group_name(key: str) -> str | None:
    """The group's name, if some table has this key."""
    if not key:
        return None
    return Table.objects.filter(group_key=key).values_list("group", flat=True).first()


def finished_by_game(key: str) -> dict[str, list[tuple[Table, Game, Outcome]]]:
    """The group's finished tables by game (in the order the group first played them), each
    game's oldest first, with their outcomes: a running table's scores may still be secret."""
    games = all_games()
    tables = Table.objects.filter(group_key=key, game__in=list(games)).order_by("created")
    by_game: dict[str, list[tuple[Table, Game, Outcome]]] = {}
    for table in tables:
        game = handed.game(table.game)
        outcome = game.outcome(table.state)
        if outcome and outcome.finished:
            by_game.setdefault(table.game, []).append((table, game, outcome))
    return by_game


def sections(key: str) -> list[dict]:
    """Per game title: the group's finished tables, oldest first, and their final scores."""
    games = all_games()
    return [
        {
            "game": games[slug],
            "tables": finished,
            "chart": scores.chart(
                scores.final_scores_by_game([(g, t.state) for t, g, _o in finished]),
                x_label=gettext("Game"),
                y_label=gettext("Final score"),
            ),
        }
        for slug, finished in finished_by_game(key).items()
    ]
