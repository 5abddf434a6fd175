"""Cards: the trays, taking a copy by Random N / Any N / the matching icon, moving it (where
each copy is, in a sentence: ``where``).

Every function mutates the campaign it is given and returns the checklist of physical actions
("Take card #213 from the library into Bumir's inventory."), or raises ``RuleError`` before
changing anything.
"""

from __future__ import annotations

from typing import Literal

from games.core.engine import RuleError
from games.core.rng import Rng

from .calendar import place_timer, remove_timers
from .facts import MAX_ITEMS, MAX_QUESTS, NOTICEBOARD_SIZE
from .regain import gain_again, held_twin
from .state import HOLDING_TYPES, PLACE_TYPES, Campaign, in_play, is_tray, place_kind
from .text import Checklist, Step, adventurer_name, card_label, move_text, place_label, possessive
from .where import where_is

Pick = Literal["any", "random", "icon"]
Source = Literal["library", "vault"]
Position = Literal["top", "bottom"]
NUMERIC_TRAYS = ("library", "vault")


# -- looking ---------------------------------------------------------------------------------
def tray(state: Campaign, key: str) -> list[int]:
    """A place's copies as shown: the library, the vault and the save slots in numerical order
    (save slots need not be kept so, but are easier to check that way); other places as laid."""
    cids = state.places[key]
    if key in NUMERIC_TRAYS or key.startswith("save:"):
        return sorted(cids, key=lambda cid: (state.copies[cid].number, cid))
    return list(cids)


def holder(state: Campaign, cid: int) -> str | None:
    """The adventurer holding a card, if any."""
    kind, _, owner = state.place_of(cid).partition(":")
    return owner if kind in ("items", "quests", "companions", "statuses") else None


# -- choosing a copy ------------------------------------------------------------------------
def choose_copy(
    state: Campaign, number: int, pick: Pick, source: str, icon_of: str | None = None
) -> int:
    """The physical card to pull for "Random N", "Any N" or the matching icon: ``icon_of``'s,
    by default the active adventurer's (the rulebook's; effect_text.icon_owner: a scene's)."""
    all_copies = state.numbered(number)
    if not all_copies:
        raise RuleError(f"There is no card #{number:03d} in the catalog.")
    tray = state.places[source]  # long: look its few copies up in it, in the tray's order
    here = sorted((cid for cid in all_copies if cid in tray), key=tray.index)
    if pick == "icon":
        owner = icon_of or (state.game.active if state.game else "")
        if not owner:
            raise RuleError("Say whose icon the card must match.")
        icon = state.adventurer_def(owner).icon
        mine = [cid for cid in all_copies if state.copies[cid].icon == icon]
        if not mine:
            who = adventurer_name(state, owner)
            raise RuleError(f"Card #{number:03d} has no copy with {who}'s icon.")
        here = [cid for cid in here if cid in mine]
        if not here:
            src = place_label(state, source)
            raise RuleError(f"{where_is_one(state, mine[0])} — not in {src}.")
        return here[0]
    if not here:
        raise RuleError(
            f"No card #{number:03d} is in {place_label(state, source)}. {where_is(state, number)}"
        )
    if pick == "random":
        rng = Rng(state.rng)
        chosen = rng.choice(sorted(here))
        state.rng = rng.state
        return chosen
    return min(here)


def where_is_one(state: Campaign, cid: int) -> str:
    label = card_label(state, cid)
    return f"{label[0].upper()}{label[1:]} is in {place_label(state, state.place_of(cid))}"


# -- moving ---------------------------------------------------------------------------------
def destination(state: Campaign, cid: int, adventurer: str | None, at: str | None = None) -> str:
    """Where a card taken into play goes, by its type ("take" in the book format)."""
    kind = state.copies[cid].type
    holding = {
        "item": "items",
        "quest": "quests",
        "companion": "companions",
        "adventurer_status": "statuses",
        "ability": "statuses",
    }
    if kind in holding:
        if adventurer is None:
            raise RuleError(f"Say who takes {card_label(state, cid)}.")
        return f"{holding[kind]}:{adventurer}"
    if kind == "local_status":
        space = at or (state.adventurer(adventurer).position if adventurer else None)
        if space is None:
            raise RuleError(f"Say on which space {card_label(state, cid)} goes.")
        return f"local:{space}"
    return {"global_status": "global", "event": "event_deck", "location": "board"}[kind]


def same_status(state: Campaign, cid: int, aid: str) -> int | None:
    """The status the adventurer already has that is the same card as ``cid`` (never two)."""
    mine = state.copies[cid]
    for other in state.places[f"statuses:{aid}"]:
        c = state.copies[other]
        if other != cid and c.number == mine.number and c.variant == mine.variant:
            return other
    return None


