"""A group's finished games, and the unguessable link that opens them.

A group is a name typed on the new-table form; names are easy to guess, so its results are
opened by a key derived from the name with the server's secret (nothing to store, nothing to
leak from the database): a device that holds a seat at one of the group's tables is shown the
link, and anyone it is shared with can follow it.
"""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

from games import results
from games.models import Table
from games.registry import all_games

KEY_SALT = "talekeeper.group-results"


def group_key(group: str) -> str:
    return salted_hmac(KEY_SALT, group).hexdigest()[:20]


def key_opens(group: str, key: str) -> bool:
    return bool(group) and constant_time_compare(key or "", group_key(group))


def sections(group: str) -> list[dict]:
    """Per game title: the group's finished tables, oldest first, and their final scores."""
    games = all_games()
    tables = Table.objects.filter(group=group, game__in=list(games)).order_by("created")
    by_game: dict[str, list] = {}
    for table in tables:
        game = games[table.game]
        outcome = game.outcome(table.state)
        if outcome and outcome.finished:
            by_game.setdefault(table.game, []).append((table, game, outcome))
    return [
        {
            "game": games[slug],
            "tables": finished,
            "chart": results.chart(
                results.final_scores_by_game([(g, t.state) for t, g, _ in finished])
            ),
        }
        for slug, finished in by_game.items()
    ]
