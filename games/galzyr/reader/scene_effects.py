"""Campaign mode: the effects of a resolved outcome, applied to the campaign one tap at a time.

When "continue" resolves an outcome on a campaign table, its effects become *pending*: one
entry per effect and per adventurer it touches (an effect on everyone becomes one entry for
each adventurer in the game; one on the partner goes to the partner's adventurer, and is left
out when nobody joined). Each entry is applied by a move of its own, so the platform's undo
takes it back, and says what to mirror at the table ("Take card #213 from the library into
Odile's inventory").

Pure: this module changes the ``Campaign`` it is given through the campaign core, and raises
``RuleError`` — a sentence for the players — when an effect can't be applied (paying gold
the adventurer doesn't have, a card that is not where the book takes it from); a refusal
changes nothing (``apply`` works on a copy, ``apply_to`` is the playtester's, in place).

An item taken into a full inventory (3 items, the most an adventurer may hold) asks which
card to give up first: one of the three held, or the new one. The core's move takes the new
card and returns the chosen one to the library (the rulebook's discard) in the same move. A
4th quest asks which quest to abandon the same way, and the core's move adds the abandoned
quest's abandon effects to the checklist, as when a quest is picked up from the noticeboard.

Notes, go-tos and the end of a scene are not applied (the reader follows them), nor are
effects on the drawn event card (the reader's event deck moves it, and the campaign mirrors
that); an effect on "this card" names no number, so the players move that card by hand.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import BaseModel

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.campaign.cards import destination
from games.galzyr.campaign.facts import MAX_ITEMS, MAX_QUESTS, PlayerIndex
from games.galzyr.campaign.state import in_play
from games.galzyr.campaign.text import Step, adventurer_name, card_label
from storybook.format.common import SceneNumber
from storybook.interpreter.effect_text import EffectView, icon_owner

# Effects that take a card into play from a tray: the card's type says where it goes.
TAKES = ("take", "status", "companion", "local_status", "global_status")
# Effects whose target is an adventurer (on everyone: one entry per adventurer).
PERSONAL = (*TAKES[:3], "gold", "prestige", "gain_tag", "lose_tag", "skill_mark", "discard")
APPLIED = (*TAKES, *PERSONAL[3:], "put", "timer", "delay", "hasten")


class Pending(BaseModel):
    """One effect to apply to the campaign (``player``: the index of the adventurer's player)."""

    scene: SceneNumber
    verb: str
    args: dict[str, Any] = {}
    text: str  # the book's sentence: "Active player: take card 213 from the library."
    player: PlayerIndex
    # the player whose adventurer's icon a matching-icon card shows (icon_owner: the active
    # player's; on everyone, each taker's own); None, kept before it was recorded: the taker's
    icon: PlayerIndex | None = None
    done: bool = False
    said: str = ""  # what applying it did, once done
    by_hand: bool = False  # done by the group by hand: the app applied nothing


def pending_from(
    effects: list[EffectView], scene: int, active: int, partner: int | None, players: int
) -> list[Pending]:
    """The campaign's share of a resolved outcome's effects, in the book's order."""
    out = []
    for eff in effects:
        if eff.verb not in APPLIED or not _numbered(eff):
            continue
        if eff.who == "partner":
            if partner is None:
                continue  # "if there is one": nobody joined the scene
            targets = [partner]
        elif eff.who == "everyone" and eff.verb in PERSONAL:
            targets = list(range(players))
        else:
            targets = [active]
        for n in targets:
            p = Pending(scene=scene, verb=eff.verb, args=dict(eff.args), text=eff.text, player=n)
            p.icon = icon_owner(eff.who, n, active)  # whose icon a matching-icon card shows
            out.append(p)
    return out


def _numbered(eff: EffectView) -> bool:
    card = eff.args.get("card")
    return card is None or isinstance(card, int)


# -- choices ------------------------------------------------------------------------------------
def choices(c: core.Campaign, p: Pending, aid: str) -> list[tuple[str, str]]:
    """What the players must pick before applying ``p`` (empty: nothing to pick).

    Any N: which copy, when the copies of N in the tray are not all alike; a skill mark moved
    from any skill: from which one.
    """
    if p.verb in TAKES and p.args.get("pick", "any") == "any":
        source = p.args.get("from", "library")
        here = [cid for cid in c.numbered(p.args["card"]) if cid in c.places[source]]
        distinct: dict[str, int] = {}  # one choice per kind of copy (identical ones are alike)
        for cid in sorted(here):
            distinct.setdefault(card_label(c, cid), cid)
        if len(distinct) > 1:
            return [(str(cid), label) for label, cid in distinct.items()]
    if p.verb == "skill_mark" and p.args.get("from") == "any":
        marks = c.adventurer(aid).marks
        return [(s, s.capitalize()) for s in c.world.skills if marks.get(s) and s != p.args["to"]]
    return []


NEW = "new"  # the card being taken, as the one to give up (or abandon)


class Room(NamedTuple):
    """What a full hand of one kind of card asks for: where the cards lie, how many fit, the
    move's argument naming the card that makes room, the verb and the hint a refusal gives."""

    place: str
    limit: int
    arg: str
    verb: str
    hint: str


# The rulebook's limits: 3 items, 3 quests; a 4th of either makes the player give one up.
ROOM = {
    "item": Room("items", MAX_ITEMS, "discard", "give up", "one of the items in the inventory"),
    "quest": Room("quests", MAX_QUESTS, "abandon", "abandon", "one of the quests in hand"),
}


def make_room(c: core.Campaign, p: Pending, aid: str) -> dict[str, Any] | None:
    """For the page: the argument (``discard`` or ``abandon``) and the cards offered when
    ``p`` would give the adventurer a 4th item or quest (None: nothing to give up)."""
    for kind, room in ROOM.items():
        offered = _room_choices(c, p, aid, kind)
        if offered:
            return {"arg": room.arg, "options": offered}
    return None


def give_up_choices(c: core.Campaign, p: Pending, aid: str) -> list[tuple[str, str]]:
    """An item that would be the adventurer's 4th: which card to give up (empty: it fits).

    A table expects the cards lying below the adventurer board, in the order they were taken,
    and the new card last: the rulebook lets the player discard any of the four, so keeping
    the three and letting the new one go (a worse copy of something held, say) is a choice
    too. Nothing is chosen for them: a card given up by default would go back to the library
    before anyone noticed.
    """
    return _room_choices(c, p, aid, "item")


def abandon_choices(c: core.Campaign, p: Pending, aid: str) -> list[tuple[str, str]]:
    """A quest that would be the adventurer's 4th: which quest to abandon (empty: it fits).

    The three in hand, then the new one. The rulebook's limit is on the quests held: whoever
    ever has 4 abandons quests until 3 are left, so the new quest, one of the four, may be the
    one abandoned, and its abandon effects are resolved like any other's. This forced abandon
    is not the voluntary one the rulebook keeps out of scenes: it comes with the 4th quest,
    in the middle of a scene too. Nothing is chosen for them, as for items.
    """
    return _room_choices(c, p, aid, "quest")


def _room_choices(c: core.Campaign, p: Pending, aid: str, kind: str) -> list[tuple[str, str]]:
    if _taken_type(c, p) != kind:
        return []
    room = ROOM[kind]
    held = c.places.get(f"{room.place}:{aid}", [])
    if len(held) < room.limit:
        return []
    new = _card_text(c, c.numbered(p.args["card"])[0], number_only=True)
    if p.args.get("pick") == "random":
        new += " (drawn at random)"
    return [(str(cid), _card_text(c, cid)) for cid in held] + [(NEW, new)]


def _taken_type(c: core.Campaign, p: Pending) -> str | None:
    """The type of the card a "take" effect gives (None: another effect, or no such card)."""
    if p.verb != "take" or not isinstance(p.args.get("card"), int):
        return None
    copies = c.numbered(p.args["card"])
    return c.copies[copies[0]].type if copies else None


def _card_text(c: core.Campaign, cid: int, *, number_only: bool = False) -> str:
    """ "Card #150 (Storm lantern)": the number and the name printed on the card (a card whose
    copies differ is named by its copy, or by its number alone before the copy is known; one
    with an adventurer's icon by the icon and the copy's name)."""
    copy = c.copies[cid]
    label = f"card #{copy.number:03d}" if number_only else card_label(c, cid)
    named = copy.variant is None or (copy.icon is not None and not number_only)
    if named and not copy.name.startswith("Card #"):
        label += f" ({copy.name})"
    return label[0].upper() + label[1:]


def needs_choice(c: core.Campaign, p: Pending, aid: str) -> bool:
    """Whether ``p`` waits for the players to pick something before it can be applied."""
    return bool(choices(c, p, aid) or make_room(c, p, aid))


# -- applying -----------------------------------------------------------------------------------
def apply(
    c: core.Campaign, p: Pending, aid: str, *chosen: str | None, **named: str | None
) -> tuple[core.Campaign, list[Step]]:
    """``apply_to`` a copy of ``c``: (the changed copy, the steps); ``c`` stays as it was."""
    trial = c.model_copy(deep=True)
    return trial, apply_to(trial, p, aid, *chosen, **named)


def apply_to(
    c: core.Campaign,
    p: Pending,
    aid: str,
    choice: str | None = None,
    discard: str | None = None,
    abandon: str | None = None,
    icon_of: str | None = None,
) -> list[Step]:
    """Apply ``p`` for ``aid`` to ``c`` itself (the core refuses before changing anything).
    ``discard`` / ``abandon``: the card given up for a 4th item / quest (a held copy, or
    ``NEW``); ``icon_of``: whose icon a matching-icon card shows (default ``aid``)."""
    if c.phase not in ("playing", "over"):  # "over": the ending scene's, before the save
        raise RuleError("Scene effects change the campaign during a game.")
    options = choices(c, p, aid)
    if options and choice is None:
        raise RuleError("Choose which one first.")
    if choice is not None and options and choice not in {value for value, _ in options}:
        raise RuleError("That is not one of the choices.")
    _check_room(c, p, aid, "item", discard)
    _check_room(c, p, aid, "quest", abandon)
    return _apply(c, p, aid, choice if options else None, discard, abandon, icon_of or aid)


def _check_room(c: core.Campaign, p: Pending, aid: str, kind: str, given: str | None) -> None:
    """A 4th item or quest needs the card that makes room (``given``): one of those offered,
    and only then."""
    room = ROOM[kind]
    offered = _room_choices(c, p, aid, kind)
    who = adventurer_name(c, aid)
    if offered and given is None:
        raise RuleError(
            f"{who} already has {room.limit} {room.place}: choose which one to {room.verb} (the "
            "new one too) before applying."
        )
    if given is None:
        return
    if _taken_type(c, p) != kind:
        raise RuleError(f"This effect gives no {kind}: there is nothing to {room.verb}.")
    if not offered:
        raise RuleError(f"{who} has room for it: there is nothing to {room.verb}.")
    if given not in {value for value, _ in offered}:
        raise RuleError(f"{who} does not hold that card: {room.verb} {room.hint}, or the new one.")


def _apply(
    c: core.Campaign,
    p: Pending,
    aid: str,
    choice: str | None,
    discard: str | None = None,
    abandon: str | None = None,
    icon_of: str | None = None,
) -> list[Step]:
    a = p.args
    if p.verb == "gold":
        return core.change_gold(c, aid, a["gold"], pay=bool(a.get("cost")))
    if p.verb == "prestige":
        return core.change_prestige(c, aid, a["prestige"])
    if p.verb == "gain_tag":
        return core.gain_tag(c, aid, a["gain_tag"])
    if p.verb == "lose_tag":
        return core.lose_tag(c, aid, a["lose_tag"])
    if p.verb == "skill_mark":
        return core.move_mark(c, aid, choice or a["from"], a["to"])
    if p.verb in TAKES:
        return _take(c, p, aid, choice, discard, abandon, icon_of or aid)
    if p.verb == "discard":
        return core.discard_card(c, _in_play(c, a["card"], aid))
    if p.verb == "put":
        return _put(c, a, aid)
    if p.verb == "timer":
        return [core.place_timer(c, _in_play(c, a["card"], aid), a.get("days"))]
    if p.verb == "delay":
        return core.delay(c, _timed(c, a["card"]), a["days"])
    if p.verb == "hasten":
        return core.hasten(c, _timed(c, a["card"]), a["days"])
    raise RuleError(f"The app can't apply “{p.text}”: do it by hand.")


def _take(
    c: core.Campaign,
    p: Pending,
    aid: str,
    choice: str | None,
    discard: str | None,
    abandon: str | None,
    icon_of: str,
) -> list[Step]:
    """Take the card (a matching icon: ``icon_of``'s); a 4th item is discarded, a 4th quest
    abandoned (the core adds its abandon effects to the checklist), by the core's own moves."""
    a = p.args
    at = a.get("at")
    at = None if at in (None, "here") else at  # "here": the adventurer's space
    source = a.get("from", "library")
    pick = a.get("pick", "any")
    verb, given = ("abandon", abandon) if abandon is not None else ("discard", discard)
    if choice is None:
        out = _next_copy(c, a["card"], pick, source, icon_of) if given == NEW else _held(given)
        return core.take_card(
            c,
            a["card"],
            pick=pick,
            source=source,
            adventurer=aid,
            at=at,
            icon_of=icon_of,
            **{verb: out},
        )
    cid = int(choice)
    if c.phase not in ("playing", "over"):
        raise RuleError("Cards are taken into play during a game.")
    out = cid if given == NEW else _held(given)
    return core.move_card(c, cid, destination(c, cid, aid, at), **{verb: out})


def _held(discard: str | None) -> int | None:
    return None if discard is None else int(discard)


def _next_copy(c: core.Campaign, number: int, pick: str, source: str, icon_of: str) -> int:
    """The copy ``take_card`` is about to pull, to name it as the one given up. A random pick
    advances the campaign's generator: it is put back, so take_card draws the same copy."""
    rng, cid = c.rng, core.choose_copy(c, number, pick, source, icon_of)  # type: ignore[arg-type]
    c.rng = rng
    return cid


def _in_play(c: core.Campaign, number: int, aid: str) -> int:
    """The copy of card #N the effect means: the adventurer's own first, else any in play."""
    where = c.where()
    copies = c.numbered(number)
    if not copies:
        raise RuleError(f"There is no card #{number:03d} in the catalog.")
    mine = [cid for cid in copies if where[cid].endswith(f":{aid}") and in_play(where[cid])]
    anywhere = [cid for cid in copies if in_play(where[cid])]
    if not mine and not anywhere:
        raise RuleError(f"Card #{number:03d} is not in play: {core.where_is(c, number)}")
    return (mine or anywhere)[0]


def _timed(c: core.Campaign, number: int) -> int:
    for cid in c.numbered(number):
        if core.timer_of(c, cid) is not None:
            return cid
    raise RuleError(f"Card #{number:03d} has no timer token on the calendar.")


def _put(c: core.Campaign, a: dict[str, Any], aid: str) -> list[Step]:
    into = a["into"]
    if into == "save_slot":
        slot = a["slot"]
        dst = f"save:{aid if slot == 'active' else slot}"
    else:
        dst = into
    if dst not in c.places:
        raise RuleError(f"This campaign has no place for “{a['slot']}”.")
    where = c.where()
    copies = [cid for cid in c.numbered(a["card"]) if where[cid] != dst]
    if not copies:
        if c.numbered(a["card"]):
            raise RuleError(core.where_is(c, a["card"]))
        raise RuleError(f"There is no card #{a['card']:03d} in the catalog.")
    # the copy in play first (the adventurer's own before others), then one in the trays
    copies.sort(key=lambda cid: (not in_play(where[cid]), not where[cid].endswith(f":{aid}")))
    return core.move_card(c, copies[0], dst, position=a.get("position") or "bottom")


def lead(c: core.Campaign, p: Pending, aid: str, abandon: str | None = None) -> str:
    """The log's opening, before the physical actions: whose effect, and the quest abandoned
    to make room, as the noticeboard's pick-up says it ("Odile Brackwater abandons card #103
    (The Salt-Wardens' Due) for the new quest:"). ``c``: the campaign before the effect."""
    who = adventurer_name(c, aid)
    label = dict(abandon_choices(c, p, aid)).get(abandon or "")
    if label is None:
        return f"{who}:"
    label = label[0].lower() + label[1:]
    if abandon == NEW:
        return f"{who} abandons the new quest, {label}:"
    return f"{who} abandons {label} for the new quest:"


def sentence(c: core.Campaign, aid: str, steps: list[Step], opening: str = "") -> str:
    """The log's sentence: whose effect (or ``opening``), then the physical actions to mirror."""
    said = " ".join(str(s) for s in steps) or "Nothing changes."
    return f"{opening or adventurer_name(c, aid) + ':'} {said}"