def move_card(
    state: Campaign,
    cid: int,
    dst: str,
    *,
    position: Position = "bottom",
    discard: int | None = None,
    abandon: int | None = None,
) -> Checklist:
    """Move one copy, keeping every limit; ``discard`` / ``abandon`` name the card that makes
    room when an inventory or a hand of quests would go over 3 (it may be the new card)."""
    if not 0 <= cid < len(state.copies):
        raise RuleError(f"There is no card copy {cid}.")
    if dst not in state.places:
        raise RuleError(f"There is no place called “{dst}”.")
    src = state.place_of(cid)
    if src == dst:
        raise RuleError(
            f"{card_label(state, cid).capitalize()} is already in {place_label(state, dst)}."
        )
    kind = place_kind(dst)
    allowed = PLACE_TYPES.get(kind)
    copy = state.copies[cid]
    if allowed and copy.type not in allowed:
        raise RuleError(
            f"{card_label(state, cid).capitalize()} is a {copy.type.replace('_', ' ')} card; it "
            f"cannot go to {place_label(state, dst)}."
        )
    if state.phase == "playing" and copy.number in state.plan.months:
        raise RuleError("The month card changes only when the game is saved.")
    if state.phase == "packed" and not is_tray(dst):
        raise RuleError("Between games every card stays in the card trays.")
    owner = dst.partition(":")[2]
    if kind in HOLDING_TYPES and (state.game is None or owner not in state.game.players):
        raise RuleError(f"{adventurer_name(state, owner)} is not in this game.")
    if kind == "statuses":
        twin = same_status(state, cid, dst.partition(":")[2])
        if twin is not None:
            raise RuleError(
                f"{adventurer_name(state, dst.partition(':')[2])} already has that status; "
                "gaining it again restarts its timer instead."
            )
    room = _make_room(state, cid, dst, discard=discard, abandon=abandon)
    if room is not None and room[0] == cid:
        # the new card itself is discarded or abandoned: it goes by without stopping
        if src == room[1]:
            steps = [Step(f"No room: {card_label(state, cid)} stays in {place_label(state, src)}.")]
        else:
            steps = relocate(state, cid, room[1], position="bottom")
        return steps + room[2] + refill_noticeboard(state)
    steps = relocate(state, cid, dst, position=position)
    if room is not None:
        steps += relocate(state, room[0], room[1], position="bottom") + room[2]
    return steps + refill_noticeboard(state)


def _make_room(
    state: Campaign, cid: int, dst: str, *, discard: int | None, abandon: int | None
) -> tuple[int, str, Checklist] | None:
    kind, _, owner = dst.partition(":")
    limits = {"items": (MAX_ITEMS, discard, "discard"), "quests": (MAX_QUESTS, abandon, "abandon")}
    if kind not in limits:
        return None
    limit, out, verb = limits[kind]
    if len(state.places[dst]) < limit:
        return None
    who = adventurer_name(state, owner)
    if out is None:
        noun = "items" if kind == "items" else "quests"
        raise RuleError(f"{who} already has {limit} {noun}: say which one to {verb}.")
    if out != cid and out not in state.places[dst]:
        raise RuleError(f"{who} does not have {card_label(state, out)} to {verb}.")
    extra: Checklist = []
    if verb == "abandon":
        extra.append(abandon_step(state, out))
    return out, "library", extra


def relocate(
    state: Campaign, cid: int, dst: str, *, position: Position = "bottom", timers: bool = True
) -> Checklist:
    """The move itself: out of its place, into ``dst``; timers follow the card in and out of play."""
    src = state.place_of(cid)
    state.places[src].remove(cid)
    if position == "top":
        state.places[dst].insert(0, cid)
    else:
        state.places[dst].append(cid)
    steps = [Step(move_text(state, cid, src, dst))]
    if in_play(src) and not in_play(dst) and remove_timers(state, cid):
        steps.append(Step(f"Remove the timer tokens of {card_label(state, cid)}."))
    if (
        timers
        and not in_play(src)
        and in_play(dst)
        and state.copies[cid].timer is not None
        and state.phase == "playing"
    ):
        steps.append(place_timer(state, cid))
    return steps


def refill_noticeboard(state: Campaign) -> Checklist:
    """Whenever the noticeboard holds 2 or fewer quests during a game, fill it back to 3 from
    the front of the quest slot (without looking at their private sides)."""
    steps: Checklist = []
    if state.phase != "playing":
        return steps
    board, slot = state.places["noticeboard"], state.places["quest_slot"]
    while len(board) < NOTICEBOARD_SIZE and slot:
        cid = slot.pop(0)
        board.append(cid)
        steps.append(
            Step(
                f"Move the frontmost quest of the quest slot ({card_label(state, cid)}) to the "
                "noticeboard, public side up; update the quest tokens."
            )
        )
    return steps


