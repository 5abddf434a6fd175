"""Campaign moves on an adventurer's board: gold, prestige, skill marks and tags; and "Move a
card", which names the copy it moves when a number's copies differ.

Each move finds the player's adventurer, lets the core refuse before anything changes, and
says what changed together with what to do at the table ("turn the gold dial from 8 to 11").
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import MAX_GOLD, PlayerNumber
from games.galzyr.campaign.text import adventurer_name, card_label, lower_first, place_label
from games.galzyr.state import MANAGERS, READERS, State, is_story_master
from games.galzyr.tracking import adventurer_of, campaign_of, say

moves = MoveSet("galzyr.campaign.board")


def _mirrored(lead: str, steps: list[core.Step], total: str) -> str:
    """ "Mara gains 3 gold (turn the dial from 10 to 13): 13 gold." — the change, the
    physical action(s) in brackets, the new total."""
    actions = "; ".join(lower_first(s.text) for s in steps)
    return f"{lead} ({actions}): {total}."


class GoldArgs(BaseModel):
    player: PlayerNumber
    amount: int = Field(ge=1, le=MAX_GOLD)
    how: Literal["gain", "pay", "lose"] = "gain"


@moves.move(GoldArgs, label="Gold", roles=READERS)
def campaign_gold(state: State, args: GoldArgs, seat: str) -> str:
    """Gain, pay or lose gold: paying more than the dial shows is refused; gaining past 20 or
    losing past 0 stops the dial and says so."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    sign = 1 if args.how == "gain" else -1
    steps = core.change_gold(c, aid, sign * args.amount, pay=args.how == "pay")
    verb = {"gain": "gains", "pay": "pays", "lose": "loses"}[args.how]
    name = adventurer_name(c, aid)
    sentence = _mirrored(
        f"{name} {verb} {args.amount} gold", steps, f"{c.adventurer(aid).gold} gold"
    )
    say(state, f"{name}'s gold", steps)
    return sentence


class PrestigeArgs(BaseModel):
    player: PlayerNumber
    amount: int = Field(ge=1, le=20)
    how: Literal["gain", "lose"] = "gain"


@moves.move(PrestigeArgs, label="Prestige", roles=READERS)
def campaign_prestige(state: State, args: PrestigeArgs, seat: str) -> str:
    """Gain or lose prestige on the track (never below 0)."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    sign = 1 if args.how == "gain" else -1
    steps = core.change_prestige(c, aid, sign * args.amount)
    name = adventurer_name(c, aid)
    verb = "gains" if args.how == "gain" else "loses"
    total = f"{c.adventurer(aid).prestige} prestige"
    sentence = _mirrored(f"{name} {verb} {args.amount} prestige", steps, total)
    say(state, f"{name}'s prestige", steps)
    return sentence


class MarkArgs(BaseModel):
    player: PlayerNumber
    source: str = Field(min_length=1, max_length=40)  # the skill the mark leaves
    to: str = Field(min_length=1, max_length=40)


@moves.move(MarkArgs, label="Move a skill mark", roles=READERS)
def campaign_move_mark(state: State, args: MarkArgs, seat: str) -> str:
    """Move one skill mark to another skill: still 4 in all, at most 2 on one skill."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    steps = core.move_mark(c, aid, args.source, args.to)
    names = state.book().names
    marks = ", ".join(
        f"{names.get(k, k)} {n}" for k in c.world.skills if (n := c.adventurer(aid).marks.get(k))
    )
    name = adventurer_name(c, aid)
    lead = f"{name} moves a skill mark from {names.get(args.source, args.source)} to "
    sentence = _mirrored(lead + names.get(args.to, args.to), steps, f"marks {marks}")
    say(state, f"{name}'s skill marks", steps)
    return sentence


class TagArgs(BaseModel):
    player: PlayerNumber
    tag: str = Field(min_length=1, max_length=60)
    how: Literal["gain", "lose"] = "gain"


