"""Campaign readiness: what a world needs before a table can play it in campaign mode, lint's
section "campaign mode: ready / not ready, because …" (the Galzyr app registers it with
``storybook.lint.sections`` at start-up, so ``manage.py lint_world`` and the upload page show it).

Read from the campaign's own setup, not restated: the reset plan the campaign will get is
``plan_for`` (``build``), the ending scenes are ``endings_of``, so what lint says and what
``start_campaign`` does can't differ. Needed (each missing one blocks):

* a card catalog and at least one adventurer (setup deals cards and seats adventurers);
* the 12 month cards: the plan's ``months``, global status cards #001–#012, January first —
  the reset's d12 puts one into the global save slot, and the month picks the board's side;
  without them the story master waits for a month forever;
* Discord (competitive) and Harmony (solo and co-operative): global status cards with those
  names whose first scene is read at the game's end, a scene of the book (a world with no
  scenes is read from its printed book);

and, told but not blocking: the reset plan, and which card each adventurer takes at a reset
(the plan's ``per_adventurer`` numbers, the copy with their icon).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import SimpleNamespace

from storybook.format import MONTHS, Card, WorldInfo
from storybook.loading.diagnostics import Diagnostic
from storybook.loading.world import CARDS_FILE, WORLD_FILE, World

from .build import endings_of, plan_for, unroll
from .facts import (
    DISCORD_CARD,
    ENDING_CARDS,
    GALZYR_PLAN,
    HARMONY_CARD,
    ResetPlan,
)

PLAY = {"competitive": "competitive play", "cooperative": "solo and co-operative play"}


@dataclass(frozen=True)
class Need:
    """One finding: ``blocking`` ones make campaign mode not ready; the others are told."""

    file: str
    path: tuple
    message: str
    blocking: bool = True


@dataclass
class Readiness:
    """Lint's campaign section: ready or not, with every need as a Diagnostic (file:line)."""

    needs: list[Diagnostic]  # what blocks campaign mode ("error")
    notes: list[Diagnostic]  # what the campaign will do, told ("warning")

    @property
    def ready(self) -> bool:
        return not self.needs

    def lines(self) -> list[str]:
        if self.ready:
            out = ["campaign mode: ready"]
        else:
            out = ["campaign mode: not ready, because …"]
            out += [f"  {d.file}:{d.line}: {d.message}" for d in self.needs]
        out += [f"  {d.file}:{d.line}: note: {d.message}" for d in self.notes]
        return out


def _numbers(numbers: list[int]) -> str:
    """#001–#012, #030–#041, #111: runs of three or more as ranges."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = []
    for run in runs:
        if len(run) > 2:
            parts.append(f"#{run[0]:03d}–#{run[-1]:03d}")
        else:
            parts += [f"#{n:03d}" for n in run]
    return ", ".join(parts) or "none"


def _card_path(order: list[int], number: int) -> tuple:
    return ("cards", order.index(number)) if number in order else ("cards",)


def plan_text(plan: ResetPlan, declared: bool, names: Mapping[str, str]) -> str:
    """What the reset does, one clause per tray the plan fills (none for an empty one);
    ``names`` are the adventurers' by id, for the vault_on_reset clauses."""
    if declared:
        whose = "the world's own (world.yaml's reset)"
    elif plan == GALZYR_PLAN:
        whose = (
            f"the published box's (cards {DISCORD_CARD:03d} and {HARMONY_CARD:03d} are global "
            "statuses; world.yaml's reset can declare the world's own)"
        )
    else:
        whose = "derived from the catalog (world.yaml's reset can declare the world's own)"
    steps = []
    if plan.months:
        steps.append(f"a d12 picks one of the month cards {_numbers(plan.months)}")
    if plan.to_global:
        steps.append(f"to the global save slot {_numbers(plan.to_global)}")
    if plan.to_quest_slot:
        front = {0: "", 1: ", then its frontmost card to the global save slot"}.get(
            plan.noticeboard, f", then its {plan.noticeboard} frontmost to the global save slot"
        )
        steps.append(f"shuffled into the quest slot {_numbers(plan.to_quest_slot)}{front}")
    if plan.to_vault:
        steps.append(f"to the vault {_numbers(plan.to_vault)}")
    if plan.per_adventurer:
        steps.append(
            "to each adventurer's save slot the copy with their icon of "
            + _numbers(plan.per_adventurer)
        )
    for aid, numbers in sorted(plan.vault_on_reset.items()):
        steps.append(f"when {names.get(aid, aid)} is reset, to the vault {_numbers(numbers)}")
    steps.append("every other card stays in the library")
    return f"the reset plan is {whose}: " + "; ".join(steps)


