"""Campaign moves on what an adventurer holds: quests (picked up from the noticeboard,
abandoned with their abandon effects), adventurer statuses and companions.

The core keeps the rules — a quest is picked up or abandoned only on its holder's own turn
(``tracking.quest_time`` adds: between scenes, which the reader knows), picked up only at its pickup
location, a 4th quest needs one abandoned, a status is never held twice (gaining it again restarts its timer), the
noticeboard refills itself — and says which physical card goes where.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import PlayerNumber
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.state import READERS, State
from games.galzyr.tracking import (
    adventurer_of,
    campaign_of,
    known_or_added,
    quest_time,
    say,
)

moves = MoveSet("galzyr.campaign.holdings")

KINDS = {"status": ("adventurer_status", "statuses"), "companion": ("companion", "companions")}


def _held(c: core.Campaign, key: str, number: int, what: str) -> int:
    for cid in c.places[key]:
        if c.copies[cid].number == number:
            return cid
    raise RuleError(f"{what} does not have card #{number:03d}.")


def _title(c: core.Campaign, cid: int) -> str:
    """ "quest #105 “The Lamplighter's Round”" — the number to find, the name to recognise."""
    cp = c.copies[cid]
    return f"#{cp.number:03d} “{cp.name}”"


# -- quests ---------------------------------------------------------------------------------------
class PickUpArgs(BaseModel):
    player: PlayerNumber
    number: int = Field(ge=0, le=999)  # a quest on the noticeboard
    abandon: int | None = Field(default=None, ge=0, le=999)  # a 4th quest: the one given up


@moves.move(PickUpArgs, label="Pick up a quest", roles=READERS)
def campaign_pick_up_quest(state: State, args: PickUpArgs, seat: str) -> str:
    """Pick up a quest from the noticeboard at its pickup location (a 4th needs an abandon)."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    name = adventurer_name(c, aid)
    quest_time(state, c, aid, "pick up")
    cid = next((x for x in c.places["noticeboard"] if c.copies[x].number == args.number), None)
    if cid is None:
        raise RuleError(f"Card #{args.number:03d} is not on the noticeboard.")
    out = None
    if args.abandon is not None:
        out = cid if args.abandon == args.number else _held(c, f"quests:{aid}", args.abandon, name)
    steps = core.pick_up_quest(c, aid, cid, abandon=out)
    lead = f"{name} picks up quest {_title(c, cid)}."
    if out is not None:
        lead += f" {name} abandons quest {_title(c, out)}."
    return say(state, f"{name} picks up a quest", steps, lead)


class AbandonArgs(BaseModel):
    player: PlayerNumber
    number: int = Field(ge=0, le=999)
    to: Literal["library", "quest_slot", "vault", "save"] = "library"  # as its effects say


@moves.move(AbandonArgs, label="Abandon a quest", roles=READERS)
def campaign_abandon_quest(state: State, args: AbandonArgs, seat: str) -> str:
    """Abandon a quest: its abandon effects are resolved, the card goes where they say."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    name = adventurer_name(c, aid)
    quest_time(state, c, aid, "abandon")
    cid = _held(c, f"quests:{aid}", args.number, name)
    to = f"save:{aid}" if args.to == "save" else args.to
    steps = core.abandon_quest(c, aid, cid, to=to)
    return say(state, f"{name} abandons a quest", steps, f"{name} abandons quest {_title(c, cid)}.")


# -- statuses and companions ----------------------------------------------------------------------
class CardArgs(BaseModel):
    player: PlayerNumber
    number: int = Field(ge=0, le=999)
    kind: Literal["status", "companion"] = "status"


def _of_kind(c: core.Campaign, number: int, kind: str) -> None:
    copies = c.numbered(number)
    if not copies:
        raise RuleError(f"There is no card #{number:03d} in the catalog.")
    want = KINDS[kind][0]
    found = c.copies[copies[0]].type
    if found != want:
        raise RuleError(f"Card #{number:03d} is {_a(found)} card, not {_a(want)}.")


def _a(card_type: str) -> str:
    """ "an item", "a companion": the type in words with its article."""
    words = card_type.replace("_", " ")
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


@moves.move(CardArgs, label="Gain a status or companion", roles=READERS)
def campaign_gain(state: State, args: CardArgs, seat: str) -> str:
    """Gain an adventurer status (held again: its timer restarts) or a companion."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    if c.phase in ("playing", "over") and core.held_status(c, args.number, aid) is None:
        known_or_added(state, c, args.number, KINDS[args.kind][0])
    _of_kind(c, args.number, args.kind)
    # a status printed once per adventurer icon (#000, each adventurer's ability): the copy with
    # the icon of the adventurer gaining it, the one chosen under "Who"
    icons = {c.copies[cid].icon for cid in c.numbered(args.number)}
    pick = "icon" if len(icons) > 1 else "any"
    # held already (the ability is held all game): gained again, it restarts
    twin = core.held_status(c, args.number, aid, own_icon=pick == "icon")
    if args.kind == "status" and twin is not None:
        steps = core.gain_again(c, twin, aid)
    else:
        steps = core.take_card(c, args.number, pick=pick, adventurer=aid, icon_of=aid)
    name = adventurer_name(c, aid)
    card = c.copies[c.numbered(args.number)[0]].name
    lead = f"{name} gains the {args.kind} #{args.number:03d} “{card}”."
    return say(state, f"{name} gains a {args.kind}", steps, lead)


@moves.move(CardArgs, label="Lose a status or companion", roles=READERS)
def campaign_lose(state: State, args: CardArgs, seat: str) -> str:
    """A status or companion leaves: back to the library, its timer token off the calendar."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    name = adventurer_name(c, aid)
    cid = _held(c, f"{KINDS[args.kind][1]}:{aid}", args.number, name)
    if c.copies[cid].type == "ability":
        raise RuleError(f"Card #{args.number:03d} is {name}'s ability: it stays all game.")
    steps = core.discard_card(c, cid)
    lead = f"{name} loses the {args.kind} {_title(c, cid)}."
    return say(state, f"{name} loses a {args.kind}", steps, lead)
