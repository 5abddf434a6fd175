"""What the shared display offers a group with fewer devices than players.

A seat no device holds is played from the shared display: its page lists those seats, each
with a "hand the tablet to …" step; after that deliberate tap the display shows that seat's
private parts and makes its moves (games/services/access.py ``act_for`` decides), until "done, hide
again", or until that seat has nothing left to do now (its turn or step is over:
``Game.has_to_act``), when the display hides again by itself. A seat a device holds is never
offered here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.engine import TABLE_SEAT, Game, Outcome, Seat
from games.models import Table
from games.services import access
from games.services.access import Access


@dataclass(frozen=True)
class HandOver:
    """The hand-over part of a table page."""

    playing: Seat | None  # the seat the display plays now (its private parts are shown)
    unheld: list[Seat]  # the seats it may be handed over to: no device holds them

    def __bool__(self) -> bool:
        return self.playing is not None or bool(self.unheld)


NOTHING = HandOver(playing=None, unheld=[])


def hand_over_part(table: Table, held: Access | None, seats: list[Seat]) -> HandOver:
    """For the shared display's page (the held seats: read with the table row, else one
    query), nothing for anyone else."""
    if held is None:
        return NOTHING
    if held.via is not None:
        return HandOver(playing=next(s for s in seats if s.id == held.seat), unheld=[])
    if held.seat != TABLE_SEAT:
        return NOTHING
    taken = access.held_seats(table)
    return HandOver(
        playing=None,
        unheld=[s for s in seats if s.kind != TABLE_SEAT and s.id not in taken],
    )


def still_played(game: Game, state, outcome: Outcome | None) -> bool:
    """Whether the game still has a seat to hand the display to: not finished (``outcome``),
    and some seat has something to do (``Game.to_act_fn``: none at Dark Tales' B-card scoring
    and reveal, which the table makes). Otherwise the game names no one to play and the
    shared display offers no hand-over."""
    if outcome is not None and outcome.finished:
        return False
    return game.to_act_fn is None or bool(game.to_act_fn(state))


def seat_named(seats: list[Seat], seat_id: str) -> Seat | None:
    return next((s for s in seats if s.id == seat_id and s.kind != TABLE_SEAT), None)


def still_handed(game: Game, state, held: Access, version: int) -> Access:
    """``held``, or the shared display's own access once the seat it was handed over to has
    nothing left to do now (its turn or step is over, after a move since the hand-over at
    ``held.since``; a page after a move has none): that seat's view is no longer shown, nor
    computed. A seat handed the display off its turn (to look at its hand) keeps it until the
    table moves on."""
    if held.via is None or game.has_to_act(state, held.seat):
        return held
    if held.since is not None and version <= held.since:
        return held
    return held.own
