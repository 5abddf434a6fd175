"""Rounds and adventurers: turns, travel, the calendar phase, gold, prestige, skill marks, tags.

A round is the adventure phase (each player in clockwise order from the starting player:
travel up to 2 moves, then one scene) and the calendar phase (the day token moves on, timers
resolve). In co-op travel mode the round starts with a shared travel phase in which everyone
moves, then each player resolves a scene. The game ends after the round limit.
"""

from __future__ import annotations

from collections import deque

from games.core.engine import RuleError
from games.core.words import count

from .calendar import advance_day
from .facts import (
    MAX_GOLD,
    MAX_MARKS_PER_SKILL,
    TRAVEL_MOVES,
    ending_card,
    story_master,
)
from .state import Campaign, Round
from .text import Checklist, Step, adventurer_name, card_label, possessive


def _game(state: Campaign) -> Round:
    if state.phase != "playing" or state.game is None:
        raise RuleError("No game is being played.")
    return state.game


def active(state: Campaign) -> str:
    return _game(state).active


def story_master_of(state: Campaign) -> str:
    """The adventurer whose player reads the active player's scene."""
    game = _game(state)
    return game.players[story_master(len(game.players), game.active_index)]


# -- the map --------------------------------------------------------------------------------
def neighbours(state: Campaign, lid: str) -> list[str]:
    season = state.calendar.side or state.season or "summer"
    out = []
    for route in state.world.routes:
        if season in route.seasons and lid in route.between:
            a, b = route.between
            out.append(b if a == lid else a)
    return sorted(set(out))


def routes_known(state: Campaign) -> bool:
    """The world declares its routes (a world of the box's facts alone may enter none)."""
    return bool(state.world.routes)


def reachable(state: Campaign, lid: str) -> list[str]:
    """Where one move leads from ``lid`` now: its neighbours by a route open this season; in
    a world whose routes aren't entered, any other location (the group follows the board)."""
    if routes_known(state):
        return neighbours(state, lid)
    return [loc.id for loc in state.world.locations if loc.id != lid]


def distance(state: Campaign, a: str, b: str) -> int | None:
    """The least number of moves from ``a`` to ``b`` (None: not connected this season)."""
    seen = {a: 0}
    todo = deque([a])
    while todo:
        here = todo.popleft()
        if here == b:
            return seen[here]
        for nxt in neighbours(state, here):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return None


def travel_refusal(state: Campaign, aid: str) -> str | None:
    """Why ``aid`` may not take a travel step now (None: they may): the travel move refuses
    with it, and the panel shows it instead of the travel form."""
    game = _game(state)
    if game.step != "travel":
        return "Travel comes before the scene; this turn is past it."
    if aid not in game.moves:
        return f"{adventurer_name(state, aid)} is not travelling now."
    if state.adventurer(aid).position is None:
        return f"{adventurer_name(state, aid)}'s figure is off the board and cannot move."
    if game.moves[aid] < 1:
        return f"{adventurer_name(state, aid)} has no moves left: the scene comes next."
    return None


def travel(state: Campaign, aid: str, to: str) -> Checklist:
    """One move to an adjacent space along a route."""
    game = _game(state)
    refused = travel_refusal(state, aid)
    if refused:
        raise RuleError(refused)
    adv = state.adventurer(aid)
    assert adv.position is not None  # travel_refusal said so
    if to not in {loc.id for loc in state.world.locations}:
        raise RuleError(f"There is no location “{to}”.")
    if to == adv.position:
        raise RuleError(f"{adventurer_name(state, aid)} is at {state.location_name(to)} already.")
    if to not in reachable(state, adv.position):
        raise RuleError(
            f"No route leads from {state.location_name(adv.position)} to {state.location_name(to)}."
        )
    game.moves[aid] -= 1
    adv.position = to
    return [Step(f"Move {adventurer_name(state, aid)}'s figure to {state.location_name(to)}.")]


