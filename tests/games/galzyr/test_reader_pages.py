"""The reader's pages and API where it meets the rest of the game (issue 13, "The reader"): a
yes/no per optional effect on Continue, notes on the story master's screen only, the partner
chip gone with the scene, sentences that end once, plurals a screen reader reads right."""

from __future__ import annotations

import html
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.shelf import forget_books
from games.services import tables, turns
from tests.games.galzyr.test_reading import NOTES
from tests.games.galzyr.worlds import READER
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    forget_books()
    call_command("load_world", str(READER), "--slug", "reader", stdout=StringIO())
    table = tables.create_table("galzyr", "Friday", {"players": ["Mara", "Bo"], "world": "reader"})
    turns.apply_move(
        table.code, "pick-month", {"month": "june"}, expected_version=table.version, seat="sm"
    )
    table.refresh_from_db()
    return table


def move(table, name, args=None, seat="sm"):
    table.refresh_from_db()
    turns.apply_move(table.code, name, args or {}, expected_version=table.version, seat=seat)
    table.refresh_from_db()


def post_move(client, table, name, data=None):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **(data or {})},
        **HTMX,
    )


def page(client, table) -> str:
    return html.unescape(client.get(reverse("games:table", args=[table.code])).content.decode())


# -- 1. optional effects -------------------------------------------------------------------
def test_continue_asks_yes_or_no_for_each_optional_effect(client, table):
    move(table, "open-scene", {"number": 3002})
    move(table, "choose", {"option": 1})
    content = page(sit(client, table, "p1"), table)  # the active player's phone
    form = content[content.index('class="gz-optional"') :]
    assert form.count('<select name="optional" required>') == 2
    assert "Active player: gain 2 prestige (optional)." in form
    assert "Everyone: lose 1 prestige (optional)." in form
    assert 'value="true"' in form and 'value="false"' in form


@pytest.mark.parametrize(("answers", "prestige"), [(["false"], [4, 3]), (["true"], [3, 3])])
def test_the_answer_on_the_page_decides_the_optional_effect(client, table, answers, prestige):
    move(table, "open-scene", {"number": 3001})
    table.state = {**table.state, "prestige": [3, 3]}
    table.save(update_fields=["state"])
    response = post_move(sit(client, table, "sm"), table, "continue", {"optional": answers})
    assert response.status_code == 200
    table.refresh_from_db()
    # 3001: an optional "lose 1 prestige", then "gain 1 prestige"
    assert table.state["prestige"] == prestige


def test_continue_without_an_answer_is_refused_and_changes_nothing(client, table):
    move(table, "open-scene", {"number": 3001})
    table.refresh_from_db()
    before = table.state
    content = html.unescape(post_move(sit(client, table, "sm"), table, "continue").content.decode())
    assert "is optional: say whether the player takes it" in content
    table.refresh_from_db()
    assert table.state == before


def test_the_api_takes_one_answer_per_optional_effect(table):
    move(table, "open-scene", {"number": 3002})
    move(table, "choose", {"option": 1})
    client = api_as(table, "p1")
    base = f"/api/tables/{table.code}/"
    view = client.get(base).json()["state"]
    assert [o["text"] for o in view["optional"]] == [
        "Active player: gain 2 prestige (optional).",
        "Everyone: lose 1 prestige (optional).",
    ]
    refused = client.post(base + "moves/", {"move": "continue", "args": {}, "version": 0}, "json")
    assert refused.status_code != 200
    version = client.get(base).json()["version"]
    response = client.post(
        base + "moves/",
        {"move": "continue", "args": {"optional": [True, False]}, "version": version},
        "json",
    )
    assert response.status_code == 200, response.content
    table.refresh_from_db()
    assert table.state["prestige"] == [2, 0]


# -- 2. notes ------------------------------------------------------------------------------
@pytest.mark.parametrize("number", [3001, 3002])
def test_a_note_is_on_the_story_masters_screen_only(client, table, number):
    move(table, "open-scene", {"number": number})
    if number == 3002:
        move(table, "choose", {"option": 1})
    shown = {
        seat: {n for n in NOTES if n in page(sit(client, table, seat), table)}
        for seat in ("sm", "table", "p1", "p2")
    }
    assert shown["sm"]
    assert shown["table"] == shown["p1"] == shown["p2"] == set()
    for seat in ("table", "p1", "p2"):
        assert not {
            n
            for n in NOTES
            if n in str(api_as(table, seat).get(f"/api/tables/{table.code}/").json())
        }


def test_the_story_master_sees_a_note_marked_as_theirs(client, table):
    move(table, "open-scene", {"number": 3001})
    content = page(sit(client, table, "sm"), table)
    note = content[content.index("gz-note") :]
    assert note.index("Story master only") < note.index(NOTES[0])


# -- 4. the partner chip, the sentences, the plurals ---------------------------------------
def test_the_partner_chip_goes_when_the_scene_ends(client, table):
    move(table, "open-scene", {"number": 3002})
    move(table, "join-partner", {"player": 2})
    move(table, "choose", {"option": 1})
    sit(client, table, "table")
    assert "Bo is the partner" in page(client, table)
    move(table, "continue", {"optional": [True, True]})
    content = page(client, table)
    assert "Bo is the partner" not in content
    assert '<span class="chip">partner</span>' not in content
    # what the partner earned is still told (Bo's loss stopped at 0 on the track)
    assert re.search(r"Bo\s+\+0</strong>\s+\(partner\)", content)


def test_the_history_ends_each_sentence_once(client, table):
    move(table, "open-scene", {"number": 3002})
    move(table, "choose", {"option": 1})
    move(table, "continue", {"optional": [False, False]})
    sit(client, table, "sm")
    history = page_at(client, reverse("games:history", args=[table.code]))
    assert "“Browse the fish market.”" in history
    assert "“Browse the fish market.”." not in history


def page_at(client, url: str) -> str:
    return html.unescape(client.get(url).content.decode())


@pytest.mark.parametrize(("n", "label"), [(0, "0 successes"), (1, "1 success"), (2, "2 successes")])
def test_the_successes_buttons_read_their_number_right(client, table, n, label):
    move(table, "open-scene", {"number": 1001})
    move(table, "choose", {"option": 1})
    content = page(sit(client, table, "sm"), table)
    assert f'value="{n}" aria-label="{label}"' in content
    assert "1 successes" not in content
