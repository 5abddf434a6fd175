"""The HTMX pages: seat cookie, table page, moves in place, conflicts, polling, export/import."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Claim, Table
from games.services import seating, tables, turns
from games.web.credentials import cookie_name
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def seated(client, table, seat="p1", keeper=False):
    return sit(client, table, seat, keeper=keeper)


def test_home_lists_the_tables_this_device_holds(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    with django_assert_num_queries(1):  # this device's claims with their tables
        response = client.get("/")
    assert response.status_code == 200
    assert b"Friday" in response.content
    assert b"Join with a code" in response.content


def test_a_strangers_home_page_shows_none_of_anothers_tables(client, table):
    seated(client, table, "p1")
    content = Client().get("/").content
    assert b"Friday" not in content
    assert table.code.encode() not in content


def test_join_with_a_typed_code_goes_to_the_seat_picker(client, table):
    typed = table.spoken_code.lower()
    response = client.get(reverse("games:join"), {"code": typed})
    assert response.url == reverse("games:seat", args=[table.code])


def test_join_with_an_unknown_code_says_so(client):
    response = client.get(reverse("games:join"), {"code": "ZZZZ-ZZZZ-ZZ"}, follow=True)
    assert b"No table has this code" in response.content


def test_new_table_form_creates_a_table_kept_by_this_device(client):
    response = client.post(
        reverse("games:new", args=["tally"]), {"name": "Tonight", "player": ["Cy", "Di", ""]}
    )
    table = Table.objects.get()
    assert response.url == reverse("games:seat", args=[table.code])
    assert table.state["players"] == ["Cy", "Di"]
    assert Claim.objects.get(table=table).keeper
    # The keeper takes any free seat without a join link.
    taken = client.post(reverse("games:seat", args=[table.code]), {"seat": "p2"})
    assert taken.url == reverse("games:table", args=[table.code])
    assert Claim.objects.get(table=table).seat == "p2"


def test_new_table_form_shows_errors_in_place(client):
    response = client.post(reverse("games:new", args=["tally"]), {"name": "x" * 81})
    assert response.status_code == 200
    assert b"at most 80 characters" in response.content
    assert not Table.objects.exists()


def test_table_page_without_a_seat_asks_for_one(client, table):
    response = client.get(reverse("games:table", args=[table.code]))
    assert response.url == reverse("games:seat", args=[table.code])


def join_url(table, seat):
    return reverse("games:join-seat", args=[table.code, seat, seating.join_key(table, seat)])


def test_a_join_link_seats_a_new_device_with_a_signed_cookie(client, table):
    assert b"Take the seat" in client.get(join_url(table, "p2")).content
    response = client.post(
        reverse("games:seat", args=[table.code]),
        {"seat": "p2", "invite": seating.join_key(table, "p2")},
    )
    assert response.url == reverse("games:table", args=[table.code])
    cookie = response.cookies[cookie_name(table.code)]
    assert cookie["httponly"]
    assert cookie.value.split(":")[0] != "p2"  # a per-claim secret, not the seat's name
    assert Claim.objects.get(table=table).seat == "p2"


def test_a_seat_is_not_taken_with_the_code_alone(client, table):
    response = client.post(reverse("games:seat", args=[table.code]), {"seat": "p2"})
    assert response.status_code == 403
    assert b"join link" in response.content
    assert not Claim.objects.exists()


def test_a_second_device_cannot_take_a_held_seat(client, table):
    seated(client, table, "p2")
    other = Client()
    page = other.get(join_url(table, "p2"))
    assert page.status_code == 409
    assert b"held by another device" in page.content
    posted = other.post(
        reverse("games:seat", args=[table.code]),
        {"seat": "p2", "invite": seating.join_key(table, "p2")},
    )
    assert posted.status_code == 409
    assert Claim.objects.get(table=table, seat="p2")  # still the first device's


def test_a_released_seat_can_be_claimed(client, table):
    seated(client, table, "p2")
    client.post(reverse("games:leave-seat", args=[table.code]))
    assert not Claim.objects.filter(table=table, seat="p2").exists()
    other = Client()
    other.post(
        reverse("games:seat", args=[table.code]),
        {"seat": "p2", "invite": seating.join_key(table, "p2")},
    )
    assert other.get(reverse("games:table", args=[table.code])).status_code == 200


def test_the_keeper_frees_a_seat_and_sees_join_links(client, table):
    Client_p2 = sit(Client(), table, "p2")
    seated(client, table, "table", keeper=True)
    page = client.get(reverse("games:seat", args=[table.code])).content.decode()
    assert join_url(table, "p1") in page and "<svg" in page
    client.post(reverse("games:manage-seats", args=[table.code]), {"action": "free", "seat": "p2"})
    assert Client_p2.get(reverse("games:table", args=[table.code])).status_code == 302
    # Only a keeper: a player can't free another's seat.
    sit(Client_p2, table, "p2")
    refused = sit(Client(), table, "p1").post(
        reverse("games:manage-seats", args=[table.code]), {"action": "free", "seat": "p2"}
    )
    assert refused.status_code == 403
    assert Claim.objects.filter(table=table, seat="p2").exists()


def test_a_forged_seat_cookie_is_ignored(client, table):
    client.cookies[cookie_name(table.code)] = "p1"  # unsigned
    response = client.get(reverse("games:table", args=[table.code]))
    assert response.status_code == 302


def test_table_page_shows_only_what_the_seat_may_see(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    secret_ada, secret_bo = table.state["secrets"]
    with django_assert_num_queries(2):  # the table, the recent log
        response = client.get(reverse("games:table", args=[table.code]))
    assert f"secret {secret_ada}".encode() in response.content
    # Not the bare number: the join code or a timestamp may hold the same three digits.
    assert f"secret {secret_bo}".encode() not in response.content
    assert len(response.content) < 60_000


def test_unknown_table_is_404(client):
    response = client.get(reverse("games:table", args=["ZZZZZZZZZZ"]))
    assert response.status_code == 404
    assert b"No table has this code." in response.content  # the sentence, in the app's page
    assert b'name="viewport"' in response.content
    assert b"There is nothing at this address." in client.get("/no/such/page/").content
    assert client.get(reverse("games:poll", args=["ZZZZZZZZZZ"])).status_code == 404


def test_move_over_htmx_returns_the_live_fragment(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    # savepoint, lock the row (the device's claim joined to it: the credential check costs no
    # query of its own), update it, insert the move, release, the recent log (the savepoint
    # pair exists only inside a test transaction).
    with django_assert_num_queries(6):
        response = client.post(
            reverse("games:move", args=[table.code, "add"]), {"points": 3, "version": 1}, **HTMX
        )
    assert response.status_code == 200
    assert b'id="live"' in response.content
    assert b"<html" not in response.content
    assert b"Ada added 3." in response.content
    table.refresh_from_db()
    assert table.state["totals"] == [3, 0]


def test_refused_move_is_shown_in_place_and_changes_nothing(client, table):
    seated(client, table, "p2")
    response = client.post(
        reverse("games:move", args=[table.code, "add"]), {"points": 1, "version": 1}, **HTMX
    )
    assert response.status_code == 200  # htmx only swaps 2xx
    assert response["HX-Trigger"] == "tk:refused"
    assert b"It is Ada&#x27;s turn." in response.content
    table.refresh_from_db()
    assert table.version == 1


def test_stale_write_shows_the_latest_table(client, table):
    seated(client, table, "table")
    turns.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="p1")
    response = client.post(
        reverse("games:move", args=[table.code, "add"]), {"points": 1, "version": 1}, **HTMX
    )
    assert b"The table changed" in response.content
    assert b'data-version="2"' in response.content
    table.refresh_from_db()
    assert table.state["totals"] == [5, 0]


def test_move_without_htmx_renders_the_whole_page(client, table):
    seated(client, table, "p1")
    response = client.post(
        reverse("games:move", args=[table.code, "add"]), {"points": 2, "version": 1}
    )
    assert b"<html" in response.content
    assert b"Ada added 2." in response.content


def test_missing_version_is_refused(client, table):
    seated(client, table, "p1")
    response = client.post(reverse("games:move", args=[table.code, "add"]), {"points": 2})
    assert response.status_code == 400
    assert b"missing the table version" in response.content


def test_undo_over_htmx(client, table):
    seated(client, table, "p1")
    turns.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    response = client.post(reverse("games:undo", args=[table.code]), {"version": 2}, **HTMX)
    assert b"undid: Ada added 4." in response.content
    table.refresh_from_db()
    assert table.state["totals"] == [0, 0]


def test_poll_with_nothing_changed_is_204_without_body(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    with django_assert_num_queries(1):
        response = client.get(reverse("games:poll", args=[table.code]), {"v": 1, "s": 0}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_poll_after_a_change_returns_the_fresh_fragment(client, table):
    seated(client, table, "p1")
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    response = client.get(reverse("games:poll", args=[table.code]), {"v": 1, "s": 0}, **HTMX)
    assert response.status_code == 200
    assert b'data-version="2"' in response.content
    assert b"Ada added 2." in response.content


def test_history_page_lists_moves_newest_first(client, table):
    turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p1")
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=2, seat="p2")
    sit(client, table, "p1")  # a stranger is sent to the seat page (tests/api/test_code_alone.py)
    content = client.get(reverse("games:history", args=[table.code])).content.decode()
    assert content.index("Bo added 2.") < content.index("Ada added 1.")


def test_only_the_keeper_exports(client, table):
    assert Client().get(reverse("games:export", args=[table.code])).status_code == 403
    seated(client, table, "table")  # the shared display, but not a keeper
    refused = client.get(reverse("games:export", args=[table.code]))
    assert refused.status_code == 403
    assert b"Only the table&#x27;s keeper can do that" in refused.content  # the reason, shown


def test_export_then_import_through_the_pages(client, table):
    turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p1")
    seated(client, table, None, keeper=True)
    exported = client.get(reverse("games:export", args=[table.code]))
    assert exported["Content-Disposition"].startswith("attachment;")
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("t.json", exported.content, content_type="application/json")
    response = client.post(reverse("games:import"), {"document": upload})
    copy = Table.objects.exclude(pk=table.pk).get()
    assert response.url == reverse("games:seat", args=[copy.code])
    assert Claim.objects.get(table=copy).keeper  # the importing device keeps the copy
    assert copy.state == json.loads(exported.content)["state"]


def test_import_of_a_broken_file_names_the_fault(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("t.json", b"{nope", content_type="application/json")
    response = client.post(reverse("games:import"), {"document": upload})
    assert response.status_code == 400
    assert b"not valid JSON" in response.content
    assert not Table.objects.exists()


def test_static_manifest_and_healthz(client):
    assert client.get("/healthz").content == b"ok"
    assert client.get("/static/manifest.webmanifest").status_code == 200


def test_the_keeper_renames_and_deletes_the_table(client, table):
    player = sit(Client(), table, "p1")
    url = reverse("games:manage-seats", args=[table.code])
    assert player.post(url, {"action": "rename", "name": "Mine"}).status_code == 403
    seated(client, table, None, keeper=True)
    renamed = client.post(url, {"action": "rename", "name": "Saturday"}, follow=True)
    assert Table.objects.get().name == "Saturday"
    # Back on the seat page with the news: reloading it posts nothing again.
    assert renamed.redirect_chain[-1][0] == reverse("games:seat", args=[table.code])
    assert b"Renamed." in renamed.content
    assert client.get(url).url == reverse("games:seat", args=[table.code])
    unconfirmed = client.post(url, {"action": "delete"}, follow=True)
    assert b"Tick the box" in unconfirmed.content and Table.objects.exists()
    response = client.post(url, {"action": "delete", "confirm": "yes"})
    assert response.url == reverse("games:home")
    assert not Table.objects.exists()
