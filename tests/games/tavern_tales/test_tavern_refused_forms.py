"""Issue 16 item 4 (QAF new problem 3): a tap-in or collect form the app answers with a
question, or refuses, comes back with everything the player had entered, so only the asked
value is left to give (card_sheets.typed_if_refused, as Dark Tales' and Tales of Danger's)."""

from __future__ import annotations

import json
import re

import pytest

from games.services import tables
from tests.games.tavern_tales.pages import accepted, make, page, refused, seated, stake

pytestmark = pytest.mark.django_db

GOLD = json.dumps({"feat": "Gold"})


def depth_form(text: str, depth: str) -> str:
    """The tap-in form of ``depth``'s card on the page."""
    start = text.index(f'data-depth="{depth}"')
    return text[start : text.index("</article>", start)]


def selected(html: str, name: str) -> list[str]:
    """The value each ``name`` select shows ("" for its first, unselected option)."""
    chosen = []
    for options in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S):
        hit = re.search(r"<option[^>]*? selected>([^<]*)", options)
        chosen.append(hit.group(1) if hit else "")
    return chosen


def test_the_copies_question_keeps_the_feats_tapped_in_and_the_copies_typed(client):
    table = tables.create_table(
        "tavern-tales", "Friday", {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    )
    seated(client, table)
    sent = {"depth": "Mineshaft", "feats": [GOLD] * 3}
    text = refused(client, table, "show-feats", sent, "How many Gold cards does the game have?")
    form = depth_form(text, "Mineshaft")
    assert selected(form, "feats") == ["Gold", "Gold", "Gold"]
    assert '<details class="tt-act" id="tt-show-1" open>' in form
    # Another depth's form shows its own feats, not what was sent for the Mineshaft.
    assert selected(depth_form(text, "Ice Caves"), "feats") == ["", "", ""]
    mimic = json.dumps({"feat": "Mimic"})
    sent = {"depth": "Mineshaft", "feats": [GOLD, mimic, "{}"], "copies": "3"}
    text = refused(client, table, "show-feats", sent, "how many Gold or Mimic cards")
    form = depth_form(text, "Mineshaft")
    assert selected(form, "feats") == ["Gold", "Mimic", ""]
    assert 'name="copies" min="1" max="71" inputmode="numeric" autocomplete="off" value="3"' in form


def test_the_collect_forms_question_keeps_the_feats_named_and_the_choices(client):
    table = make()  # the Mineshaft's feats face-up, not tapped in: named when collected
    seated(client, table)
    stake(client, table, slots=["0", "1"])
    accepted(client, table, "pass-claim", {})
    accepted(client, table, "pass-claim", {})
    assert selected(page(client, table), "reveal") == ["", ""]
    sent = {"reveal": ["Boss Armor", "Troll"], "copies": "2"}
    text = refused(client, table, "collect", sent, "Choose for the Boss Armor")
    assert selected(text, "reveal") == ["Boss Armor", "Troll"]
    assert 'autocomplete="off" value="2"' in text
    sent = {"reveal": ["Mimic", "Boss Armor"], "boss_armor": "per-monster"}
    text = refused(client, table, "collect", sent, "scoring track of Mimic")
    assert selected(text, "reveal") == ["Mimic", "Boss Armor"]
    assert 'name="boss_armor" value="per-monster" checked' in text
    assert 'name="boss_armor" value="two" required checked' not in text
