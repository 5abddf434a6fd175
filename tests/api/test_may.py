"""What the table JSON's `may` means (QA8 item 8): whether the seat's role may make a move now,
not whether the rules allow it in this position; the game's view says that (`state.moves`),
and the schema and docs say which is which, so a client doesn't read `may` as "allowed"."""

import pytest

from games.services import tables
from tests.seating import api_as

pytestmark = pytest.mark.django_db


def test_may_is_the_role_and_the_view_lists_what_the_rules_allow():
    table = tables.create_table(
        "tavern-tales", "Friday", {"players": ["Ada", "Bo", "Cy"], "first_player": 0}
    )
    body = api_as(table, "p1").get(f"/api/tables/{table.code}/").json()
    # Ada's turn, a full hand of 4, 3 players, no claim: her role may make these moves ...
    assert body["may"]["think_n_drink"] and body["may"]["flip_table"] and body["may"]["collect"]
    # ... but the rules offer her only a claim now, as her page's buttons show.
    moves = body["state"]["moves"]
    assert "stake-claim" in moves
    assert not {"think-n-drink", "flip-table", "collect"} & set(moves)


def test_the_schema_says_what_may_means(client):
    schema = client.get("/api/schema/?format=json").json()
    table = schema["components"]["schemas"]["Table"]["properties"]
    assert "not whether the rules allow it" in table["may"]["description"]
    assert "state.moves" in table["may"]["description"]
