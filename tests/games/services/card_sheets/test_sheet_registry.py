"""Which games have a card-data sheet: the registry's ``GAME_SHEETS`` line names the game's own
``card_sheet`` module, which the platform's sheet pages read through it."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.core.registry import GAME_MODULES, GAME_SHEETS
from games.services import card_sheets


@pytest.mark.parametrize("slug", sorted(GAME_SHEETS))
def test_each_sheet_line_names_the_games_own_module_with_what_a_sheet_provides(slug):
    package = GAME_MODULES[slug].rpartition(".")[0]
    assert GAME_SHEETS[slug] == f"{package}.card_sheet"  # the game's, not the platform's
    sheet = card_sheets.sheet(slug)
    assert all(callable(getattr(sheet, name)) for name in ("sections", "to_data", "check"))
    assert callable(sheet.missing) and card_sheets.has_sheet(slug)


def test_a_game_without_a_line_has_no_sheet():
    assert "galzyr" in GAME_MODULES and not card_sheets.has_sheet("galzyr")
    with pytest.raises(RuleError, match="This game has no card-data sheet."):
        card_sheets.sheet("galzyr")
