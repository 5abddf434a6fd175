"""A campaign built from a world package: its catalog unrolled into card copies, the world's
facts kept in the state, every card in the library and the reset plan (``state.py`` holds the
models)."""

from __future__ import annotations

from games.core.engine import RuleError
from storybook.loading.world import World

from .copies import Copy
from .facts import (
    DISCORD_CARD,
    ENDING_CARDS,
    GALZYR_PLAN,
    HARMONY_CARD,
    MAX_GOLD,
    ResetPlan,
    ending_scene,
)
from .state import (
    Adventurer,
    AdventurerDef,
    Campaign,
    LocationDef,
    RouteDef,
    WorldFacts,
    place_keys,
)


def unroll(world: World) -> list[Copy]:
    """Every physical card of the world's catalog, in numerical order."""
    out: list[Copy] = []
    for number, card in sorted(world.cards.items()):
        base = {
            "number": number,
            "type": card.type,
            "pickup": card.pickup,
            "abandon": card.abandon,
        }
        if not card.variants:
            out.extend(
                Copy(
                    **base,
                    name=card.name,
                    icon=card.icon,
                    timer=card.timer,
                    save=card.save,
                    tags=list(card.tags),
                    gold=card.gold,
                )
                for _ in range(card.copies)
            )
            continue
        for i, v in enumerate(card.variants):
            out.extend(
                Copy(
                    **base,
                    variant=i,
                    name=v.name or card.name,
                    icon=v.icon or card.icon,
                    timer=v.timer if v.timer is not None else card.timer,
                    save=v.save or card.save,
                    tags=list(v.tags if v.tags is not None else card.tags),
                    gold=v.gold if v.gold is not None else card.gold,
                )
                for _ in range(v.copies)
            )
    return out


# The kinds of card a group may name for a number its catalog doesn't know (the printed box:
# the world ships only the facts of some cards), and what they are called in a sentence.
ADDABLE = {
    "item": "an item",
    "quest": "a quest",
    "companion": "a companion",
    "adventurer_status": "an adventurer status",
    "local_status": "a local status",
    "global_status": "a global status",
}


def add_copy(
    state: Campaign, number: int, card_type: str, *, tray: str = "library", another: bool = False
) -> int:
    """A card the group holds but the catalog doesn't know (``number`` has no copy): one copy
    of the kind they say, named "Card #NNN", put in ``tray`` (the library or the vault, where
    the book says to take it from); returns its copy id. ``another``: one more copy of a card
    recorded so before (the same kind), for a number with several identical copies.

    The catalog is a new one (the old copies, then this one): copy ids already given stay the
    same, and a catalog named by digest gets the new digest (the table stores it with the
    state that names it, so undo, export and replay read each state's own catalog)."""
    if card_type not in ADDABLE:
        raise RuleError(f"Say what kind of card #{number:03d} is (an item, a quest, …).")
    known = state.numbered(number)
    if known and not another:
        raise RuleError(f"Card #{number:03d} is already in the catalog.")
    if known and state.copies[known[0]].type != card_type:
        found = ADDABLE.get(state.copies[known[0]].type, "another kind of")
        raise RuleError(f"Card #{number:03d} is {found} card, not {ADDABLE[card_type]}.")
    named = state.copies_digest is not None
    state.copies = [*state.copies, Copy(number=number, type=card_type, name=f"Card #{number:03d}")]
    cid = len(state.copies) - 1
    state.places["vault" if tray == "vault" else "library"].append(cid)
    if named:
        state.name_copies()
    return cid


def name_copies(
    state: Campaign,
    number: int,
    *,
    name: str,
    timer: int | None = None,
    save: str | None = None,
    gold: int | None = None,
) -> list[int]:
    """What the printed card says, entered by the group for a card they recorded (``add_copy``
    named it only "Card #NNN"): its name, timer box, save effect and gold, on every copy of
    ``number``, so the campaign's rules read them from then on (a timer placed without days,
    the save effects). The caller says the card is the group's own record, not the box's facts.
    Returns the copies named; a new catalog, as ``add_copy`` makes."""
    cids = state.numbered(number)
    if not cids:
        raise RuleError(
            f"No card #{number:03d} is recorded at this table: take it first, then say what it is."
        )
    name = " ".join(name.split())
    if not name:
        raise RuleError(f"Type the name printed on card #{number:03d}.")
    said = {"name": name, "timer": timer, "save": (save or "").strip() or None, "gold": gold}
    copies = list(state.copies)
    for cid in cids:
        copies[cid] = copies[cid].model_copy(update=said)
    named = state.copies_digest is not None
    state.copies = copies
    if named:
        state.name_copies()
    return cids