@moves.move(TagArgs, label="Gain or lose a tag", roles=READERS)
def campaign_tag(state: State, args: TagArgs, seat: str) -> str:
    """A tag gained or lost in the book (board and card tags come and go with them)."""
    c = campaign_of(state)
    aid = adventurer_of(state, args.player)
    book = state.book()
    if args.tag not in {t.id for t in book.info.tags}:
        raise RuleError(f"This world has no tag “{args.tag}”.")
    change = core.gain_tag if args.how == "gain" else core.lose_tag
    steps = change(c, aid, args.tag, strict=True)
    name = adventurer_name(c, aid)
    verb = "gains" if args.how == "gain" else "loses"
    say(state, f"{name}'s tags", steps)
    # no component shows a tag gained in the book: the app is where it is kept
    return f"{name} {verb} the tag {book.names.get(args.tag, args.tag)} (no card to move: the app keeps it)."


# -- moving a card: which copy --------------------------------------------------------------------
class MoveArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    to: str = Field(min_length=1, max_length=60)  # a place key: "library", "items:odile", …
    source: str | None = Field(
        default=None,
        max_length=60,
        description="Where the copy is now, a place key (left out: wherever it is).",
    )
    variant: int | None = Field(
        default=None,
        ge=0,
        le=99,
        description="Which of the number's differing copies: each card of GET …/trays/ and "
        "each held card of the table's campaign view carries its `variant` (null: the number "
        "has one kind of copy). Left out: any; a refusal names the copies when they differ.",
    )


def move_choices(c: core.Campaign, args: MoveArgs) -> dict[tuple[int | None, str], list[int]]:
    """The copies of card #N that ``args`` may mean, by (variant, place): copies alike in one
    place are one choice (any of them is the same card to pull), anything else is another."""
    here = c.where()
    choices: dict[tuple[int | None, str], list[int]] = {}
    for cid in c.numbered(args.number):
        variant, place = c.copies[cid].variant, here[cid]
        if place == args.to or args.source not in (None, place):
            continue
        if args.variant is not None and variant != args.variant:
            continue
        choices.setdefault((variant, place), []).append(cid)
    return choices


def choice_text(c: core.Campaign, cids: list[int], where: dict[int, str]) -> str:
    """ "card #170 (Glass eel) in Marrow Hollins' inventory", "2 copies of card #150 in …"."""
    label, place = card_label(c, cids[0]), place_label(c, where[cids[0]])
    return f"{len(cids)} copies of {label} in {place}" if len(cids) > 1 else f"{label} in {place}"


def copy_choices(state: State, number: int, to: str, seat: str) -> list[dict[str, Any]]:
    """What the page offers when "Move a card" asks which copy: each choice's ``source`` and
    ``variant`` (the move's arguments), the card, its place and how many alike are there."""
    c = campaign_of(state)
    where = c.where(hide_drawn=not is_story_master(state, seat))
    choices = move_choices(c, MoveArgs(number=number, to=to))
    return [
        {
            "source": place,
            "variant": variant,
            "label": choice_text(c, cids, where),
            "card": card_label(c, cids[0]),
            "place": place_label(c, where[cids[0]]),
            "count": len(cids),
        }
        for (variant, place), cids in choices.items()
        if place != "drawn"
        or is_story_master(state, seat)  # which event is drawn is the story master's secret
    ]


def place_words(state: State, key: str) -> str:
    """A place as sentences name it: "the vault", "Marrow Hollins' inventory"."""
    return place_label(campaign_of(state), key)


@moves.move(MoveArgs, label="Move a card", roles=MANAGERS)
def campaign_move_card(state: State, args: MoveArgs, seat: str) -> str:
    """Move a copy of card #N to another place (a card text the app does not read). When its
    copies differ (another variant, or held elsewhere), ``source`` and ``variant`` say which;
    without them the move is refused, naming the copies it could be."""
    c = campaign_of(state)
    if args.to not in c.places:
        raise RuleError(f"There is no place “{args.to}” in this campaign.")
    choices = move_choices(c, args)
    if not choices:
        raise RuleError(core.where_is(c, args.number, hide_drawn=not is_story_master(state, seat)))
    if len(choices) > 1:
        where = c.where(hide_drawn=not is_story_master(state, seat))
        found = [choice_text(c, cids, where) for cids in choices.values()]
        listed = ", ".join(found[:-1]) + " and " + found[-1]
        alike = len({variant for variant, _place in choices}) == 1
        lead = "is in several places" if alike else "has different copies"
        raise RuleError(f"Card #{args.number:03d} {lead}: {listed}. Say which one to move.")
    (cids,) = choices.values()
    steps = core.move_card(c, cids[0], args.to)
    return say(state, f"Move {card_label(c, cids[0])}", steps)
