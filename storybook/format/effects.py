"""Effects: what a scene or an outcome does to the game, as data.

An effect is a mapping with exactly one verb key (``gold``, ``take``, ``go`` …) and, for most
verbs, ``who`` (active / partner / everyone, default active) and ``optional``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, model_validator

from .common import CardNumber, Id, Model, SceneNumber, Text, Who

Pick = Literal["any", "random", "icon"]


class CardPick(Model):
    """Which copy to take: ``any`` copy, a ``random`` one, or the one with the active icon."""

    card: CardNumber
    pick: Pick = "any"


def _card_ref_kind(value: Any) -> str:
    return "pick" if isinstance(value, dict | CardPick) else "number"


CardRef = Annotated[
    Annotated[CardNumber, Tag("number")] | Annotated[CardPick, Tag("pick")],
    Discriminator(_card_ref_kind),
]


def card_of(ref: int | CardPick) -> int:
    return ref if isinstance(ref, int) else ref.card


def pick_of(ref: int | CardPick) -> Pick:
    return "any" if isinstance(ref, int) else ref.pick


class EffectBase(Model):
    who: Who = "active"
    optional: bool = False  # "you may": the active player decides


class Gold(EffectBase):
    gold: Annotated[int, Field(ge=-20, le=20)]


class Prestige(EffectBase):
    prestige: Annotated[int, Field(ge=-20, le=20)]


class Take(EffectBase):
    """Take a card from the library (or the vault) into play; its type says where it goes."""

    take: CardRef
    from_: Literal["library", "vault"] = Field("library", alias="from")
    at: Id | None = None  # for a local status: a location id, or "here"


class GainStatus(EffectBase):
    status: CardRef  # an adventurer status card


class GainCompanion(EffectBase):
    companion: CardRef


class PlaceLocalStatus(EffectBase):
    local_status: CardRef
    at: Id = "here"


class PlaceGlobalStatus(EffectBase):
    global_status: CardRef


class Discard(EffectBase):
    """A card in play (held by ``who``, or on the board) goes back to the library."""

    discard: CardNumber | Literal["this", "event"]


class PutTarget(Model):
    card: CardNumber | Literal["this", "event"]
    into: Literal["library", "vault", "save_slot", "quest_slot", "event_deck"]
    slot: Id | None = None  # save_slot: "global", "active" or an adventurer id
    position: Literal["top", "bottom"] | None = None  # event_deck only

    @model_validator(mode="after")
    def _slot_fits(self) -> PutTarget:
        if self.into == "save_slot" and self.slot is None:
            raise ValueError("a save_slot needs 'slot': global, active or an adventurer id")
        if self.into != "save_slot" and self.slot is not None:
            raise ValueError("'slot' is only for into: save_slot")
        if self.into != "event_deck" and self.position is not None:
            raise ValueError("'position' is only for into: event_deck")
        return self


class Put(EffectBase):
    put: PutTarget


class TimerTarget(Model):
    card: CardNumber | Literal["this"]
    days: Annotated[int, Field(ge=1, le=28)] | None = None


class StartTimer(EffectBase):
    timer: TimerTarget  # place (or restart) the card's timer token; days default to its timer box


class ShiftTarget(Model):
    card: CardNumber | Literal["this"]
    days: Annotated[int, Field(ge=1, le=28)]


class Delay(EffectBase):
    delay: ShiftTarget


class Hasten(EffectBase):
    hasten: ShiftTarget


class GainTag(EffectBase):
    gain_tag: Id


class LoseTag(EffectBase):
    lose_tag: Id


class MarkMove(Model):
    from_: Id = Field(alias="from")  # a skill id, or "any"
    to: Id


class MoveSkillMark(EffectBase):
    skill_mark: MarkMove


class Note(EffectBase):
    note: Text  # an instruction for the story master that the app does not carry out


class GoTo(EffectBase):
    go: SceneNumber


class End(EffectBase):
    end: Literal[True]


EFFECT_VERBS: dict[str, type[EffectBase]] = {
    "gold": Gold,
    "prestige": Prestige,
    "take": Take,
    "status": GainStatus,
    "companion": GainCompanion,
    "local_status": PlaceLocalStatus,
    "global_status": PlaceGlobalStatus,
    "discard": Discard,
    "put": Put,
    "timer": StartTimer,
    "delay": Delay,
    "hasten": Hasten,
    "gain_tag": GainTag,
    "lose_tag": LoseTag,
    "skill_mark": MoveSkillMark,
    "note": Note,
    "go": GoTo,
    "end": End,
}
TERMINAL_VERBS = ("go", "end")


def verb_of(value: Any) -> str | None:
    if isinstance(value, dict):
        verbs = [k for k in value if k in EFFECT_VERBS]
        return verbs[0] if len(verbs) == 1 else None
    for verb, cls in EFFECT_VERBS.items():
        if type(value) is cls:
            return verb
    return None


Effect = Annotated[
    Annotated[Gold, Tag("gold")]
    | Annotated[Prestige, Tag("prestige")]
    | Annotated[Take, Tag("take")]
    | Annotated[GainStatus, Tag("status")]
    | Annotated[GainCompanion, Tag("companion")]
    | Annotated[PlaceLocalStatus, Tag("local_status")]
    | Annotated[PlaceGlobalStatus, Tag("global_status")]
    | Annotated[Discard, Tag("discard")]
    | Annotated[Put, Tag("put")]
    | Annotated[StartTimer, Tag("timer")]
    | Annotated[Delay, Tag("delay")]
    | Annotated[Hasten, Tag("hasten")]
    | Annotated[GainTag, Tag("gain_tag")]
    | Annotated[LoseTag, Tag("lose_tag")]
    | Annotated[MoveSkillMark, Tag("skill_mark")]
    | Annotated[Note, Tag("note")]
    | Annotated[GoTo, Tag("go")]
    | Annotated[End, Tag("end")],
    Discriminator(
        verb_of,
        custom_error_type="effect_verb",
        custom_error_message="an effect is a mapping with exactly one of the verbs: "
        + ", ".join(EFFECT_VERBS),
    ),
]


def is_terminal(effect: EffectBase) -> bool:
    return isinstance(effect, GoTo | End)
