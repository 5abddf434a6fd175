"""Own box: what a printed card says, entered by the group for a card the app doesn't know.

A card taken by its kind alone is recorded as "Card #213" (``tracking.known_or_added``); the
group then types what the printed card says — its name, timer box, save effect and gold — and
the campaign's rules read them from then on (a timer placed without days, the save effects).
The box's facts (the cards the app ships) are never renamed here.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from games.core.engine import RuleError
from games.core.moves import MoveSet
from games.galzyr import catalog
from games.galzyr.campaign.build import name_copies
from games.galzyr.campaign.facts import Gold, TimerDays
from games.galzyr.catalog import OwnCard
from games.galzyr.reading import printed
from games.galzyr.state import READERS, State
from games.galzyr.tracking import campaign_of

moves = MoveSet("galzyr.campaign.own_cards")


class NameCardArgs(BaseModel):
    number: int = Field(ge=0, le=999)
    name: str = Field(max_length=80)
    timer: TimerDays | None = None  # the timer box, in days (blank: the card has none)
    save: str = Field(default="", max_length=300)  # the save effect as printed
    gold: Gold | None = None

    # what the group types is kept as its card data too: printed text, no control characters
    _plain_text = field_validator("name", "save")(catalog.plain)


def own_record(state: State, number: int) -> None:
    """Refuses unless card #``number`` is one the group recorded on their own box."""
    book = state.book()
    if not printed(book):
        raise RuleError("Cards are named by the world's catalog here: the librarian edits it.")
    if number in book.catalog:
        raise RuleError(
            f"Card #{number:03d} is one the app knows of your box: it is named already."
        )


@moves.move(NameCardArgs, label="Say what a card is", roles=READERS, any_time=True)
def campaign_name_card(state: State, args: NameCardArgs, seat: str) -> str:
    """Type what a recorded card of the own box says, from the printed card."""
    c = campaign_of(state)
    own_record(state, args.number)
    cids = name_copies(
        c, args.number, name=args.name, timer=args.timer, save=args.save, gold=args.gold
    )
    copy = c.copies[cids[0]]
    # the group's from now on: its later tables name the card when it is recorded there, once
    # the keeper's device names a card (Game.keep_for_group_after) or saves the table's cards
    catalog.remember(
        state.own_cards,
        state.world,
        OwnCard(
            number=args.number,
            type=copy.type,
            name=copy.name,
            timer=copy.timer,
            save=copy.save,
            gold=copy.gold,
        ),
    )
    said = [f"“{copy.name}”"]
    if copy.timer is not None:
        said.append(f"timer {copy.timer} days")
    if copy.gold is not None:
        said.append(f"{copy.gold} gold")
    if copy.save:
        said.append(f"save: {copy.save}")
    # nothing to do at the table: the checklist of the last move stays as it was
    return f"Card #{args.number:03d} is {', '.join(said)}."