def campaign_needs(
    info: WorldInfo | None,
    cards: Mapping[int, Card],
    scenes: Collection[int],
    order: list[int] | None = None,
) -> list[Need]:
    """Every need and note for campaign mode; ``order`` is the catalog's card order in
    cards.yaml (for the lines), ``scenes`` the book's scene numbers (none: a printed book)."""
    order = order if order is not None else sorted(cards)
    out: list[Need] = []
    if not cards:
        out.append(Need(CARDS_FILE, (), "campaign mode needs a card catalog (cards.yaml)"))
        return out
    if info is None or not info.adventurers:
        out.append(Need(WORLD_FILE, (), "campaign mode needs at least one adventurer"))
    world = SimpleNamespace(cards=cards)
    copies = unroll(world)  # type: ignore[arg-type]
    declared = info.reset if info is not None else None
    names = {a.id: a.name for a in info.adventurers} if info is not None else {}
    plan = plan_for(copies, declared)
    if declared is not None and not declared.months:
        # A declared plan is taken as it is: with no month cards the reset puts no month into
        # play, and the story master would wait for a month forever.
        out.append(
            Need(
                WORLD_FILE,
                ("reset",),
                "campaign mode needs the 12 month cards in the world's own reset plan: name "
                "them in world.yaml's reset, months: [...], January first (the reset's d12 "
                "picks the month)",
            )
        )
    months = plan.months or list(range(1, 13))
    wrong = [n for n in months if n in cards and cards[n].type != "global_status"]
    missing = [n for n in months if n not in cards]
    for n in wrong:
        out.append(
            Need(
                CARDS_FILE,
                _card_path(order, n),
                f"card {n:03d} is the month card for {MONTHS[months.index(n)].capitalize()}: "
                "campaign mode needs it to be a global status",
            )
        )
    if missing:
        named = "named in the reset plan's months" if declared and declared.months else "#001–#012"
        out.append(
            Need(
                CARDS_FILE,
                ("cards",),
                f"campaign mode needs the 12 month cards, global status cards {named} "
                f"(January first: the reset's d12 picks the month); missing {_numbers(missing)}",
            )
        )
    endings = endings_of(world)  # type: ignore[arg-type]
    for mode, name in ENDING_CARDS.items():
        named = [c for c in cards.values() if c.type == "global_status" and c.name.lower() == name]
        scene = endings.get(mode)
        if not named:
            out.append(
                Need(
                    CARDS_FILE,
                    ("cards",),
                    f"campaign mode needs a global status card named {name.capitalize()} for "
                    f"{PLAY[mode]}: its first scene is read at the game's end",
                )
            )
        elif scene is None:
            out.append(
                Need(
                    CARDS_FILE,
                    _card_path(order, named[0].number),
                    f"{name.capitalize()} (card {named[0].number:03d}) names no scene: give it "
                    "'scenes: [NNNN]', the scene read at the game's end",
                )
            )
        elif scenes and scene not in scenes:
            out.append(
                Need(
                    CARDS_FILE,
                    _card_path(order, named[0].number),
                    f"{name.capitalize()} (card {named[0].number:03d}) names scene {scene:04d}, "
                    "read at the game's end, which the book does not have",
                )
            )
    for i, adv in enumerate(info.adventurers if info else []):
        own = [
            n
            for n in plan.per_adventurer
            if any(c.number == n and c.icon == adv.icon for c in copies)
        ]
        if not own:
            kinds = (
                f"card {_numbers(plan.per_adventurer)}"
                if plan.per_adventurer
                else "ability or quest card"
            )
            out.append(
                Need(
                    WORLD_FILE,
                    ("adventurers", i, "icon"),
                    f"{adv.name} takes no card at a reset: no {kinds} has the icon '{adv.icon}'",
                    blocking=False,
                )
            )
    where = (WORLD_FILE, ("reset",)) if declared else (CARDS_FILE, ("cards",))
    out.append(Need(*where, plan_text(plan, declared is not None, names), blocking=False))
    for key in ("months", "to_global", "to_quest_slot", "to_vault", "per_adventurer"):
        unknown = [n for n in getattr(plan, key) if n not in cards] if declared else []
        if unknown:
            out.append(
                Need(
                    WORLD_FILE,
                    ("reset", key),
                    f"the reset plan's {key} names cards the catalog does not have: "
                    f"{_numbers(unknown)}",
                    blocking=False,
                )
            )
    return out


def _order(world: World) -> list[int]:
    src = world.sources.get(CARDS_FILE)
    raw = src.data.get("cards") if src is not None and isinstance(src.data, dict) else None
    return [c.get("number") if isinstance(c, dict) else None for c in raw or []]


def campaign_readiness(world: World) -> Readiness:
    """Lint's section for ``world`` (as loaded, errors and all)."""
    found = campaign_needs(world.info, world.cards, set(world.scenes), _order(world))
    diags = [
        Diagnostic(
            "error" if n.blocking else "warning", n.file, world.line(n.file, n.path), n.message
        )
        for n in found
    ]
    return Readiness(
        needs=[d for d in diags if d.is_error], notes=[d for d in diags if not d.is_error]
    )


def campaign_refusal(
    info: WorldInfo, cards: Mapping[int, Card], scenes: Collection[int]
) -> str | None:
    """The sentence the new-table form and the API refuse campaign mode with, or None."""
    needs = [n.message for n in campaign_needs(info, cards, scenes) if n.blocking]
    if not needs:
        return None
    return "Campaign mode: not ready, because " + "; ".join(needs) + "."


def campaign_section(world: World) -> list[str]:
    """Lint's report section (``storybook.lint.sections``)."""
    return campaign_readiness(world).lines()
