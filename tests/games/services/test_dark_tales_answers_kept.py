"""Dark Tales: a card's facts answered at the table are the table's, and the group's when the
keeper's device answers (Game.keep_for_group_after), as a saved card-data sheet is."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.dark_tales.game import game as DARK
from games.models import GroupCatalog
from games.services import catalogs, tables, turns
from games.services.access import Access

pytestmark = pytest.mark.django_db

KEEPER = Access(seat="table", keeper=True)
TABLET = Access(seat="table")  # the shared display on a device that doesn't keep the table
OGRE = {"card": "Ogre", "vp": 3, "card_type": "villain", "count": 2}


def new_table(group: str = "", group_key: str = ""):
    options = {"players": ["Mara", "Bo"], "setting_a": "A1", "setting_b": "B1"}
    options["first_player"] = "Mara"
    return tables.create_table("dark-tales", "Tale", options, group=group, group_key=group_key)


def move(table, name: str, args: dict, who) -> str:
    table.refresh_from_db()
    written = turns.apply_move(table.code, name, args, expected_version=table.version, seat=who)
    table.refresh_from_db()
    return written.move.sentence


def play(table, args: dict, who) -> str:
    move(table, "draw", {}, who)
    return move(table, "play-card", args, who)


def test_the_keepers_answer_is_the_groups_and_its_next_table_asks_nothing():
    first = new_table("Friday")
    play(first, OGRE, KEEPER)
    (ogre,) = catalogs.saved(DARK, first.group_key)["cards"]
    facts = {k: ogre.get(k) for k in ("name", "count", "type", "vp", "goes")}
    assert facts == {"name": "Ogre", "count": 2, "type": "villain", "vp": 3, "goes": "front"}
    second = new_table("Friday", first.group_key)
    assert play(second, {"card": "Ogre"}, TABLET).endswith("scored 3 VP. Bo's turn.")
    # another group's table still asks
    other = new_table("Saturday")
    with pytest.raises(RuleError, match="does not know these of the Ogre"):
        play(other, {"card": "Ogre"}, KEEPER)


def test_another_devices_answer_stays_at_the_table_until_the_keeper_answers_one():
    table = new_table("Friday")
    play(table, OGRE, TABLET)
    assert table.state["cards"]["Ogre"]["vp"] == 3  # kept at the table
    assert not GroupCatalog.objects.exists()
    princess = {"card": "Princess", "vp": 2, "goes": "front", "card_type": "female", "count": 2}
    play(table, princess, KEEPER)  # the keeper's answer keeps every card answered here
    saved = catalogs.saved(DARK, table.group_key)["cards"]
    assert sorted(card["name"] for card in saved) == ["Ogre", "Princess"]


def test_a_move_that_learns_nothing_writes_nothing_for_the_group():
    table = new_table("Friday")
    play(table, OGRE, KEEPER)
    row = GroupCatalog.objects.get()
    row.data = {"cards": [{"name": "Witch", "vp": 1}]}  # the group's sheet, saved elsewhere since
    row.save()
    play(table, {"card": "Ogre"}, KEEPER)  # Bo's Ogre, known since Mara's: nothing answered
    assert GroupCatalog.objects.get().data == {"cards": [{"name": "Witch", "vp": 1}]}


def test_a_table_without_a_group_keeps_the_answer_for_itself():
    table = new_table()
    play(table, OGRE, KEEPER)
    assert not GroupCatalog.objects.exists()
    assert play(table, {"card": "Ogre"}, KEEPER).startswith("Bo played the Ogre")
