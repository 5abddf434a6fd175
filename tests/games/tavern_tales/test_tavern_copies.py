"""Tavern Tales bounds the copies of each feat (QA8 item 5: one game collected 19 Golds).

The rulebook prints no feat's quantity (each card shows it), so the app asks a feat's copies
the first time it is named, once, and keeps them (the table's card data; the group's from the
keeper's device); naming more copies than that is refused with a sentence saying what to do.
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.models import Table
from games.services import catalogs, tables, turns
from games.services.access import Access
from games.tavern_tales.game import game
from tests.games.tavern_tales.deciding import act
from tests.games.tavern_tales.pages import page, post, seated

pytestmark = pytest.mark.django_db

ASKED = "How many Gold cards does the game have?"


def new_game():
    return game.setup({"players": ["Mara", "Bo", "Cy"], "first_player": 0}, 5)


def show(state, depth, *feats, copies=None):
    args = {"depth": depth, "feats": [{"feat": f} if f else {} for f in feats]}
    if copies is not None:
        args["copies"] = copies
    return game.apply(state, "show-feats", args, "table")


def test_a_feats_copies_are_asked_once_then_bound_every_naming():
    state = new_game()
    with pytest.raises(RuleError) as asked:
        show(state, "Mineshaft", "Gold", "Gold", "Gold")
    assert str(asked.value).startswith(ASKED) and "Copies in the deck" in str(asked.value)
    state, _ = show(state, "Mineshaft", "Gold", "Gold", "Gold", copies=4)
    assert game.load(state).catalog.feat("Gold").count == 4
    state, _ = show(state, "Ice Caves", "Gold", None, None)  # known now: nothing asked
    with pytest.raises(RuleError) as over:
        show(state, "Caverns", "Gold", None, None)
    assert str(over.value) == (
        "The game has only 4 Gold cards, and the app would see 5: check which feat that is, "
        "or correct Gold's copies under “Card facts” or on the card-data sheet."
    )


def test_two_unknown_feats_in_one_move_are_asked_one_by_one():
    with pytest.raises(RuleError, match="how many Gold or Mimic cards"):
        show(new_game(), "Mineshaft", "Gold", "Mimic", "Gold", copies=3)


def test_a_revealed_feat_is_asked_its_copies_at_the_collect():
    state = new_game()  # the feats at the Mineshaft face up but not tapped in
    hero = {"kind": "specialist", "depths": ["Mineshaft"]}
    state, _ = game.apply(state, "stake-claim", {"depth": "Mineshaft", "slots": [0], **hero}, "p1")
    while state["phase"] == "claim":
        state, _ = act(state, "pass-claim")
    assert state["claim"]["needs"] == ["reveal"]
    with pytest.raises(RuleError, match=ASKED):
        game.apply(state, "collect", {"reveal": ["Gold"]}, "p1")
    state, sentence = game.apply(state, "collect", {"reveal": ["Gold"], "copies": 2}, "p1")
    assert "Mara collects Gold (+1)" in sentence


def test_the_keepers_answer_is_the_groups_and_its_next_table_asks_nothing():
    options = {"players": ["Mara", "Bo"], "first_player": 0}
    first = tables.create_table("tavern-tales", "Friday", options, group="Friday")
    keeper = Access(seat="table", keeper=True)
    args = {"depth": "Mineshaft", "feats": [{"feat": "Gold"}] * 3, "copies": 7}
    turns.apply_move(first.code, "show-feats", args, expected_version=1, seat=keeper)
    saved = catalogs.saved(game, first.group_key)["catalog"]["feats"]
    assert {"name": "Gold", "count": 7} in saved
    second = tables.create_table(
        "tavern-tales", "Next week", options, group="Friday", group_key=first.group_key
    )
    args = {"depth": "Mineshaft", "feats": [{"feat": "Gold"}] * 3}
    turns.apply_move(second.code, "show-feats", args, expected_version=1, seat=keeper)


def test_the_tap_in_form_asks_and_takes_the_copies(client):
    table = tables.create_table(
        "tavern-tales", "Friday", {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    )
    seated(client, table)
    assert 'name="copies"' in page(client, table)
    data = {"depth": "Mineshaft", "feats": ['{"feat": "Gold"}'] * 3}
    _, text = post(client, table, "show-feats", data)
    assert ASKED in text and table.version == 1
    _, text = post(client, table, "show-feats", {**data, "copies": "5"})
    table = Table.objects.get(pk=table.pk)
    assert table.version == 2
    assert game.load(table.state).catalog.feat("Gold").count == 5
