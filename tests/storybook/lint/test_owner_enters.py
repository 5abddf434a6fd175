"""Lint of what a world leaves for the box's owner to enter (world.yaml's ``owner_enters``):
a note, not a warning, so `make run` on a clean checkout prints no warning; a world that
declares nothing still gets the warning for a location card no location uses."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from storybook.lint.folder import lint_world
from storybook.models import World

ROOT = Path(__file__).resolve().parents[3]
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
OWN_BOX = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"


def with_unplaced_card(make_world, *, owner_enters: bool) -> Path:
    """The minimal world with location card #069 in cards.yaml and in no location."""
    cards = (MINIMAL / "cards.yaml").read_text()
    cards = cards.replace(
        "  - {number: 68, type: location, name: Hollow Wood (east)}\n",
        "  - {number: 68, type: location, name: Hollow Wood (east)}\n"
        "  - {number: 69, type: location, name: Location card}\n",
    )
    world = (MINIMAL / "world.yaml").read_text()
    if owner_enters:
        world = world.replace("format: 1\n", "format: 1\nowner_enters: [location_cards]\n")
    return make_world({"cards.yaml": cards, "world.yaml": world})


def test_an_unplaced_location_card_warns_in_a_world_that_declares_nothing(make_world):
    found = [
        (d.severity, d.message)
        for d in lint_world(with_unplaced_card(make_world, owner_enters=False))
    ]
    assert found == [("warning", "location card 069 is not part of any location in world.yaml")]


def test_a_world_whose_owner_places_location_cards_gets_one_note_and_no_warning(make_world):
    found = lint_world(with_unplaced_card(make_world, owner_enters=True))
    assert [(d.file, d.line, d.severity) for d in found] == [("world.yaml", 3, "note")]
    assert "location cards #069 form no location yet" in found[0].message
    assert "for the box's owner to enter" in found[0].message


def test_a_world_with_every_card_placed_gets_no_note_for_its_declaration(make_world):
    world = (MINIMAL / "world.yaml").read_text()
    world = world.replace("format: 1\n", "format: 1\nowner_enters: [location_cards]\n")
    assert lint_world(make_world({"world.yaml": world})) == []


def test_owner_enters_takes_only_the_parts_the_format_knows(make_world):
    world = (MINIMAL / "world.yaml").read_text()
    world = world.replace("format: 1\n", "format: 1\nowner_enters: [routes]\n")
    found = lint_world(make_world({"world.yaml": world}))
    assert [(d.file, d.line, d.severity) for d in found] == [("world.yaml", 3, "error")]


def test_the_own_box_world_lints_with_no_warning_and_says_what_is_the_owners():
    found = lint_world(OWN_BOX)
    assert [d.severity for d in found] == ["note"]
    assert "#074, #075, #076, #077" in found[0].message


@pytest.mark.django_db
def test_loading_prints_the_note_counts_no_warning_and_stores_none(make_world):
    out = StringIO()
    call_command("load_world", str(with_unplaced_card(make_world, owner_enters=True)), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("world.yaml:3: note: location cards #069")
    assert "warning" not in out.getvalue()
    assert World.objects.get(slug="world").warnings == []


def test_lint_world_counts_the_note_apart(make_world):
    out = StringIO()
    call_command("lint_world", str(with_unplaced_card(make_world, owner_enters=True)), stdout=out)
    assert out.getvalue().splitlines()[-1].endswith(": 0 errors, 0 warnings, 1 note.")
