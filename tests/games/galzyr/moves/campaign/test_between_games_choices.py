"""A new campaign table with the players' choices: each player's adventurer and Discord or
Harmony, set up exactly as "Set up the first game again" would; bad choices are refused with a
sentence and set nothing up. Pure: the sample world from its folder, no database."""

from __future__ import annotations

import pytest

from games.core.engine import RuleError
from games.galzyr.state import State
from tests.games.galzyr.playing import QUIET_SCENE, end_a_turn
from tests.games.galzyr.worlds import game

SEED = 4242


def new_table(**options) -> State:
    options = {"players": ["Mara", "Bo"], "world": "sample", "mode": "campaign", **options}
    return State.model_validate(game.setup(options, seed=SEED))


def refused(**options) -> str:
    with pytest.raises(RuleError) as exc:
        new_table(**options)
    return str(exc.value)


def test_without_choices_the_worlds_adventurers_play_in_order_cooperatively():
    s = new_table()
    assert s.adventurers == ["odile", "marrow"] and s.campaign.game.mode == "cooperative"


def test_the_chosen_adventurers_and_discord_are_set_up():
    s = new_table(adventurers=["wren", "odile"], play="competitive")
    assert s.adventurers == ["wren", "odile"]
    assert s.campaign.game.mode == "competitive" and s.campaign.game.players == ["wren", "odile"]
    assert any("Wren Tallowby" in step.text for step in s.checklist)


def test_the_table_starts_as_set_up_the_first_game_again_would():
    chosen = new_table(adventurers=["ysolde", "marrow"], play="competitive", challenge=True)
    plain = new_table(challenge=True)
    args = {"adventurers": ["ysolde", "marrow"], "mode": "competitive", "challenge": True}
    data, _ = game.apply(plain.model_dump(mode="json"), "campaign-first-setup", args, "sm")
    assert data == chosen.model_dump(mode="json")


def test_a_player_left_unchosen_takes_the_first_adventurer_nobody_chose():
    assert new_table(adventurers=["-", "odile"]).adventurers == ["marrow", "odile"]
    assert new_table(adventurers=["", "-"]).adventurers == ["odile", "marrow"]


def test_the_forms_rows_for_absent_players_are_left_out():
    s = new_table(adventurers=["wren", "-", "-", "-", "-", "-"])
    assert s.adventurers == ["wren", "odile"]
    assert "for each player (2 at the table, not 3)" in refused(
        adventurers=["wren", "-", "marrow", "-", "-", "-"]
    )


def test_bad_choices_are_refused_with_a_sentence():
    assert "no adventurer “bumir”" in refused(adventurers=["bumir", "odile"])
    assert "Odile Brackwater is chosen twice" in refused(adventurers=["odile", "odile"])
    assert "(2 at the table, not 1)" in refused(adventurers=["odile"])
    assert "(2 at the table, not 3)" in refused(adventurers=["odile", "wren", "marrow"])
    assert "play" in refused(play="discordant")


def test_choices_belong_to_campaign_mode():
    assert "campaign mode only" in refused(mode="book", adventurers=["wren", "odile"])
    assert "campaign mode only" in refused(mode="book", play="competitive")
    s = new_table(mode="book", adventurers=["-"] * 6, play="cooperative")
    assert s.mode == "book" and s.campaign is None


# -- between games (QA 7: the last game's scene, active player and draw form stayed) -------------
def test_between_games_no_scene_no_active_player_and_a_new_game_starts_with_none():
    data = end_a_turn(new_table().model_dump(mode="json"))
    assert State.model_validate(data).scene == QUIET_SCENE  # over, still on screen
    data = game.apply(data, "campaign-save", {"pack": True}, "table")[0]
    s = State.model_validate(data)
    assert s.campaign.phase == "packed" and s.scene is None and s.trail == []
    seen = game.view(data, "table")
    assert seen["between_games"] and seen["scene"] is None
    assert not any(p["active"] for p in seen["players"])
    for move, args in (("open-scene", {"number": QUIET_SCENE}), ("draw-event", {})):
        with pytest.raises(RuleError, match="Scenes are read during a game: set up a game"):
            game.apply(data, move, args, "table")
    data = game.apply(data, "campaign-setup", {}, "table")[0]
    seen = game.view(data, "p1")
    assert seen["scene"] is None and not seen["between_games"]
    assert sum(p["active"] for p in seen["players"]) == 1
