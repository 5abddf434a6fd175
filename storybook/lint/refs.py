"""Lint of conditions and effects: every card, tag, skill, location and scene they name."""

from __future__ import annotations

from storybook.format import Card, Scene
from storybook.format import conditions as c
from storybook.format import effects as e

P = tuple  # a data path inside a file


def a_type(card_type: str) -> str:
    words = card_type.replace("_", " ")
    return ("an " if words[0] in "aeiou" else "a ") + words


def card_label(n: int) -> str:
    return f"card {n:03d}"


def scene_label(n: int) -> str:
    return f"scene {n:04d}"


def _has_timer(card: Card) -> bool:
    return card.timer is not None or any(v.timer is not None for v in card.variants)


class RefChecks:
    """Mixed into the linter: needs ``error``, ``warn``, ``card``, ``known``, ``scene_ref``."""

    def condition(self, f: str, path: P, cond: object, scene: Scene | None) -> None:
        if isinstance(cond, c.At):
            for j, lid in enumerate(cond.at):
                self.known("location", self.locations, lid, f, (*path, "at", j))
        elif isinstance(cond, c.HasTag):
            self.known("tag", self.tags, cond.has_tag, f, (*path, "has_tag"))
        elif isinstance(cond, c.HasCard):
            self.card(f, (*path, "has_card"), cond.has_card)
        elif isinstance(cond, c.CardHere):
            self.card(f, (*path, "card_here"), cond.card_here)
        elif isinstance(cond, c.CardInPlay):
            self.card(f, (*path, "card_in_play"), cond.card_in_play)
        elif isinstance(cond, c.CardIn):
            self.card(f, (*path, "card_in", "card"), cond.card_in.card)
        elif isinstance(cond, c.IsAdventurer):
            for j, aid in enumerate(cond.adventurer):
                self.known("adventurer", self.adventurers, aid, f, (*path, "adventurer", j))
        elif isinstance(cond, c.MarksAtLeast):
            for sid in cond.marks_at_least:
                self.known("skill", self.skills, sid, f, (*path, "marks_at_least", sid))
        elif isinstance(cond, c.All):
            for j, sub in enumerate(cond.all):
                self.condition(f, (*path, "all", j), sub, scene)
        elif isinstance(cond, c.AnyOf):
            for j, sub in enumerate(cond.any):
                self.condition(f, (*path, "any", j), sub, scene)
        elif isinstance(cond, c.Not):
            self.condition(f, (*path, "not"), cond.not_, scene)

    def effects(self, f: str, path: P, effects: list, scene: Scene) -> None:
        told = False  # one error for the effects after the first 'go' or 'end', not one each
        for j, eff in enumerate(effects):
            if e.is_terminal(eff) and j != len(effects) - 1 and not told:
                told = True
                verb = "go" if isinstance(eff, e.GoTo) else "end"
                self.error(
                    f,
                    (*path, j + 1),
                    f"effects after '{verb}' (effect {j + 1}) are never resolved; "
                    "put them before it",
                )
            self.effect(f, (*path, j), eff, scene)

    def effect(self, f: str, p: P, eff: object, scene: Scene) -> None:
        if isinstance(eff, e.Take):
            card = self.card(f, (*p, "take"), e.card_of(eff.take))
            self.pick(f, (*p, "take"), eff.take, card)
            if eff.at is not None:
                if card is not None and card.type != "local_status":
                    self.error(f, (*p, "at"), "'at' is only for taking a local status")
                self.place(f, (*p, "at"), eff.at)
        elif isinstance(eff, e.GainStatus):
            self.pick(
                f,
                (*p, "status"),
                eff.status,
                self.card(f, (*p, "status"), e.card_of(eff.status), ("adventurer_status",)),
            )
        elif isinstance(eff, e.GainCompanion):
            self.pick(
                f,
                (*p, "companion"),
                eff.companion,
                self.card(f, (*p, "companion"), e.card_of(eff.companion), ("companion",)),
            )
        elif isinstance(eff, e.PlaceLocalStatus):
            self.pick(
                f,
                (*p, "local_status"),
                eff.local_status,
                self.card(f, (*p, "local_status"), e.card_of(eff.local_status), ("local_status",)),
            )
            self.place(f, (*p, "at"), eff.at)
        elif isinstance(eff, e.PlaceGlobalStatus):
            self.pick(
                f,
                (*p, "global_status"),
                eff.global_status,
                self.card(
                    f, (*p, "global_status"), e.card_of(eff.global_status), ("global_status",)
                ),
            )
        elif isinstance(eff, e.Discard):
            if isinstance(eff.discard, int):
                self.card(f, (*p, "discard"), eff.discard)
        elif isinstance(eff, e.Put):
            if isinstance(eff.put.card, int):
                self.card(f, (*p, "put", "card"), eff.put.card)
            slot = eff.put.slot
            if slot is not None and slot not in ("global", "active"):
                self.known(
                    "save slot",
                    self.adventurers | {"global", "active"},
                    slot,
                    f,
                    (*p, "put", "slot"),
                )
        elif isinstance(eff, e.StartTimer | e.Delay | e.Hasten):
            verb = e.verb_of(eff) or "timer"
            target = getattr(eff, verb)
            if isinstance(target.card, int):
                card = self.card(f, (*p, verb, "card"), target.card)
                if (
                    card is not None
                    and not _has_timer(card)
                    and not (verb == "timer" and target.days)
                ):
                    self.error(
                        f,
                        (*p, verb),
                        f"{card_label(card.number)} '{card.name}' has no timer box"
                        + ("; give 'days'" if verb == "timer" else ""),
                    )
        elif isinstance(eff, e.GainTag):
            self.known("tag", self.tags, eff.gain_tag, f, (*p, "gain_tag"))
        elif isinstance(eff, e.LoseTag):
            self.known("tag", self.tags, eff.lose_tag, f, (*p, "lose_tag"))
        elif isinstance(eff, e.MoveSkillMark):
            move = eff.skill_mark
            if move.from_ != "any":
                self.known("skill", self.skills, move.from_, f, (*p, "skill_mark", "from"))
            self.known("skill", self.skills, move.to, f, (*p, "skill_mark", "to"))
            if move.from_ == move.to:
                self.error(f, (*p, "skill_mark"), "a skill mark moved to the skill it came from")
        elif isinstance(eff, e.GoTo):
            if eff.go == scene.number:
                self.error(f, (*p, "go"), "a scene going to itself never ends")
            else:
                self.scene_ref(f, (*p, "go"), eff.go, "go to")

    def pick(self, f: str, path: P, ref: object, card: Card | None) -> None:
        if card is None or e.pick_of(ref) != "icon":  # type: ignore[arg-type]
            return
        icons = set(card.icons())
        if not icons:
            self.error(
                f, path, f"{card_label(card.number)} has no adventurer-icon variants to match"
            )
            return
        missing = sorted(self.icons - icons)
        if missing:
            self.warn(
                f,
                path,
                f"{card_label(card.number)} has no variant for the icon(s) {', '.join(missing)}",
            )

    def place(self, f: str, path: P, at: str) -> None:
        if at != "here":
            self.known("location", self.locations, at, f, path)
