"""Guessing codes and join keys is limited per address (games/web/throttle.py)."""

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from games.services import seating, tables
from tests.seating import sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@override_settings(GUESS_RATE="5/min")
def test_wrong_codes_answer_429_with_retry_after_then_even_a_right_one(client, table):
    for n in range(5):
        assert client.get(f"/t/ZZZZZZZZ{n:02d}/").status_code == 404
    blocked = client.get("/t/ZZZZZZZZ99/")
    assert blocked.status_code == 429
    assert int(blocked["Retry-After"]) >= 1
    assert b"Too many wrong table codes" in blocked.content
    # A blocked guesser learns nothing, not even from a code that exists.
    assert client.get(reverse("games:seat", args=[table.code])).status_code == 429
    api = APIClient().get(f"/api/tables/{table.code}/")
    assert api.status_code == 429 and "Too many" in api.json()["error"]


@override_settings(GUESS_RATE="5/min")
def test_the_home_pages_join_field_and_wrong_join_keys_count_too(client, table):
    for _ in range(3):
        client.get(reverse("games:join"), {"code": "ZZZZ-ZZZZ-ZZ"})
    for _ in range(2):
        client.post(reverse("games:seat", args=[table.code]), {"seat": "p1", "invite": "wrong"})
    assert client.get(reverse("games:join"), {"code": table.code}).status_code == 429


@override_settings(GUESS_RATE="5/min")
def test_a_group_playing_all_evening_is_never_limited(client, table):
    sit(client, table, "p1")
    for _ in range(30):
        assert client.get(reverse("games:table", args=[table.code])).status_code == 200
    key = seating.join_key(table, "p2")
    other = Client()
    assert other.get(reverse("games:join-seat", args=[table.code, "p2", key])).status_code == 200


@override_settings(GUESS_RATE="5/min")
def test_a_forged_forwarded_for_header_neither_escapes_nor_frames_anyone(client, table):
    for n in range(5):
        client.get(f"/t/ZZZZZZZZ{n:02d}/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    # Counted against the connection's address, whatever the header said.
    assert client.get("/t/ZZZZZZZZ99/", HTTP_X_FORWARDED_FOR="1.2.3.4").status_code == 429


@override_settings(GUESS_RATE="5/min")
def test_a_seated_device_is_never_blocked_and_a_deleted_tables_polls_are_no_guesses(table):
    phone = sit(Client(), table, "p1")
    guesser = Client()  # the same address (the test client's), a household's neighbour
    for n in range(6):
        guesser.get(f"/t/ZZZZZZZZ{n:02d}/")
    assert guesser.get(reverse("games:table", args=[table.code])).status_code == 429
    assert phone.get(reverse("games:table", args=[table.code])).status_code == 200
    # The keeper deletes the table: the phone's poll finds nothing and is sent home, told so.
    table.delete()
    answer = phone.get(reverse("games:poll", args=[table.code]), HTTP_HX_REQUEST="true")
    assert answer["HX-Redirect"] == reverse("games:home") + "?gone=1"
    assert b"its keeper deleted it" in Client().get(answer["HX-Redirect"]).content


@override_settings(GUESS_RATE="5/min")
def test_polls_of_a_deleted_table_by_its_seated_device_are_no_guesses(client, table):
    phone = sit(Client(), table, "p1")
    code = table.code
    table.delete()
    for _ in range(10):  # a page left open polls on (without htmx: a plain 404)
        assert phone.get(reverse("games:poll", args=[code])).status_code == 404
    assert client.get("/t/ZZZZZZZZ00/").status_code == 404  # the address is not blocked


@override_settings(GUESS_RATE="5/min")
def test_polls_of_unknown_codes_are_wrong_guesses_like_any_other(client, table):
    for n in range(5):
        answer = client.get(f"/t/ZZZZZZZZ{n:02d}/poll/", {"v": "1"}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 404 and "HX-Redirect" not in answer
    assert client.get(f"/t/{table.code}/poll/", {"v": "1"}).status_code == 429
