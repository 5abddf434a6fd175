"""The campaign checklist's heading follows the step the group is at (issue 16): the last
turn's "End of the turn" steps, still listed while the next player's scene is read, are headed
by that scene and folded, not "At the table: End of the turn" as if it were what to do now."""

from __future__ import annotations

import pytest

from tests.games.galzyr.own_box import own_box_table, post
from tests.seating import sit

pytestmark = pytest.mark.django_db


def heading(content: str) -> str:
    details = content[content.index('id="gz-checklist"') :]
    summary = details[details.index("<summary>") + 9 : details.index("</summary>")]
    return " ".join(summary.split())


def test_the_heading_names_the_scene_being_read_once_the_turn_has_moved_on(client):
    table = own_box_table()
    sm = sit(client, table, "sm")
    post(sm, table, "campaign-begin-story")
    post(sm, table, "open-scene", {"number": "123"})
    post(sm, table, "continue")
    content = post(sm, table, "campaign-end-turn")
    assert heading(content) == "At the table: End of the turn"
    assert '<details class="gz-checklist" id="gz-checklist" open>' in content
    who = table.state["adventurers"][table.state["active"]].capitalize()
    # the next player opens their scene straight from travel (it begins the story)
    content = post(sm, table, "open-scene", {"number": "124"})
    assert heading(content) == f"{who}'s turn, the story: scene 0124 · done before: End of the turn"
    assert '<details class="gz-checklist" id="gz-checklist">' in content  # folded
    # a move that keeps its own checklist heads it again as what to do at the table now
    content = post(sm, table, "campaign-gold", {"player": "1", "amount": "1", "how": "gain"})
    assert heading(content).startswith("At the table: ")