def movement(state: Campaign, aid: str, change: int) -> Checklist:
    """The movement keyword: more or fewer moves this travel, never below 0."""
    game = _game(state)
    if aid not in game.moves:
        raise RuleError(f"{adventurer_name(state, aid)} is not travelling now.")
    game.moves[aid] = max(0, game.moves[aid] + change)
    left = count(game.moves[aid], "move", "moves")
    return [Step(f"{adventurer_name(state, aid)} has {left} left.")]


def place_figure(state: Campaign, aid: str, to: str | None) -> Checklist:
    """Put a figure on a space (setup, or a scene moving it); None takes it off the board."""
    if state.phase not in ("playing", "over"):
        raise RuleError("Figures are on the board only during a game.")
    if state.game is None or aid not in state.game.players:
        raise RuleError(f"{adventurer_name(state, aid)} is not in this game.")
    if to is not None and to not in {loc.id for loc in state.world.locations}:
        raise RuleError(f"There is no location “{to}”.")
    state.adventurer(aid).position = to
    where = state.location_name(to) if to else "off the board"
    return [Step(f"Place {adventurer_name(state, aid)}'s figure {'at ' if to else ''}{where}.")]


def begin_story(state: Campaign) -> Checklist:
    game = _game(state)
    if game.step != "travel":
        raise RuleError("The scene has begun already.")
    game.step = "story"
    game.moves = {}
    sm = story_master_of(state)
    return [
        Step(
            f"{adventurer_name(state, game.active)} chooses a scene; "
            f"{adventurer_name(state, sm)}'s player reads it as story master."
        )
    ]


def start_turn(game: Round) -> None:
    if game.coop_travel and game.turn == 0:
        game.step = "travel"
        game.moves = dict.fromkeys(game.players, TRAVEL_MOVES)
    elif game.coop_travel:
        game.step, game.moves = "story", {}
    else:
        game.step = "travel"
        game.moves = {game.active: TRAVEL_MOVES}


def end_turn(state: Campaign) -> Checklist:
    """The active player's turn ends; after the last one, the calendar phase runs."""
    game = _game(state)
    if game.step != "story":
        raise RuleError("Every turn resolves a scene: begin the story before ending the turn.")
    if game.turn + 1 < len(game.players):
        game.turn += 1
        start_turn(game)
        return [Step(f"{adventurer_name(state, game.active)} takes a turn.")]
    game.phase = "calendar"
    steps = [Step("Calendar phase.")] + advance_day(state)
    game.number += 1
    game.turn = 0
    if game.number > game.limit:
        # no adventure phase follows the last calendar phase: the round stays there (how a
        # saved game tells it was played to its end, ``reached_end``)
        state.phase = "over"
        game.number = game.limit
        game.moves = {}
        return steps + game_end(state)
    game.phase = "adventure"
    start_turn(game)
    starter = adventurer_name(state, game.active)
    return steps + [Step(f"Round {game.number}: {starter} holds the starting player token.")]


def game_end(state: Campaign) -> Checklist:
    game = state.game
    assert game is not None
    card = ending_card(game.mode)
    scene = state.world.endings.get(game.mode)
    begin = (
        Step(f"Begin scene {scene:04d} as shown on {card}")
        if scene is not None
        else Step(f"Begin the scene shown on {card} (this world's card names none)", manual=True)
    )
    prestige = {aid: state.adventurer(aid).prestige for aid in game.players}
    if game.mode == "competitive":
        won = winners(state)
        who = " and ".join(adventurer_name(state, a) for a in won)
        best = max(prestige.values())
        win, read = (
            ("wins", "the winner is the active player")
            if len(won) == 1
            else ("share the victory", "the winners are all active players")
        )
        return [
            Step(f"The game ends after round {game.limit}: {who} {win} with {best} prestige."),
            Step(f"{begin.text}; {read}.", begin.manual),
        ]
    total = sum(prestige.values())
    return [
        Step(f"The game ends after round {game.limit} with {total} prestige in total."),
        Step(f"{begin.text}, read by the most valuable player.", begin.manual),
    ]


