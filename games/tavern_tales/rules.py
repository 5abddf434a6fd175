"""Tavern Tales: Legends of Dungeon Drop — the pure rules the table platform drives.

Setup mirrors the physical table (five depths of feats, hands of heroes, the optional modules and
the 2-player changes); moves are the decisions players tap: Think'n'Drink, stake a claim, pass,
one-up, flip the table, collect. Claim and scoring details live in ``claims.py`` and
``scoring.py``; card data in ``catalog.py``; what each seat sees in ``seat_view.py``; the moves
for what the app can't see (feats at a depth, card facts, score corrections) in ``manual.py``;
``game.py`` gathers them into the ``Game``.
"""

from __future__ import annotations

from games.core.engine import ACTIVE, TABLE_SEAT, Outcome, RuleError, Seat
from games.core.moves import MoveSet, NoArgs
from games.core.rng import Rng
from games.tavern_tales import claims
from games.tavern_tales.catalog import DEPTHS, Depth, merge, shipped
from games.tavern_tales.claims import CollectArgs, HeroTap, StakeArgs
from games.tavern_tales.state import (
    EPIC_WIN,
    WIN,
    DepthRow,
    Options,
    Player,
    Slot,
    State,
    draw_heroes,
    feats_on_table,
    hand_limit,
    require_seat,
    seat_id,
    two_player,
)

OPENING_HAND = 4  # 3-5 players: deal 6, keep 4; 2 players: deal 5, keep 4


def setup(options: Options, seed: int, needs: None) -> State:
    rng = Rng(seed)
    catalog = merge(shipped(), options.catalog)
    count = len(options.players)
    drinks = list(options.drinks) + [None] * (count - len(options.drinks))
    for drink in filter(None, drinks):
        card = catalog.drink(drink)
        if card is None:
            raise RuleError(f"“{drink}” is not a Specialty Drink in the catalog.")
        if count == 2 and not card.two_player:
            raise RuleError(f"The 2-player game doesn't use {drink}.")
    first = options.first_player if options.first_player is not None else rng.randbelow(count)

    room_depths: list[Depth] = []
    if options.modules.rooms:
        room_depths = list(options.room_depths or options.room_tiles)
        others = [depth for depth in DEPTHS if depth not in room_depths]
        rng.shuffle(others)
        room_depths += others[: max(0, catalog.totals.rooms_in_play - len(room_depths))]
    rows = []
    for depth in DEPTHS:
        if depth not in room_depths:
            rows.append(DepthRow(name=depth, slots=[Slot() for _ in range(3)]))
            continue
        tile = options.room_tiles.get(depth, "")
        card = catalog.room(tile) if tile else None
        if tile and card is None:
            raise RuleError(f"“{tile}” is not a room tile in the catalog.")
        layout = card.layout if card and card.layout else ["up", "up", "up"]
        slots = [Slot(face_down=side == "down") for side in layout]
        rows.append(DepthRow(name=depth, room=tile, slots=slots))

    totals = catalog.totals
    hero_total = totals.heroes - totals.elite_heroes
    if options.modules.elite_heroes:
        hero_total += totals.elite_in_play
    state = State(
        players=[
            Player(name=name, hand=OPENING_HAND, drink=drink)
            for name, drink in zip(options.players, drinks, strict=True)
        ],
        depths=rows,
        catalog=catalog,
        modules=options.modules,
        epic_duel=options.epic_duel,
        target=EPIC_WIN if options.epic_duel else WIN,
        hero_total=hero_total,
        feat_total=totals.feats,
        # 3-5 players shuffle their 2 discards back; 2 players discard 1 each face-down.
        hero_deck=hero_total - OPENING_HAND * count - (count if count == 2 else 0),
        hero_discard=count if count == 2 else 0,
        feat_deck=0,
        active=first,
        rng=0,
    )
    state.feat_deck = totals.feats - feats_on_table(state)
    state.timeline = [[0] * count]
    state.rng = rng.state
    return state


def seats(state: State) -> list[Seat]:
    return [Seat(TABLE_SEAT, "Table", "table")] + [
        Seat(seat_id(i), player.name, "player") for i, player in enumerate(state.players)
    ]


def outcome(state: State) -> Outcome:
    scores = {seat_id(i): player.prestige for i, player in enumerate(state.players)}
    if state.phase != "over":
        return Outcome(finished=False, scores=scores, summary=f"Turn {state.turn}.")
    names = " and ".join(state.players[i].name for i in state.winners)
    best = state.players[state.winners[0]].prestige
    return Outcome(
        finished=True,
        scores=scores,
        winners=tuple(seat_id(i) for i in state.winners),
        summary=f"{names} won with {best} prestige.",
    )


def to_act(state: State) -> set[str]:
    """The seat with something to do now: the claim's next responder, its winner collecting,
    else the active player; none once the game is over."""
    if state.phase == "over":
        return set()
    claim = state.claim
    if claim is not None and claim.responder is not None:
        return {seat_id(claim.responder)}
    if claim is not None and claim.winner is not None:
        return {seat_id(claim.winner)}
    return {seat_id(state.active)}


def turn_seat(state: State) -> str | None:
    """The one seat whose decision it is now (``to_act``), the game's ``turn_fn``: that seat has
    the role ACTIVE; no one's once the game is over."""
    return next(iter(to_act(state)), None)


def over(state: State, move: str) -> str | None:
    """Once the game is over, every move is refused with this (the game's ``over_fn``, said
    before whose decision it would be: no one's), a score's correction with the way to make
    it; the card data (declared ``any_time``) is still entered."""
    if state.phase != "over":
        return None
    if move == "adjust-prestige":
        return "The game is over; undo the last move to correct it."
    return "The game is over."


