"""The cards of Tales of Danger #1, as far as the rulebook tells us.

The rulebook lists every count and the eight segment cost kinds, but most of the values
printed on the sponsor and people cards only appear in figures. We ship what is known and
leave the rest as ``None`` ("enter from your cards"). A table carries its own copy of the
catalog in its state, so a group can fill the gaps once (in the options at setup, or with
the ``set-sponsor-card`` / ``set-person-card`` moves) and every helper that needs a missing
value refuses with a sentence that asks for it instead of guessing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core.bounds import upto
from games.core.engine import RuleError

UNKNOWN = "enter from your cards"

CancelLabel = Literal["bad-luck", "illness", "rough-seas"]
CostLabel = Literal["bad-luck", "illness", "rough-seas", "great-fishing"]
LABEL_TEXT = {
    "bad-luck": "Bad Luck",
    "illness": "Illness",
    "rough-seas": "Rough Seas",
    "great-fishing": "Great Fishing!",
}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# The three sponsors the rulebook doesn't name go by a letter ("Sponsor D") until the group
# enters what their cards say: the letter is a stand-in for a name.
LETTER = "Sponsor "


class SponsorCard(Strict):
    """One sponsor. ``label`` is how the rulebook refers to it; the rest is printed on the card."""

    id: str
    label: str
    name: str | None = None
    title: str | None = None
    rank: int | None = Field(None, ge=1, le=6)  # 1 is the highest-ranking sponsor
    icon: str | None = None
    evidence: int | None = Field(None, ge=0, le=20)
    plans: int | None = Field(None, ge=0, le=20)
    start: int | None = Field(None, ge=0, le=20)
    market: int | None = Field(None, ge=1, le=10)
    max: int | None = Field(None, ge=1, le=30)

    @property
    def display(self) -> str:
        """The sponsor on a chip or in a list: "Queen", "Sponsor D", "Ada Vane (Queen)"."""
        return f"{self.name} ({self.label})" if self.name else self.label

    @property
    def called(self) -> str:
        """The sponsor inside a sentence: "the Queen", "Sponsor D" (a letter stands for a
        name, so no "the"), "Ada Vane (the Queen)" once the group entered the card's name."""
        label = self.label if self.label.startswith(LETTER) else f"the {self.label}"
        return f"{self.name} ({label})" if self.name else label

    @property
    def called_first(self) -> str:
        """``called`` opening a sentence: "The Queen", "Sponsor D"."""
        return self.called[:1].upper() + self.called[1:]


PEOPLE_CARDS = 102  # the people deck, every type together
Stars = upto(5)  # insider stars beside a sponsor's icon on the red ribbon
Copies = upto(PEOPLE_CARDS)
Ship = upto(3, low=1)  # the ship printed on a people card's back


class PersonCard(Strict):
    """One of the 21 people types; every copy of a type shows the same Act 1 and Act 2 values."""

    id: str
    name: str
    count: Copies
    evidence: int | None = Field(None, ge=0, le=9)
    plans: int | None = Field(None, ge=0, le=9)
    # The red ribbon: sponsor id -> insider stars next to its icon (0 = the icon without stars).
    ribbon: dict[str, Stars] | None = None
    crew: int | None = Field(None, ge=0, le=9)
    supplies: int | None = Field(None, ge=0, le=9)
    cancels: CancelLabel | None = None
    free_for: list[str] | None = None  # sponsor ids printed after "Free for"
    note: str = ""


class CostKind(Strict):
    """One of the eight kinds of segment cost printed on the Act 3 side of the people cards."""

    id: str
    text: str
    label: CostLabel | None = None
    crew: int = Field(0, ge=0, le=9)
    supplies: int = Field(0, ge=0, le=9)
    count: Copies

    @property
    def bonus(self) -> int:
        return 1 if self.label == "great-fishing" else 0


def _sponsor(id_: str, label: str, **known) -> SponsorCard:
    return SponsorCard(id=id_, label=label, **known)


def _person(name: str, count: int, **known) -> PersonCard:
    slug = name.lower().replace("'", "").replace(" ", "-")
    return PersonCard(id=slug, name=name, count=count, **known)


# Only three sponsors are named in the rulebook; the other three keep a letter until the
# group enters what their cards say.
DEFAULT_SPONSORS = [
    _sponsor("queen", "Queen", evidence=4, plans=6),  # stated by the publisher
    _sponsor("bishop", "Bishop", start=2),  # the rulebook's Act 2 example
    _sponsor("knights-templar", "Knights Templar"),
    _sponsor("sponsor-d", "Sponsor D"),
    _sponsor("sponsor-e", "Sponsor E"),
    _sponsor("sponsor-f", "Sponsor F"),
]

# Cards with a cancel ability show it instead of crew and supplies.
_CANCEL = {"crew": 0, "supplies": 0}
# Only the Priest, Doctor and Merchant cancel anything.
_NO_CANCEL = {"cancels": None}

