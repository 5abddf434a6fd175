"""The playtester of Lands of Galzyr: a world's book played many times in campaign mode, with
the app's own rules, and what was reached counted.

``playtest(world, runs=2000, seed=1)`` plays ``runs`` seeded games (``runs``): each a fresh
campaign of the app's pure core (``games.galzyr.campaign``: its reset, setup, rounds, calendar,
saving and continuing) with 1–4 adventurers, 1–3 games (a game continues from the save of the
one before). On a turn the active player travels up to two spaces, may pick up a quest from
the noticeboard, and begins a scene from what is open to them — the location's scenes, a
local status there, a card they hold, or the top of the event deck — a mandatory one if
there is one, otherwise preferring scenes read less often. A partner joins partner scenes
now and then; half of the games are in challenge mode. Questions the state can't answer get
a random yes or no; options are chosen among the open ones (less-chosen first); skill checks
are rolled with a rough dice pool or given any number of successes from 0 to one past the
highest outcome. Effects are applied by the app's own scene-effect application
(``effects``). Each run begins with one of the world's entry scenes (the one read least so
far); each game ends with the scene Discord or Harmony names.

``exhaustive(world)`` reads every scene from a table prepared for each combination of
answers (and partner / challenge mode in partner scenes), then every open option with every
number of successes (``exhaustive``).

Both return a ``storybook.playtest.report.Report``: coverage per scene, option and outcome,
and the findings — runtime errors (the playtest fails) and warnings — each at the file:line
of the effect or scene. What the playtest proves is what the table will do: there is one
campaign engine, the app's.
"""

from __future__ import annotations

import random
import time

from games.galzyr.campaign.facts import MAX_GOLD
from storybook.loading.world import World
from storybook.playtest.report import Report

from .exhaustive import Exhaustive
from .runs import Runs


def playtest(world: World, runs: int = 2000, seed: int = 1) -> Report:
    """``runs`` seeded random games; the same world and seed give the same report."""
    report = Report(world, "runs", runs, seed)
    start = time.perf_counter()
    sim = Runs(world, report, random.Random(seed), prepared=False)
    for r in range(runs):
        sim.run(r)
    report.seconds = time.perf_counter() - start
    return report


def exhaustive(world: World) -> Report:
    report = Report(world, "exhaustive", 0, None)
    report.notes.append(
        f"each combination starts every adventurer with {MAX_GOLD} gold, the dial's top, so "
        f"that every cost can be paid: a gain there stops at {MAX_GOLD}"
    )
    start = time.perf_counter()
    Exhaustive(world, report, random.Random(0), prepared=True).sweep()
    report.seconds = time.perf_counter() - start
    return report
