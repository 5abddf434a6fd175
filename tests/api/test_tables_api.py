"""The REST API: same services as the pages, JSON errors, 400/404/409."""

import pytest
from rest_framework.test import APIClient

from games.core import patch
from games.models import Claim, Table
from games.services import exchange, seating, tables, turns
from tests.seating import api_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def test_create_table(api):
    response = api.post(
        "/api/tables/",
        {"game": "tally", "name": "Sat", "options": {"players": ["Cy"]}},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["version"] == 1
    assert Table.objects.get(code=body["code"]).name == "Sat"
    # The caller keeps the table: its token exports, and claims seats without a join key.
    keeper = APIClient()
    keeper.credentials(HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    assert body["keeper"] is True and body["seat"] is None
    assert keeper.get(f"/api/tables/{body['code']}/export/").status_code == 200
    claimed = keeper.post(f"/api/tables/{body['code']}/claim/", {"seat": "p1"}, format="json")
    assert claimed.json()["seat"] == "p1"


def test_create_table_refuses_unknown_game_with_json_error(api):
    response = api.post("/api/tables/", {"game": "chess"}, format="json")
    assert response.status_code == 400
    assert "chess" in response.json()["error"]


def test_create_table_refuses_bad_options(api):
    response = api.post(
        "/api/tables/", {"game": "tally", "options": {"players": []}}, format="json"
    )
    assert response.status_code == 400
    assert "players" in response.json()["error"]


def numbers_in(value):
    """Every number anywhere in a JSON document: a leaked secret would be one of them,
    while the same digits inside the join code or a timestamp are not."""
    if isinstance(value, dict):
        return [n for item in value.values() for n in numbers_in(item)]
    if isinstance(value, list):
        return [n for item in value for n in numbers_in(item)]
    return [value] if isinstance(value, int) and not isinstance(value, bool) else []


def test_get_table_shows_the_credentials_seat(table, django_assert_num_queries):
    secret_ada, secret_bo = table.state["secrets"]
    bo = api_as(table, "p2")
    with django_assert_num_queries(1):  # the claim with its table
        body = bo.get(f"/api/tables/{table.code}/").json()
    players = body["state"]["players"]
    assert players[0]["secret"] is None and players[1]["secret"] == secret_bo
    assert secret_ada not in numbers_in(body)
    assert body["seat"] == "p2"


def test_without_a_credential_the_code_finds_the_table_only(api, table):
    secret_ada, secret_bo = table.state["secrets"]
    # Asking for a seat by name opens nothing: the credential decides (tests/api/test_code_alone.py).
    body = api.get(f"/api/tables/{table.code}/", {"seat": "p1"}).json()
    assert "seat" not in body and "state" not in body and body["code"] == table.code
    assert secret_ada not in numbers_in(body) and secret_bo not in numbers_in(body)
    refused = api.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 2}, "version": 1, "seat": "p1"},
        format="json",
    )
    assert refused.status_code == 403
    assert "holds no seat" in refused.json()["error"]
    assert Table.objects.get(pk=table.pk).version == 1


def test_a_seat_is_claimed_with_its_join_key_and_not_twice(api, table):
    no_key = api.post(f"/api/tables/{table.code}/claim/", {"seat": "p1"}, format="json")
    assert no_key.status_code == 403
    key = seating.join_key(table, "p1")
    first = api.post(
        f"/api/tables/{table.code}/claim/", {"seat": "p1", "invite": key}, format="json"
    )
    assert first.status_code == 200
    second = APIClient().post(
        f"/api/tables/{table.code}/claim/", {"seat": "p1", "invite": key}, format="json"
    )
    assert second.status_code == 409
    assert "held by another device" in second.json()["error"]
    holder = APIClient()
    holder.credentials(HTTP_AUTHORIZATION=f"Bearer {first.json()['token']}")
    assert holder.get(f"/api/tables/{table.code}/").json()["seat"] == "p1"
    assert holder.post(f"/api/tables/{table.code}/leave/").json()["seat"] is None
    again = APIClient().post(
        f"/api/tables/{table.code}/claim/", {"seat": "p1", "invite": key}, format="json"
    )
    assert again.status_code == 200
    assert Claim.objects.filter(table=table).count() == 1


