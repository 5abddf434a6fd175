"""The HTMX pages: seat cookie, table page, moves in place, conflicts, polling, export/import."""

import json

import pytest
from django.urls import reverse

from games import services
from games.models import Table
from games.seats import cookie_name

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def seated(client, table, seat="p1"):
    client.post(reverse("games:seat", args=[table.code]), {"seat": seat})
    return client


def test_home_lists_games_and_tables(client, table, django_assert_num_queries):
    with django_assert_num_queries(1):  # the recent tables
        response = client.get("/")
    assert response.status_code == 200
    assert b"Friday" in response.content
    assert b"Join with a code" in response.content


def test_join_with_a_typed_code_goes_to_the_seat_picker(client, table):
    typed = table.spoken_code.lower()
    response = client.get(reverse("games:join"), {"code": typed})
    assert response.url == reverse("games:seat", args=[table.code])


def test_join_with_an_unknown_code_says_so(client):
    response = client.get(reverse("games:join"), {"code": "ZZZZ-ZZZZ-ZZ"}, follow=True)
    assert b"No table has this code" in response.content


def test_new_table_form_creates_a_table(client):
    response = client.post(
        reverse("games:new", args=["tally"]), {"name": "Tonight", "player": ["Cy", "Di", ""]}
    )
    table = Table.objects.get()
    assert response.url == reverse("games:seat", args=[table.code])
    assert table.state["players"] == ["Cy", "Di"]


def test_new_table_form_shows_errors_in_place(client):
    response = client.post(reverse("games:new", args=["tally"]), {"name": "x" * 81})
    assert response.status_code == 200
    assert b"at most 80 characters" in response.content
    assert not Table.objects.exists()


def test_table_page_without_a_seat_asks_for_one(client, table):
    response = client.get(reverse("games:table", args=[table.code]))
    assert response.url == reverse("games:seat", args=[table.code])


def test_choosing_a_seat_sets_a_signed_cookie(client, table):
    response = client.post(reverse("games:seat", args=[table.code]), {"seat": "p2"})
    assert response.url == reverse("games:table", args=[table.code])
    assert response.cookies[cookie_name(table.code)]["httponly"]
    assert "p2" in response.cookies[cookie_name(table.code)].value


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
    assert client.get(reverse("games:table", args=["ZZZZZZZZZZ"])).status_code == 404
    assert client.get(reverse("games:poll", args=["ZZZZZZZZZZ"])).status_code == 404


def test_move_over_htmx_returns_the_live_fragment(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    # savepoint, lock the row, update it, insert the move, release, the recent log: no
    # read before the locked one (the savepoint pair exists only inside a test transaction).
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
    services.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="p1")
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
    services.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    response = client.post(reverse("games:undo", args=[table.code]), {"version": 2}, **HTMX)
    assert b"undid: Ada added 4." in response.content
    table.refresh_from_db()
    assert table.state["totals"] == [0, 0]


def test_poll_with_nothing_changed_is_204_without_body(client, table, django_assert_num_queries):
    seated(client, table, "p1")
    with django_assert_num_queries(1):
        response = client.get(reverse("games:poll", args=[table.code]), {"v": 1}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_poll_after_a_change_returns_the_fresh_fragment(client, table):
    seated(client, table, "p1")
    services.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    response = client.get(reverse("games:poll", args=[table.code]), {"v": 1}, **HTMX)
    assert response.status_code == 200
    assert b'data-version="2"' in response.content
    assert b"Ada added 2." in response.content


def test_history_page_lists_moves_newest_first(client, table):
    services.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p1")
    services.apply_move(table.code, "add", {"points": 2}, expected_version=2, seat="p2")
    content = client.get(reverse("games:history", args=[table.code])).content.decode()
    assert content.index("Bo added 2.") < content.index("Ada added 1.")


def test_export_then_import_through_the_pages(client, table):
    services.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p1")
    exported = client.get(reverse("games:export", args=[table.code]))
    assert exported["Content-Disposition"].startswith("attachment;")
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("t.json", exported.content, content_type="application/json")
    response = client.post(reverse("games:import"), {"document": upload})
    copy = Table.objects.exclude(pk=table.pk).get()
    assert response.url == reverse("games:seat", args=[copy.code])
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
