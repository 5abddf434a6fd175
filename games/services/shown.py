"""What a seat is shown of a table: the seats, its view, the moves it may make, the outcome.

One answer for the two renderings of a table: the page (games/web/table.py ``table_context``)
and the API's table JSON (games/api/common.py ``table_json``). The state is parsed already
(a move hands over its own); nothing here reads the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.core.engine import Game, Outcome, Seat


@dataclass(frozen=True)
class Shown:
    seats: list[Seat]
    view: dict[str, Any]  # the seat's view: what it may see, filtered here on the server
    may: dict[str, bool]  # the moves its role allows now ("_" for "-"), its buttons
    outcome: Outcome | None


def shown(game: Game, state: BaseModel, view_seat: str, seat: str | None) -> Shown:
    """What ``seat`` is shown: ``view_seat``'s view (the public one, "table", for a request
    holding no seat) and the moves ``seat`` may make (none without a seat)."""
    return Shown(
        seats=game.seats_fn(state),
        view=game.view_fn(state, view_seat),
        may=game.may(state, seat) if seat else {},
        outcome=game.outcome_fn(state),
    )
