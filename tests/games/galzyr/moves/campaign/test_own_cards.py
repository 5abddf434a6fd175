"""Own box: a card the app doesn't know, recorded by its kind, gets what its printed card says
(issue 16): its name, timer box, save effect and gold, typed from where the card is shown, kept
with the table's campaign and read by the rules afterwards."""

from __future__ import annotations

import pytest

from games.services import blobs
from tests.games.galzyr.own_box import own_box_table, post
from tests.seating import sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return own_box_table()


def copies_of(table, number: int) -> list[dict]:
    copies = blobs.data_of(table.state["campaign"]["copies"])
    return [c for c in copies if c["number"] == number]


def test_a_recorded_card_is_named_from_its_printed_card_and_the_rules_read_it(client, table):
    sm = sit(client, table, "sm")
    content = post(
        sm, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"}
    )
    form = content[content.index('id="gz-own-cards"') :]
    assert "#213" in form[: form.index("</details>")] and 'href="#gz-own-213"' in content
    content = post(
        sm,
        table,
        "campaign-name-card",
        {
            "number": "213",
            "name": " Brass  compass ",
            "timer": "3",
            "gold": "2",
            "save": "Discard it.",
        },
    )
    assert "Card #213 is “Brass compass”, timer 3 days, 2 gold, save: Discard it." in content
    (copy,) = copies_of(table, 213)
    assert (copy["name"], copy["timer"], copy["gold"], copy["save"]) == (
        "Brass compass",
        3,
        2,
        "Discard it.",
    )
    assert "#213 Brass compass" in content
    # the rules read the timer box: a timer without days goes 3 days ahead
    content = post(sm, table, "campaign-place-timer", {"number": "213"})
    assert "3 days ahead" in content


def test_the_box_facts_and_unrecorded_numbers_are_refused(client, table):
    sm = sit(client, table, "sm")
    version = table.version
    content = post(sm, table, "campaign-name-card", {"number": "111", "name": "Isolated"})
    assert "Card #111 is one the app knows of your box: it is named already." in content
    content = post(sm, table, "campaign-name-card", {"number": "214", "name": "Rope"})
    assert "No card #214 is recorded at this table: take it first" in content
    assert table.version == version


def test_blank_fields_say_the_card_has_none(client, table):
    sm = sit(client, table, "sm")
    post(sm, table, "campaign-take-card", {"number": "213", "player": "1", "kind": "item"})
    data = {"number": "213", "name": "Rope", "timer": "", "gold": "", "save": ""}
    content = post(sm, table, "campaign-name-card", data)
    assert "Card #213 is “Rope”." in content
    (copy,) = copies_of(table, 213)
    assert (copy["timer"], copy["gold"], copy["save"]) == (None, None, None)
