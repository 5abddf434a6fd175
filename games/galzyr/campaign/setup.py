"""Game setup and "Continue playing": the saved cards onto the table, the board's side for the
month, a random starting day, the timers (the adventurers' cards last), the starting player.
"""

from __future__ import annotations

from typing import Literal

from games.core.engine import RuleError
from games.core.rng import Rng

from .calendar import place_timer
from .cards import refill_noticeboard, relocate
from .facts import MAX_ITEMS, START_QUEST, calendar_slot, round_limit
from .rounds import start_turn
from .state import Campaign, Round
from .text import Checklist, Step, adventurer_name, card_label, possessive

Mode = Literal["competitive", "cooperative"]


def packed(state: Campaign) -> None:
    if state.phase != "packed":
        raise RuleError("That is done between games, when every card is in the trays.")


def move_all(state: Campaign, cids: list[int], dst: str) -> None:
    for cid in cids:
        relocate(state, cid, dst, timers=False)


# -- setting up and continuing ----------------------------------------------------------------
def setup_game(
    state: Campaign,
    players: list[str],
    mode: Mode = "cooperative",
    *,
    challenge: bool = False,
    coop_travel: bool = False,
    starting: str | None = None,
    positions: dict[str, str] | None = None,
) -> Checklist:
    """ "Game setup": the trays' cards onto the table, a random starting day, the timers."""
    packed(state)
    known = {a.id for a in state.world.adventurers}
    if not players or len(set(players)) != len(players) or not set(players) <= known:
        raise RuleError("Choose one or more different adventurers of this world.")
    steps: Checklist = [
        Step(
            f"Each player takes the cards of their adventurer's save slot and keeps them aside: {', '.join(adventurer_name(state, a) for a in players)}."
        )
    ]
    return steps + _lay_out(
        state, players, mode, challenge, coop_travel, starting, positions, fresh=True
    )


def continue_playing(
    state: Campaign, *, starting: str | None = None, positions: dict[str, str] | None = None
) -> Checklist:
    """ "Continue playing" right after saving: same players, a new game from where it ended."""
    if state.phase != "saved" or state.game is None:
        raise RuleError("Continue playing comes after the game has been saved (without packing).")
    game = state.game
    return _lay_out(
        state,
        game.players,
        game.mode,
        game.challenge,
        game.coop_travel,
        starting,
        positions,
        fresh=False,
    )


def _lay_out(
    state: Campaign,
    players: list[str],
    mode: Mode,
    challenge: bool,
    coop_travel: bool,
    starting: str | None,
    positions: dict[str, str] | None,
    *,
    fresh: bool,
) -> Checklist:
    if starting is not None and starting not in players:
        raise RuleError(f"{adventurer_name(state, starting)} is not playing.")
    locations = {loc.id for loc in state.world.locations}
    if positions and not (set(positions) <= set(players) and set(positions.values()) <= locations):
        raise RuleError("Place the players' figures on locations of the board.")
    months = [
        cid for cid in state.places["save:global"] if state.copies[cid].number in state.plan.months
    ]
    if len(months) > 1:
        found = ", ".join(f"#{state.copies[cid].number:03d}" for cid in months)
        raise RuleError(
            f"The global save slot holds {len(months)} month cards ({found}): keep one."
        )
    mode = "cooperative" if len(players) == 1 else mode  # solo games work like co-op ones
    rng = Rng(state.rng)
    steps: Checklist = [Step("Take all cards from the global save slot and sort them by type.")]
    state.phase = "playing"
    global_slot = list(state.places["save:global"])
    by_type = {
        t: [c for c in global_slot if state.copies[c].type == t]
        for t in ("global_status", "location", "local_status", "event", "quest")
    }
    move_all(state, by_type["global_status"], "global")
    steps.append(
        Step(
            f"{'Choose competitive or co-operative play: ' + mode + '. ' if len(players) > 1 else ''}Place the global status cards face up and read them."
        )
    )
    season = state.season
    if season is None:
        season = "summer"
        steps.append(Step("No month card is in play: choose the board's side.", manual=True))
    flipped = state.calendar.side != season
    state.calendar.side = season
    steps.append(
        Step(
            f"{'Turn' if flipped or fresh else 'Keep'} the game board and location cards to the {season} side ({(state.month or 'month unknown').capitalize()})."
        )
    )
    move_all(state, by_type["location"], "board")
    for cid in by_type["local_status"]:
        space = state.local_memory.pop(cid, None)
        if space in locations:
            relocate(state, cid, f"local:{space}", timers=False)
            steps.append(Step(f"Place {card_label(state, cid)} at {state.location_name(space)}."))
        else:
            steps.append(
                Step(
                    f"Place {card_label(state, cid)} where it belongs, then tell the app.",
                    manual=True,
                )
            )
    move_all(state, by_type["event"], "event_deck")
    events = len(by_type["event"])
    if events:  # a world without event cards (or a slot without them) has no deck to lay
        cards = "the event card" if events == 1 else f"the {events} event cards"
        steps.append(Step(f"Place {cards} face down as the event deck, without shuffling."))
    move_all(state, by_type["quest"], "noticeboard")
    steps.append(
        Step(
            "Place the quests public side up as the noticeboard; put quest tokens on their pickup locations."
        )
    )
    steps += refill_noticeboard(state)
    for cid in state.places["save:global"]:
        steps.append(
            Step(
                f"{card_label(state, cid).capitalize()} stays in the global save slot until a card says otherwise.",
                manual=True,
            )
        )
    for aid in players:
        state.adventurer(aid).prestige = 0
    steps.append(Step("Place each player's prestige token on 0."))
    state.calendar.day = rng.randbelow(7)
    steps.append(
        Step(
            f"The Book of Adventures gives the starting day: place the day token on {calendar_slot(state.calendar.day)}."
        )
    )
    table = [k for k in ("global", "board") if state.places[k]] + [
        k for k in state.places if k.startswith("local:")
    ]
    for key in table:
        steps += [place_timer(state, cid) for cid in state.places[key] if state.copies[cid].timer]
    for aid in players:
        steps += _take_own_cards(state, aid, fresh=fresh)
    first = players.index(starting) if starting else rng.randbelow(len(players))
    state.rng = rng.state
    state.game = Round(
        players=list(players),
        mode=mode,
        challenge=challenge,
        coop_travel=coop_travel,
        starting=first,
        limit=round_limit(len(players)),
    )
    start_turn(state.game)
    steps.append(Step(f"{adventurer_name(state, players[first])} takes the starting player token."))
    order = players[first:] + players[:first]
    for aid in order:
        where = (positions or {}).get(aid)
        state.adventurer(aid).position = where
        if where:
            steps.append(
                Step(
                    f"Place {possessive(adventurer_name(state, aid))} figure at {state.location_name(where)}; they may pick up quests there."
                )
            )
        else:
            steps.append(_first_place(state, aid))
    return steps


