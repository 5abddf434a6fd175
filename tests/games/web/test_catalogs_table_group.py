"""The card-data sheet opened from a table started without a group (issue 16).

On the keeper's device it asks for the group's name, offering the groups this browser plays
with; saving files the table under the group and keeps the cards for the group's next table.
A player's device says plainly that its save goes to this table only.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.core.registry import get_game
from games.models import GroupCatalog, Table
from games.services import tables
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for
from tests.seating import sit

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SLUG = "dark-tales"
OPTIONS = {"players": ["Ada", "Bo"], "setting_a": "A1", "setting_b": "B1", "first_player": "Ada"}


def lone_table(group: str = "", name: str = "Tonight") -> Table:
    return tables.create_table(SLUG, name, OPTIONS, group=group)


def sheet(table: Table) -> str:
    return reverse("games:card-sheet", args=[SLUG]) + f"?table={table.code}"


def post(table: Table, **extra: str) -> dict:
    data = post_for(SLUG, FILLED[SLUG](), group="", table=table.code, **extra)
    return data | {"version": str(table.version)}


def test_the_keeper_names_the_group_and_its_next_table_starts_with_the_cards(
    django_assert_num_queries,
):
    owls = lone_table(group="Owls", name="Last week")
    table = lone_table()
    client = sit(Client(), owls, "table", keeper=True)
    sit(client, table, "table", keeper=True)
    # This browser's claims, its claim here with the table (the table's own card data).
    with django_assert_num_queries(2):
        html = client.get(sheet(table)).content.decode()
    assert "This table has no group yet" in html and 'id="sheet-group"' in html
    assert 'list="sheet-group-names"' in html and '<option value="Owls">' in html
    assert "Every group on this server" not in html  # from a table: that table's group
    response = client.post(
        reverse("games:card-sheet", args=[SLUG]), post(table, new_group="owls "), **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200, html
    assert "This table now belongs to the group Owls." in html  # the group's own spelling
    assert "Entered at the table" in html and "Saved for Owls" in html
    assert 'id="sheet-group"' not in html and "For the group Owls" in html
    # The way back to the table is beside the answer, at the foot of a long page.
    saved = html.split('id="sheet-saved"', 1)[1].split("</p>", 1)[0]
    assert f'href="{reverse("games:table", args=[table.code])}" id="sheet-back"' in saved
    table.refresh_from_db()
    assert table.group_key == owls.group_key  # "owls " is the group Owls: not a new group
    assert GroupCatalog.objects.filter(group_key=owls.group_key, game=SLUG).exists()
    # The group's next table, started on the form with the group's name, starts with them.
    form = client.get(reverse("games:new", args=[SLUG])).content.decode()
    assert '<datalist id="groups"><option value="Owls"></datalist>' in form
    client.post(
        reverse("games:new", args=[SLUG]),
        {"name": "Next week", "group": "Owls", "player": ["Ada", "Bo"], "opt_first_player": "Ada"},
    )
    later = Table.objects.get(name="Next week")
    assert later.group_key == owls.group_key
    assert get_game(SLUG).load(later.state).catalog().known_total() == 48  # every card
    fresh = lone_table(name="Another group")
    assert get_game(SLUG).load(fresh.state).catalog().known_total() < 48


def test_a_new_name_starts_a_new_group():
    table = lone_table()
    client = sit(Client(), table, "table", keeper=True)
    html = client.get(sheet(table)).content.decode()
    assert "sheet-group-names" not in html  # no group to offer yet
    client.post(reverse("games:card-sheet", args=[SLUG]), post(table, new_group="Bats"), **HTMX)
    table.refresh_from_db()
    assert table.group == "Bats" and table.group_key
    assert GroupCatalog.objects.get().group_key == table.group_key


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "Enter your group&#x27;s name to keep these cards for its next tables."),
        ("x" * 200, "A group&#x27;s name can be at most 60 characters."),
        ("Owls\x01", "Names can&#x27;t hold control characters"),
    ],
)
def test_a_refused_name_keeps_what_was_typed_and_changes_nothing(name, said):
    table = lone_table()
    client = sit(Client(), table, "table", keeper=True)
    typed = post(table, new_group=name) | {"cards-0-vp": "4"}
    response = client.post(reverse("games:card-sheet", args=[SLUG]), typed, **HTMX)
    html = response.content.decode()
    assert response["HX-Trigger"] == "tk:refused" and said in html
    assert 'id="cards-0-vp" name="cards-0-vp" value="4"' in html  # the sheet as typed
    assert 'id="sheet-group"' in html  # still asked
    table.refresh_from_db()
    assert table.group_key == "" and not table.moves.exists()
    assert not GroupCatalog.objects.exists()


def test_markup_in_the_name_is_shown_as_text():
    table = lone_table()
    client = sit(Client(), table, "table", keeper=True)
    name = "<b>Owls</b>"
    html = client.post(
        reverse("games:card-sheet", args=[SLUG]), post(table, new_group=name), **HTMX
    ).content.decode()
    assert "&lt;b&gt;Owls&lt;/b&gt;" in html and "<b>Owls</b>" not in html


def test_a_player_device_saves_for_its_table_only():
    table = lone_table()
    player = sit(Client(), table, "p1")
    html = player.get(sheet(table)).content.decode()
    assert 'id="sheet-group"' not in html
    assert "saving enters these cards at the table “Tonight” only." in html
    assert "Only the table's keeper can give it a group" in html
    # A name sent anyway is not this device's to give.
    html = player.post(
        reverse("games:card-sheet", args=[SLUG]), post(table, new_group="Owls"), **HTMX
    ).content.decode()
    assert "Entered at the table" in html and "Saved for" not in html
    table.refresh_from_db()
    assert table.group_key == "" and table.moves.first().name == "enter-card-sheet"
    assert not GroupCatalog.objects.exists()


def test_a_player_at_a_grouped_table_is_told_to_ask_the_keeper():
    table = lone_table(group="Owls")
    html = sit(Client(), table, "p1").get(sheet(table)).content.decode()
    assert "Only a keeper of the group's tables keeps them" in html
    assert "Every group on this server" not in html


def test_a_keeper_without_a_seat_yet_names_the_group_and_enters_nothing():
    """Just after starting the table (no seat taken yet): the group is named and its cards
    saved; entering them at the table is a seat's move, which the sheet says."""
    table = lone_table()
    keeper = sit(Client(), table, None, keeper=True)
    html = keeper.get(sheet(table)).content.decode()
    assert "This table has no group yet" in html and 'id="sheet-group"' in html
    assert "holds no seat at the table “Tonight” yet" in html
    data = post_for(SLUG, FILLED[SLUG](), group="", table=table.code, new_group="Owls")
    html = keeper.post(reverse("games:card-sheet", args=[SLUG]), data, **HTMX).content.decode()
    assert "This table now belongs to the group Owls." in html
    assert "Saved for Owls" in html and "Entered at the table" not in html
    table.refresh_from_db()
    assert table.group == "Owls" and not table.moves.exists()
    assert GroupCatalog.objects.get().group_key == table.group_key


def test_keeping_a_lone_tables_entries_leads_to_naming_its_group():
    """ "Keep this table's entries for new tables" at a table without a group: no librarian's
    refusal, but the sheet with the table's cards, asking for the group's name."""
    table = lone_table()
    keeper = sit(Client(), table, "table", keeper=True)
    response = keeper.post(reverse("games:table-card-sheet", args=[table.code]), follow=True)
    html = response.content.decode()
    assert "This table has no group yet: name it by the Save button" in html
    assert 'id="sheet-group"' in html and "librarian" not in html
    assert not GroupCatalog.objects.exists()