# -- the book's card effects ----------------------------------------------------------------
def take_card(
    state: Campaign,
    number: int,
    *,
    pick: Pick = "any",
    source: Source = "library",
    adventurer: str | None = None,
    at: str | None = None,
    discard: int | None = None,
    abandon: int | None = None,
    icon_of: str | None = None,
) -> Checklist:
    """A card taken into play: the app picks the copy (choose_copy) and says which to pull."""
    if state.phase not in ("playing", "over"):  # over: the ending scene's, before the save
        raise RuleError("Cards are taken into play during a game.")
    if adventurer is not None:
        twin = held_twin(state, number, adventurer, by_icon=pick == "icon")
        if twin is not None:
            return gain_again(state, twin, adventurer)
    cid = choose_copy(state, number, pick, source, icon_of)
    dst = destination(state, cid, adventurer, at)
    steps = move_card(state, cid, dst, discard=discard, abandon=abandon)
    if pick == "random":
        steps.insert(0, Step(f"The app drew {card_label(state, cid)} at random."))
    return steps


def discard_card(state: Campaign, cid: int) -> Checklist:
    """A card in play goes back to the library (and its timers come off)."""
    src = state.place_of(cid)
    if is_tray(src):
        raise RuleError(f"{card_label(state, cid).capitalize()} is not in play.")
    return move_card(state, cid, "library")


def abandon_step(state: Campaign, cid: int) -> Step:
    text = state.copies[cid].abandon
    effects = f": {text}" if text else " (at the bottom of its private side)"
    return Step(f"Resolve the abandon effects of {card_label(state, cid)}{effects}", manual=True)


def pick_up_quest(state: Campaign, aid: str, cid: int, *, abandon: int | None = None) -> Checklist:
    """Pick up a quest from the noticeboard: only at the quest's pickup location."""
    _in_game(state, aid)
    if cid not in state.places["noticeboard"]:
        raise RuleError(f"{card_label(state, cid).capitalize()} is not on the noticeboard.")
    adv = state.adventurer(aid)
    pickup = state.copies[cid].pickup
    if adv.position is None:
        raise RuleError(f"{possessive(adventurer_name(state, aid))} figure is not on the board.")
    if pickup is not None and adv.position != pickup:
        raise RuleError(
            f"{card_label(state, cid).capitalize()} is picked up at "
            f"{state.location_name(pickup)}; {adventurer_name(state, aid)} is at "
            f"{state.location_name(adv.position)}."
        )
    steps = move_card(state, cid, f"quests:{aid}", abandon=abandon)
    if pickup is None:
        steps.insert(0, Step("Check the pickup location on the quest's public side.", manual=True))
    return steps


def abandon_quest(state: Campaign, aid: str, cid: int, *, to: str = "library") -> Checklist:
    _in_game(state, aid)
    if cid not in state.places[f"quests:{aid}"]:
        raise RuleError(f"{adventurer_name(state, aid)} does not have {card_label(state, cid)}.")
    if to not in ("library", "vault", "quest_slot", "noticeboard") and not to.startswith("save:"):
        raise RuleError("An abandoned quest goes to the library, the vault or the quest slot.")
    return [abandon_step(state, cid), *move_card(state, cid, to)]


def _in_game(state: Campaign, aid: str) -> None:
    if state.phase != "playing" or state.game is None:
        raise RuleError("That can only be done during a game.")
    if aid not in state.game.players:
        raise RuleError(f"{adventurer_name(state, aid)} is not in this game.")


# -- the event deck -------------------------------------------------------------------------
def draw_event(state: Campaign) -> Checklist:
    """The story master draws the top event card and keeps it for the scene."""
    if state.phase != "playing":
        raise RuleError("Events are drawn during a game.")
    if state.places["drawn"]:
        raise RuleError("An event card is drawn already: the scene says where it goes first.")
    if not state.places["event_deck"]:
        raise RuleError("The event deck is empty.")
    cid = state.places["event_deck"][0]
    relocate(state, cid, "drawn")
    return [
        Step(
            f"The story master draws the top card of the event deck ({card_label(state, cid)}), "
            "looks at it privately and reads the first scene whose prerequisite is met."
        )
    ]


def place_drawn_event(state: Campaign, dst: str, *, position: Position = "bottom") -> Checklist:
    """Where the scene says the drawn event card goes: the deck (top or bottom) or a tray."""
    if not state.places["drawn"]:
        raise RuleError("No event card is drawn.")
    if dst != "event_deck" and not is_tray(dst):
        raise RuleError("A drawn event card goes back into the event deck or into the trays.")
    return move_card(state, state.places["drawn"][0], dst, position=position)
