"""Tales of Danger #1: Days of Discovery — setup, the invariants and who is to act.

The physical cards stay on the table; the app records what the players enter, checks it
against the rules and the card catalog, and keeps the scores. The moves of Acts 1 and 2 live
in acts.py and market.py, the voyages of Act 3 in voyage.py, card data in card_entry.py, the
catalog of cards in catalog.py; game.py gathers them into the ``Game``.
"""

from __future__ import annotations

from collections import Counter

from games.core.engine import ArgsError, RuleError
from games.core.rng import Rng
from games.tales_of_danger.catalog import (
    UNKNOWN_CARD,
    SavedCatalog,
    default_catalog,
    patched,
)
from games.tales_of_danger.common import (
    ACT1_HAND_LIMIT,
    FINAL_SEGMENTS,
    POOL_SIZE,
    cards_in_play,
    seat_id,
)
from games.tales_of_danger.state import Options, Player, State

# Sponsors on the table by player count; 4 or more players use all six.
SPONSORS_FOR = {2: 3, 3: 4}


def setup(options: Options, seed: int, needs: None) -> State:
    rng = Rng(seed)
    catalog = default_catalog()
    if options.sponsors or options.people:
        try:
            catalog = patched(
                catalog, SavedCatalog(sponsors=options.sponsors, people=options.people)
            )
        except RuleError as exc:
            raise ArgsError(str(exc)) from exc
    n = len(options.players)
    if options.first_player is not None and options.first_player > n:
        raise ArgsError(f"There is no player {options.first_player} among {n}.")
    ids = [s.id for s in catalog.sponsors]
    chosen = list(ids)
    if n in SPONSORS_FOR:
        rng.shuffle(chosen)
        chosen = chosen[: SPONSORS_FOR[n]]
    chosen = catalog.display_order(chosen)
    first = options.first_player - 1 if options.first_player else rng.randbelow(n)
    return State(
        rng=rng.state,
        catalog=catalog,
        players=[Player(name=name) for name in options.players],
        first_player=first,
        active=first,
        sponsors=chosen,
        deck=catalog.total,
    )


# -- invariants ----------------------------------------------------------------------------


def invariants(state: State) -> list[str]:
    broken = list(state.catalog.problems())
    total = state.catalog.total
    if cards_in_play(state) != total:
        broken.append(f"the app places {cards_in_play(state)} people cards, not {total}")
    if state.deck < 0:
        broken.append("the deck holds fewer than no cards")
    if len(state.pool) > POOL_SIZE:
        broken.append("the pool holds more than 5 cards")
    if state.stage == "act3" and state.pool:
        broken.append("there is a pool in Act 3")
    if not 0 <= state.active < len(state.players):
        broken.append("the active player is not at the table")
    seen: Counter[str] = Counter()
    claimed = [p.sponsor for p in state.players if p.sponsor]
    if len(set(claimed)) != len(claimed):
        broken.append("two players share a sponsor")
    for s in claimed:
        if s not in state.sponsors:
            broken.append(f"{s} is claimed but not on the table")
    for p in state.players:
        seen.update(c for c in p.hand if c != UNKNOWN_CARD)
        if (p.act == 1) != (p.sponsor is None):
            broken.append(f"{p.name} is in Act {p.act} with sponsor {p.sponsor}")
        if p.act == 1 and len(p.hand) > ACT1_HAND_LIMIT:
            broken.append(f"{p.name} holds more than {ACT1_HAND_LIMIT} cards in Act 1")
        if UNKNOWN_CARD in p.hand and state.stage not in ("act3", "over"):
            broken.append(f"{p.name} holds an unnamed card before Act 3")
        if len(p.voyage) > FINAL_SEGMENTS:
            broken.append(f"{p.name} has more than {FINAL_SEGMENTS} segments")
        if p.segment and len(p.segment.costs) < p.segment.difficulty:
            broken.append(f"{p.name}'s segment has too few cost cards")
        if p.journals_owed > len(p.hand):
            broken.append(f"{p.name} owes more journals than cards in hand")
        for leg in p.voyage:
            if (leg.journal is not None) != (leg.journal_status == "written"):
                broken.append(f"{p.name} has a journal in an impossible state")
    seen.update(c for c in state.pool + state.discard if c != UNKNOWN_CARD)
    for pid, n in seen.items():
        if n > state.catalog.person(pid).count:
            broken.append(f"more {pid} cards than the game has")
    if state.stage == "over" and (state.final_round_by is None or state.final_turns):
        broken.append("the game ended before the final round did")
    return broken


def over(state: State, move: str) -> str | None:
    """Once the game is over only the journals still owed are written (and card data entered,
    declared ``any_time``): every other move is refused with this, to every seat (the game's
    ``over_fn``, said before whose turn it would be: no one's)."""
    if state.stage != "over" or move == "write-journal":
        return None
    return "The game is over."


def to_act(state: State) -> set[str]:
    """The seats with something to do now: the active player (their turn, or preparing a
    segment), and anyone still to enter a starting hand, discard down or write a journal."""
    if state.stage == "deal":
        return {seat_id(i) for i, p in enumerate(state.players) if not p.hand}
    owing = {
        seat_id(i)
        for i, p in enumerate(state.players)
        if p.discard_to is not None or p.journals_owed
    }
    return owing if state.stage == "over" else owing | {seat_id(state.active)}
