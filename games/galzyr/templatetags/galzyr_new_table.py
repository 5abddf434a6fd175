"""The Lands of Galzyr new-table form: the worlds and, for campaign mode, each player's row.

A refused form comes back with what was posted, so the rows keep the adventurers chosen
(the template can't index the posted list by the row's number itself).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import template

from games.galzyr.shelf import world_choices
from games.galzyr.state import MAX_PLAYERS, UNCHOSEN

register = template.Library()


@register.simple_tag
def gz_new_table(form) -> dict[str, Any]:
    worlds = world_choices()  # one query for every world and its adventurers, the default first
    # Two worlds of one name (a world loaded twice, under two slugs) are told apart by the slug
    # each was loaded under, the name load_world printed.
    named = Counter(w.name for w in worlds)
    posted = form.getlist("opt_adventurers") if hasattr(form, "getlist") else []
    world = form.get("opt_world") or (worlds[0].slug if worlds else "")
    return {
        "worlds": worlds,
        "labels": [(w, f"{w.name} ({w.slug})" if named[w.name] > 1 else w.name) for w in worlds],
        "world": world,
        "rows": [
            {"number": i + 1, "pick": posted[i] if i < len(posted) else UNCHOSEN}
            for i in range(MAX_PLAYERS)
        ],
        "play": form.get("opt_play") or "cooperative",
        "campaign": form.get("opt_mode") == "campaign",
        "printed": any(w.printed for w in worlds),  # a box read from the printed book is offered
        # the chosen world is such a box: it is played in campaign mode only
        "own": any(w.printed and w.slug == world for w in worlds),
    }
