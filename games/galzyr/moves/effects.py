"""Campaign mode: the moves that apply a resolved scene's effects to the campaign.

Each tap is one move, so the platform's undo puts the campaign back as it was before it. A
refused effect (the core's sentence says why) changes nothing: ``scene_effects.apply`` works
on a copy of the campaign. An effect the group already made by hand (with the campaign's own
forms, or at the table alone) is marked done without applying it, so it is not made twice and
the turn can end.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr.campaign.text import adventurer_name
from games.galzyr.reader import scene_effects
from games.galzyr.state import READERS, State
from games.galzyr.tracking import campaign_of, say

moves = MoveSet("galzyr.effects")


def _icon_of(state: State, p: scene_effects.Pending) -> str:
    """The adventurer whose icon a matching-icon card of ``p`` shows: the player recorded when
    the scene was resolved (``icon_owner``), or the taker on an entry kept before that."""
    return state.adventurers[p.player if p.icon is None else p.icon]


class ApplyArgs(BaseModel):
    effect: int = Field(ge=1, le=999)  # 1 for the first effect waiting under the scene
    choice: str | None = Field(default=None, max_length=40)  # a card copy or a skill
    # An item that would be the 4th: the held copy to give up, or "new" for the new card.
    discard: str | None = Field(default=None, max_length=40)
    # A quest that would be the 4th: the held copy to abandon, or "new" for the new quest.
    abandon: str | None = Field(default=None, max_length=40)


def _waiting(state: State, effect: int, to: str) -> scene_effects.Pending:
    """The scene's ``effect``-th effect, still waiting (``to``: what the move would do to it)."""
    if effect > len(state.effects):
        raise RuleError(f"There is no effect {effect} to {to}.")
    p = state.effects[effect - 1]
    if p.by_hand:
        raise RuleError(f"“{p.text}” is marked done by hand already (undo to take it back).")
    if p.done:
        raise RuleError(f"“{p.text}” is applied already (undo to take it back).")
    return p


@moves.move(ApplyArgs, label="Apply", roles=READERS)
def apply_effect(state: State, args: ApplyArgs, seat: str) -> str:
    """Apply one of the scene's effects to the campaign (and say what to mirror)."""
    c = campaign_of(state)
    p = _waiting(state, args.effect, "apply")
    aid = state.adventurers[p.player]
    lead = scene_effects.lead(c, p, aid, args.abandon)
    state.campaign, steps = scene_effects.apply(
        c, p, aid, args.choice, args.discard, args.abandon, _icon_of(state, p)
    )
    p.done, p.said = True, scene_effects.sentence(state.campaign, aid, steps, lead)
    return say(state, p.text, steps, lead=lead)


@moves.move(label="Apply all", roles=READERS)
def apply_all_effects(state: State, args, seat: str) -> str:
    """Apply the effects still waiting, in the book's order, up to one that needs a choice
    (the ones after it wait too, so the order holds); one that can't be applied stays, with
    the reason."""
    campaign_of(state)
    todo = [p for p in state.effects if not p.done]
    if not todo:
        raise RuleError("There is no effect left to apply.")
    steps, refused, applied, stopped = [], [], 0, ""
    for p in todo:
        aid = state.adventurers[p.player]
        assert state.campaign is not None
        if scene_effects.needs_choice(state.campaign, p, aid):
            stopped = (
                f"“{p.text}” ({adventurer_name(state.campaign, aid)}) needs a choice: make it "
                "on its line and tap Apply; the effects after it wait."
            )
            break
        try:
            state.campaign, got = scene_effects.apply(
                state.campaign, p, aid, icon_of=_icon_of(state, p)
            )
        except RuleError as exc:
            refused.append(f"“{p.text}” is not applied: {exc}")
            continue
        p.done, p.said = True, scene_effects.sentence(state.campaign, aid, got)
        steps += got
        applied += 1
    if not applied:
        raise RuleError(" ".join([*refused, stopped]).strip())
    lead = " ".join(
        [f"{applied} effect{'s' if applied != 1 else ''} applied.", *refused, stopped]
    ).strip()
    return say(state, "The scene's effects", steps, lead=lead)


class ByHandArgs(BaseModel):
    effect: int = Field(ge=1, le=999)  # 1 for the first effect waiting under the scene


@moves.move(ByHandArgs, label="Done by hand", roles=READERS)
def mark_effect_done(state: State, args: ByHandArgs, seat: str) -> str:
    """Mark one of the scene's effects done by hand: the group made it already (gold turned on
    the dial with the Gold form, a card moved with "Move a card"...), so the app leaves the
    campaign as it is, and the effect no longer holds up the end of the turn."""
    c = campaign_of(state)
    p = _waiting(state, args.effect, "mark")
    p.done, p.by_hand = True, True
    p.said = "The app changed nothing in the campaign."
    who = adventurer_name(c, state.adventurers[p.player])
    return f"“{p.text}” ({who}) marked as done by hand: the app left the campaign as it was."


def still_to_apply(state: State) -> list[scene_effects.Pending]:
    """The scene's effects not applied yet that can be: the rulebook has the book's effects
    "resolved as completely as possible", so one that would be refused (a card no longer where
    the book takes it from, gold the adventurer doesn't have) holds nothing up; one that asks a
    choice first can be made."""
    c = campaign_of(state)
    out = []
    for p in state.effects:
        if p.done:
            continue
        aid = state.adventurers[p.player]
        if not scene_effects.needs_choice(c, p, aid):
            try:
                scene_effects.apply(c, p, aid, icon_of=_icon_of(state, p))
            except RuleError:
                continue
        out.append(p)
    return out


def unapplied_refusal(state: State) -> RuleError | None:
    """Why the turn can't end yet while the scene's effects wait (None: nothing waits)."""
    waiting = still_to_apply(state)
    if not waiting:
        return None
    c = campaign_of(state)
    names = "; ".join(
        f"“{p.text}” ({adventurer_name(c, state.adventurers[p.player])})" for p in waiting
    )
    return RuleError(
        f"Scene {waiting[0].scene:04d}'s effects on the campaign are not applied yet: {names}. "
        "The book's effects are resolved before the turn ends: apply them (“Apply all” under "
        "the scene) or, for one the group already made by hand, tap “Done by hand” on its "
        "line; then end the turn."
    )
