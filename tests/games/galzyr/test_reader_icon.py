"""``pick: icon`` has one meaning (issue 13): the adventurer who takes the card gets the copy
with their own icon — with ``who: everyone``, each adventurer their own. The same in the
reader's sentence, the campaign assistant (the app), the playtest and docs/book-format.md.

Rulebook facts: each effect goes to the players its icon names (active player, partner,
everyone); at reset each adventurer receives card #111 "with their icon" — a card with icon
variants is per adventurer.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from games.galzyr import book as books
from games.galzyr.rules import game
from games.galzyr.scene_effects import apply, pending_from
from games.galzyr.state import State
from storybook import load_world
from storybook.campaign import Campaign, Index
from storybook.format.effects import Effect
from storybook.interpreter import effect_view
from storybook.playtest_effects import EffectRunner, Turn

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
DOC = ROOT / "docs" / "book-format.md"
EFFECT = TypeAdapter(Effect)
KEEPSAKE = 178  # an item with one copy per adventurer icon, all in the library at first

# who → (the sentence's words for whose icon, the players who take a copy: roles)
CASES = [
    ("everyone", "with their own adventurer's icon", ["active", "partner", "other"]),
    ("active", "with the active adventurer's icon", ["active"]),
    ("partner", "with the partner's icon", ["partner"]),
]
ROLES = {"other": 0, "active": 1, "partner": 2}  # player indexes: the active one is not first


def effect(who: str):
    return EFFECT.validate_python({"take": {"card": KEEPSAKE, "pick": "icon"}, "who": who})


@pytest.fixture(autouse=True)
def shelf():
    previous = books.install(books.FolderShelf({"sample": SAMPLE}))
    yield
    books.install(previous)


@pytest.mark.parametrize(("who", "words", "takers"), CASES)
def test_the_readers_sentence_names_whose_icon(who, words, takers):
    text = effect_view(effect(who)).text
    assert words in text
    if who == "everyone":
        assert "active" not in text


@pytest.mark.parametrize(("who", "words", "takers"), CASES)
def test_the_app_gives_each_taker_the_copy_with_their_own_icon(who, words, takers):
    data = game.setup(
        {"players": ["Mara", "Bo", "Cy"], "world": "sample", "mode": "campaign"}, seed=11
    )
    state = State.model_validate(data)
    c = state.campaign
    for p in pending_from([effect_view(effect(who))], 1, ROLES["active"], ROLES["partner"], 3):
        c, _ = apply(c, p, state.adventurers[p.player])
    where = c.where()
    for role, index in ROLES.items():
        aid = state.adventurers[index]
        icon = c.adventurer_def(aid).icon
        held = [cid for cid in c.numbered(KEEPSAKE) if where[cid] == f"items:{aid}"]
        expected = [cid for cid in c.numbered(KEEPSAKE) if c.copies[cid].icon == icon]
        assert held == (expected if role in takers else []), (who, role)


@pytest.mark.parametrize(("who", "words", "takers"), CASES)
def test_the_playtest_gives_each_taker_the_copy_with_their_own_icon(who, words, takers):
    world = load_world(SAMPLE)
    ix = Index(world)
    camp = Campaign.fresh(ix, random.Random(3), 3)
    findings = []
    runner = EffectRunner(camp, random.Random(3), lambda *a, **k: findings.append(a), True)
    players = camp.players
    turn = Turn(active=players[ROLES["active"]], partner=players[ROLES["partner"]])
    runner.apply(effect(who), turn, ("effects", 0))
    assert findings == []
    for role, index in ROLES.items():
        p = players[index]
        held = [cid for cid in camp.copies(KEEPSAKE) if camp.place[cid] == p.pid]
        expected = [cid for cid in camp.copies(KEEPSAKE) if ix.icon[cid] == p.icon]
        assert held == (expected if role in takers else []), (who, role)


# A local status is placed once, whatever ``who`` says: on the partner's space with
# ``who: partner``, else on the active player's — the app's one entry, and the playtest's.
PLACED = [("everyone", "active"), ("active", "active"), ("partner", "partner")]


@pytest.mark.parametrize(("who", "placer"), PLACED)
def test_the_playtest_places_a_local_status_where_the_app_does(who, placer):
    world = load_world(SAMPLE)
    camp = Campaign.fresh(Index(world), random.Random(5), 3)
    players = camp.players
    players[0].location, players[1].location, players[2].location = (
        world.info.locations[0].id,
        world.info.locations[1].id,
        world.info.locations[2].id,
    )
    runner = EffectRunner(camp, random.Random(5), lambda *a, **k: None, True)
    turn = Turn(active=players[ROLES["active"]], partner=players[ROLES["partner"]])
    status = EFFECT.validate_python({"local_status": 271, "who": who})
    runner.apply(status, turn, ("effects", 0))
    (cid,) = camp.copies(271)
    assert camp.place[cid] == f"at:{players[ROLES[placer]].location}"
    app = pending_from([effect_view(status)], 1, ROLES["active"], ROLES["partner"], 3)
    assert [p.player for p in app] == [ROLES[placer]]


def test_the_format_doc_gives_pick_icon_the_same_meaning():
    text = DOC.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `{card: 827, pick: icon}`"))
    assert "the adventurer who takes it" in row
    assert "each adventurer takes the copy with their own icon" in row
    assert "matches the active adventurer's icon" not in text