def winners(state: Campaign) -> list[str]:
    """A competitive game's winners: the most prestige, ties sharing the victory (in seat
    order); a co-operative game has none."""
    game = state.game
    if game is None or game.mode != "competitive":
        return []
    prestige = {aid: state.adventurer(aid).prestige for aid in game.players}
    best = max(prestige.values())
    return [aid for aid, p in prestige.items() if p == best]


def reached_end(state: Campaign) -> bool:
    """The round limit was played out: the game is over, or saved after it was (a game saved
    earlier stopped in an adventure phase; the last one ends in the calendar phase)."""
    game = state.game
    if game is None:
        return False
    return state.phase == "over" or (state.phase == "saved" and game.phase == "calendar")


def calendar_phase(state: Campaign) -> bool:
    """The day token moves in the calendar phase, after every player has had a turn; ending
    the round's last turn runs it, so a game in play is never left waiting there."""
    game = state.game
    return state.phase == "playing" and game is not None and game.phase == "calendar"


def next_day(state: Campaign) -> Checklist:
    """Advance the day by hand: only in the calendar phase (never mid-round)."""
    if not calendar_phase(state):
        raise RuleError(
            "The day token moves only in the calendar phase, after every player has had a "
            "turn: ending the round's last turn advances the day."
        )
    return advance_day(state)


# -- quests on one's own turn -------------------------------------------------------------
def setting_up(game: Round) -> bool:
    """The game's setup is still under way: in round 1 before the starting player has
    travelled, each player in turn places their figure and may pick up quests there. (The app
    can't tell the setup from the first moments of the starting player's turn.)"""
    return (
        game.number == 1
        and game.turn == 0
        and game.step == "travel"
        and all(left == TRAVEL_MOVES for left in game.moves.values())
    )


def quest_turn(state: Campaign, aid: str, verb: str = "pick up") -> None:
    """Quests are picked up and abandoned by the active player on their own turn; the shared
    travel phase of co-op travel mode is everyone's turn, and at setup every player places
    their figure and may pick up quests. ``verb``: "pick up" or "abandon", for the refusal.
    (Whether a scene is being read is the reader's to say: see games/galzyr/moves/campaign/holdings.py.)"""
    game = _game(state)
    name = adventurer_name(state, aid)
    if aid not in game.players:
        raise RuleError(f"{name} is not in this game.")
    if aid == game.active or setting_up(game):
        return
    if game.coop_travel and game.turn == 0 and game.step == "travel":
        return  # the shared travel phase counts as everyone's turn
    raise RuleError(
        f"It is {possessive(adventurer_name(state, game.active))} turn: {name} can "
        f"{verb} quests only on their own turn."
    )


# -- the adventurer's board -----------------------------------------------------------------
def change_gold(state: Campaign, aid: str, amount: int, *, pay: bool = False) -> Checklist:
    """Gain or lose gold on the dial (0–20). ``pay``: a cost that must be met in full.

    Gold past 20 is lost and gold below 0 does not exist: the dial stops, and the checklist
    says so, because the players would otherwise wonder where the rest went.
    """
    adv = state.adventurer(aid)
    name = adventurer_name(state, aid)
    if pay and adv.gold < -amount:
        raise RuleError(f"{name} has only {adv.gold} gold: paying {-amount} is refused.")
    before = adv.gold
    adv.gold = min(MAX_GOLD, max(0, before + amount))
    steps = [Step(f"Turn {possessive(name)} gold dial from {before} to {adv.gold}.")]
    if before + amount > MAX_GOLD:
        lost = before + amount - MAX_GOLD
        steps.append(Step(f"The dial stops at {MAX_GOLD}: {lost} of the gold gained is lost."))
    elif before + amount < 0:
        steps.append(Step(f"The dial stops at 0: {name} had only {before} gold."))
    return steps