def test_the_keeper_lists_seats_with_join_links_and_frees_one(table):
    api_as(table, "p2")
    keeper = api_as(table, None, keeper=True)
    lines = keeper.get(f"/api/tables/{table.code}/seats/").json()
    p2 = next(line for line in lines if line["id"] == "p2")
    assert p2["held"] and p2["invite"] == seating.join_key(table, "p2")
    assert p2["join_url"].endswith(f"/join/p2/{p2['invite']}/")
    freed = keeper.post(
        f"/api/tables/{table.code}/seats/", {"action": "free", "seat": "p2"}, format="json"
    )
    assert freed.status_code == 200
    assert not Claim.objects.filter(table=table, seat="p2").exists()
    player = api_as(table, "p1")
    assert player.get(f"/api/tables/{table.code}/seats/").status_code == 403


def test_export_is_for_the_keeper_only(api, table):
    for client in [api, api_as(table, "p1"), api_as(table, "table")]:
        response = client.get(f"/api/tables/{table.code}/export/")
        assert response.status_code == 403
        assert "keeper" in response.json()["error"]


def test_unknown_code_is_404_json(api):
    for url in ["/api/tables/ZZZ/", "/api/tables/ZZZ/history/", "/api/tables/ZZZ/export/"]:
        response = api.get(url)
        assert response.status_code == 404
        assert response.json() == {"error": "No table has this code."}
    # A write without a credential is refused before the code is looked up: a guesser
    # learns nothing about which codes exist.
    response = api.post("/api/tables/ZZZ/moves/", {"move": "add", "version": 1}, format="json")
    assert response.status_code == 403


def test_move_then_undo(table):
    api = api_as(table, "p1")
    response = api.post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 2}, "version": 1, "seat": "p1"},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["table"]["version"] == 2
    assert body["move"]["sentence"] == "Ada added 2."
    response = api.post(f"/api/tables/{table.code}/undo/", {"version": 2}, format="json")
    assert response.json()["table"]["state"]["players"][0]["total"] == 0
    history = api_as(table, "p2").get(f"/api/tables/{table.code}/history/").json()
    assert [m["name"] for m in history] == ["undo", "add"]
    assert history[1]["undone"] is True
    # Arguments may name hidden things: only the seat that moved sees them.
    assert history[1]["args"] is None
    # nor the keeper holding no seat (a stranger reads no history: tests/api/test_code_alone.py)
    keeper = api_as(table, None, keeper=True)
    assert keeper.get(f"/api/tables/{table.code}/history/").json()[1]["args"] is None
    own = api.get(f"/api/tables/{table.code}/history/").json()
    assert own[1]["args"] == {"points": 2}


def test_rule_violation_is_400_and_changes_nothing(table):
    response = api_as(table, "p2").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 1}, "version": 1, "seat": "p2"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": "It is Ada's turn."}
    assert Table.objects.get(pk=table.pk).version == 1


def test_stale_version_is_409_with_latest_state_for_the_seat(table):
    turns.apply_move(table.code, "add", {"points": 3}, expected_version=1, seat="p1")
    response = api_as(table, "p2").post(
        f"/api/tables/{table.code}/moves/",
        {"move": "add", "args": {"points": 1}, "version": 1, "seat": "p2"},
        format="json",
    )
    assert response.status_code == 409
    body = response.json()
    assert body["version"] == 2
    assert body["state"]["players"][0]["total"] == 3
    assert body["state"]["players"][0]["secret"] is None  # still filtered for p2
    assert "changed" in body["error"]


def test_malformed_move_request_is_400_json(table):
    api = api_as(table, "p1")
    response = api.post(f"/api/tables/{table.code}/moves/", {"args": []}, format="json")
    assert response.status_code == 400
    assert "move" in response.json()["error"]
    response = api.post(
        f"/api/tables/{table.code}/moves/", b"{oops", content_type="application/json"
    )
    assert response.status_code == 400
    assert "error" in response.json()


def test_export_import_round_trip_is_exact(api, table):
    api = api_as(table, None, keeper=True)
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    turns.undo_last(table.code, expected_version=2, seat="table")
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=3, seat="p1")
    exported = api.get(f"/api/tables/{table.code}/export/").json()
    response = api.post("/api/tables/import/", exported, format="json")
    assert response.status_code == 201
    code = response.json()["code"]
    assert code != table.code
    importer = APIClient()  # the importing client keeps the copy
    importer.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    assert importer.get(f"/api/tables/{code}/export/").json() == exported


