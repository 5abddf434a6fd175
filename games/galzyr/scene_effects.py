"""Campaign mode: the effects of a resolved outcome, applied to the campaign one tap at a time.

When "continue" resolves an outcome on a campaign table, its effects become *pending*: one
entry per effect and per adventurer it touches (an effect on everyone becomes one entry for
each adventurer in the game; one on the partner goes to the partner's adventurer, and is left
out when nobody joined). Each entry is applied by a move of its own, so the platform's undo
takes it back, and says what to mirror at the table ("Take card #213 from the library into
Odile's inventory").

Pure: this module changes the ``Campaign`` it is given through the campaign core, and raises
``RuleError`` — a sentence for the players — when an effect can't be applied (paying gold
the adventurer doesn't have, a card that is not where the book takes it from). ``apply``
works on a copy and hands it back only when the whole effect went through, so a refusal
changes nothing.

An item taken into a full inventory (3 items, the most an adventurer may hold) asks which
card to give up first: one of the three held, or the new one. The core's move takes the new
card and returns the chosen one to the library (the rulebook's discard) in the same move.

Notes, go-tos and the end of a scene are not applied (the reader follows them), nor are
effects on the drawn event card (the reader's event deck moves it, and the campaign mirrors
that); an effect on "this card" names no number, so the players move that card by hand.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.campaign.cards import destination
from games.galzyr.campaign.facts import MAX_ITEMS
from games.galzyr.campaign.state import in_play
from games.galzyr.campaign.text import Step, adventurer_name, card_label
from storybook.effect_text import EffectView

# Effects that take a card into play from a tray: the card's type says where it goes.
TAKES = ("take", "status", "companion", "local_status", "global_status")
# Effects whose target is an adventurer (on everyone: one entry per adventurer).
PERSONAL = (*TAKES[:3], "gold", "prestige", "gain_tag", "lose_tag", "skill_mark", "discard")
APPLIED = (*TAKES, "gold", "prestige", "gain_tag", "lose_tag", "skill_mark", "discard", "put")
APPLIED += ("timer", "delay", "hasten")


class Pending(BaseModel):
    """One effect to apply to the campaign (``player``: the index of the adventurer's player)."""

    scene: int
    verb: str
    args: dict[str, Any] = {}
    text: str  # the book's sentence: "Active player: take card 213 from the library."
    player: int
    done: bool = False
    said: str = ""  # what applying it did, once done


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
        for player in targets:
            out.append(
                Pending(
                    scene=scene, verb=eff.verb, args=dict(eff.args), text=eff.text, player=player
                )
            )
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
        here = [cid for cid in c.places[source] if c.copies[cid].number == p.args["card"]]
        distinct: dict[str, int] = {}  # one choice per kind of copy (identical ones are alike)
        for cid in sorted(here):
            distinct.setdefault(card_label(c, cid), cid)
        if len(distinct) > 1:
            return [(str(cid), label) for label, cid in distinct.items()]
    if p.verb == "skill_mark" and p.args.get("from") == "any":
        marks = c.adventurer(aid).marks
        return [(s, s.capitalize()) for s in c.world.skills if marks.get(s) and s != p.args["to"]]
    return []


NEW = "new"  # the card being taken, as the one to give up


def give_up_choices(c: core.Campaign, p: Pending, aid: str) -> list[tuple[str, str]]:
    """An item that would be the adventurer's 4th: which card to give up (empty: it fits).

    A table expects the cards lying below the adventurer board, in the order they were taken,
    and the new card last: the rulebook lets the player discard any of the four, so keeping
    the three and letting the new one go (a worse copy of something held, say) is a choice
    too. Nothing is chosen for them: a card given up by default would go back to the library
    before anyone noticed.
    """
    if p.verb != "take" or not isinstance(p.args.get("card"), int):
        return []
    copies = c.numbered(p.args["card"])
    if not copies or c.copies[copies[0]].type != "item":
        return []
    held = c.places.get(f"items:{aid}", [])
    if len(held) < MAX_ITEMS:
        return []
    new = _card_text(c, copies[0], number_only=True)
    if p.args.get("pick") == "random":
        new += " (drawn at random)"
    return [(str(cid), _card_text(c, cid)) for cid in held] + [(NEW, new)]


def _card_text(c: core.Campaign, cid: int, *, number_only: bool = False) -> str:
    """ "Card #150 (Storm lantern)": the number and the name printed on the card (a card whose
    copies differ is named by its copy, or by its number alone before the copy is known)."""
    copy = c.copies[cid]
    label = f"card #{copy.number:03d}" if number_only else card_label(c, cid)
    if copy.variant is None and not copy.name.startswith("Card #"):
        label += f" ({copy.name})"
    return label[0].upper() + label[1:]


def needs_choice(c: core.Campaign, p: Pending, aid: str) -> bool:
    """Whether ``p`` waits for the players to pick something before it can be applied."""
    return bool(choices(c, p, aid) or give_up_choices(c, p, aid))


# -- applying -----------------------------------------------------------------------------------
def apply(
    c: core.Campaign,
    p: Pending,
    aid: str,
    choice: str | None = None,
    discard: str | None = None,
) -> tuple[core.Campaign, list[Step]]:
    """Apply ``p`` for adventurer ``aid`` to a copy of ``c``: (the changed copy, the steps).

    ``discard``: the card given up when an item would be the 4th (a held copy, or ``NEW``).
    """
    if c.phase != "playing":
        raise RuleError("Scene effects change the campaign during a game.")
    options = choices(c, p, aid)
    if options and choice is None:
        raise RuleError("Choose which one first.")
    if choice is not None and options and choice not in {value for value, _ in options}:
        raise RuleError("That is not one of the choices.")
    _check_give_up(c, p, aid, discard)
    trial = c.model_copy(deep=True)
    steps = _apply(trial, p, aid, choice if options else None, discard)
    return trial, steps


def _check_give_up(c: core.Campaign, p: Pending, aid: str, discard: str | None) -> None:
    give_up = give_up_choices(c, p, aid)
    who = adventurer_name(c, aid)
    if give_up and discard is None:
        raise RuleError(
            f"{who} already has {MAX_ITEMS} items: choose which one to give up (the new one "
            "too) before applying."
        )
    if discard is None:
        return
    if not give_up:
        raise RuleError(f"{who} has room for it: there is nothing to give up.")
    if discard not in {value for value, _ in give_up}:
        raise RuleError(
            f"{who} does not hold that card: give up one of the items in the inventory, or "
            "the new one."
        )


def _apply(
    c: core.Campaign, p: Pending, aid: str, choice: str | None, discard: str | None = None
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
        return _take(c, p, aid, choice, discard)
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
    c: core.Campaign, p: Pending, aid: str, choice: str | None, discard: str | None
) -> list[Step]:
    a = p.args
    at = a.get("at")
    at = None if at in (None, "here") else at  # "here": the adventurer's space
    source = a.get("from", "library")
    pick = a.get("pick", "any")
    if choice is None:
        out = _next_copy(c, a["card"], pick, source, aid) if discard == NEW else _held(discard)
        return core.take_card(
            c, a["card"], pick=pick, source=source, adventurer=aid, at=at, discard=out
        )
    cid = int(choice)
    if c.phase != "playing":
        raise RuleError("Cards are taken into play during a game.")
    out = cid if discard == NEW else _held(discard)
    return core.move_card(c, cid, destination(c, cid, aid, at), discard=out)


def _held(discard: str | None) -> int | None:
    return None if discard is None else int(discard)


def _next_copy(c: core.Campaign, number: int, pick: str, source: str, aid: str) -> int:
    """The copy ``take_card`` is about to pull, to name it as the one given up. A random pick
    advances the campaign's generator: it is put back, so take_card draws the same copy."""
    rng = c.rng
    cid = core.choose_copy(c, number, pick, source, aid)  # type: ignore[arg-type]
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


def sentence(c: core.Campaign, aid: str, steps: list[Step]) -> str:
    """The log's sentence: whose effect, then the physical actions to mirror."""
    said = " ".join(str(s) for s in steps) or "Nothing changes."
    return f"{adventurer_name(c, aid)}: {said}"
