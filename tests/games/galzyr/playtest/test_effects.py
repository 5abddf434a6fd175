"""The playtester carries effects out through the app's own scene-effect application: a card by
matching icon is the copy the rulebook names, a local status is placed once where the app
places it (tests/games/galzyr/reader/test_scene_effects_icon.py: the app's side of the same rules)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from games.galzyr.playtest.effects import EffectRunner, Turn
from games.galzyr.playtest.exhaustive import Exhaustive
from storybook.format.effects import Effect
from storybook.lint.folder import load_world
from storybook.playtest.report import Report

SAMPLE = Path(__file__).resolve().parents[4] / "fixtures" / "worlds" / "sallowmere-marches"
EFFECT = TypeAdapter(Effect)
KEEPSAKE = 178  # an item with one copy per adventurer icon, all in the library at first
ROLES = {"other": 0, "active": 1, "partner": 2}


def table_of_three():
    world = load_world(SAMPLE)
    sim = Exhaustive(world, Report(world, "exhaustive", 0, None), random.Random(3), True)
    base = sim.base
    table = base.fork()
    extra = next(a for a in sim.ix.adventurers if a not in table.players)
    table.players.append(extra)
    table.c.game.players = list(table.players)
    for aid, loc in zip(table.players, world.info.locations, strict=False):
        table.c.adventurer(aid).position = loc.id
    return table


def run(table, eff) -> list:
    findings: list = []
    runner = EffectRunner(table, random.Random(3), lambda *a, **k: findings.append(a), False)
    players = table.players
    turn = Turn(active=players[ROLES["active"]], partner=players[ROLES["partner"]])
    runner.apply(EFFECT.validate_python(eff), turn, ("effects", 0))
    return findings


@pytest.mark.parametrize(
    ("who", "holds"),
    [
        ("everyone", {"other": "other", "active": "active", "partner": "partner"}),
        ("active", {"active": "active"}),
        ("partner", {"partner": "active"}),
    ],
)
def test_the_playtest_gives_the_copy_the_rulebook_names(who, holds):
    table = table_of_three()
    assert run(table, {"take": {"card": KEEPSAKE, "pick": "icon"}, "who": who}) == []
    c = table.c
    for role, index in ROLES.items():
        aid = table.players[index]
        held = [cid for cid in c.numbered(KEEPSAKE) if c.place_of(cid) == f"items:{aid}"]
        want = [c.adventurer_def(table.players[ROLES[holds[role]]]).icon] if role in holds else []
        assert [c.copies[cid].icon for cid in held] == want, role


@pytest.mark.parametrize(
    ("who", "placer"), [("everyone", "active"), ("active", "active"), ("partner", "partner")]
)
def test_the_playtest_places_a_local_status_where_the_app_does(who, placer):
    table = table_of_three()
    assert run(table, {"local_status": 271, "who": who}) == []
    (cid,) = table.c.numbered(271)
    where = table.c.adventurer(table.players[ROLES[placer]]).position
    assert table.c.place_of(cid) == f"local:{where}"