def invariants(state: State) -> list[str]:
    broken = []
    for index, player in enumerate(state.players):
        if player.prestige < 0:
            broken.append(f"{player.name}'s prestige is below 0")
        if player.hand < 0:
            broken.append(f"{player.name} holds fewer than no cards")
        if state.phase == "turn" and player.hand > hand_limit(state, index):
            broken.append(f"{player.name} holds more cards than the hand limit")
    in_claim = len(state.claim.plays) if state.claim else 0
    heroes = state.hero_deck + state.hero_discard + in_claim + sum(p.hand for p in state.players)
    if min(state.hero_deck, state.hero_discard) < 0 or heroes != state.hero_total:
        broken.append(f"hero cards don't add up ({heroes} of {state.hero_total})")
    held = sum(len(p.feats) for p in state.players)
    feats = state.feat_deck + feats_on_table(state) + held
    if state.feat_deck < 0 or feats != state.feat_total:
        broken.append(f"feat cards don't add up ({feats} of {state.feat_total})")
    if (state.claim is not None) != (state.phase in ("claim", "collect")):
        broken.append("a claim is open outside the claim phases")
    if bool(state.winners) != (state.phase == "over"):
        broken.append("the game has winners but is not over, or the reverse")
    return broken


moves = MoveSet("tavern_tales.rules")
# The moves of a turn and a claim are the decision of one player's seat (ACTIVE, ``turn_seat``):
# a phone takes them for its own player only, and the shared display only for a seat no device
# holds, after "Hand the tablet to …" (QA8 item 7: the tablet took a phone player's
# Think'n'Drink and ended his turn without him). Tapping in feats, card facts and score fixes
# stay every seat's (games/tavern_tales/manual.py).
DECISION = frozenset({ACTIVE})


def _active(state: State, seat: str) -> int:
    require_seat(state, seat, state.active)
    return state.active


@moves.move(NoArgs, label="Think'n'Drink", roles=DECISION)
def think_n_drink(state: State, args: NoArgs, seat: str) -> str:
    """Draw 3 heroes, discard 1, then discard down to the hand limit."""
    who = _active(state, seat)
    player = state.players[who]
    if state.phase != "turn":
        raise RuleError("Think'n'Drink is a whole turn: it can't be taken during a claim.")
    if two_player(state):
        raise RuleError("In the 2-player game every turn starts a claim.")
    limit = hand_limit(state, who)
    if player.hand >= limit:
        raise RuleError(
            f"{player.name} began the turn at the hand limit of {limit}: stake a claim instead."
        )
    drawn = draw_heroes(state, 3)
    player.hand += drawn
    discarded = min(1, player.hand) + max(0, player.hand - 1 - limit)
    player.hand -= discarded
    state.hero_discard += discarded
    sentence = (
        f"{player.name} took a Think'n'Drink: drew {drawn}, discarded {discarded}, "
        f"{player.hand} in hand."
    )
    return sentence + claims.end_turn(state, claims.next_seat(state, who))


@moves.move(StakeArgs, roles=DECISION)
def stake_claim(state: State, args: StakeArgs, seat: str) -> str:
    """Play a hero face-up and claim feats at one of its depths."""
    _active(state, seat)
    return claims.stake(state, args)


def _responder(state: State, seat: str) -> int:
    if state.claim is None or state.claim.responder is None:
        raise RuleError("No claim is waiting for an answer.")
    require_seat(state, seat, state.claim.responder)
    return state.claim.responder


@moves.move(NoArgs, label="Pass", roles=DECISION)
def pass_claim(state: State, args: NoArgs, seat: str) -> str:
    """Let the claim stand for now (you may still one-up if it comes round again)."""
    return claims.pass_claim(state, _responder(state, seat))


@moves.move(HeroTap, label="One-up", roles=DECISION)
def one_up(state: State, args: HeroTap, seat: str) -> str:
    """Play a hero to take the claim over (face-down in the 2-player game)."""
    return claims.one_up(state, _responder(state, seat), args)


@moves.move(HeroTap, label="Flip the table", roles=DECISION)
def flip_table(state: State, args: HeroTap, seat: str) -> str:
    """2 players: turn the opponent's last hero over; a lie hands you the claim."""
    return claims.flip_table(state, _responder(state, seat), args)


@moves.move(CollectArgs, roles=DECISION)
def collect(state: State, args: CollectArgs, seat: str) -> str:
    """The claim's winner collects the feats, choosing how the special ones score."""
    if state.claim is None or state.claim.winner is None:
        raise RuleError("There is no won claim to collect.")
    require_seat(state, seat, state.claim.winner)
    return state.players[state.claim.winner].name + " " + claims.collect(state, args)


@moves.move(NoArgs, label="Redraw a hand of elite heroes", roles=DECISION)
def redraw_hand(state: State, args: NoArgs, seat: str) -> str:
    """Discard a hand made only of elite heroes and draw as many new cards."""
    who = _active(state, seat)
    player = state.players[who]
    if not state.modules.elite_heroes:
        raise RuleError(
            "Only a hand full of elite heroes is redrawn, and they are not in this game."
        )
    if state.phase != "turn":
        raise RuleError("A hand is redrawn before staking a claim.")
    if not two_player(state) and player.hand < hand_limit(state, who):
        raise RuleError(f"{player.name} can Think'n'Drink instead, so needn't redraw.")
    size = player.hand
    state.hero_discard += size
    player.hand = draw_heroes(state, size)
    return f"{player.name} discarded a hand of elite heroes and drew {player.hand} new cards."