def change_prestige(state: Campaign, aid: str, amount: int) -> Checklist:
    """Prestige never goes below 0; past 10 the token shows its +10 side."""
    adv = state.adventurer(aid)
    name = adventurer_name(state, aid)
    before = adv.prestige
    adv.prestige = max(0, before + amount)
    slot = f"{adv.prestige - 10}, its +10 side up" if adv.prestige > 10 else f"{adv.prestige}"
    steps = [Step(f"Move {possessive(name)} prestige token from {before} to {slot}.")]
    if before + amount < 0:
        steps.append(Step(f"The token stops at 0: {name} had only {before} prestige."))
    return steps


def move_mark(state: Campaign, aid: str, from_: str, to: str) -> Checklist:
    """Swap one skill mark: still 4 in all, at most 2 on a skill."""
    adv = state.adventurer(aid)
    skills = state.world.skills
    if from_ not in skills or to not in skills:
        raise RuleError("Name two of the six skills.")
    if adv.marks.get(from_, 0) < 1:
        raise RuleError(f"{adventurer_name(state, aid)} has no mark on {from_}.")
    if from_ == to:
        raise RuleError("Move the mark to a different skill.")
    if adv.marks.get(to, 0) >= MAX_MARKS_PER_SKILL:
        raise RuleError(f"{to.capitalize()} has {MAX_MARKS_PER_SKILL} marks already.")
    adv.marks[from_] -= 1
    if adv.marks[from_] == 0:
        del adv.marks[from_]
    adv.marks[to] = adv.marks.get(to, 0) + 1
    return [
        Step(f"Move a skill mark on {adventurer_name(state, aid)}'s board from {from_} to {to}.")
    ]


def tags_of(state: Campaign, aid: str) -> set[str]:
    """Tags on the board, gained in the book, and on every card the adventurer holds."""
    out = set(state.adventurer_def(aid).tags) | set(state.adventurer(aid).tags)
    for holding in ("items", "companions", "statuses", "quests"):
        for cid in state.places[f"{holding}:{aid}"]:
            out.update(state.copies[cid].tags)
    return out


def gain_tag(state: Campaign, aid: str, tag: str, *, strict: bool = False) -> Checklist:
    """A tag gained in the book. A book effect on a tag already held does nothing (effects are
    resolved as far as they go); ``strict`` — a player's tap — refuses it instead."""
    adv = state.adventurer(aid)
    if strict and tag in adv.tags:
        raise RuleError(f"{adventurer_name(state, aid)} already has the tag {tag}.")
    if tag not in adv.tags:
        adv.tags.append(tag)
    return [Step(f"{adventurer_name(state, aid)} gains the tag {tag}.")]


def lose_tag(state: Campaign, aid: str, tag: str, *, strict: bool = False) -> Checklist:
    """A tag gained in the book is lost. Tags printed on the board or on a held card can't be:
    only losing the card takes its tags (``strict`` says so instead of doing nothing)."""
    adv = state.adventurer(aid)
    if strict and tag not in adv.tags:
        name = adventurer_name(state, aid)
        if tag in state.adventurer_def(aid).tags:
            raise RuleError(f"The tag {tag} is printed on {possessive(name)} board: it stays.")
        for holding in ("items", "companions", "statuses", "quests"):
            for cid in state.places[f"{holding}:{aid}"]:
                if tag in state.copies[cid].tags:
                    raise RuleError(
                        f"{name} has the tag {tag} from {card_label(state, cid)}: "
                        "losing that card takes the tag."
                    )
        raise RuleError(f"{name} does not have the tag {tag}.")
    if tag in adv.tags:
        adv.tags.remove(tag)
    return [Step(f"{adventurer_name(state, aid)} loses the tag {tag}.")]