DEFAULT_PEOPLE = [
    _person("Nun", 9),
    _person("Monk", 8),
    _person("Priest", 5, cancels="bad-luck", **_CANCEL),
    _person("Minstrel", 8),
    _person("Innkeeper", 7),
    _person("Doctor", 4, cancels="illness", **_CANCEL),
    _person("Sailor", 8),
    _person("Farmer", 7),
    _person("Merchant", 4, cancels="rough-seas", **_CANCEL),
    _person("Royal Guard", 5),
    _person("King's Steward", 1),
    _person("Lady in Waiting", 5, note="An insider for the Queen (rulebook figure)."),
    _person("Queen's Confessor", 1),
    _person("Deacon", 5),
    _person("Vicar General", 2),
    _person("Captain", 5),
    _person("Guild Treasurer", 2),
    _person("Socialite", 5),
    _person("Business Man", 3),
    _person("Templar Chaplain", 5),
    _person("Templar Sergeant", 3),
]

DEFAULT_COSTS = [
    CostKind(id="supply", text="1 supply", supplies=1, count=16),
    CostKind(id="two-supplies", text="2 supplies", supplies=2, count=16),
    CostKind(id="crew", text="1 crew", crew=1, count=16),
    CostKind(
        id="bad-luck",
        text="Bad Luck: 2 crew, 3 supplies",
        label="bad-luck",
        crew=2,
        supplies=3,
        count=8,
    ),
    CostKind(
        id="rough-seas-supplies",
        text="Rough Seas: 4 supplies",
        label="rough-seas",
        supplies=4,
        count=8,
    ),
    CostKind(
        id="rough-seas-mixed",
        text="Rough Seas: 1 crew, 2 supplies",
        label="rough-seas",
        crew=1,
        supplies=2,
        count=8,
    ),
    CostKind(id="illness", text="Illness: 3 crew", label="illness", crew=3, count=18),
    CostKind(
        id="great-fishing", text="Great Fishing! (a bonus card)", label="great-fishing", count=12
    ),
]

# Ship numbers (segment difficulty or journal quality) -> how many cards show them.
DEFAULT_SHIPS = {1: 17, 2: 51, 3: 34}

SPONSOR_FIELDS = ("name", "title", "rank", "icon", "evidence", "plans", "start", "market", "max")

UNKNOWN_CARD = "?"  # a card in an Act 3 hand that nobody named to the app


class Cards(Strict):
    sponsors: list[SponsorCard]
    people: list[PersonCard]
    costs: list[CostKind]
    ships: dict[Ship, Copies]

    # Not a model validator: a state is loaded on every request, and the invariants already
    # run problems() after every move; patched() runs it on every entry.
    def problems(self) -> list[str]:
        out = []
        ids = [s.id for s in self.sponsors]
        if len(set(ids)) != len(ids):
            out.append("sponsor ids repeat")
        ranks = [s.rank for s in self.sponsors if s.rank is not None]
        if len(set(ranks)) != len(ranks):
            out.append("two sponsors share a rank")
        if len({p.id for p in self.people}) != len(self.people):
            out.append("people ids repeat")
        for p in self.people:
            for sponsor in list(p.ribbon or {}) + list(p.free_for or []):
                if sponsor not in ids:
                    out.append(f"the {p.name} names an unknown sponsor “{sponsor}”")
        if sum(self.ships.values()) != self.total:
            out.append("the ship numbers do not add up to the number of people cards")
        if sum(c.count for c in self.costs) != self.total:
            out.append("the segment costs do not add up to the number of people cards")
        return out

    @property
    def total(self) -> int:
        return sum(p.count for p in self.people)

    # -- look-ups that refuse politely ------------------------------------------------

    def sponsor(self, ref: str) -> SponsorCard:
        key = ref.strip().lower()
        for s in self.sponsors:
            if key in (s.id, s.label.lower(), (s.name or "").lower()):
                return s
        raise RuleError(f"There is no sponsor called “{ref}”.")

    def person(self, ref: str) -> PersonCard:
        key = ref.strip().lower()
        for p in self.people:
            if key in (p.id, p.name.lower()):
                return p
        raise RuleError(f"There is no kind of person called “{ref}”.")

    def cost(self, ref: str) -> CostKind:
        for c in self.costs:
            if ref.strip().lower() in (c.id, c.text.lower()):
                return c
        kinds = ", ".join(c.id for c in self.costs)
        raise RuleError(f"There is no segment cost called “{ref}” (the kinds are {kinds}).")

    def rank_of(self, sponsor_id: str) -> int:
        s = self.sponsor(sponsor_id)
        return need(s.rank, f"the rank of {s.called}")

    def ranked(self, sponsor_ids: list[str]) -> list[str]:
        """Sponsor ids in rank order (highest first); asks for any rank it lacks."""
        missing = [self.sponsor(s).called for s in sponsor_ids if self.sponsor(s).rank is None]
        if missing:
            raise RuleError(
                f"The app needs the rank of {_join(missing)} for this: {UNKNOWN} first."
            )
        return sorted(sponsor_ids, key=self.rank_of)

    def display_order(self, sponsor_ids: list[str]) -> list[str]:
        """Rank order for the ranked sponsors, then the unranked ones in catalog order."""
        ids = [s.id for s in self.sponsors]
        return sorted(sponsor_ids, key=lambda s: (self.sponsor(s).rank or 99, ids.index(s)))

    def missing(self) -> list[str]:
        """Every value still to be entered, as short phrases for the catalog page."""
        out = []
        for s in self.sponsors:
            for field in SPONSOR_FIELDS:
                if getattr(s, field) is None:
                    out.append(f"{s.display}: {field}")
        for p in self.people:
            for field in ("evidence", "plans", "ribbon", "crew", "supplies", "free_for"):
                if getattr(p, field) is None:
                    out.append(f"{p.name}: {field.replace('_', ' ')}")
        return out


