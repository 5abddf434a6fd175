"""``{% memo %}`` (games/templatetags/memo.py) keeps fragments of the live region per data: a
page drawn with it must be exactly the page drawn without it, for every seat, all along
random games. A block reading a value its tag does not name would show up here as a stale
fragment."""

from __future__ import annotations

import json
import random
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.core.engine import RuleError
from games.galzyr.shelf import forget_books
from games.services import tables, turns
from games.templatetags import memo
from tests.games.services.test_tables_loaded_state import random_args, scalars_of
from tests.seating import sit

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r"\b[A-Za-z0-9]{64}\b")  # a CSRF token (masked anew for every page)
STEPS, TRIES = 30, 60


@pytest.fixture
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


def live(client: Client, code: str) -> str:
    response = client.get(reverse("games:table", args=[code]))
    assert response.status_code == 200  # the seat's page, not the way to a seat
    return TOKEN.sub("…", response.content.decode())


@pytest.mark.parametrize("mode", ["book", "campaign"])
def test_every_page_with_the_memo_is_the_page_without_it(world, settings, mode):
    options = {"players": ["Ada", "Bo"], "world": "sallowmere-marches", "mode": mode}
    table = tables.create_table("galzyr", "Memo", options)
    game = tables.game_of(table)
    seats = [seat.id for seat in game.seats(table.state)]
    clients = {}
    for seat in seats:
        clients[seat] = sit(Client(), table, seat)
    rng = random.Random(f"memo-{mode}")
    moved, hits = set(), 0
    for _ in range(STEPS):
        found = scalars_of(table.state)
        for _ in range(TRIES):
            name = rng.choice(sorted(game.moves))
            args = random_args(game.moves[name].args, rng, found)
            try:
                table, _move = turns.apply_move(
                    table.code, name, args, expected_version=table.version, seat=rng.choice(seats)
                )
            except (RuleError, ValueError, KeyError, IndexError, TypeError):
                continue
            moved.add(name)
            break
        for seat, client in clients.items():
            settings.TALEKEEPER_MEMO = True
            before = memo._slot.cache_info().currsize
            with_memo = live(client, table.code)
            hits += memo._slot.cache_info().currsize == before
            settings.TALEKEEPER_MEMO = False
            assert live(client, table.code) == with_memo, (seat, sorted(moved), json.dumps(args))
    assert len(moved) >= 3, moved
    assert hits > 0 or mode == "book"  # the memo did serve fragments it had kept


def test_a_fragment_shows_this_answers_version_and_token(world, client):
    table = tables.create_table(
        "galzyr",
        "Memo",
        {"players": ["Ada", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    sit(client, table, "sm")
    first = client.get(reverse("games:table", args=[table.code])).content.decode()
    table, _move = turns.apply_move(
        table.code,
        "campaign-move-card",
        {"number": 150, "to": "vault"},
        expected_version=table.version,
        seat="sm",
    )
    second = client.get(reverse("games:table", args=[table.code])).content.decode()
    assert 'name="version" value="1"' in first and 'name="version" value="1"' not in second
    assert f'name="version" value="{table.version}"' in second
    assert memo.VERSION not in second and memo.CSRF not in second


def test_the_kept_fragments_stay_within_their_bound():
    memo.forget()
    bound = memo._slot.cache_info().maxsize
    for i in range(bound + 10):
        memo._slot(("x", i)).append("0123456789")
    memo._slot(("x", 10)).append("again")  # asked for again: now the newest
    memo._slot(("x", bound + 10))  # one more pushes out the least recently used
    assert memo._slot.cache_info().currsize == bound
    assert memo._slot(("x", 10)) == ["0123456789", "again"]
    assert memo._slot(("x", 11)) == []  # dropped, so empty again
    memo.forget()
    assert memo._slot.cache_info().currsize == 0
