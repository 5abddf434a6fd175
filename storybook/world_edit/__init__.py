"""Editing a loaded world's card catalog and map (the world's catalog page and its API): one
card, a route, a location card, or all of it at once from a YAML file.

The group completes a world in the UI (Lands of Galzyr ships with "Card #127" and unplaced
location cards): every change goes through ``apply_change``, which locks the World row, applies
the change to a copy of the stored JSON, validates it exactly like loading does (the format's
models, then ``storybook.lint.checks.check_world`` over the whole world, scenes included) and saves
only when there is no error. The saved JSON has the shape ``storybook.loading.stored.world_data``
writes, and a new ``content_hash``, so the reader's books (``storybook.stored_worlds``) and the
tables created afterwards see the change.

The export is one YAML file whose ``cards`` are those of ``cards.yaml`` and whose
``terrain``, ``locations`` and ``routes`` are those of ``world.yaml``; an import reads it with
the loader's parser (YAML 1.2, duplicate keys refused, every error with its line).
"""

# The pieces live in core (errors, reading, validate and save), changes (the change report),
# cards, world_map and yaml_file; this package's front keeps the names the views, the API
# and the tests import.
from storybook.world_edit.cards import (
    CARD_FIELDS,
    PLACEHOLDER,
    VARIANT_FIELDS,
    card_row,
    card_rows,
    edit_card,
    replace_card,
    unknown_name,
)
from storybook.world_edit.changes import SEASONS, Changes, card_label, diff, location_of_cards
from storybook.world_edit.core import (
    INT_FIELDS,
    CardNotFound,
    CardsAndMap,
    EditRefused,
    Mutate,
    Saved,
    card_json,
    cards_and_map,
    get_world,
)
from storybook.world_edit.world_map import (
    PLACEHOLDER_LOCATION,
    UNKNOWN_TERRAIN,
    add_route,
    assign_location_card,
    edit_location,
    map_view,
    remove_route,
    set_route_seasons,
)
from storybook.world_edit.yaml_file import (
    EXPORT_FORMAT,
    MAX_BYTES,
    CardsAndMapFile,
    export_yaml,
    import_yaml,
    read_import,
)

__all__ = [
    "CARD_FIELDS",
    "EXPORT_FORMAT",
    "INT_FIELDS",
    "MAX_BYTES",
    "PLACEHOLDER",
    "PLACEHOLDER_LOCATION",
    "SEASONS",
    "UNKNOWN_TERRAIN",
    "VARIANT_FIELDS",
    "CardNotFound",
    "CardsAndMapFile",
    "EditRefused",
    "CardsAndMap",
    "Changes",
    "Mutate",
    "Saved",
    "add_route",
    "assign_location_card",
    "card_json",
    "card_label",
    "card_row",
    "card_rows",
    "diff",
    "edit_card",
    "edit_location",
    "export_yaml",
    "cards_and_map",
    "get_world",
    "import_yaml",
    "location_of_cards",
    "map_view",
    "read_import",
    "remove_route",
    "replace_card",
    "set_route_seasons",
    "unknown_name",
]
