"""The Backups page: listed for the shared display and story master, back up now, restore, download."""

import json

import pytest
from django.urls import reverse
from django.utils import formats, timezone

from games import exchange, services
from games.models import Backup, Move, Table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return services.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def seated(client, table, seat="table"):
    client.post(reverse("games:seat", args=[table.code]), {"seat": seat})
    return client


def add(table, points=1):
    version = Table.objects.get(pk=table.pk).version
    services.apply_move(
        table.code, "add", {"points": points}, expected_version=version, seat="table"
    )


def backed_up(table):
    return services.back_up(table.code, seat="table")[1]


def test_the_table_page_links_the_backups_for_the_shared_display_only(client, table):
    url = reverse("games:backups", args=[table.code]).encode()
    assert (
        url in seated(client, table, "table").get(reverse("games:table", args=[table.code])).content
    )
    assert (
        url
        not in seated(client, table, "p1").get(reverse("games:table", args=[table.code])).content
    )


def test_it_lists_backups_newest_first(client, table, django_assert_num_queries):
    first = backed_up(table)
    add(table, 3)
    second = backed_up(table)
    seated(client, table)
    with django_assert_num_queries(2):  # the table, the backups (without their states)
        response = client.get(reverse("games:backups", args=[table.code]))
    assert response.status_code == 200
    content = response.content.decode()
    assert "<html" in content
    assert content.index(second.token) < content.index(first.token)
    when = formats.date_format(timezone.localtime(second.created), "DATETIME_FORMAT")
    assert when in content
    assert "Backed up by Table" in content
    assert reverse("games:backup-download", args=[table.code, first.token]) in content


def test_over_htmx_it_answers_the_fragment(client, table, django_assert_num_queries):
    backed_up(table)
    seated(client, table)
    with django_assert_num_queries(2):
        response = client.get(reverse("games:backups", args=[table.code]), **HTMX)
    assert b'id="backups"' in response.content
    assert b"<html" not in response.content


def test_a_player_seat_may_not_see_the_backups(client, table):
    backup = backed_up(table)
    seated(client, table, "p1")
    assert client.get(reverse("games:backups", args=[table.code])).status_code == 403
    download = reverse("games:backup-download", args=[table.code, backup.token])
    assert client.get(download).status_code == 403
    restore = reverse("games:restore", args=[table.code, backup.token])
    assert client.post(restore, {"version": 1}).status_code == 403
    assert client.post(reverse("games:back-up-now", args=[table.code])).status_code == 403
    assert Backup.objects.count() == 1


def test_without_a_seat_it_asks_for_one(client, table):
    response = client.get(reverse("games:backups", args=[table.code]))
    assert response.url == reverse("games:seat", args=[table.code])


def test_back_up_now_over_htmx(client, table):
    add(table, 2)
    seated(client, table)
    response = client.post(reverse("games:back-up-now", args=[table.code]), **HTMX)
    assert response.status_code == 200
    assert b"Backed up: version 2." in response.content
    assert Backup.objects.get().version == 2


def test_restore_asks_to_confirm_first(client, table):
    backup = backed_up(table)
    add(table, 3)
    seated(client, table)
    url = reverse("games:restore", args=[table.code, backup.token])
    response = client.get(url, **HTMX)
    assert b"Restore this backup?" in response.content
    assert b'name="version" value="2"' in response.content
    assert Table.objects.get(pk=table.pk).version == 2  # a GET changes nothing


def test_restore_over_htmx_goes_back_to_the_table(client, table):
    backup = backed_up(table)
    add(table, 3)
    seated(client, table)
    url = reverse("games:restore", args=[table.code, backup.token])
    response = client.post(url, {"version": 2}, **HTMX)
    assert response["HX-Redirect"] == reverse("games:table", args=[table.code])
    fresh = Table.objects.get(pk=table.pk)
    assert (fresh.version, fresh.state) == (3, backup.state)
    page = client.get(reverse("games:table", args=[table.code])).content.decode()
    assert "Restored the backup of" in page


def test_restore_without_htmx_redirects(client, table):
    backup = backed_up(table)
    seated(client, table)
    url = reverse("games:restore", args=[table.code, backup.token])
    response = client.post(url, {"version": 1})
    assert response.status_code == 302
    assert Move.objects.get().name == Move.RESTORE


def test_a_stale_restore_asks_again_with_the_latest_version(client, table):
    backup = backed_up(table)
    seated(client, table)
    add(table, 3)  # another device moved after this one opened the confirm step
    url = reverse("games:restore", args=[table.code, backup.token])
    response = client.post(url, {"version": 1}, **HTMX)
    assert response["HX-Trigger"] == "tk:refused"
    assert b"The table changed" in response.content
    assert b'name="version" value="2"' in response.content
    assert client.post(url, {"version": 1}).status_code == 409
    assert Table.objects.get(pk=table.pk).version == 2


def test_a_backup_the_rules_refuse_is_refused_with_the_reason(client, table):
    backup = backed_up(table)
    Backup.objects.filter(pk=backup.pk).update(state={"players": []})
    seated(client, table)
    url = reverse("games:restore", args=[table.code, backup.token])
    response = client.post(url, {"version": 1})
    assert response.status_code == 400
    assert b"This backup can&#x27;t be restored" in response.content
    assert Table.objects.get(pk=table.pk).version == 1


def test_download_gives_the_export_document(client, table):
    add(table, 3)
    backup = backed_up(table)
    seated(client, table)
    response = client.get(reverse("games:backup-download", args=[table.code, backup.token]))
    assert response["Content-Disposition"] == (
        'attachment; filename="talekeeper-friday-v2-backup.json"'
    )
    assert json.loads(response.content) == json.loads(
        exchange.document_text(exchange.export_table(Table.objects.get(pk=table.pk)))
    )


def test_unknown_backup_is_404(client, table):
    seated(client, table)
    assert client.get(reverse("games:restore", args=[table.code, "nope"])).status_code == 404
    assert client.get(reverse("games:backup-download", args=[table.code, "x"])).status_code == 404