def need(value, what: str):
    """Return ``value``, or refuse with a request for it when the catalog lacks it."""
    if value is None:
        raise RuleError(f"The app does not know {what} yet: {UNKNOWN}.")
    return value


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def default_catalog() -> Cards:
    return Cards(
        sponsors=[s.model_copy() for s in DEFAULT_SPONSORS],
        people=[p.model_copy() for p in DEFAULT_PEOPLE],
        costs=[c.model_copy() for c in DEFAULT_COSTS],
        ships=dict(DEFAULT_SHIPS),
    )


# -- what a group enters: partial cards, validated like the real ones ------------------


class SponsorPatch(Strict):
    name: str | None = None
    title: str | None = None
    rank: int | None = Field(None, ge=1, le=6)
    icon: str | None = None
    evidence: int | None = Field(None, ge=0, le=20)
    plans: int | None = Field(None, ge=0, le=20)
    start: int | None = Field(None, ge=0, le=20)
    market: int | None = Field(None, ge=1, le=10)
    max: int | None = Field(None, ge=1, le=30)


class PersonPatch(Strict):
    evidence: int | None = Field(None, ge=0, le=9)
    plans: int | None = Field(None, ge=0, le=9)
    ribbon: dict[str, Stars] | None = None
    crew: int | None = Field(None, ge=0, le=9)
    supplies: int | None = Field(None, ge=0, le=9)
    free_for: list[str] | None = None
    note: str | None = None


class CatalogPatch(Strict):
    """Values read off some sponsor and people cards, by card (id, label or name): laid over
    a set of cards by ``patched``, as a card-entry move does at a table."""

    sponsors: dict[str, SponsorPatch] = {}
    people: dict[str, PersonPatch] = {}


class SavedCatalog(CatalogPatch):
    """The card data a group saves once for its new tables (``Game.Catalog``): its entries
    beyond the shipped values, by card id (``entered``), which a new table's setup lays over
    the shipped cards. Its fields are Options fields, so a saved catalog fills them."""


def patched(catalog: Cards, patch: CatalogPatch) -> Cards:
    """A new catalog with the patch applied; fields the patch leaves unset stay as they are."""
    data = catalog.model_dump()
    for ref, values in patch.sponsors.items():
        target = catalog.sponsor(ref)
        row = next(s for s in data["sponsors"] if s["id"] == target.id)
        row.update(values.model_dump(exclude_unset=True))
    for ref, values in patch.people.items():
        target = catalog.person(ref)
        row = next(p for p in data["people"] if p["id"] == target.id)
        update = values.model_dump(exclude_unset=True)
        if update.get("ribbon"):
            update["ribbon"] = {catalog.sponsor(k).id: v for k, v in update["ribbon"].items()}
        if update.get("free_for"):
            update["free_for"] = [catalog.sponsor(k).id for k in update["free_for"]]
        if update.get("note") is None:
            update.pop("note", None)
        row.update(update)
    result = Cards.model_validate(data)
    problems = result.problems()
    if problems:
        raise RuleError(f"Those card values do not fit together: {'; '.join(problems)}.")
    return result


def entered(catalog: Cards) -> SavedCatalog:
    """What a table's catalog says beyond the shipped one: the group's own entries."""
    shipped = default_catalog()
    sponsors: dict[str, SponsorPatch] = {}
    for card, known in zip(catalog.sponsors, shipped.sponsors, strict=True):
        values = {
            f: getattr(card, f) for f in SPONSOR_FIELDS if getattr(card, f) != getattr(known, f)
        }
        if values:
            sponsors[card.id] = SponsorPatch(**values)
    people: dict[str, PersonPatch] = {}
    for card, known in zip(catalog.people, shipped.people, strict=True):
        values = {
            f: getattr(card, f)
            for f in PersonPatch.model_fields
            if getattr(card, f) != getattr(known, f)
        }
        if values:
            people[card.id] = PersonPatch(**values)
    return SavedCatalog(sponsors=sponsors, people=people)
