"""Helpers for the Tales of Danger rules tests: a filled-in catalog and a small table driver.

The values below are invented for the tests (the real cards are not ours to guess); only the
counts, cost kinds and the few printed values the rulebook gives come from the game.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from games.tales_of_danger.catalog import DEFAULT_PEOPLE
from games.tales_of_danger.game import game
from games.tales_of_danger.state import Leg, Segment, State

SPONSORS = {
    # id: rank, evidence, plans, start, market, max
    "queen": (1, 4, 6, 3, 2, 8),
    "knights-templar": (2, 3, 5, 3, 2, 8),
    "bishop": (3, 3, 3, 2, 3, 9),
    "sponsor-d": (4, 2, 3, 3, 2, 7),
    "sponsor-e": (5, 2, 2, 4, 2, 7),
    "sponsor-f": (6, 1, 2, 4, 2, 6),
}
ORDER = list(SPONSORS)


def _person(i: int, pid: str) -> dict[str, Any]:
    icons = {ORDER[i % 6]: 1, ORDER[(i + 2) % 6]: 0, ORDER[(i + 3) % 6]: 2 if i % 4 == 0 else 0}
    values: dict[str, Any] = {
        "evidence": 1 + i % 2,
        "plans": 1 + (i + 1) % 3,
        "ribbon": icons,
        "free_for": [ORDER[(i + 1) % 6]] if i % 5 == 0 else [],
    }
    if pid not in ("priest", "doctor", "merchant"):
        values["crew"] = i % 3
        values["supplies"] = 1 + i % 2
    return values


def full_catalog() -> dict[str, Any]:
    """A catalog patch that fills in every unknown value (test data, not the real cards)."""
    return {
        "sponsors": {
            sid: dict(zip(("rank", "evidence", "plans", "start", "market", "max"), v, strict=True))
            for sid, v in SPONSORS.items()
        },
        "people": {p.id: _person(i, p.id) for i, p in enumerate(DEFAULT_PEOPLE)},
    }


NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


class Table:
    """One game held as JSON, driven through the engine exactly as the platform drives it."""

    def __init__(self, players: int = 3, *, seed: int = 7, catalog: bool = True, **options):
        opts = {"players": NAMES[:players], "first_player": 1, **options}
        if catalog:
            opts.update(full_catalog())
        self.data = game.setup(opts, seed)
        self.log: list[str] = []

    @property
    def state(self) -> State:
        return game.load(self.data)

    def do(self, move: str, args: dict[str, Any] | None = None, seat: str | None = None) -> str:
        """Make a move; by default from the shared display, or for a move the display may not
        make (Act 3's private hands) from the active player's own seat, if it is anyone's turn."""
        if seat is None:
            turn = game.turn_fn(self.state)
            seat = "table" if game.moves[move].allows("table") or turn is None else turn
        self.data, sentence = game.apply(self.data, move, args or {}, seat)
        assert json.loads(json.dumps(self.data)) == self.data
        self.log.append(sentence)
        return sentence

    def view(self, seat: str = "table") -> dict[str, Any]:
        return game.view(self.data, seat)

    def put(self, state: State) -> None:
        """Replace the state (for tests that start mid-game), checking the invariants."""
        game.check(state)
        self.data = state.model_dump(mode="json")


def act3_table(
    hands: list[list[str]],
    segments: list[tuple[int, list[str]] | None],
    voyages: list[list[tuple[int, int | None]]] | None = None,
    **kw,
) -> Table:
    """A table already in Act 3: every player has a sponsor, a hand and a current segment.

    Sponsors go by seat in rank order (p1 the Queen, p2 the Knights Templar, ...).
    ``voyages`` lists completed segments as (difficulty, journal or None for no journal).
    """
    t = Table(len(hands), **kw)
    s = t.state
    sponsors = s.catalog.ranked([p.id for p in s.catalog.sponsors])
    used = 0
    for i, p in enumerate(s.players):
        p.act, p.sponsor, p.hand = 3, sponsors[i], list(hands[i])
        difficulty, costs = segments[i] or (0, [])
        if segments[i] is not None:
            p.segment = Segment(difficulty=difficulty, costs=costs)
            used += 1 + len(costs)
        for d, journal in (voyages or [[]] * len(hands))[i]:
            status = "written" if journal else "none"
            p.voyage.append(Leg(difficulty=d, journal=journal, journal_status=status))
            used += 2 if journal else 1
        used += len(hands[i])
    s.sponsors = sponsors[: len(hands)]
    s.removed_sponsors = sponsors[len(hands) :]
    s.stage, s.step, s.active = "act3", "start", 0
    s.deck = s.catalog.total - used
    t.put(s)
    return t


def arranged(
    hands: list[list[str]],
    pool: list[str],
    sponsors: list[str | None] | None = None,
    *,
    active: int = 0,
    step: str = "start",
    discard: list[str] = (),
    on_table: list[str] | None = None,
    **kw,
) -> Table:
    """A table in Acts 1-2 with the given hands, pool and sponsors (None: still in Act 1)."""
    t = Table(len(hands), **kw)
    s = t.state
    for i, p in enumerate(s.players):
        p.hand = list(hands[i])
        if sponsors and sponsors[i]:
            p.sponsor, p.act = sponsors[i], 2
    if on_table is not None:
        s.sponsors = s.catalog.display_order(on_table)
    s.pool, s.discard = list(pool), list(discard)
    s.stage, s.active, s.step = "acts", active, step
    s.deck = s.catalog.total - sum(len(h) for h in hands) - len(pool) - len(discard)
    t.put(s)
    return t


@pytest.fixture(scope="session")
def tod() -> SimpleNamespace:
    """The helpers above, for test modules (tests/ has no packages to import them from)."""
    return SimpleNamespace(
        Table=Table,
        act3=act3_table,
        arranged=arranged,
        full_catalog=full_catalog,
        SPONSORS=SPONSORS,
        NAMES=NAMES,
    )
