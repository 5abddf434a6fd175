"""Words for the players: names of places and cards, and the checklist steps to mirror."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.words import possessive  # the games' one rule, also imported from here

from .state import Campaign, place_kind


@dataclass(frozen=True)
class Step:
    """One physical action: the app has done it already (``manual=False``) and the players
    mirror it at the table, or only the players can do it (``manual=True``: a card text the
    app does not read) and they tell the app with card moves where it changes the state."""

    text: str
    manual: bool = False

    def __str__(self) -> str:
        return ("(by hand) " if self.manual else "") + self.text


Checklist = list[Step]


def adventurer_name(state: Campaign, aid: str) -> str:
    try:
        return state.adventurer_def(aid).name
    except KeyError:
        return aid


def place_label(state: Campaign, key: str) -> str:
    kind, _, owner = key.partition(":")
    fixed = {
        "library": "the library",
        "vault": "the vault",
        "quest_slot": "the quest slot",
        "noticeboard": "the noticeboard",
        "event_deck": "the event deck",
        "drawn": "the story master's hand (the drawn event)",
        "board": "the game board",
        "global": "the global statuses",
    }
    if key in fixed:
        return fixed[key]
    if key == "save:global":
        return "the global save slot"
    if kind == "local":
        return f"the game board at {state.location_name(owner)}"
    who = possessive(adventurer_name(state, owner))
    return {
        "save": f"{who} save slot",
        "items": f"{who} inventory",
        "quests": f"{who} quests",
        "companions": f"{who} companions",
        "statuses": f"{who} statuses",
    }[kind]


def card_label(state: Campaign, cid: int) -> str:
    """ "card #111 with Bumir's icon", "card #805 (Glass float)", "card #005 (May)", or plain
    "card #213"."""
    c = state.copies[cid]
    base = f"card #{c.number:03d}"
    if c.variant is None and c.type != "global_status":
        return base
    # A global status is named too: a month card's or Discord's number says nothing at the table.
    if c.variant is not None and c.icon:
        owner = next((a.name for a in state.world.adventurers if a.icon == c.icon), c.icon)
        return f"{base} with {possessive(owner)} icon"
    generic = c.name.startswith("Card #")
    return base if generic else f"{base} ({c.name})"


def move_text(state: Campaign, cid: int, src: str, dst: str) -> str:
    """The sentence to mirror: "Take card #213 from the library into Bumir's inventory"."""
    card = card_label(state, cid)
    if place_kind(dst) in ("items", "quests", "companions", "statuses") and src in (
        "library",
        "vault",
    ):
        return f"Take {card} from {place_label(state, src)} into {place_label(state, dst)}."
    if dst == "library":
        return f"Return {card} from {place_label(state, src)} to the library."
    return f"Move {card} from {place_label(state, src)} to {place_label(state, dst)}."


def lower_first(text: str) -> str:
    """A checklist step inside a sentence: "Turn the dial…." → "turn the dial…"."""
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]
