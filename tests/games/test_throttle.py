"""Guessing codes and join keys is limited per address (games/throttle.py)."""

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from games import seating, services
from tests.seating import sit

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


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
