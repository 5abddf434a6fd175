"""A table started without a group gets one as its keeper saves the card-data sheet (issue 16).

``saving.save(..., new_group=NewGroup(...))`` files the table under the group (a new one, or
the group of that name the device already plays with: its key) and saves the cards as the
group's, in one transaction with the move that enters them at the table: the group's next
table starts with them. Only the keeper names the group; anything refused changes nothing.
"""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.core.registry import get_game
from games.models import GroupCatalog, Table
from games.services import catalogs, tables
from games.services.access import Access, AccessDenied, Credential
from games.services.card_sheets import saving
from tests.games.services.card_sheets.card_sheet_data import FILLED
from tests.seating import claim

pytestmark = pytest.mark.django_db

SLUG = "tavern-tales"
KEEPER = Access(seat="table", keeper=True)


def lone_table(group: str = "") -> Table:
    return tables.create_table(SLUG, "Tonight", {"players": ["Ada", "Bo", "Cy"]}, group=group)


def save(table: Table, name: str, *, key: str = "", who=KEEPER, version=None):
    game = get_game(SLUG)
    at = saving.AtTable(table.code, table.version if version is None else version, who)
    return saving.save(
        game,
        FILLED[SLUG](),
        by=catalogs.Editor(),
        at=at,
        new_group=saving.NewGroup(table.code, name, who, key),
    )


def unchanged(table: Table) -> None:
    before = table.version
    table.refresh_from_db()
    assert table.group == "" and table.group_key == "" and table.version == before
    assert not GroupCatalog.objects.exists()


def test_a_new_name_starts_a_group_whose_next_table_starts_with_the_cards():
    table = lone_table()
    done = save(table, "  Thursday Crew ")
    table.refresh_from_db()
    assert table.group == "Thursday Crew" and table.group_key == done.key
    assert done.named == "Thursday Crew" and done.group and done.move is not None
    assert table.moves.first().name == "edit-catalog"  # entered at this table too
    saved = GroupCatalog.objects.get(group_key=table.group_key, game=SLUG).data
    assert saved == done.data
    later = tables.create_table(
        SLUG, "Next week", {"players": ["Ada", "Bo"]}, group="Thursday Crew", group_key=done.key
    )
    state = get_game(SLUG).load(later.state)
    assert state.catalog.feat("Ruby").track == [1, 2, 3, 4]


def test_the_key_of_a_group_the_device_plays_with_joins_it():
    owls = lone_table(group="Owls")
    table = lone_table()
    done = save(table, "Owls", key=owls.group_key)
    table.refresh_from_db()
    assert table.group_key == owls.group_key == done.key
    assert GroupCatalog.objects.get().group_key == owls.group_key


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "Enter your group's name"),
        ("   ", "Enter your group's name"),
        ("x" * 61, "at most 60 characters"),
        ("x" * 200, "at most 60 characters"),
        ("Owls\x00", "control characters"),
        ("Owls\tand\nbats", "control characters"),
    ],
)
def test_a_name_that_cannot_name_a_group_is_refused_and_nothing_changes(name, said):
    table = lone_table()
    with pytest.raises(RuleError, match=said):
        save(table, name)
    unchanged(table)


def test_markup_in_a_name_is_kept_as_text():
    table = lone_table()
    save(table, '<script>alert("owls")</script>')
    table.refresh_from_db()
    assert table.group == '<script>alert("owls")</script>'  # escaped where it is shown


@pytest.mark.parametrize("who", [Access(seat="p1"), Access(seat=None)])
def test_only_the_keeper_names_the_group(who):
    table = lone_table()
    with pytest.raises(AccessDenied):
        save(table, "Owls", who=who)
    unchanged(table)


def test_a_strangers_credential_is_refused():
    table = lone_table()
    claim(table, "p1")
    with pytest.raises(AccessDenied):
        save(table, "Owls", who=Credential("not-a-secret"))
    unchanged(table)


def test_a_table_that_has_a_group_keeps_it():
    table = lone_table(group="Owls")
    with pytest.raises(RuleError, match="already belongs to the group Owls"):
        save(table, "Bats")
    table.refresh_from_db()
    assert table.group == "Owls" and not GroupCatalog.objects.exists()


def test_a_refused_move_names_no_group():
    """The version is checked by the move that enters the cards: when it refuses, the group
    is not named either (one transaction)."""
    table = lone_table()
    tables_version = table.version
    with pytest.raises(tables.VersionConflict):
        save(table, "Owls", version=tables_version + 5)
    unchanged(table)


def test_card_data_that_does_not_fit_names_no_group():
    table = lone_table()
    game = get_game(SLUG)
    bad = {"catalog": {"feats": [{"name": "Gold", "count": 99}]}}
    with pytest.raises(RuleError):
        saving.save(
            game,
            bad,
            by=catalogs.Editor(),
            at=saving.AtTable(table.code, table.version, KEEPER),
            new_group=saving.NewGroup(table.code, "Owls", KEEPER),
        )
    unchanged(table)
