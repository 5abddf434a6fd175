"""The Backups page: a keeper's (seated or not); back up now, restore, download; refused to
anyone else."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone

from games.models import Backup, Move, Table
from games.services import backups, exchange, keeping, tables, turns
from games.services.access import Access
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
KEEPER = Access(seat="table", keeper=True)


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def seated(client, table, seat="table", keeper=True):
    """By default the keeper at the shared display (the device that started the table)."""
    return sit(client, table, seat, keeper=keeper)


def add(table, points=1):
    version = Table.objects.get(pk=table.pk).version
    turns.apply_move(table.code, "add", {"points": points}, expected_version=version, seat="table")


def backed_up(table):
    return keeping.back_up(table.code, by=KEEPER)[1]


@pytest.mark.parametrize(
    "seat, keeper, shown",
    [("table", True, True), ("p1", True, True), ("table", False, False), ("p1", False, False)],
)
def test_the_table_page_links_the_backups_for_a_keeper_only(client, table, seat, keeper, shown):
    url = reverse("games:backups", args=[table.code]).encode()
    page = seated(client, table, seat, keeper).get(reverse("games:table", args=[table.code]))
    assert (url in page.content) is shown


def test_it_lists_backups_newest_first(client, table, django_assert_num_queries):
    first = backed_up(table)
    add(table, 3)
    second = backed_up(table)
    seated(client, table)
    # The claim joined with its table (what the table alone cost before), the backups
    # (without their states).
    with django_assert_num_queries(2):
        response = client.get(reverse("games:backups", args=[table.code]))
    assert response.status_code == 200
    content = response.content.decode()
    assert "<html" in content
    assert content.index(second.token) < content.index(first.token)
    when = formats.date_format(timezone.localtime(second.created), "DATETIME_FORMAT")
    assert when in content
    assert "Backed up by Table" in content
    assert reverse("games:backup-download", args=[table.code, first.token]) in content


def test_it_lists_both_kinds_and_says_which_is_which(client, table, monkeypatch):
    from games.core.registry import get_game

    monkeypatch.setattr(get_game("tally"), "backup_after", frozenset({"add"}))
    add(table, 3)  # an automatic backup: "Ada added 3."
    manual = backed_up(table)
    content = seated(client, table).get(reverse("games:backups", args=[table.code]))
    rows = content.content.decode().split("<tr>")[2:]  # the header row, then one per backup
    assert len(rows) == 2
    assert manual.token in rows[0] and "by the keeper" in rows[0] and "automatic" not in rows[0]
    assert "Ada added 3." in rows[1] and "automatic" in rows[1] and "by the keeper" not in rows[1]
    assert f"The last {backups.KEEP} automatic backups" in content.content.decode()


def test_over_htmx_it_answers_the_fragment(client, table, django_assert_num_queries):
    backed_up(table)
    seated(client, table)
    with django_assert_num_queries(2):  # the claim joined with its table, the backups
        response = client.get(reverse("games:backups", args=[table.code]), **HTMX)
    assert b'id="backups"' in response.content
    assert b"<html" not in response.content


def test_a_keeper_without_a_seat_uses_them(client, table):
    seated(client, table, None)
    assert client.get(reverse("games:backups", args=[table.code])).status_code == 200
    response = client.post(reverse("games:back-up-now", args=[table.code]), **HTMX)
    assert b"Backed up: version 1." in response.content
    backup = Backup.objects.get()
    assert backup.label == "Backed up by the keeper" and not backup.automatic
    add(table, 2)
    url = reverse("games:restore", args=[table.code, backup.token])
    assert client.post(url, {"version": 2}).status_code == 302
    assert Move.objects.filter(table=table, name=Move.RESTORE, seat="").exists()


@pytest.mark.parametrize(
    "seat, keeper",
    [(None, False), ("p1", False), ("table", False)],
    ids=["anonymous", "player", "shared display, not a keeper"],
)
def test_anyone_but_a_keeper_is_refused(client, table, seat, keeper):
    backup = backed_up(table)
    if seat:
        seated(client, table, seat, keeper)
    assert client.get(reverse("games:backups", args=[table.code])).status_code == 403
    download = reverse("games:backup-download", args=[table.code, backup.token])
    assert client.get(download).status_code == 403
    restore = reverse("games:restore", args=[table.code, backup.token])
    assert client.get(restore).status_code == 403
    assert client.post(restore, {"version": 1}).status_code == 403
    assert client.post(reverse("games:back-up-now", args=[table.code])).status_code == 403
    assert Backup.objects.count() == 1
    assert Table.objects.get(pk=table.pk).version == 1


def test_a_story_master_who_is_not_a_keeper_is_refused(client, campaign):
    sm = seated(client, campaign, "sm", keeper=False)
    assert sm.get(reverse("games:backups", args=[campaign.code])).status_code == 403
    assert sm.post(reverse("games:back-up-now", args=[campaign.code])).status_code == 403
    named = seated(Client(), campaign, "sm", keeper=True)  # the keeper named the SM's device
    assert named.get(reverse("games:backups", args=[campaign.code])).status_code == 200
    assert not Backup.objects.filter(table=campaign).exists()


def test_back_up_now_over_htmx(client, table):
    add(table, 2)
    seated(client, table)
    response = client.post(reverse("games:back-up-now", args=[table.code]), **HTMX)
    assert response.status_code == 200
    assert b"Backed up: version 2." in response.content
    backup = Backup.objects.get()
    assert backup.version == 2 and not backup.automatic


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


def test_unknown_backup_or_table_is_404(client, table):
    seated(client, table)
    assert client.get(reverse("games:restore", args=[table.code, "nope"])).status_code == 404
    assert client.get(reverse("games:backup-download", args=[table.code, "x"])).status_code == 404
    assert client.get(reverse("games:backups", args=["ZZZZZZZZZZ"])).status_code == 404
