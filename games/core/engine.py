"""The contract between the table platform and a game's pure rules.

Nothing here imports Django: a game module is plain Python that the platform
drives. A game declares a typed state (a pydantic model that round-trips
through JSON exactly), ``setup``, named moves, ``view(state, seat)``,
``outcome(state)`` and its invariants. Moves mutate the fresh copy of the state
they are given and return the sentence that goes into the table's log; a move
that breaks the rules raises ``RuleError`` with a sentence a player understands.
How a move is declared (``MoveSet``, ``collect``) is games/core/moves.py; here is the
``Game`` the platform drives, and the seats' roles it checks each move against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from games.core.moves import MoveSpec
from games.core.needs import Later, Supplier
from games.core.refusals import describe_validation_error
from games.core.rng import Rng
from games.core.words import either, possessive

__all__ = [
    "Game",
    "Outcome",
    "RuleError",
    "ArgsError",
    "Seat",
    "Rng",
]

S = TypeVar("S", bound=BaseModel)


class RuleError(Exception):
    """A move the rules refuse; the message is shown to the players as it is."""


class ArgsError(RuleError):
    """A move was asked for with arguments of the wrong shape (a typo, not a rule)."""


@dataclass(frozen=True)
class Seat:
    """A place a device can take at a table: the shared display, the story master or a player."""

    id: str  # "table", "sm" or "p1".."p9"
    label: str
    kind: str  # "table" | "sm" | "player"


TABLE_SEAT = "table"
STORY_MASTER_SEAT = "sm"
# The role of the player's seat whose turn it is (``Game(turn_fn=…)``): a move declared
# ``roles={TABLE_SEAT, ACTIVE}`` is the shared display's at any time and a player's seat's only
# during its own turn; a waiting player's seat keeps the role "player".
ACTIVE = "active"


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game (or the standings of a running one)."""

    finished: bool
    scores: dict[str, int] = field(default_factory=dict)  # seat id -> score
    winners: tuple[str, ...] = ()  # seat ids; several means a shared victory
    summary: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "summary": self.summary,
        }


# What a seat's role is called in a refusal ("… is for the story master").
ROLE_NAMES = {
    "table": "the shared display",
    "sm": "the story master",
    "player": "a player",
    ACTIVE: "the active player",
}


def roles_named(roles: frozenset[str], names: dict[str, str]) -> list[str]:
    """The roles a move is for, as a refusal names them; one for the active and the waiting
    players alike is "a player" (not "the active player or a player")."""
    if {ACTIVE, "player"} <= roles:
        return ["a player", *(names.get(r, r) for r in sorted(roles - {ACTIVE, "player"}))]
    return [names.get(r, r) for r in sorted(roles)]