def test_import_refuses_inconsistent_documents(api, table):
    api = api_as(table, None, keeper=True)
    exported = api.get(f"/api/tables/{table.code}/export/").json()
    broken = dict(exported, version=5)
    response = api.post("/api/tables/import/", broken, format="json")
    assert response.status_code == 400
    assert "version 5" in response.json()["error"]
    assert Table.objects.count() == 1


def test_import_takes_format_1_documents_and_exports_format_3(api, table):
    api = api_as(table, None, keeper=True)
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    exported = api.get(f"/api/tables/{table.code}/export/").json()
    assert exported["format_version"] == exchange.FORMAT_VERSION and "patch" in exported["moves"][0]
    # As exports were before patches: the whole state before each move.
    move = dict(exported["moves"][0])
    before = patch.apply(exported["state"], move.pop("patch"))
    old = dict(exported, format_version=1, moves=[dict(move, state_before=before)])
    response = api.post("/api/tables/import/", old, format="json")
    assert response.status_code == 201
    importer = APIClient()
    importer.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    again = importer.get(f"/api/tables/{response.json()['code']}/export/").json()
    assert again == exported


def test_import_refuses_a_patch_that_does_not_fit_naming_the_move(api, table):
    api = api_as(table, None, keeper=True)
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    exported = api.get(f"/api/tables/{table.code}/export/").json()
    exported["moves"][0]["patch"] = {"{": {"totals": {"[": [5, 0, []]}}}
    response = api.post("/api/tables/import/", exported, format="json")
    assert response.status_code == 400
    assert "patch of move 2" in response.json()["error"]
    assert Table.objects.count() == 1


def test_import_refuses_oversized_documents(api):
    huge = {"format": "talekeeper.table", "padding": "x" * (5 * 1024 * 1024)}
    response = api.post("/api/tables/import/", huge, format="json")
    assert response.status_code == 400
    assert "5 MB" in response.json()["error"]


def test_schema_describes_every_move(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    games = [ref["$ref"] for ref in components["MoveRequest"]["anyOf"]]
    assert "#/components/schemas/TallyMoveRequest" in games
    tally = components["TallyMoveRequest"]
    assert tally["discriminator"]["mapping"]["add"] == "#/components/schemas/TallyAddMove"
    tally_add = components["TallyAddMove"]
    assert tally_add["properties"]["move"]["enum"] == ["add"]
    args = components["TallyAddArgs"]
    assert args["properties"]["points"]["maximum"] == 5
    assert tally_add["properties"]["args"]["$ref"].endswith("TallyAddArgs")
    # Generators name classes by title: every component's title is its own name.
    assert all(c.get("title", name) == name for name, c in components.items())


def test_docs_page_uses_local_assets(client):
    content = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in content
    assert "cdn" not in content.lower()


def test_only_a_keeper_renames_or_deletes_the_table(api, table):
    for client in [api, api_as(table, "p1"), api_as(table, "table")]:
        assert (
            client.patch(f"/api/tables/{table.code}/", {"name": "Mine"}, format="json").status_code
            == 403
        )
        assert client.delete(f"/api/tables/{table.code}/").status_code == 403
    keeper = api_as(table, None, keeper=True)
    renamed = keeper.patch(f"/api/tables/{table.code}/", {"name": "Saturday"}, format="json")
    assert renamed.json()["name"] == "Saturday"
    assert keeper.delete(f"/api/tables/{table.code}/").status_code == 204
    assert not Table.objects.exists() and not Claim.objects.exists()


def test_create_table_takes_a_group_and_may_join_its_results(api):
    first = api.post("/api/tables/", {"game": "tally", "group": "Owls"}, format="json").json()
    owls = Table.objects.get(code=first["code"])
    assert owls.group == "Owls" and owls.group_key
    second = api.post(
        "/api/tables/",
        {"game": "tally", "group": "Owls", "group_key": owls.group_key},
        format="json",
    ).json()
    assert Table.objects.get(code=second["code"]).group_key == owls.group_key
