"""A sheet refused for some cards marks those cards' fields (issue 16).

Not only a value that doesn't fit its own cell: two sponsors given one rank, a card on the
sheet twice, a new row without a name, a room's layout, a hero's depths, copies that add up
to more than the box: each refusal names the fields it is about (``SheetRefused.faults``, by
input name), so the page marks them beside the values, and the sheet keeps what was typed.
"""

from __future__ import annotations

import pytest

from games.services import card_sheets
from games.services.card_sheets.base import SheetRefused
from tests.games.services.card_sheets.card_sheet_data import post_for

DARK_BLANK = 12  # Dark Tales' first blank row (after its 12 named cards)
FEATS_BLANK, HEROES_BLANK, ROOMS_BLANK = 7, 3, 1  # Tavern Tales' first blank rows


def refused(slug: str, typed: dict[str, str | list[str]], saved: dict | None = None):
    """The faults of the sheet as typed, and its sections (as the page draws them again)."""
    post = post_for(slug, saved or {}) | typed
    sections = card_sheets.posted(slug, post, saved or {})
    with pytest.raises(SheetRefused) as refusal:
        card_sheets.to_data(slug, sections, saved or {})
    marked = {name for section in sections for name in section.faults}
    assert marked == set(refusal.value.faults)  # every fault is on its section, to mark
    return refusal.value.faults, sections


def test_two_sponsors_given_one_rank_are_both_marked():
    faults, sections = refused(
        "tales-of-danger",
        {"sponsors-0-rank": "2", "sponsors-3-rank": "2", "sponsors-4-rank": "5"},
    )
    assert set(faults) == {"sponsors-0-rank", "sponsors-3-rank"}
    assert faults["sponsors-0-rank"] == (
        "Sponsors, Queen, Rank: Sponsor D has rank 2 too; each sponsor has its own."
    )
    assert "Queen has rank 2 too" in faults["sponsors-3-rank"]
    sponsors = sections[0]
    assert sponsors.rows[4].values["rank"] == "5"  # the rest as typed


def test_a_dark_tales_name_twice_and_a_row_without_a_name_are_each_marked():
    faults, sections = refused(
        "dark-tales",
        {
            f"cards-{DARK_BLANK}-name": "princess",
            f"cards-{DARK_BLANK + 1}-vp": "3",
            f"cards-{DARK_BLANK + 2}-name": "x" * 61,
        },
    )
    assert faults == {
        f"cards-{DARK_BLANK}-name": "Playing cards: the princess is on the sheet twice.",
        f"cards-{DARK_BLANK + 1}-name": "Playing cards: a new row has values but no name.",
        f"cards-{DARK_BLANK + 2}-name": (
            "Playing cards: a card's name can be at most 60 characters."
        ),
    }
    assert sections[0].rows[DARK_BLANK + 1].values["vp"] == "3"


def test_dark_tales_copies_over_the_deck_mark_the_copies_typed():
    saved = {"cards": [{"name": "Night", "count": 5}]}
    faults, _sections = refused(
        "dark-tales",
        {"cards-10-count": "40", f"cards-{DARK_BLANK}-name": "Prince"}
        | {f"cards-{DARK_BLANK}-count": "9"},
        saved,
    )
    assert set(faults) == {"cards-10-count", f"cards-{DARK_BLANK}-count"}
    assert "the deck has 48" in faults["cards-10-count"]


def test_tavern_tales_marks_each_card_it_refuses():
    faults, _sections = refused(
        "tavern-tales",
        {
            f"feats-{FEATS_BLANK}-name": "Gold",
            f"feats-{FEATS_BLANK + 1}-count": "2",
            f"heroes-{HEROES_BLANK}-name": "Boblin Two",
            f"heroes-{HEROES_BLANK}-kind": "adventurer",
            f"heroes-{HEROES_BLANK}-depths": ["Caverns"],
            f"rooms-{ROOMS_BLANK}-name": "Crypt",
            f"rooms-{ROOMS_BLANK}-layout": "up, sideways",
        },
    )
    assert faults == {
        f"feats-{FEATS_BLANK}-name": "Feats: Gold is on the sheet twice.",
        f"feats-{FEATS_BLANK + 1}-name": "Feats: a new row has values but no name.",
        f"heroes-{HEROES_BLANK}-depths": (
            "Heroes, Boblin Two, Depths: they don't fit its type (an adventurer shows 2 "
            "depths, a specialist 1, an elite hero none)."
        ),
        f"rooms-{ROOMS_BLANK}-layout": (
            "Room tiles, Crypt: the layout lists “up” or “down” for each feat."
        ),
    }


def test_tavern_tales_feats_over_the_box_mark_the_counts_typed():
    faults, _sections = refused(
        "tavern-tales",
        {"feats-0-count": "70", f"feats-{FEATS_BLANK}-name": "Ruby"}
        | {f"feats-{FEATS_BLANK}-count": "9"},
    )
    assert set(faults) == {"feats-0-count", f"feats-{FEATS_BLANK}-count"}
    assert "feat counts add up to" in faults["feats-0-count"]


def test_a_whole_sheet_refusal_about_no_typed_value_stays_whole():
    """Copies over the deck that nobody typed on this sheet (the saved sheet already said
    so) mark nothing: the refusal stays the sheet's sentence."""
    too_many = {"cards": [{"name": "Night", "count": 40}, {"name": "Prince", "count": 9}]}
    post = post_for("dark-tales", {})
    sections = card_sheets.posted("dark-tales", post, {})
    for section in sections:  # the sheet as if saved with these counts, untouched
        section.rows = card_sheets.rows("dark-tales", too_many)[0].rows
    with pytest.raises(Exception, match="49 cards; the deck has 48") as refusal:
        card_sheets.to_data("dark-tales", sections, too_many)
    assert not isinstance(refusal.value, SheetRefused)
