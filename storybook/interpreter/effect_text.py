"""Effects as plain data for the reader and the tracker, with a sentence for people."""

from __future__ import annotations

from dataclasses import dataclass
from gettext import ngettext
from typing import Any, TypeVar

from storybook.format import effects as e


@dataclass(frozen=True)
class EffectView:
    verb: str
    who: str
    optional: bool
    args: dict[str, Any]  # the effect's own fields, flattened: card, pick, days, into, …
    text: str  # a sentence for people


T = TypeVar("T")

_WHO = {"active": "Active player", "partner": "Partner", "everyone": "Everyone"}


def effect_view(eff: Any) -> EffectView:
    verb = e.verb_of(eff)
    assert verb is not None
    raw = eff.model_dump(by_alias=True)
    who, optional = raw.pop("who"), raw.pop("optional")
    value = raw.pop(verb)
    args: dict[str, Any] = {}
    if isinstance(value, dict):
        args.update({k: v for k, v in value.items() if v is not None})
    elif verb in ("take", "status", "companion", "local_status", "global_status"):
        args["card"] = value
    else:
        args[verb if verb not in ("discard",) else "card"] = value
    if verb in ("take", "status", "companion", "local_status", "global_status"):
        args.setdefault("pick", "any")
    args.update({k: v for k, v in raw.items() if v is not None})
    return EffectView(verb, who, optional, args, describe_effect(eff))


def _days(n: int) -> str:
    """``1 day``, ``2 days`` (as games/core/words.py counts; the reader's text needs no game module)."""
    return f"{n} {ngettext('day', 'days', n)}"


def _card(n: Any) -> str:
    if n == "this":
        return "this card"
    if n == "event":
        return "the event card"
    return f"card {n:03d}"


def icon_owner(who: str, taker: T, active: T) -> T:
    """Whose adventurer icon a card taken with ``pick: icon`` shows — the one rule the reader's
    sentence, the campaign assistant and the playtest share.

    The rulebook's "matching icon" is the active player's, whoever receives the card (the
    partner too). With ``who: everyone`` each adventurer takes the copy with their own icon
    instead: such a card has one copy per icon, so the active player's copy can't go to all.
    ``taker`` and ``active`` are whatever the caller names adventurers by.
    """
    return taker if who == "everyone" else active


def _ref(ref: Any, who: str = "active") -> str:
    n, pick = e.card_of(ref), e.pick_of(ref)
    if pick == "random":
        return f"a random card {n:03d}"
    if pick == "icon":
        whose = icon_owner(who, "their own adventurer's icon", "the active adventurer's icon")
        return f"card {n:03d} with {whose}"
    return f"card {n:03d}"


def _place(at: str) -> str:
    return "the active player's space" if at == "here" else at


def describe_effect(eff: Any) -> str:
    """One sentence for the story master: "Active player: gain 3 gold."."""
    text = _effect_phrase(eff)
    if isinstance(eff, e.GoTo | e.End | e.Note | e.PlaceGlobalStatus | e.Put):
        sentence = text
    else:
        sentence = f"{_WHO[eff.who]}: {text}"
    if eff.optional:
        sentence += " (optional)"
    return sentence[0].upper() + sentence[1:] + ("" if sentence.endswith(".") else ".")


def _effect_phrase(eff: Any) -> str:
    if isinstance(eff, e.Gold):
        return f"{'gain' if eff.gold >= 0 else 'lose'} {abs(eff.gold)} gold"
    if isinstance(eff, e.Prestige):
        return f"{'gain' if eff.prestige >= 0 else 'lose'} {abs(eff.prestige)} prestige"
    if isinstance(eff, e.Take):
        where = f", placed at {_place(eff.at)}" if eff.at else ""
        return f"take {_ref(eff.take, eff.who)} from the {eff.from_}{where}"
    if isinstance(eff, e.GainStatus):
        return f"gain the status {_ref(eff.status, eff.who)}"
    if isinstance(eff, e.GainCompanion):
        return f"gain the companion {_ref(eff.companion, eff.who)}"
    # a local or global status is placed once, so even on everyone it shows the active icon
    if isinstance(eff, e.PlaceLocalStatus):
        where = _place(eff.at)
        return f"place the local status {_ref(eff.local_status)} at {where}"
    if isinstance(eff, e.PlaceGlobalStatus):
        return f"put the global status {_ref(eff.global_status)} into play"
    if isinstance(eff, e.Discard):
        return f"discard {_card(eff.discard)}"
    if isinstance(eff, e.Put):
        p = eff.put
        if p.into == "save_slot":
            slot = {"global": "the global save slot", "active": "the active adventurer's save slot"}
            where = slot.get(p.slot or "", f"the save slot of {p.slot}")
        elif p.into == "event_deck":
            where = f"the {p.position or 'bottom'} of the event deck"
        else:
            where = "the " + p.into.replace("_", " ")
        return (
            f"put {_card(p.card)} into {where}"
            if p.into != "event_deck"
            else f"put {_card(p.card)} at {where}"
        )
    if isinstance(eff, e.StartTimer):
        days = f"{eff.timer.days} days ahead" if eff.timer.days else "as its timer box shows"
        return f"place a timer token for {_card(eff.timer.card)}, {days}"
    if isinstance(eff, e.Delay):
        return f"delay the timer of {_card(eff.delay.card)} by {_days(eff.delay.days)}"
    if isinstance(eff, e.Hasten):
        return f"hasten the timer of {_card(eff.hasten.card)} by {_days(eff.hasten.days)}"
    if isinstance(eff, e.GainTag):
        return f"gain the tag {eff.gain_tag}"
    if isinstance(eff, e.LoseTag):
        return f"lose the tag {eff.lose_tag}"
    if isinstance(eff, e.MoveSkillMark):
        src = "any skill" if eff.skill_mark.from_ == "any" else eff.skill_mark.from_
        return f"move a skill mark from {src} to {eff.skill_mark.to}"
    if isinstance(eff, e.Note):
        return eff.note
    if isinstance(eff, e.GoTo):
        return f"go to scene {eff.go:04d}"
    if isinstance(eff, e.End):
        return "the scene ends"
    return str(eff)
