"""A move made against an older version is made anyway when it commutes with the moves since.

Two devices tap within a moment of each other: the second tap was made against the version
before the first. It is made all the same — on the latest state, logged at the new version —
when the order of the two does not matter:

1. the moves since are the game's moves, at most ``WINDOW`` of them (an undo or a restore
   since puts back a whole earlier state: refused);
2. none of them changed a place the move reads: the game's ``contended`` places (whose turn
   it is, the phase, shared counters; not for a move made ``any_time``, such as card data
   read off the box), the places the move declares (``@moves.move(...,
   reads=...)``) and every place it writes;
3. made on the state the device saw and on the latest state, the move makes the same change
   (the same patch, the same sentence): nothing its outcome depends on was moved;
4. the moves since, made again after it, make the same changes and sentences they made:
   nothing their outcome depended on was moved by it.

Then both orders give the same table, and it is the one the log says (the moves since, then
this one). Anything else is a ``Conflict``, answered as before with the latest table.

Randomness is a place like any other: a move that draws from the game's generator stores the
generator's new state (every game does, or its log would not replay), so it writes that
place, and a stale move that draws conflicts with any move since that drew (2 and 3). Which
places a move reads is not guessed from the seat's view: see docs/api.md.

Pure: no Django. The services hand over the log's rows (name, args, seat, sentence, version,
patch, state_before) and the table's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from games.core.engine import Game, RuleError
from games.core.moves import Path, path_of
from games.core.patch import PatchError, apply, diff, same, touched

# The most moves a device may have missed and still have its move made: a device further
# behind has seen too little of the table for its tap to mean what it meant.
WINDOW = 32
SENTENCE = 400  # a logged sentence's length (games/services/ cuts it there)
# What made_anyway reads of a log row (games.models.Move).
ROW_FIELDS = (
    "id",
    "table_id",
    "name",
    "args",
    "seat",
    "sentence",
    "version",
    "patch",
    "state_before",
)


class Conflict(Exception):
    """The move does not commute with the moves since; the message says which rule failed."""


@dataclass(frozen=True)
class Made:
    """The move made on the latest state: the new state, its sentence and the changed model."""

    state: dict[str, Any]
    sentence: str
    model: BaseModel


@dataclass(frozen=True)
class Since:
    """One move logged after the version the device saw, with the states around it."""

    name: str
    args: dict[str, Any]
    seat: str
    sentence: str
    before: dict[str, Any]
    after: dict[str, Any]
    changed: frozenset[Path]


def made_anyway(
    game: Game,
    table: Any,
    rows: Sequence[Any],
    move: str,
    args: dict[str, Any] | None,
    seat: str,
    *,
    seen: int,
    needs: Any = None,
) -> Made:
    """Make ``move`` on the table's latest ``state`` (at ``version``) for a device that saw
    version ``seen``, or raise Conflict. ``rows`` are the log's newest entries, newest first:
    the ``version - seen`` moves the device did not see. ``needs``: what the rules need beyond
    the state (``Game.needs``), opened by the caller."""
    version, latest = table.version, table.state
    gap = version - seen
    if not 0 < gap <= WINDOW:
        raise Conflict(f"{gap} versions apart")
    if [row.version for row in rows] != list(range(version, seen, -1)):
        raise Conflict("the log does not reach back to the version seen")
    spec = game.moves.get(move)
    if spec is None:
        raise Conflict(f"no move {move!r}")
    since = moves_since(game, latest, rows)
    saw = since[0].before  # the state the device saw
    changed = frozenset().union(*(entry.changed for entry in since))
    contended = () if spec.any_time else sorted(game.contended)
    reads = [path_of(dotted) for dotted in contended] + list(spec.reads)
    if meets(changed, reads):
        raise Conflict("a move since changed a place it reads")
    made_seen, said_seen, _ = run(game, saw, move, args, seat, needs)
    made, said, model = run(game, latest, move, args, seat, needs)
    change = diff(saw, made_seen, ordered=False)
    if said != said_seen or not same(change, diff(latest, made, ordered=False), ordered=False):
        raise Conflict("it makes another change on the latest state")
    if meets(changed, touched(saw, change)):
        raise Conflict("a move since changed a place it writes")
    state = made_seen
    for entry in since:
        again, said_again, _ = run(game, state, entry.name, entry.args, entry.seat, needs)
        if said_again[:SENTENCE] != entry.sentence[:SENTENCE] or not same(
            diff(state, again, ordered=False),
            diff(entry.before, entry.after, ordered=False),
            ordered=False,
        ):
            raise Conflict(f"“{entry.sentence}” would make another change after it")
        state = again
    if not same(state, made, ordered=False):  # implied by the above; checked all the same
        raise Conflict("the two orders give different tables")
    return Made(made, said, model)


def moves_since(game: Game, latest: dict, rows: Sequence[Any]) -> list[Since]:
    """The rows (newest first) as moves oldest first, each with its states, rebuilt from the
    latest state by the log's reverse patches (or a row's full copy of the state before)."""
    after, found = latest, []
    for row in rows:
        if row.name not in game.moves:
            raise Conflict(f"an undo or a restore since (“{row.sentence}”)")
        if row.state_before is not None:
            before = row.state_before
            back = diff(after, before, ordered=False)
        else:
            try:
                before = apply(after, row.patch)
            except PatchError as exc:
                raise Conflict(f"the table no longer matches its log ({exc})") from None
            back = row.patch
        found.append(
            Since(
                row.name,
                row.args or {},
                row.seat,
                row.sentence,
                before,
                after,
                frozenset(touched(after, back)),
            )
        )
        after = before
    return found[::-1]


def run(game: Game, data: dict, move: str, args: dict | None, seat: str, needs: Any = None):
    """(state after, sentence, changed model); any refusal is a Conflict."""
    try:
        model = game.load(data, needs)
        made, sentence = game.apply_to(model, move, args, seat)
    except RuleError as exc:
        raise Conflict(f"{move}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a move replayed on a state it never met
        # The stale path answers "made" or the conflict it always was: a fault of the rules
        # met only while making the moves in the other order is not the device's doing.
        raise Conflict(f"{move} failed: {exc!r}") from None
    return made, sentence, model


def meets(places: Iterable[Path], others: Iterable[Path]) -> bool:
    """Whether a place of one set lies along a place of the other: the same place, or one
    inside the other ("*" in a declared place stands for any one key or index)."""
    others = list(others)
    return any(along(place, other) for place in places for other in others)


def along(a: Path, b: Path) -> bool:
    return all(x == y or x == "*" or y == "*" for x, y in zip(a, b, strict=False))