def _first_place(state: Campaign, aid: str) -> Step:
    """The setup's last step for one adventurer: a figure on a location card, quests picked up
    there; skipped by one who holds the starting quest #111 or is Isolated (a status the app
    may not know, so it is said as a condition)."""
    name = adventurer_name(state, aid)
    if any(state.copies[cid].number == START_QUEST for cid in state.places[f"quests:{aid}"]):
        return Step(
            f"{name} holds quest #{START_QUEST:03d}, their starting quest: their figure stays "
            "off the board for now and they pick up no quests.",
            manual=True,
        )
    return Step(
        f"{name} places their figure on any location card and may pick up quests there; "
        "if Isolated, they skip this.",
        manual=True,
    )


def _take_own_cards(state: Campaign, aid: str, *, fresh: bool) -> Checklist:
    """Step 11: an adventurer's saved cards go beside their board; their timers go on top."""
    name = adventurer_name(state, aid)
    holding = {
        "item": "items",
        "quest": "quests",
        "companion": "companions",
        "adventurer_status": "statuses",
        "ability": "statuses",
    }
    steps: Checklist = []
    if fresh:
        steps.append(
            Step(
                f"{name}: take the adventurer board and figure; the gold dial stays at {state.adventurer(aid).gold}."
            )
        )
    for cid in list(state.places[f"save:{aid}"]) if fresh else []:
        kind = holding.get(state.copies[cid].type)
        dst = f"{kind}:{aid}" if kind else None
        if dst is None or (kind in ("items", "quests") and len(state.places[dst]) >= MAX_ITEMS):
            steps.append(
                Step(
                    f"{card_label(state, cid).capitalize()} stays in {possessive(name)} save slot: place it as the card says.",
                    manual=True,
                )
            )
            continue
        relocate(state, cid, dst, timers=False)
    if fresh:
        steps.append(
            Step(
                f"{name}: items below the board, statuses and companions beside it, quests in hand."
            )
        )
    for kind in ("items", "quests", "companions", "statuses"):
        steps += [
            place_timer(state, cid)
            for cid in state.places[f"{kind}:{aid}"]
            if state.copies[cid].timer
        ]
    return steps


def first_turn(c: Campaign) -> bool:
    """A brand-new campaign before its first scene: the first game's choices may change."""
    g = c.game
    return (
        c.seed is not None
        and c.games_played == 0
        and c.phase == "playing"
        and g is not None
        and (g.number, g.turn, g.step) == (1, 0, "travel")
    )