@dataclass
class Game(Generic[S]):
    """A registered game: one per game, built in the game's ``game.py`` from its rules' functions
    and its ``MoveSet``s (``moves=collect(...)``)."""

    slug: str
    title: str
    State: type[S]
    Options: type[BaseModel]
    # (options, seed, needs): every game's setup takes what its rules need (games/core/needs.py;
    # None for a game that needs nothing, which ignores it).
    setup_fn: Callable[[Any, int, Any], S]
    view_fn: Callable[[S, str], dict[str, Any]]
    seats_fn: Callable[[S], list[Seat]]
    outcome_fn: Callable[[S], Outcome | None] = lambda state: None
    invariants_fn: Callable[[S], list[str]] = lambda state: []
    blurb: str = ""
    template: str = ""  # the HTMX panel, e.g. "games/dark_tales/panel.html"
    options_template: str = ""  # extra fields on the new-table form (names start "opt_")
    # A group's card data entered once and used by every new table: the model's fields are
    # Options fields (a saved catalog fills them when a new table leaves them out), and
    # catalog_from_state_fn reads a table's entries back so they can be saved. Each game calls
    # the model SavedCatalog (in its catalog module); its catalog module's ``Cards`` is the
    # whole set of cards a table plays with.
    Catalog: type[BaseModel] | None = None
    catalog_from_state_fn: Callable[[S], dict[str, Any]] | None = None
    # Moves after which the platform, in the move's transaction, backs the table up (e.g.
    # "campaign-save") or, made by a keeper, saves its card data as its group's (Galzyr, Dark Tales).
    backup_after: frozenset[str] = frozenset()
    keep_for_group_after: frozenset[str] = frozenset()
    # A seat's role in the current state when the game has roles beyond the seat kinds
    # (Galzyr: the active player); by default a seat's role is its kind.
    role_fn: Callable[[S, str], str] | None = None
    role_names: dict[str, str] = field(default_factory=dict)  # added to ROLE_NAMES
    # The seat whose turn it is (None: no one's, e.g. once the game is over): that player's
    # seat has the role ACTIVE, the other players' seats keep "player", and a waiting seat is
    # refused a move for ACTIVE with "It is Mara's turn." (``role_fn``, when given, decides
    # the roles instead: Galzyr's story master rotates with the turn).
    turn_fn: Callable[[S], str | None] | None = None
    # Once the game is over: the game's own sentence refusing the move named, to every seat
    # ("The game is over."), or None for a move the ended game still takes (its scoring, a
    # correction) and while it is on. The engine says it before it checks the seat's role, so
    # a move the end forbids is not answered with whose move it would be (no one's: a waiting
    # phone heard "… is for the player whose decision it is" after the game). A move declared
    # ``any_time`` is made at any moment and never asked about.
    over_fn: Callable[[S, str], str | None] | None = None
    # The seats with something to do now (a turn, a step, an answer owed; left out: while its
    # role allows a move): a display handed to a seat hides once it isn't (services/hand_over).
    to_act_fn: Callable[[S], set[str]] | None = None
    # What is secret (required): the keys under which ``view`` puts what only some seats may
    # see (a hand, face-down VP), never to reach a seat whose own view lacks it; frozenset():
    # every seat may see everything (tests/test_leak_matrix.py).
    secret_keys: frozenset[str] = field(kw_only=True)
    # The places every move reads (dotted paths, "*" for any key or index): whose turn it is,
    # the phase, shared counters. A move made against an older version is refused when a move
    # since changed one of them (games/core/commute.py); a game that names none leaves it to each
    # move's writes and declared ``reads`` and to running the move on both states.
    contended: frozenset[str] = frozenset()
    moves: dict[str, MoveSpec] = field(default_factory=dict)
    # Options a new table of this game starts with, one per kind of table worth trying (player
    # counts, modes): the platform's generic tests play each one (tests/games/, tests/api/),
    # so a game in the registry is checked without a list of games in any test.
    sample_options: tuple[dict[str, Any], ...] = ()
    # What a state's rules need beyond its JSON (Galzyr: its world's book; games/core/needs.py):
    # ``hand_fn`` gives it to a state; ``supplier`` fetches it, handed by the services (never
    # set in a game's module: the fetching is the game's Django side).
    hand_fn: Callable[[S, Any], None] | None = None
    supplier: Supplier | None = field(default=None, repr=False)
    # Data a state names by digest (games/core/named.py: Galzyr's card catalog): ``named_fn``
    # gives a model's as JSON (stored with the table); ``named(digest)`` reads it back (None:
    # not found), handed by the services (handed.game) as validation context ``{"named": …}``.
    named_fn: Callable[[S], dict[str, Any]] | None = None
    named: Callable[[str], Any] = field(default=lambda digest: None, repr=False)

    # -- what the platform calls -------------------------------------------------------

    def parse_options(self, options: dict[str, Any] | None) -> BaseModel:
        try:
            return self.Options.model_validate(options or {})
        except ValidationError as exc:
            raise ArgsError(describe_validation_error(exc, "options")) from exc

    def setup(self, options: dict[str, Any] | None, seed: int, needs: Any = None) -> dict[str, Any]:
        return self.start(options, seed, needs)[1]

    def start(
        self, options: dict[str, Any] | None, seed: int, needs: Any = None
    ) -> tuple[S, dict[str, Any]]:
        """A new table's state, checked: the model (its ``named_data`` is stored with the
        table) and its JSON. ``needs``: what setup needs, else the supplier's for the options."""
        parsed = self.parse_options(options)
        if needs is None and self.supplier is not None:
            needs = self.supplier.for_options(parsed)
        state = self.setup_fn(parsed, seed, needs)
        self.hand(state, needs)
        self.check(state)
        data = dump(state)
        self.check_bounds(data)
        return state, data

    def load(self, data: dict[str, Any], needs: Any = None) -> S:
        state = self.State.model_validate(data, context={"named": self.named})
        if needs is None and self.supplier is not None:
            needs = Later(lambda: self.needs(data))
        self.hand(state, needs)
        return state

    def supplied_by(self, supplier: Supplier | None) -> Game[S]:
        """This game, its needs fetched by ``supplier`` (the services' Django side; a test's)."""
        return replace(self, supplier=supplier)

    def named_data(self, state: S) -> dict[str, Any]:
        """The data ``state`` names by digest, by digest (``named_fn``; none by default)."""
        return self.named_fn(state) if self.named_fn is not None else {}

    def needs(self, data: dict[str, Any]) -> Any:
        """What the rules of the stored state ``data`` need (the supplier's answer, if any), for
        ``load``: the service that loaded the state asks, so the rules never look for it."""
        return self.supplier.for_state(data) if self.supplier is not None else None

    def hand(self, state: S, needs: Any) -> None:
        """Give ``state`` what its rules need beyond its JSON (``hand_fn``), when it has it."""
        if self.hand_fn is not None and needs is not None:
            self.hand_fn(state, needs)

    def apply(self, data: dict[str, Any], move: str, args: dict[str, Any] | None, seat: str):
        """Run one move on a copy of ``data``: returns (new state as JSON, sentence)."""
        return self.apply_to(self.load(data), move, args, seat)

    def apply_to(self, state: S, move: str, args: dict[str, Any] | None, seat: str):
        """Run one move on ``state`` (a freshly loaded model, which it changes)."""
        spec = self.spec_of(move)
        self.check_open(spec, state, seat)
        try:
            parsed = spec.args.model_validate(args or {})
        except ValidationError as exc:
            raise ArgsError(describe_validation_error(exc, spec.label)) from exc
        sentence = spec.run(state, parsed, seat)
        self.check(state)
        data = dump(state)
        self.check_bounds(data)
        return data, sentence

    def spec_of(self, move: str) -> MoveSpec:
        """The move called ``move``; a name the game lacks is refused in this one sentence."""
        if (spec := self.moves.get(move)) is None:
            raise ArgsError(f"{self.title} has no move called “{move}”.")
        return spec

    def role(self, state: S, seat: str) -> str:
        """The seat's role now: the game's own (``role_fn``), ACTIVE for the player's seat
        whose turn it is (``turn_fn``), or the seat's kind."""
        for found in self.seats_fn(state):
            if found.id == seat:
                if self.role_fn is not None:
                    return self.role_fn(state, seat)
                if found.kind == "player" and self.turn_fn is not None:
                    return ACTIVE if self.turn_fn(state) == seat else found.kind
                return found.kind
        raise RuleError(f"There is no seat “{seat}” at this table.")

    def check_open(self, spec: MoveSpec, state: S, seat: str) -> None:
        """Refuse the move to this seat before its arguments are read: first when the game's
        end forbids it to every seat (``over_fn``), in the game's words; then by the seat's
        role."""
        ended = self.over_fn is not None and not spec.any_time
        if ended and (refusal := self.over_fn(state, spec.name)) is not None:
            raise RuleError(refusal)
        self.check_role(spec, state, seat)

    def check_role(self, spec: MoveSpec, state: S, seat: str) -> None:
        role = self.role(state, seat)
        if not spec.allows(role):
            turn = self.turn_fn(state) if self.turn_fn is not None else None
            if turn is not None and role == "player" and spec.allows(ACTIVE):
                # a waiting player's seat, refused a move of the turn: whose turn it is
                label = next(s.label for s in self.seats_fn(state) if s.id == turn)
                raise RuleError(f"It is {possessive(label)} turn.")
            names = {**ROLE_NAMES, **self.role_names}
            who = either(roles_named(spec.roles or frozenset(), names))
            raise RuleError(f"“{spec.label}” is for {who}, not for {names.get(role, role)}.")

    def may(self, state: S, seat: str) -> dict[str, bool]:
        """Whether this seat's role may make each move now, by move name. Not whether the
        rules allow it in this position: a game's view says that (the card games' ``moves``)."""
        role = self.role(state, seat)
        # Keyed by the name with underscores, so templates can say ``may.draw_event``.
        return {name.replace("-", "_"): spec.allows(role) for name, spec in self.moves.items()}

    def has_to_act(self, state: S, seat: str) -> bool:
        """Whether ``seat`` has something to do now (``to_act_fn``, else its role's moves)."""
        if self.to_act_fn is not None:
            return seat in self.to_act_fn(state)
        return any(self.may(state, seat).values())

    def check(self, state: S) -> None:
        broken = self.invariants_fn(state)
        if broken:
            raise RuleError("That would break the rules: " + "; ".join(broken))

    def check_bounds(self, data: dict[str, Any]) -> None:
        """Refuse a state holding a number past what the game can hold (games/core/bounds.py).

        The rules refuse such a move first with their own sentence; this keeps a slip in them
        from storing a table that no box could show, and that the next load would refuse."""
        try:
            self.State.model_validate(data, context={"named": self.named})
        except ValidationError as exc:
            raise RuleError(
                "That is more than the game can hold: "
                + describe_validation_error(exc, "the table")
            ) from exc

    def view(self, data: dict[str, Any], seat: str) -> dict[str, Any]:
        return self.view_fn(self.load(data), seat)

    def seats(self, data: dict[str, Any]) -> list[Seat]:
        return self.seats_fn(self.load(data))

    def outcome(self, data: dict[str, Any]) -> Outcome | None:
        return self.outcome_fn(self.load(data))


def dump(state: BaseModel) -> dict[str, Any]:
    return state.model_dump(mode="json")
