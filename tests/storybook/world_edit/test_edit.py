"""Catalog editing through the service: edits validated like loading, refusals change nothing,
and the YAML export / import round trip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from storybook import stored_worlds, world_edit
from storybook.format import Catalog
from storybook.loading.stored import content_hash, world_data, world_from_data
from storybook.models import World
from storybook.services import load_world_folder
from yaml_source import parse

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
GALZYR = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"


@pytest.fixture
def galzyr() -> World:
    return load_world_folder(GALZYR).world


@pytest.fixture
def minimal() -> World:
    return load_world_folder(MINIMAL, "vale").world


def fresh(slug: str = "lands-of-galzyr") -> World:
    return World.objects.get(slug=slug)


def assert_unchanged(before: World) -> None:
    after = fresh(before.slug)
    assert after.data == before.data
    assert after.content_hash == before.content_hash
    assert after.warnings == before.warnings


# -- one card ------------------------------------------------------------------------------------
def test_renaming_a_card_saves_it_in_the_stored_format_with_a_new_hash(galzyr):
    result = world_edit.edit_card("lands-of-galzyr", 127, {"name": "The Lost Map"})
    assert result.saved and result.changes.renamed == [("#127", "Card #127", "The Lost Map")]
    world = fresh()
    assert world.data["cards"]["127"] == {"number": 127, "type": "quest", "name": "The Lost Map"}
    assert world.content_hash == content_hash(world.data) != galzyr.content_hash
    assert world.data["edited"]["edits"] == 1
    # Exactly what loading writes: validating the JSON back and dumping it changes nothing.
    again = world_data(world_from_data(world.data))
    assert (again["info"], again["cards"]) == (world.data["info"], world.data["cards"])


def test_new_tables_read_the_edited_catalog(galzyr):
    world_id, before = stored_worlds.stamp("lands-of-galzyr")
    assert stored_worlds.head(world_id).cards[127].name == "Card #127"
    world_edit.edit_card("lands-of-galzyr", 127, {"name": "The Lost Map", "copies": "2"})
    # the hash moved: a reader's kept book is read again
    assert (
        stored_worlds.stamp("lands-of-galzyr")
        == (world_id, fresh().content_hash)
        != (world_id, before)
    )
    card = stored_worlds.head(world_id).cards[127]
    assert card.name == "The Lost Map" and card.copies == 2


def test_copies_and_optional_fields_from_a_form(galzyr):
    result = world_edit.edit_card("lands-of-galzyr", 296, {"copies": "1", "gold": "4", "text": " "})
    assert result.changes.copies == [("#296", 2, 1)] and result.changes.edited == ["#296"]
    assert fresh().data["cards"]["296"] == {
        "number": 296,
        "type": "item",
        "name": "Card #296",
        "gold": 4,
    }
    world_edit.edit_card("lands-of-galzyr", 296, {"gold": ""})  # an empty field clears it
    assert "gold" not in fresh().data["cards"]["296"]


def test_a_variant_is_renamed_on_its_own(galzyr):
    result = world_edit.edit_card("lands-of-galzyr", 111, {"name": "A letter home"}, variant=1)
    assert result.changes.renamed == [("#111 (mor)", "Card #111 (Mor)", "A letter home")]
    variants = fresh().data["cards"]["111"]["variants"]
    assert [v["name"] for v in variants][:2] == ["Card #111 (Bumir)", "A letter home"]


def test_saving_the_same_values_saves_nothing(galzyr):
    result = world_edit.edit_card("lands-of-galzyr", 127, {"name": "Card #127", "copies": "1"})
    assert not result.saved and not result.changes
    assert_unchanged(galzyr)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"copies": "30"}, "copies: write at most 20, not 30"),
        ({"copies": "two"}, "copies: enter a whole number"),
        ({"name": ""}, "A card needs a name"),
        ({"type": "location"}, "location card 127"),  # not forming a location: the owner's…
        ({"pickup": "atlantis"}, "unknown location 'atlantis'"),
        ({"number": "5"}, "can't be edited here: number"),
    ],
)
def test_refused_card_edits_change_nothing(galzyr, values, message):
    if values == {"type": "location"}:
        world_edit.edit_card("lands-of-galzyr", 127, values)  # …so this one is saved, warning-free:
        # the box's world leaves placing location cards to its owner (owner_enters)
        assert fresh().data["cards"]["127"]["type"] == "location"
        assert not any("127" in w for w in fresh().warnings)
        return
    with pytest.raises(world_edit.EditRefused) as info:
        world_edit.edit_card("lands-of-galzyr", 127, values)
    assert message in str(info.value)
    assert_unchanged(galzyr)


def test_a_lint_error_elsewhere_in_the_world_refuses_the_edit(minimal):
    # Card 078 is the event card of events.yaml: as an item it breaks the event deck.
    with pytest.raises(world_edit.EditRefused) as info:
        world_edit.edit_card("vale", 78, {"type": "item"})
    assert "card 078 'Rumours' is an item, not an event" in str(info.value)
    assert any(line.startswith("events.yaml") for line in info.value.diagnostics)
    assert_unchanged(minimal)


def test_a_card_a_scene_takes_cannot_be_removed_by_an_import(minimal):
    text = world_edit.export_yaml(minimal).replace(
        "  - {number: 201, type: item, name: Lantern, gold: 3, tags: [tool]}\n", ""
    )
    with pytest.raises(world_edit.EditRefused) as info:
        world_edit.import_yaml("vale", text)
    assert "unknown card 201" in str(info.value)
    assert_unchanged(minimal)


def test_an_unknown_card_is_not_found(galzyr):
    with pytest.raises(world_edit.CardNotFound):
        world_edit.edit_card("lands-of-galzyr", 500, {"name": "x"})


# -- the map -------------------------------------------------------------------------------------
def test_placing_a_location_card_saves_it_with_no_warning_before_or_after(galzyr):
    # the box's world leaves placing #074–#077 to its owner (owner_enters): noted, not warned
    assert galzyr.warnings == []
    result = world_edit.assign_location_card("lands-of-galzyr", 74, "location-1")
    assert result.changes.location_cards == [("#074", "—", "Location 1")]
    world = fresh()
    assert world.data["info"]["locations"][0]["cards"] == [66, 74]
    assert world.warnings == []
    world_edit.assign_location_card("lands-of-galzyr", 74, "location-2")
    locations = fresh().data["info"]["locations"]
    assert (locations[0]["cards"], locations[1]["cards"]) == ([66], [67, 74])
    world_edit.assign_location_card("lands-of-galzyr", 74, None)
    assert fresh().data["info"]["locations"][1]["cards"] == [67]


def test_a_location_is_never_left_without_a_card(galzyr):
    with pytest.raises(world_edit.EditRefused, match="would be left without a card"):
        world_edit.assign_location_card("lands-of-galzyr", 66, "location-2")
    with pytest.raises(world_edit.EditRefused, match="not a location card"):
        world_edit.assign_location_card("lands-of-galzyr", 127, "location-2")
    with pytest.raises(world_edit.EditRefused, match="no location"):
        world_edit.assign_location_card("lands-of-galzyr", 74, "atlantis")
    assert_unchanged(galzyr)


def test_routes_are_added_changed_and_removed(galzyr):
    result = world_edit.add_route("lands-of-galzyr", "location-1", "location-2")
    assert result.changes.routes_added == ["Location 1 – Location 2"]
    world_edit.add_route("lands-of-galzyr", "location-2", "location-3", ["winter"])
    assert fresh().data["info"]["routes"] == [
        {"between": ["location-1", "location-2"]},
        {"between": ["location-2", "location-3"], "seasons": ["winter"]},
    ]
    world_edit.set_route_seasons(
        "lands-of-galzyr", "location-3", "location-2", ["summer", "winter"]
    )
    result = world_edit.remove_route("lands-of-galzyr", "location-2", "location-1")
    assert result.changes.routes_removed == ["Location 1 – Location 2"]
    assert fresh().data["info"]["routes"] == [{"between": ["location-2", "location-3"]}]


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ("location-1", "location-1", "a route from 'location-1' to itself"),
        ("location-1", "atlantis", "unknown location 'atlantis'"),
        ("location-2", "location-1", "already a route between Location 2 and Location 1"),
    ],
)
def test_refused_routes_change_nothing(galzyr, a, b, message):
    world_edit.add_route("lands-of-galzyr", "location-1", "location-2")
    before = fresh()
    with pytest.raises(world_edit.EditRefused) as info:
        world_edit.add_route("lands-of-galzyr", a, b)
    assert message in str(info.value)
    assert_unchanged(before)


def test_removing_a_route_that_is_gone_is_refused(galzyr):
    with pytest.raises(world_edit.EditRefused, match="no route between"):
        world_edit.remove_route("lands-of-galzyr", "location-1", "location-2")


def test_a_location_is_renamed_and_numbered(galzyr):
    result = world_edit.edit_location(
        "lands-of-galzyr", "location-1", {"name": "Lakeside", "number": "3"}
    )
    assert result.changes.locations == ["Lakeside"]
    assert fresh().data["info"]["locations"][0]["name"] == "Lakeside"
    with pytest.raises(world_edit.EditRefused):
        world_edit.edit_location("lands-of-galzyr", "location-2", {"number": "3"})  # number taken


def test_a_locations_terrain_is_set_per_side(galzyr):
    result = world_edit.edit_location(
        "lands-of-galzyr", "location-1", {"summer": ["forest", "hill"], "winter": ["forest"]}
    )
    assert result.changes.locations == ["Location 1"]
    loc = fresh().data["info"]["locations"][0]
    assert (loc["summer"], loc["winter"]) == (
        {"terrain": ["forest", "hill"]},
        {"terrain": ["forest"]},
    )
    before = fresh()
    with pytest.raises(
        world_edit.EditRefused, match="summer.terrain: write at least 1 item, not 0"
    ):
        world_edit.edit_location("lands-of-galzyr", "location-1", {"summer": []})
    with pytest.raises(world_edit.EditRefused, match="unknown terrain 'lava'"):
        world_edit.edit_location("lands-of-galzyr", "location-1", {"winter": ["lava"]})
    assert_unchanged(before)


# -- YAML export and import ----------------------------------------------------------------------
def test_the_export_has_the_schema_of_the_world_folder(galzyr):
    data = parse(world_edit.export_yaml(galzyr), "x.yaml").data
    assert list(data) == ["format", "world", "cards", "terrain", "locations", "routes"]
    folder_cards = Catalog.model_validate(parse((GALZYR / "cards.yaml").read_text(), "c").data)
    assert Catalog.model_validate({"cards": data["cards"]}) == folder_cards


@pytest.mark.parametrize("fixture", ["galzyr", "minimal"])
def test_the_yaml_round_trip_is_exact(fixture, request):
    world = request.getfixturevalue(fixture)
    text = world_edit.export_yaml(world)
    result = world_edit.import_yaml(world.slug, text)
    assert not result.saved and not result.changes
    assert_unchanged(world)
    # An edited file comes back exactly as it was written.
    edited = text.replace("name: 'Card #127'", "name: The Lost Map").replace(
        "name: Lantern", "name: Storm lantern"
    )
    assert edited != text
    assert world_edit.import_yaml(world.slug, edited).saved
    assert world_edit.export_yaml(fresh(world.slug)) == edited
    assert world_edit.import_yaml(world.slug, edited).changes.counts() == dict.fromkeys(
        world_edit.Changes().counts(), 0
    )


def test_an_import_says_what_it_changes_before_and_after_saving(galzyr):
    text = (
        world_edit.export_yaml(galzyr)
        .replace("name: 'Card #127'", "name: The Lost Map")
        .replace("name: 'Card #297', copies: 2}", "name: 'Card #297'}")
        .replace("routes: []", "routes:\n  - between: [location-1, location-2]\n")
    )
    preview = world_edit.import_yaml("lands-of-galzyr", text, dry_run=True)
    assert not preview.saved
    assert_unchanged(galzyr)
    counts = preview.changes.counts()
    assert (counts["renamed"], counts["copies"], counts["routes_added"]) == (1, 1, 1)
    assert preview.changes.copies == [("#297", 2, 1)]
    saved = world_edit.import_yaml("lands-of-galzyr", text, expected_hash=galzyr.content_hash)
    assert saved.saved and saved.changes.counts() == counts
    assert "1 card renamed" in saved.changes.summary()
    assert fresh().data["cards"]["127"]["name"] == "The Lost Map"


def test_an_import_checked_against_an_older_world_is_refused(galzyr):
    text = world_edit.export_yaml(galzyr).replace("name: 'Card #127'", "name: The Lost Map")
    world_edit.edit_card("lands-of-galzyr", 128, {"name": "Another"})
    with pytest.raises(world_edit.EditRefused, match="changed since"):
        world_edit.import_yaml("lands-of-galzyr", text, expected_hash=galzyr.content_hash)


def _refusal(galzyr, text, filename="mine.yaml") -> world_edit.EditRefused:
    with pytest.raises(world_edit.EditRefused) as info:
        world_edit.import_yaml("lands-of-galzyr", text, filename)
    assert_unchanged(galzyr)
    return info.value


def test_malformed_yaml_is_refused_with_its_line(galzyr):
    exc = _refusal(galzyr, "format: 1\ncards: [\n  {number: 1\n")
    assert exc.diagnostics[0].startswith("mine.yaml:") and "YAML syntax" in exc.diagnostics[0]


def test_a_duplicate_key_is_refused_with_both_lines(galzyr):
    text = world_edit.export_yaml(galzyr).replace("format: 1\n", "format: 1\nformat: 1\n")
    exc = _refusal(galzyr, text)
    assert exc.diagnostics == ["mine.yaml:5: error: duplicate key 'format' (first given on line 4)"]


def test_an_unknown_card_type_is_refused_with_its_line(galzyr):
    text = world_edit.export_yaml(galzyr)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "number: 66," in line)
    lines[at] = lines[at].replace("type: location", "type: place")
    exc = _refusal(galzyr, "\n".join(lines) + "\n")
    assert exc.diagnostics[0].startswith(f"mine.yaml:{at + 1}: error: cards[")
    assert ".type: write 'item', 'quest', " in exc.diagnostics[0]


def test_a_file_over_one_megabyte_is_refused_unread(galzyr):
    exc = _refusal(galzyr, b"#" * (world_edit.MAX_BYTES + 1))
    assert "larger than 1 MB" in str(exc)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("routes: []", "routes: []\nextra: 1"), "extra: unknown key"),
        (lambda t: t.replace("routes: []\n", ""), "missing key 'routes'"),
        (lambda t: t.replace("world: lands-of-galzyr", "world: vale"), "for the world 'vale'"),
        (lambda t: t.replace("format: 1", "format: 2"), "reads format 1, not 2"),
        (lambda t: t.replace("number: 67,", "number: 66,"), "card number 066 is already"),
        (lambda t: t.replace("cards: [66]", "cards: [127]"), "is a quest, not a location"),
        (
            lambda t: t.replace("format: 1", "format: yes"),
            "format: write a whole number, not the text 'yes'",
        ),
        (lambda t: "", "the file is empty"),
        (lambda t: "- 1\n", "not a mapping"),
        (lambda t: t.replace("format: 1", "format: !!binary 1"), "format"),
        (lambda t: t.encode("utf-16"), "not UTF-8"),
    ],
)
def test_import_refusals(galzyr, change, message):
    exc = _refusal(galzyr, change(world_edit.export_yaml(galzyr)))
    assert message in str(exc) + " ".join(exc.diagnostics)


def test_a_lint_error_of_an_import_names_the_line_in_the_file(galzyr):
    text = world_edit.export_yaml(galzyr)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "cards: [66]")
    lines[at] = "    cards: [127]"
    exc = _refusal(galzyr, "\n".join(lines) + "\n")
    assert f"mine.yaml:{at + 1}: error: card 127 'Card #127' is a quest, not a location" in (
        exc.diagnostics
    )


def test_the_example_file_in_the_docs_imports_into_the_minimal_world(minimal):
    doc = (ROOT / "docs" / "world-catalog.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(# file: vale-catalog.yaml\n.*?)```", doc, re.S)[1]
    result = world_edit.import_yaml("vale", block, "vale-catalog.yaml", dry_run=True)
    assert result.changes.renamed == [("#201", "Lantern", "Storm lantern")]
    assert result.changes.copies == [("#201", 1, 2)]
    assert result.changes.routes_added == ["The Mill – Hollow Wood (summer)"]
    assert result.changes.routes_removed == ["The Mill – Hollow Wood"]
    assert_unchanged(minimal)


def test_loading_the_folder_again_keeps_the_groups_edits(galzyr):
    world_edit.edit_card("lands-of-galzyr", 127, {"name": "The Lost Map"})
    assert fresh().data["edited"]["edits"] == 1
    assert load_world_folder(GALZYR).status == "kept"
    assert fresh().data["cards"]["127"]["name"] == "The Lost Map"
    assert load_world_folder(GALZYR, replace_edits=True).status == "updated"
    assert fresh().data["cards"]["127"]["name"] != "The Lost Map"
