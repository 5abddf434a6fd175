"""Tales of Danger #1: Days of Discovery — the pure rules the platform drives.

The physical cards stay on the table; this module records what the players enter, checks it
against the rules and the card catalog, and keeps the scores. Acts 1 and 2 live in acts.py,
the voyages of Act 3 in voyage.py, the catalog of cards in catalog.py.
"""

from __future__ import annotations

from collections import Counter

from pydantic import Field

from games.engine import ArgsError, Game, RuleError
from games.rng import Rng
from games.tales_of_danger import acts, card_entry, market, voyage
from games.tales_of_danger.catalog import (
    UNKNOWN_CARD,
    CatalogPatch,
    PersonPatch,
    SponsorPatch,
    default_catalog,
    entered,
    patched,
)
from games.tales_of_danger.scoring import outcome
from games.tales_of_danger.state import Options, Player, State
from games.tales_of_danger.table import (
    ACT1_HAND_LIMIT,
    FINAL_SEGMENTS,
    POOL_SIZE,
    cards_in_play,
    seat_of,
)
from games.tales_of_danger.views import seats, view

# Sponsors on the table by player count; 4 or more players use all six.
SPONSORS_FOR = {2: 3, 3: 4}


def setup(options: Options, seed: int) -> State:
    rng = Rng(seed)
    catalog = default_catalog()
    if options.sponsors or options.people:
        try:
            catalog = patched(
                catalog, CatalogPatch(sponsors=options.sponsors, people=options.people)
            )
        except RuleError as exc:
            raise ArgsError(str(exc)) from exc
    n = len(options.players)
    if options.first_player is not None and options.first_player > n:
        raise ArgsError(f"There is no player {options.first_player} among {n}.")
    ids = [s.id for s in catalog.sponsors]
    chosen = list(ids)
    if n in SPONSORS_FOR:
        rng.shuffle(chosen)
        chosen = chosen[: SPONSORS_FOR[n]]
    chosen = catalog.display_order(chosen)
    first = options.first_player - 1 if options.first_player else rng.randbelow(n)
    return State(
        rng=rng.state,
        catalog=catalog,
        players=[Player(name=name) for name in options.players],
        first_player=first,
        active=first,
        sponsors=chosen,
        deck=catalog.total,
    )


# -- catalog entry moves -------------------------------------------------------------------


class SponsorCardArgs(SponsorPatch):
    sponsor: str = Field(description="sponsor id, label or name")


class PersonCardArgs(PersonPatch):
    person: str = Field(description="person id or name")
    # What a form can send for the red ribbon and the “Free for” marks, one sponsor at a
    # time, merged into what the catalog already says: "queen=2" (the icon with 2 stars),
    # "queen=0" (the icon without stars), "queen=none" (no icon); "queen=yes" / "queen=no".
    icons: list[str] = []
    free: list[str] = []


def set_sponsor_card(state: State, args: SponsorCardArgs, seat: str) -> str:
    """Enter values printed on a sponsor card (the group's catalog for this table)."""
    values = args.model_dump(exclude_unset=True, exclude={"sponsor"})
    if not values:
        raise RuleError("Enter at least one value from the card.")
    card = state.catalog.sponsor(args.sponsor)
    if "rank" in values and state.stage in ("act3", "over") and values["rank"] is None:
        raise RuleError(
            "Ranks decide the order of Act 3 and break ties: they cannot be cleared now."
        )
    patch = CatalogPatch(sponsors={card.id: SponsorPatch(**values)})
    state.catalog = patched(state.catalog, patch)
    state.sponsors = state.catalog.display_order(state.sponsors)
    listed = ", ".join(f"{k} {v}" for k, v in values.items())
    return f"The {card.display} card was entered: {listed}."


