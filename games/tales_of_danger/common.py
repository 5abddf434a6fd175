"""What the acts share: seats, hands, the deck and the pool."""

from __future__ import annotations

from collections import Counter

from games.core import words
from games.core.engine import ACTIVE, TABLE_SEAT, RuleError
from games.tales_of_danger.catalog import UNKNOWN_CARD
from games.tales_of_danger.state import Player, State

POOL_SIZE = 5
ACT1_HAND_LIMIT = 7
FINAL_SEGMENTS = 5

# Who may make each move: the engine refuses the other roles with a sentence, and the view
# offers a seat the phase's moves its role may make (``may``, seat_view.py). The player's seat
# whose turn it is has the role ACTIVE (``Game(turn_fn=turn_seat)``), the others "player".
# Acts 1 and 2 are played face up (the rulebook: "keep your hand face up in front of you"): the
# moves of the turn are the shared display's or the active player's seat's (a waiting one hears
# "It is Ada's turn."), whose turn it is being the player they are for.
TURN = frozenset({TABLE_SEAT, ACTIVE})
# Dealing in, discarding down and the card data are the shared display's or any player's; which
# player is the move's own rule, checked in its body (the player's own seat, or the table
# acting for the player named: ``own_or_table``).
TABLE_OR_PLAYER = frozenset({TABLE_SEAT, ACTIVE, "player"})
# Act 3's turn moves name cards of a hand kept private ("Hands will be kept private during
# Act 3"): the active player's seat only, on its own device or on the shared display after the
# hand-over (only to a seat no device holds: games/services/access.py act_for). The display's
# own seat is refused before the rules look at a hand, so a refusal tells it nothing of one.
ACTIVE_SEAT = frozenset({ACTIVE})
# Journals are written face down on the player's own seat, never on the shared display's.
PLAYER = frozenset({ACTIVE, "player"})


def seat_id(index: int) -> str:
    return f"p{index + 1}"


def turn_seat(state: State) -> str | None:
    """The seat whose turn it is (the game's ``turn_fn``): the first player's from the deal on
    (while dealing, that player flips the pool), no one's once the game is over."""
    return None if state.stage == "over" else seat_id(state.active)


def player_at(state: State, ref: str) -> int:
    """The index of the player behind a seat id (“p2”), a number (“2”) or a name."""
    key = ref.strip().lower()
    for i, p in enumerate(state.players):
        if key in (seat_id(i), str(i + 1), p.name.lower()):
            return i
    raise RuleError(f"There is no player “{ref}” at this table.")


def own_or_table(state: State, seat: str, ref: str | None) -> int:
    """A player acting from their own seat, or the table acting for a named player.

    The move's roles (rules.py) let only the table and the players reach here."""
    if seat == TABLE_SEAT:
        if ref is None:
            raise RuleError("Say which player this is for.")
        return player_at(state, ref)
    index = player_at(state, seat)
    if ref is not None and player_at(state, ref) != index:
        raise RuleError("Only that player's own seat or the table can do that.")
    return index


def name(state: State, index: int) -> str:
    return state.players[index].name


def person_id(state: State, ref: str) -> str:
    return state.catalog.person(ref).id


def person_name(state: State, pid: str) -> str:
    return "an unnamed card" if pid == UNKNOWN_CARD else state.catalog.person(pid).name


def names(state: State, pids: list[str]) -> str:
    if not pids:
        return "nothing"
    parts = [person_name(state, p) for p in pids]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# -- counting cards ------------------------------------------------------------------------


def seen(state: State) -> Counter[str]:
    """Named people in hands, the pool and the discard pile."""
    counts: Counter[str] = Counter()
    for p in state.players:
        counts.update(c for c in p.hand if c != UNKNOWN_CARD)
    counts.update(c for c in state.pool if c != UNKNOWN_CARD)
    counts.update(c for c in state.discard if c != UNKNOWN_CARD)
    return counts


def check_copies(state: State) -> None:
    """Refuse a card the game does not have that many copies of."""
    counts = seen(state)
    for pid, n in counts.items():
        card = state.catalog.person(pid)
        if n > card.count:
            raise RuleError(
                f"The game has only {card.count} {card.name} card{'s' if card.count != 1 else ''}"
                f", and the app already sees {n}. Check which card that was."
            )


def cards_in_play(state: State) -> int:
    """Every people card the app can place, the deck included."""
    total = state.deck + len(state.pool) + len(state.discard)
    for p in state.players:
        total += len(p.hand) + len(p.voyage)
        total += sum(1 for leg in p.voyage if leg.journal_status == "written")
        if p.segment:
            total += 1 + len(p.segment.costs)
    return total


def draw(state: State, count: int = 1) -> list[str]:
    """Take cards off the deck; shuffles the discard pile in when the deck runs out.

    Returns notes for the log (one per reshuffle).
    """
    notes = []
    for _ in range(count):
        if state.deck == 0:
            if not state.discard:
                raise RuleError("The deck and the discard pile are both empty.")
            state.deck = len(state.discard)
            state.discard = []
            notes.append("the discard pile was shuffled into a new deck")
        state.deck -= 1
    return notes


# -- hands ---------------------------------------------------------------------------------


def take_from_hand(state: State, index: int, ref: str | None) -> str:
    """Remove a card from a hand: the named person, or failing that an unnamed card."""
    player = state.players[index]
    pid = person_id(state, ref) if ref is not None else None
    if pid is not None and pid in player.hand:
        player.hand.remove(pid)
        return pid
    if UNKNOWN_CARD in player.hand:
        player.hand.remove(UNKNOWN_CARD)
        return pid or UNKNOWN_CARD
    if pid is None:
        raise RuleError(f"Say which card {player.name} uses from their hand.")
    raise RuleError(f"{player.name} has no {person_name(state, pid)} in hand.")


def discard_from_hand(state: State, index: int, refs: list[str]) -> list[str]:
    gone = [take_from_hand(state, index, ref) for ref in refs]
    state.discard.extend(gone)
    return gone


def discard_to(state: State, index: int, limit: int, refs: list[str], why: str) -> list[str]:
    """Discard the given cards and make sure the hand is then within ``limit``."""
    player: Player = state.players[index]
    over = len(player.hand) - limit
    if len(refs) > max(over, 0):
        raise RuleError(
            f"{player.name} may only discard {words.count(max(over, 0), 'card', 'cards')} here "
            f"({why} is {limit})."
        )
    gone = discard_from_hand(state, index, refs)
    if len(player.hand) > limit:
        extra = len(player.hand) - limit
        raise RuleError(
            f"{player.name} would hold {len(player.hand)} cards but {why} is {limit}: "
            f"choose {words.count(extra, 'more card', 'more cards')} to discard."
        )
    return gone


# -- the pool ------------------------------------------------------------------------------


def refill_pool(state: State, refs: list[str]) -> list[str]:
    """Flip new cards into the open spaces of the pool."""
    open_spaces = POOL_SIZE - len(state.pool)
    if len(refs) > open_spaces:
        raise RuleError(
            f"The pool has only {words.count(open_spaces, 'open space', 'open spaces')}."
        )
    notes = draw(state, len(refs))
    state.pool.extend(person_id(state, r) for r in refs)
    check_copies(state)
    return notes


def require_full_pool(state: State) -> None:
    open_spaces = POOL_SIZE - len(state.pool)
    if open_spaces and state.deck + len(state.discard) > 0:
        flip = words.count(open_spaces, "card", "cards")
        raise RuleError(f"Refill the pool first: flip {flip} and enter them.")


def next_player(state: State, index: int) -> int:
    return (index + 1) % len(state.players)
