"""A new table's options refused by a rule over the whole model (the first player among the
players) come back as one sentence, for every game: no field name said twice, no "value error"."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_first_player_refusal_is_one_clear_sentence(client):
    body = {
        "game": "tavern-tales",
        "name": "Friday",
        "options": {"players": ["Mara", "Bo"], "first_player": 3},
    }
    answer = client.post("/api/tables/", body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"] == "The first player must be one of the players."


def test_a_dark_tales_first_player_no_one_is_called_is_refused_with_the_names(client):
    body = {
        "game": "dark-tales",
        "name": "Friday",
        "options": {"players": ["Mara", "Bo"], "first_player": "Zed"},
    }
    answer = client.post("/api/tables/", body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "The first player must be Mara or Bo, not “Zed” (or left out: drawn at random)."
    )
