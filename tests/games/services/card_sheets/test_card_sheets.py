"""The card-data sheets and their one write, catalogs.save_sheet: every card on one page, the
rulebook's printed values shipped, saved once for a group, refused in place (nothing saved)."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.core.registry import get_game
from games.dark_tales.catalog import PLAYING_CARDS, Cards
from games.models import GameCatalog, GroupCatalog
from games.services import card_sheets, catalogs, tables
from games.services.access import AccessDenied
from games.services.card_sheets import saving
from games.services.card_sheets.base import SheetRefused, grid
from games.tales_of_danger.catalog import DEFAULT_COSTS, DEFAULT_SHIPS, default_catalog
from games.tavern_tales.catalog import CatalogPatch, merge, shipped
from tests.games.services.card_sheets.card_sheet_data import FILLED, post_for

pytestmark = pytest.mark.django_db

SLUGS = list(FILLED)
KEEPER = catalogs.Editor(groups=frozenset({"grp-key"}))


def same(value):
    """Card lists compared whatever their order."""
    if isinstance(value, dict):
        return {k: same(v) for k, v in value.items()}
    if isinstance(value, list) and all(isinstance(v, dict) and "name" in v for v in value):
        return sorted((same(v) for v in value), key=lambda v: v["name"])
    return value


def row(slug: str, section: str, card: str):
    sections = {s.key: s for s in card_sheets.rows(slug, {})}
    return next(r for r in sections[section].rows if r.id == card)


# -- the rulebooks' printed values ship, so nobody types them --------------------------------


def test_a_placeholder_reads_as_an_example_not_a_value():
    hints = [c.hint for s in card_sheets.rows("tavern-tales", {}) for c in s.columns if c.hint]
    assert hints and all(hint.startswith("e.g. ") for hint in hints)


def test_tales_of_danger_ships_what_the_rulebook_prints():
    # Publisher: the Queen needs 4 evidence and 6 plans; rulebook: the Bishop starts Act 2 with
    # at most 2 cards; the Priest, Doctor and Merchant show a cancel instead of crew/supplies.
    queen = row("tales-of-danger", "sponsors", "queen").values
    assert (queen["evidence"], queen["plans"]) == ("4", "6")
    assert row("tales-of-danger", "sponsors", "bishop").values["start"] == "2"
    # Card distribution: 102 people in 21 kinds; ships 17/51/34; eight cost kinds add to 102.
    catalog = default_catalog()
    assert len(catalog.people) == 21 and catalog.total == 102
    assert DEFAULT_SHIPS == {1: 17, 2: 51, 3: 34}
    assert sum(c.count for c in DEFAULT_COSTS) == 102 and len(DEFAULT_COSTS) == 8
    assert row("tales-of-danger", "people", "nun").label == "Nun ×9"
    priest = row("tales-of-danger", "people", "priest")
    assert "bad luck" in priest.note and (priest.values["crew"], priest.values["supplies"]) == (
        "0",
        "0",
    )


def test_dark_tales_ships_what_the_rulebook_prints():
    # Its examples: the Wizard scores 2 and goes to the common area, the Enchantment 1 and the
    # discard pile; the Gypsy always 1; the Ogre and the Old Sage stay in front of you.
    assert row("dark-tales", "cards", "Wizard").values | {} == {
        "count": "",
        "type": "",
        "vp": "2",
        "goes": "common",
    }
    assert row("dark-tales", "cards", "Enchantment").values["goes"] == "discard"
    assert row("dark-tales", "cards", "Gypsy").values["vp"] == "1"
    assert row("dark-tales", "cards", "Ogre").values["goes"] == "front"
    assert row("dark-tales", "cards", "Old Sage").values["goes"] == "front"
    assert PLAYING_CARDS == 48


def test_tavern_tales_ships_what_the_rulebook_prints():
    # Gold scores 1, 1, then 6 for each more; an Adventurer Power feat 1 point; the Dwarf is a
    # Mineshaft specialist; Darkmander an elite hero; Magician's Mead: hand limit 5 to 15.
    assert row("tavern-tales", "feats", "Gold").values["track"] == "1, 1, 6, 6, 6, 6, 6"
    assert row("tavern-tales", "feats", "Secret Door").values["track"] == "1"
    # The plain choice of the three special-rule feats: "gain 2 Prestige points" (QA8 item 9).
    for feat in ("Boss Armor", "Crystal Golem", "Gelatinous Cube"):
        assert row("tavern-tales", "feats", feat).values["track"] == "2"
    # A feat typed as Special grants 1 point: its track needs no typing.
    special = CatalogPatch(feats=[{"name": "Hidden Stair", "kind": "special"}])
    assert merge(shipped(), special).feat("Hidden Stair").track == [1]
    dwarf = row("tavern-tales", "heroes", "Dwarf").values
    assert (dwarf["kind"], dwarf["depths"]) == ("specialist", ["Mineshaft"])
    assert row("tavern-tales", "heroes", "Darkmander").values["kind"] == "elite"
    box = shipped()
    assert (box.totals.feats, box.totals.heroes, box.totals.elite_heroes) == (71, 51, 6)
    assert box.drink("Magician's Mead").low_hand_limit == 5


# -- one page in, the catalog out ----------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_a_sheet_read_back_gives_the_cards_it_was_drawn_from(slug):
    game = get_game(slug)
    data = catalogs.validate(game, FILLED[slug]())
    sections = card_sheets.posted(slug, post_for(slug, data), {})
    back = card_sheets.to_data(slug, sections, {})

    def cards(catalog):
        state = game.setup({"players": ["Ada", "Bo"], **catalog}, seed=1)
        return game.catalog_from_state_fn(game.load(state))

    assert same(cards(back)) == same(cards(data))
    assert card_sheets.to_data(slug, card_sheets.posted(slug, post_for(slug, back), {}), {}) == back


@pytest.mark.parametrize("slug", SLUGS)
def test_an_untouched_sheet_saves_nothing_beyond_the_shipped_cards(slug):
    sections = card_sheets.posted(slug, post_for(slug, {}), {})
    data = card_sheets.to_data(slug, sections, {})
    assert catalogs.validate(get_game(slug), data) == data
    assert not any(data.get(key) for key in ("sponsors", "people", "cards"))
    assert not any((data.get("catalog") or {}).values())


@pytest.mark.parametrize("slug", SLUGS)
def test_a_groups_new_table_starts_with_its_sheet(slug):
    game = get_game(slug)
    data = catalogs.validate(game, FILLED[slug]())
    catalogs.save_sheet(game, data, group_key="grp-key", by=KEEPER)
    options = {"players": ["Ada", "Bo", "Cy"]}
    table = tables.create_table(slug, "Thursday", options, group="Thu", group_key="grp-key")
    other = tables.create_table(slug, "Elsewhere", options)
    made = same(game.catalog_from_state_fn(game.load(table.state)))
    assert made == same(game.catalog_from_state_fn(game.load(game.setup({**options, **data}, 1))))
    assert same(game.catalog_from_state_fn(game.load(other.state))) != made


def test_the_filled_tales_of_danger_sheet_leaves_nothing_to_ask():
    game = get_game("tales-of-danger")
    catalogs.save_sheet(game, FILLED["tales-of-danger"](), group_key="grp-key", by=KEEPER)
    table = tables.create_table(
        "tales-of-danger", "T", {"players": ["Ada", "Bo"]}, group="G", group_key="grp-key"
    )
    assert game.load(table.state).catalog.missing() == []


def test_the_filled_dark_tales_sheet_counts_the_whole_deck():
    game = get_game("dark-tales")
    catalogs.save_sheet(game, FILLED["dark-tales"](), group_key="grp-key", by=KEEPER)
    table = tables.create_table(
        "dark-tales", "T", {"players": ["Ada", "Bo"]}, group="G", group_key="grp-key"
    )
    state = game.load(table.state)
    assert state.catalog().known_total() == PLAYING_CARDS
    assert all(card.vp is not None for card in state.catalog().cards.values())


# -- refused in place, nothing saved -------------------------------------------------------


def test_only_a_keeper_of_the_groups_tables_saves_the_groups_sheet():
    game = get_game("tavern-tales")
    with pytest.raises(AccessDenied):
        catalogs.save_sheet(game, {}, group_key="grp-key", by=catalogs.Editor())
    with pytest.raises(AccessDenied):
        catalogs.save_sheet(game, {}, group_key="other", by=KEEPER)
    assert not GroupCatalog.objects.exists()


def test_the_servers_sheet_stays_a_librarians():
    game = get_game("tavern-tales")
    with pytest.raises(AccessDenied):
        catalogs.save_sheet(game, {}, by=KEEPER)
    catalogs.save_sheet(game, {}, by=catalogs.Editor(librarian=True))
    assert GameCatalog.objects.get(game="tavern-tales").data == {}


@pytest.mark.parametrize(
    ("slug", "cell", "typed", "said"),
    [
        ("tales-of-danger", "sponsors-0-rank", "first", "Sponsors, Queen, Rank: “first”"),
        ("tales-of-danger", "people-0-evidence", "12", "outside 0–9"),
        ("dark-tales", "cards-0-vp", "-1", "outside 0–99"),
        ("dark-tales", "cards-0-type", "dragon", "not one of the choices"),
        ("tavern-tales", "feats-0-track", "1, lots", "“lots” is not a whole number"),
    ],
)
def test_a_bad_cell_is_refused_naming_it(slug, cell, typed, said):
    post = post_for(slug, {}) | {cell: typed}
    sections = card_sheets.posted(slug, post, {})
    with pytest.raises(SheetRefused, match="^1 value doesn't fit") as refused:
        card_sheets.to_data(slug, sections, {})
    assert list(refused.value.faults) == [cell] and said in refused.value.faults[cell]
    # The sheet comes back as typed.
    by_name = {c["name"]: c["value"] for s in sections for line in grid(s) for c in line["cells"]}
    assert by_name[cell] == typed


def test_cards_that_dont_fit_the_box_are_refused():
    game = get_game("dark-tales")
    too_many = {"cards": [{"name": "Night", "count": 40}, {"name": "Prince", "count": 9}]}
    with pytest.raises(RuleError, match="49 cards; the deck has 48"):
        catalogs.save_sheet(game, too_many, group_key="grp-key", by=KEEPER)
    two_ranks = {"sponsors": {"queen": {"rank": 1}, "bishop": {"rank": 1}}}
    with pytest.raises(RuleError, match="two sponsors share a rank"):
        catalogs.save_sheet(get_game("tales-of-danger"), two_ranks, group_key="grp-key", by=KEEPER)
    with pytest.raises(RuleError, match="feat counts add up to 80"):
        catalogs.save_sheet(
            get_game("tavern-tales"),
            {"catalog": {"feats": [{"name": "Gold", "count": 80 - 9}, {"name": "X", "count": 9}]}},
            group_key="grp-key",
            by=KEEPER,
        )
    assert not GroupCatalog.objects.exists()


def test_a_new_dark_tales_card_is_named_in_a_blank_row():
    post = post_for("dark-tales", {})
    blank = next(i for i, r in enumerate(card_sheets.rows("dark-tales", {})[0].rows) if not r.fixed)
    post |= {f"cards-{blank}-name": "Castle", f"cards-{blank}-vp": "1"}
    data = card_sheets.to_data("dark-tales", card_sheets.posted("dark-tales", post, {}), {})
    assert data["cards"] == [{"name": "Castle", "vp": 1}]
    assert Cards(None).canonical("castle") is None  # shipped data unchanged
    post[f"cards-{blank}-name"] = ""
    with pytest.raises(SheetRefused) as refused:  # marked beside the row's name
        card_sheets.to_data("dark-tales", card_sheets.posted("dark-tales", post, {}), {})
    assert "no name" in refused.value.faults[f"cards-{blank}-name"]


# -- entered at the table the sheet was opened from ----------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
def test_the_sheet_is_entered_at_the_table_in_one_move(slug):
    game = get_game(slug)
    table = tables.create_table(slug, "T", {"players": ["Ada", "Bo", "Cy"]}, group="G")
    moves = table.moves.count()
    at = saving.AtTable(table.code, table.version, "table")
    done = saving.save(game, FILLED[slug](), group_key=table.group_key, by=KEEPER, at=at)
    assert done.move is not None and not done.group  # KEEPER keeps another group's tables
    table.refresh_from_db()
    assert table.moves.count() == moves + 1
    entered = same(game.catalog_from_state_fn(game.load(table.state)))
    fresh = game.setup({"players": ["Ada", "Bo", "Cy"], **done.data}, 1)
    assert entered == same(game.catalog_from_state_fn(game.load(fresh)))


def test_a_table_that_refuses_the_sheet_saves_nothing_for_the_group():
    game = get_game("dark-tales")
    options = {"players": ["Ada", "Bo"], "setting_a": "A1", "setting_b": "B1"}
    table = tables.create_table("dark-tales", "T", options, group="G")
    keeper = catalogs.Editor(groups=frozenset({table.group_key}))
    table.state["common"].append("Night")  # two Nights on the table: the sheet says one
    table.save()
    at = saving.AtTable(table.code, table.version, "table")
    with pytest.raises(RuleError, match="More than 1 × Night"):
        saving.save(
            game,
            {"cards": [{"name": "Night", "count": 1}]},
            group_key=table.group_key,
            by=keeper,
            at=at,
        )
    assert not GroupCatalog.objects.exists()
    assert table.moves.count() == 0
