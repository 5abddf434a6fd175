"""The reader over the platform: worlds from the database, the panel per seat, HTMX moves,
the API, and the query counts of the page and of opening a scene."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables
from tests.seating import api_as, sit

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
READER = Path(__file__).parent / "reader" / "reader_world"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
HTMX = {"HTTP_HX_REQUEST": "true"}
SM_TEXT = "The ferrykeeper is asleep"


def load(path: Path, slug: str) -> None:
    call_command("load_world", str(path), "--slug", slug, stdout=StringIO())


def generated_world(dest: Path, scenes: int) -> Path:
    from storybook.worldgen import generate_world

    return generate_world(dest, scenes=scenes)


@pytest.fixture
def shelf():
    forget_books()  # a book kept by an earlier test's rolled-back rows must not answer


@pytest.fixture
def reader(shelf):
    load(READER, "reader")


@pytest.fixture
def table(reader):
    return tables.create_table("galzyr", "Friday", {"players": ["Mara", "Bo"], "world": "reader"})


def seated(client, table, seat):
    return sit(client, table, seat)


def post_move(client, table, name, data=None):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **(data or {})},
        **HTMX,
    )


def page(client, table) -> str:
    return client.get(reverse("games:table", args=[table.code])).content.decode()


def test_the_new_table_form_offers_the_loaded_worlds(client, reader):
    load(MINIMAL, "minimal")
    content = client.get(reverse("games:new", args=["galzyr"])).content.decode()
    assert "Reader Vale" in content and "Minimal Vale" in content
    client.post(
        reverse("games:new", args=["galzyr"]),
        {
            "name": "Friday",
            "player": ["Mara", "Bo"],
            "opt_world": "minimal",
            "opt_challenge": "true",
        },
    )
    state = Table.objects.get().state
    assert (state["world"], state["challenge"], state["players"]) == (
        "minimal",
        True,
        ["Mara", "Bo"],
    )


def test_without_a_loaded_world_a_table_is_refused_with_the_reason(client, shelf):
    response = client.post(reverse("games:new", args=["galzyr"]), {"player": ["Mara"]})
    assert "No world with a book is loaded yet" in response.content.decode()
    assert not Table.objects.exists()


def test_a_new_table_first_asks_for_the_month(client, table):
    seated(client, table, "sm")
    content = page(client, table)
    assert "Pick the month to begin" in content and "Reader Vale" in content
    assert 'name="month" value="march"' in content
    response = post_move(client, table, "pick-month", {"month": "november"})
    content = response.content.decode()
    assert "Use the winter side of the board and of the location cards." in content
    assert 'aria-current="date"' in content and "Scene number" in content


def reading(client, table, seat="sm"):
    seated(client, table, "sm")
    post_move(client, table, "pick-month", {"month": "june"})
    post_move(client, table, "open-scene", {"number": "2001"})
    return seated(client, table, seat)


def test_story_master_text_is_boxed_for_the_story_master_and_absent_elsewhere(client, table):
    reading(client, table)
    content = page(client, table)
    assert SM_TEXT in content and "Story master only — not read aloud" in content
    assert "Answer in secret" in content
    for seat in ("table", "p1", "p2"):
        seated(client, table, seat)
        content = page(client, table)
        assert "The ferry rope" in content
        assert SM_TEXT not in content and "pay the ferrykeeper" not in content


def test_a_locked_option_shows_why_and_its_cost(client, table):
    reading(client, table, "p1")
    content = page(client, table)
    assert "Starry option: opens with a yes to “Are you a sailor?”" in content
    assert "2 gold" in content and "Might · medium (2 successes)" in content
    response = post_move(client, table, "choose", {"option": "2"})
    assert "is locked" in response.content.decode()
    assert response["HX-Trigger"] == "tk:refused"


def test_a_check_read_end_to_end_over_htmx(client, table):
    reading(client, table, "p1")
    content = post_move(client, table, "choose", {"option": "1"}).content.decode()
    assert "Roll the dice" in content and "Skill check: Might, medium" in content
    content = post_move(client, table, "roll", {"marks": ["might", "might"]}).content.decode()
    assert "Reroll all dice (once)" in content and "Use " in content
    content = post_move(client, table, "reroll").content.decode()
    assert "Rerolled: the dice stay as they are." in content
    content = post_move(client, table, "enter-successes", {"n": "2"}).content.decode()
    assert "The outcome for 2 successes" in content
    assert "You reach the far bank, arms aching." in content
    content = post_move(client, table, "continue").content.decode()
    assert "The scene is over." in content
    assert "Prestige in this scene" in content and "Mara +1" in content


def test_a_missing_scene_is_refused_in_place(client, table):
    reading(client, table)
    response = post_move(client, table, "open-scene", {"number": "1234"})
    assert "The book has no scene 1234." in response.content.decode()


def test_an_event_card_opens_its_scene(client, table):
    seated(client, table, "table")
    post_move(client, table, "pick-month", {"month": "december"})
    Table.objects.filter(pk=table.pk).update(state={**_state(table), "deck": [78, 79]})
    content = post_move(client, table, "draw-event").content.decode()
    assert "Frost" in content and "1 card in the event deck" in content


def _state(table):
    table.refresh_from_db()
    return table.state


def test_the_api_filters_the_scene_by_seat(table):
    client = api_as(table, "sm")
    base = f"/api/tables/{table.code}/"
    for move, args in (("pick-month", {"month": "may"}), ("open-scene", {"number": 2001})):
        version = client.get(base).json()["version"]
        response = client.post(
            base + "moves/", {"move": move, "args": args, "version": version}, "json"
        )
        assert response.status_code == 200, response.content
    assert SM_TEXT in json.dumps(client.get(base).json())
    for seat in ("table", "p1"):
        assert SM_TEXT not in json.dumps(api_as(table, seat).get(base).json())
    # a keeper holding no seat: the shared display's view (a stranger reads no view at all)
    assert SM_TEXT not in json.dumps(api_as(table, None, keeper=True).get(base).json())
    assert SM_TEXT not in json.dumps(APIClient().get(base).json())


# -- queries ---------------------------------------------------------------------------------
def _open_scene_queries(client, slug: str, number: int) -> tuple[int, int, int, int]:
    """Queries of (page cold, open-scene cold, page warm, open-scene warm) for a world."""
    forget_books()
    table = tables.create_table("galzyr", "T", {"players": ["Mara"], "world": slug})
    seated(client, table, "sm")
    post_move(client, table, "pick-month", {"month": "june"})
    counts = []
    for _ in range(2):
        if not counts:
            forget_books()
        with CaptureQueriesContext(connection) as page_queries:
            page(client, table)
        table.refresh_from_db()
        with CaptureQueriesContext(connection) as move_queries:
            response = post_move(client, table, "open-scene", {"number": str(number)})
        assert response.status_code == 200 and f">{number}<" in response.content.decode()
        counts += [len(page_queries), len(move_queries)]
    return tuple(counts)


def test_opening_a_scene_costs_the_same_queries_in_a_small_and_a_large_book(
    client, shelf, tmp_path
):
    load(generated_world(tmp_path / "small", scenes=5), "small")
    load(generated_world(tmp_path / "large", scenes=200), "large")
    small = _open_scene_queries(client, "small", 1002)
    large = _open_scene_queries(client, "large", 1150)
    assert small == large
    # The reader's part of them: a book not yet kept in the process costs two queries (its
    # name, info, events and cards; its scene titles), a scene not yet kept one (its row);
    # after that, one query per use checks the world's content hash. Today that makes the page
    # 5 cold / 3 warm (the table with this device's claim joined, the hash, the recent log)
    # and open-scene 9 / 8 (the platform's move: savepoint, the locked table with the device's
    # claim joined, save, move row, release, recent log; the hash once for the move, whose
    # book the view after it reuses; the scene's row the first time). The credential costs no
    # query of its own (games/services/access.py): pages and writes read it with the table.
    page_cold, open_cold, page_warm, open_warm = small
    assert page_cold - page_warm == 2 and open_cold - open_warm == 1
    assert page_warm <= 3 and open_warm <= 8


def test_the_page_with_a_scene_open_has_a_constant_number_of_queries(
    client, table, django_assert_num_queries
):
    reading(client, table)
    page(client, table)  # the book and the scene are in the process' cache now
    with django_assert_num_queries(3):  # the table, the world's hash, the recent log
        response = client.get(reverse("games:table", args=[table.code]))
    assert SM_TEXT in response.content.decode()
    assert len(response.content) < 80_000


def test_a_reloaded_world_is_read_afresh(client, table, tmp_path):
    reading(client, table)
    changed = tmp_path / "reader"
    shutil.copytree(READER, changed)
    scene = changed / "scenes" / "2002-the-far-bank.yaml"
    scene.write_text(scene.read_text().replace("The far bank", "The other bank"))
    load(changed, "reader")
    content = post_move(client, table, "open-scene", {"number": "2002"}).content.decode()
    assert "The other bank" in content
