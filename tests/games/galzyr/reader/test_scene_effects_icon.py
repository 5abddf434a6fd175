"""``pick: icon`` has one meaning (issue 13), kept in
``storybook.interpreter.effect_text.icon_owner``: the
copy with the active player's adventurer icon, whoever receives it; with ``who: everyone``,
each adventurer the copy with their own icon. The same in the reader's sentence, the campaign
assistant (the app, which the playtester plays through too) and docs/book-format.md.

Rulebook facts: a card taken "by matching icon" is the copy bearing the icon of the adventurer
whose turn it is; such a card is printed once per adventurer icon, so when a scene hands one
to every adventurer, each can only get the copy with their own icon.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from games.galzyr.reader.scene_effects import pending_from
from games.galzyr.state import State
from storybook.format.effects import Effect
from storybook.interpreter import effect_view
from storybook.interpreter.effect_text import icon_owner
from tests.games.galzyr.worlds import game

ROOT = Path(__file__).resolve().parents[4]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
DOC = ROOT / "docs" / "book-format.md"
EFFECT = TypeAdapter(Effect)
KEEPSAKE = 178  # an item with one copy per adventurer icon, all in the library at first
ROLES = {"other": 0, "active": 1, "partner": 2}  # player indexes: the active one is not first

# who → (the sentence's words for whose icon, {receiver's role: role whose icon their copy has})
CASES = [
    pytest.param(
        "everyone",
        "with their own adventurer's icon",
        {"other": "other", "active": "active", "partner": "partner"},
        id="everyone_each_gets_their_own_icon_as_there_is_one_copy_per_icon",
    ),
    pytest.param(
        "active",
        "with the active adventurer's icon",
        {"active": "active"},
        id="the_active_player_gets_the_copy_with_the_icon_of_whose_turn_it_is",
    ),
    pytest.param(
        "partner",
        "with the active adventurer's icon",
        {"partner": "active"},
        id="the_partner_gets_the_copy_with_the_active_players_icon_not_their_own",
    ),
]


def effect(who: str):
    return EFFECT.validate_python({"take": {"card": KEEPSAKE, "pick": "icon"}, "who": who})


def test_the_rule_is_the_active_players_icon_and_on_everyone_each_takers_own():
    assert icon_owner("active", "taker", "active") == "active"
    assert icon_owner("partner", "taker", "active") == "active"
    assert icon_owner("everyone", "taker", "active") == "taker"


@pytest.mark.parametrize(("who", "words", "holds"), CASES)
def test_the_readers_sentence_names_whose_icon(who, words, holds):
    text = effect_view(effect(who)).text
    assert words in text
    assert "partner's icon" not in text


@pytest.mark.parametrize(("who", "words", "holds"), CASES)
def test_the_app_gives_the_copy_the_rulebook_names(who, words, holds):
    data = game.setup(
        {"players": ["Mara", "Bo", "Cy"], "world": "sample", "mode": "campaign"}, seed=11
    )
    state = State.model_validate(data)
    state.effects = pending_from(
        [effect_view(effect(who))], 1, ROLES["active"], ROLES["partner"], 3
    )
    data = state.model_dump(mode="json")
    for i in range(len(state.effects)):  # the move each Apply tap makes
        data, _ = game.apply(data, "apply-effect", {"effect": i + 1}, "sm")
    state = State.model_validate(data)
    c = state.campaign
    where = c.where()
    for role, index in ROLES.items():
        aid = state.adventurers[index]
        held = [cid for cid in c.numbered(KEEPSAKE) if where[cid] == f"items:{aid}"]
        icon = c.adventurer_def(state.adventurers[ROLES[holds[role]]]).icon if role in holds else 0
        assert [c.copies[cid].icon for cid in held] == ([icon] if role in holds else []), role


# A local status is placed once, whatever ``who`` says: on the partner's space with
# ``who: partner``, else on the active player's — the app's one entry, and the playtest's.
PLACED = [
    pytest.param("everyone", "active", id="one_status_card_on_the_active_space_even_for_everyone"),
    pytest.param("active", "active", id="the_active_players_status_on_their_own_space"),
    pytest.param(
        "partner", "partner", id="the_partners_status_on_their_space_with_the_active_icon"
    ),
]


@pytest.mark.parametrize(("who", "placer"), PLACED)
def test_the_app_places_a_local_status_once(who, placer):
    status = EFFECT.validate_python({"local_status": 271, "who": who})
    app = pending_from([effect_view(status)], 1, ROLES["active"], ROLES["partner"], 3)
    assert [p.player for p in app] == [ROLES[placer]]
    assert [p.icon for p in app] == [ROLES["active"]]  # a matching icon would be the active's


def test_the_format_doc_gives_pick_icon_the_same_meaning():
    text = DOC.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `{card: 827, pick: icon}`"))
    assert "matches the active adventurer's icon, also when the partner takes it" in row
    assert "with `who: everyone` each adventurer takes the copy with their own icon" in row
    assert "one copy per icon" in text
    assert "the adventurer who takes it" not in text


def test_the_take_a_card_move_for_another_player_gives_the_active_players_copy():
    data = game.setup(
        {"players": ["Mara", "Bo", "Cy"], "world": "sample", "mode": "campaign"}, seed=11
    )
    state = State.model_validate(data)
    c = state.campaign
    active, other = c.game.active, next(a for a in state.adventurers if a != c.game.active)
    take = {"number": KEEPSAKE, "pick": "icon", "player": state.adventurers.index(other) + 1}
    c = State.model_validate(game.apply(data, "campaign-take-card", take, "sm")[0]).campaign
    (cid,) = [x for x in c.places[f"items:{other}"] if c.copies[x].number == KEEPSAKE]
    assert c.copies[cid].icon == c.adventurer_def(active).icon
