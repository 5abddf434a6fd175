"""The keeper's spare link on the pages (games/web/spare.py): the keeper's seat page shows it,
opening it and tapping once makes a device a keeper (plain and HX-Request), and the code alone, a
seated player, a renewed link and a forged one are refused with a sentence and change nothing."""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from games.models import Claim, Table
from games.services import spare, tables
from games.web.credentials import cookie_name
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def key_of(table):
    return spare.spare_key(Table.objects.get(pk=table.pk))


def spare_url(table, key=None):
    return reverse("games:spare-keeper", args=[table.code, key or key_of(table)])


def seat_page(client, table):
    return client.get(reverse("games:seat", args=[table.code]))


def claims(table):
    return sorted(Claim.objects.filter(table=table).values_list("token_hash", "seat", "keeper"))


def test_the_keepers_seat_page_shows_the_spare_link_and_no_one_elses_does(
    client, table, django_assert_num_queries
):
    sit(client, table, "table", keeper=True)
    with django_assert_num_queries(2):  # the claim with its table, who holds the seats
        page = seat_page(client, table).content.decode()  # the spare is computed, not read
    assert spare_url(table) in page and "If this device is lost" in page
    for other in (Client(), sit(Client(), table, "p1")):
        page = seat_page(other, table).content.decode()
        assert key_of(table) not in page
    assert "spare keeper link" in seat_page(Client(), table).content.decode()


def test_a_new_table_says_where_its_spare_is(client):
    response = client.post(reverse("games:new", args=["tally"]), {"player": ["Cy", "Di"]})
    page = client.get(response.url).content.decode()
    assert "holds the table" in page and "If this device is lost" in page


def test_opening_the_spare_asks_first_and_changes_nothing(client, table, django_assert_num_queries):
    before, url = claims(table), spare_url(table)
    with django_assert_num_queries(1):  # the table (no cookie: no claim to read)
        response = client.get(url)
    assert response.status_code == 200
    assert b"Keep the table on this device" in response.content
    assert claims(table) == before and cookie_name(table.code) not in response.cookies


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["form", "htmx"])
def test_a_device_that_lost_nothing_but_the_tablet_keeps_the_table_and_frees_its_seat(
    table, headers
):
    tablet = sit(Client(), table, "p1", keeper=True)
    tablet.cookies.clear()  # the keeper's tablet forgot its cookies: a stranger now
    lost = seat_page(tablet, table).content.decode()
    assert "Take your seat" in lost and "spare keeper link" in lost and "Free this" not in lost
    phone = Client()
    response = phone.post(spare_url(table), **headers)
    seat_page_url = reverse("games:seat", args=[table.code])
    if headers:
        assert response.status_code == 200 and response["HX-Redirect"] == seat_page_url
    else:
        assert response.status_code == 302 and response.url == seat_page_url
    assert cookie_name(table.code) in response.cookies
    freed = phone.post(
        reverse("games:manage-seats", args=[table.code]), {"action": "free", "seat": "p1"}
    )
    assert freed.status_code == 302
    assert not Claim.objects.filter(table=table, seat="p1").exists()
    assert b"keeps the table now" in phone.get(seat_page_url).content


@pytest.mark.parametrize(
    "forged",
    ["0" * 24, "not-a-key", "x"],
)
def test_a_forged_spare_link_is_refused_with_a_sentence(table, forged):
    sit(Client(), table, "table", keeper=True)
    stranger, player = Client(), sit(Client(), table, "p1")
    before = claims(table)
    for client in (stranger, player):
        for answer in (client.get(spare_url(table, forged)), client.post(spare_url(table, forged))):
            assert answer.status_code == 403
            assert b"spare keeper link does not work" in answer.content
    assert claims(table) == before
    assert not Claim.objects.filter(table=table, seat="p1", keeper=True).exists()


def test_a_renewed_spare_link_stops_working(table):
    keeper = sit(Client(), table, "table", keeper=True)
    old = key_of(table)
    renewed = keeper.post(
        reverse("games:manage-seats", args=[table.code]), {"action": "renew-spare"}, follow=True
    )
    assert b"old one no longer works" in renewed.content
    assert key_of(table) != old
    before = claims(table)
    stranger = Client()
    answer = stranger.post(spare_url(table, old), **HTMX)
    assert answer.status_code == 403 and cookie_name(table.code) not in answer.cookies
    assert claims(table) == before


def test_a_player_cannot_renew_or_read_the_spare(table):
    sit(Client(), table, "table", keeper=True)
    player = sit(Client(), table, "p1")
    old = key_of(table)
    refused = player.post(
        reverse("games:manage-seats", args=[table.code]), {"action": "renew-spare"}
    )
    assert refused.status_code == 403 and b"Only the table" in refused.content
    assert key_of(table) == old
    assert old not in seat_page(player, table).content.decode()


@override_settings(GUESS_RATE="3/min")
def test_forged_spare_links_count_as_guesses(client, table):
    for n in range(3):
        assert client.get(spare_url(table, f"{n:024d}")).status_code == 403
    assert client.get(spare_url(table)).status_code == 429