def facts_of(world: World) -> WorldFacts:
    info = world.info
    assert info is not None, "a loaded world has world.yaml"
    return WorldFacts(
        slug=world.slug,
        name=info.name,
        skills=[s.id for s in info.skills],
        adventurers=[
            AdventurerDef(
                id=a.id,
                name=a.name,
                icon=a.icon,
                tags=list(a.tags),
                marks=dict(a.marks),
                gold=a.gold,
                save=a.save,
            )
            for a in info.adventurers
        ],
        locations=[
            LocationDef(id=loc.id, name=loc.name, cards=list(loc.cards)) for loc in info.locations
        ],
        routes=[RouteDef(between=tuple(r.between), seasons=list(r.seasons)) for r in info.routes],
        endings=endings_of(world),
    )


def endings_of(world: World) -> dict[str, int]:
    """The scene each mode's card names for the game's end: the world's global status card
    called Discord (competitive) or Harmony (co-operative), its first scene. The published
    box's #064 Discord and #065 Harmony are kept as facts without scenes, and their faces name
    scenes 0150 and 0200 (the rulebook's "Game end")."""
    published = {"competitive": DISCORD_CARD, "cooperative": HARMONY_CARD}
    out: dict[str, int] = {}
    for mode, name in ENDING_CARDS.items():
        cards = [
            card
            for card in world.cards.values()
            if card.type == "global_status" and card.name.strip().lower() == name
        ]
        for card in cards:
            scenes = card.all_scenes()
            if scenes:
                out[mode] = scenes[0]
            elif card.number == published[mode]:
                out[mode] = ending_scene(mode)
            else:
                continue
            break
    return out


def build_campaign(world: World, seed: int, plan: ResetPlan | None = None) -> Campaign:
    """Every card in the library and every adventurer fresh: run ``reset_game`` next."""
    facts = facts_of(world)
    copies = unroll(world)
    places: dict[str, list[int]] = {key: [] for key in place_keys(facts)}
    places["library"] = list(range(len(copies)))
    campaign = Campaign(
        rng=seed,
        world=facts,
        plan=plan or plan_for(copies, world.info.reset if world.info else None),
        copies=copies,
        places=places,
        adventurers=[
            Adventurer(id=a.id, gold=min(a.gold, MAX_GOLD), marks=dict(a.marks))
            for a in facts.adventurers
        ],
    )
    campaign.name_copies()
    return campaign


def plan_for(copies: list[Copy], declared: ResetPlan | None = None) -> ResetPlan:
    """The world's own plan (world.yaml's ``reset``) when it declares one; else the rulebook's
    when the catalog has Discord and Harmony as #064 and #065; otherwise one by card type.

    The derived plan (for worlds numbered differently): month cards are the global statuses
    numbered 1–12; location and event cards go to the global save slot; quests with a pickup
    location to the quest slot; each adventurer keeps the ability and quest cards with their
    icon.
    """
    if declared is not None:
        return declared
    types = {c.number: c.type for c in copies}
    if types.get(64) == "global_status" and types.get(65) == "global_status":
        return GALZYR_PLAN
    months = [n for n in range(1, 13) if types.get(n) == "global_status"]
    to_global = sorted({c.number for c in copies if c.type in ("location", "event")})
    quests = sorted({c.number for c in copies if c.type == "quest" and c.pickup and c.icon is None})
    personal = sorted({c.number for c in copies if c.icon and c.type in ("ability", "quest")})
    return ResetPlan(
        months=months if len(months) == 12 else [],
        to_global=to_global,
        to_quest_slot=quests,
        to_vault=[],
        per_adventurer=personal,
    )