def _marks(state: State, entries: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for entry in entries:
        ref, _, mark = entry.partition("=")
        if mark not in allowed:
            raise ArgsError(f"“{entry}” is not a sponsor mark the app understands.")
        out[state.catalog.sponsor(ref).id] = mark
    return out


def set_person_card(state: State, args: PersonCardArgs, seat: str) -> str:
    """Enter values printed on a kind of person card (the group's catalog for this table)."""
    values = args.model_dump(exclude_unset=True, exclude={"person", "icons", "free"})
    card = state.catalog.person(args.person)
    if args.icons:
        ribbon = dict(values.get("ribbon") or card.ribbon or {})
        for sponsor, mark in _marks(state, args.icons, ("none", "0", "1", "2", "3")).items():
            if mark == "none":
                ribbon.pop(sponsor, None)
            else:
                ribbon[sponsor] = int(mark)
        values["ribbon"] = ribbon
    if args.free:
        free = list(values.get("free_for") or card.free_for or [])
        for sponsor, mark in _marks(state, args.free, ("yes", "no")).items():
            if mark == "yes" and sponsor not in free:
                free.append(sponsor)
            if mark == "no" and sponsor in free:
                free.remove(sponsor)
        values["free_for"] = [s.id for s in state.catalog.sponsors if s.id in free]
    if not values:
        raise RuleError("Enter at least one value from the card.")
    state.catalog = patched(state.catalog, CatalogPatch(people={card.id: PersonPatch(**values)}))
    listed = ", ".join(f"{k} {v}" for k, v in values.items())
    return f"The {card.name} card was entered: {listed}."


# -- invariants ----------------------------------------------------------------------------


def invariants(state: State) -> list[str]:
    broken = list(state.catalog.problems())
    total = state.catalog.total
    if cards_in_play(state) != total:
        broken.append(f"the app places {cards_in_play(state)} people cards, not {total}")
    if state.deck < 0:
        broken.append("the deck holds fewer than no cards")
    if len(state.pool) > POOL_SIZE:
        broken.append("the pool holds more than 5 cards")
    if state.stage == "act3" and state.pool:
        broken.append("there is a pool in Act 3")
    if not 0 <= state.active < len(state.players):
        broken.append("the active player is not at the table")
    seen: Counter[str] = Counter()
    claimed = [p.sponsor for p in state.players if p.sponsor]
    if len(set(claimed)) != len(claimed):
        broken.append("two players share a sponsor")
    for s in claimed:
        if s not in state.sponsors:
            broken.append(f"{s} is claimed but not on the table")
    for p in state.players:
        seen.update(c for c in p.hand if c != UNKNOWN_CARD)
        if (p.act == 1) != (p.sponsor is None):
            broken.append(f"{p.name} is in Act {p.act} with sponsor {p.sponsor}")
        if p.act == 1 and len(p.hand) > ACT1_HAND_LIMIT:
            broken.append(f"{p.name} holds more than {ACT1_HAND_LIMIT} cards in Act 1")
        if UNKNOWN_CARD in p.hand and state.stage not in ("act3", "over"):
            broken.append(f"{p.name} holds an unnamed card before Act 3")
        if len(p.voyage) > FINAL_SEGMENTS:
            broken.append(f"{p.name} has more than {FINAL_SEGMENTS} segments")
        if p.segment and len(p.segment.costs) < p.segment.difficulty:
            broken.append(f"{p.name}'s segment has too few cost cards")
        if p.journals_owed > len(p.hand):
            broken.append(f"{p.name} owes more journals than cards in hand")
        for leg in p.voyage:
            if (leg.journal is not None) != (leg.journal_status == "written"):
                broken.append(f"{p.name} has a journal in an impossible state")
    seen.update(c for c in state.pool + state.discard if c != UNKNOWN_CARD)
    for pid, n in seen.items():
        if n > state.catalog.person(pid).count:
            broken.append(f"more {pid} cards than the game has")
    if state.stage == "over" and (state.final_round_by is None or state.final_turns):
        broken.append("the game ended before the final round did")
    return broken


def to_act(state: State) -> set[str]:
    """The seats with something to do now: the active player (their turn, or preparing a
    segment), and anyone still to enter a starting hand, discard down or write a journal."""
    if state.stage == "deal":
        return {seat_of(i) for i, p in enumerate(state.players) if not p.hand}
    owing = {
        seat_of(i)
        for i, p in enumerate(state.players)
        if p.discard_to is not None or p.journals_owed
    }
    return owing if state.stage == "over" else owing | {seat_of(state.active)}


game = Game(
    slug="tales-of-danger",
    title="Tales of Danger #1: Days of Discovery",
    State=State,
    Options=Options,
    setup_fn=setup,
    view_fn=view,
    seats_fn=seats,
    outcome_fn=outcome,
    invariants_fn=invariants,
    blurb="Secure a sponsor, gather crew and supplies, and sail five segments to the Land of Danger.",
    template="games/tales_of_danger/panel.html",
    to_act_fn=to_act,
    options_template="games/tales_of_danger/new_options.html",
    # In Act 3 (and after) a player's hand is their own.
    secret_keys=frozenset({"hand", "unnamed"}),
    # Read by every move (a stale move is refused once one of them changed, games/commute.py):
    # the act and step, whose turn, who still owes a turn, and the deck's count.
    contended=frozenset({"stage", "step", "active", "turn", "deck"})
    | {"final_round_by", "final_turns", "prepare_queue"},
)


def catalog_from_state(state: State) -> dict:
    """The card values a table's players entered (for the group's saved catalog)."""
    return entered(state.catalog).model_dump(mode="json", exclude_defaults=True)


# The group's card data (the CatalogPatch fields are Options fields), saved once per server.
game.Catalog = CatalogPatch
game.catalog_from_state_fn = catalog_from_state

# Who may make each move: the engine refuses the other roles with a sentence and the pages
# offer the move to these only (``may``). Almost every move is for the shared display or a
# player; which player is the move's own rule, checked in its body (whose turn it is, the
# player named, or the player's own seat or the table acting for it). Journals are written
# face down on the player's own seat, never on the shared display.
TABLE_OR_PLAYER = frozenset({"table", "player"})
PLAYER = frozenset({"player"})

_MOVES = [
    (acts.deal, acts.DealArgs, "deal", TABLE_OR_PLAYER),
    (acts.refill_pool_move, acts.RefillArgs, "refill-pool", TABLE_OR_PLAYER),
    (acts.recruit, acts.RecruitArgs, "", TABLE_OR_PLAYER),
    (acts.secure_sponsor, acts.SecureArgs, "", TABLE_OR_PLAYER),
    (acts.take_lowest_sponsor, acts.TakeLowestArgs, "", TABLE_OR_PLAYER),
    (acts.end_turn, acts.Args, "", TABLE_OR_PLAYER),
    (acts.discard_down, acts.DiscardArgs, "", TABLE_OR_PLAYER),
    (market.take_free_cards, market.FreeArgs, "", TABLE_OR_PLAYER),
    (market.gather, market.GatherArgs, "", TABLE_OR_PLAYER),
    (voyage.prepare_segment, voyage.PrepareArgs, "", TABLE_OR_PLAYER),
    (voyage.complete_segment, voyage.CompleteArgs, "", TABLE_OR_PLAYER),
    (voyage.forage, voyage.ForageArgs, "", TABLE_OR_PLAYER),
    (voyage.write_journal, voyage.JournalArgs, "", PLAYER),
]
for _fn, _args, _name, _roles in _MOVES:
    game.move(_args, name=_name, roles=_roles)(_fn)
# Card data read off the box: entered at any moment, whoever's turn it is.
for _fn, _args in (
    (set_sponsor_card, SponsorCardArgs),
    (set_person_card, PersonCardArgs),
    (card_entry.enter_card_sheet, card_entry.SheetArgs),
):
    game.move(_args, roles=TABLE_OR_PLAYER, any_time=True)(_fn)
