"""What the campaign panel shows: the campaign's public state and the choices its forms offer.

Nothing in a campaign is secret at the table (quests in hand may be shown to anyone), so every
seat gets the same; which forms a seat sees follows each move's declared roles (the template
reads ``may``, and the engine refuses the same roles).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core.engine import RuleError
from games.core.named import ByDigest
from games.galzyr import campaign as core
from games.galzyr.campaign.facts import MAX_GOLD, MAX_QUESTS, calendar_slot, round_limit
from games.galzyr.campaign.rounds import calendar_phase, reachable, routes_known, travel_refusal
from games.galzyr.campaign.setup import first_turn
from games.galzyr.campaign.state import HOLDINGS, is_tray
from games.galzyr.campaign.text import adventurer_name, card_label, place_label
from games.galzyr.reading import printed, step_key
from games.galzyr.state import State, is_story_master
from games.galzyr.tracking import may_change_quests

TRAYS = ("library", "vault", "quest_slot", "noticeboard")


def _cards(c: core.Campaign, key: str) -> list[dict[str, Any]]:
    return [
        {
            "number": c.copies[cid].number,
            "name": c.copies[cid].name,
            "label": card_label(c, cid),
            # which of the number's variants (None: it has none): "Move a card"'s ``variant``
            "variant": c.copies[cid].variant,
        }
        for cid in core.tray(c, key)
    ]


def _trays(c: core.Campaign) -> list[str]:
    """The trays' place keys as shown: library, vault, quest slot, noticeboard, save slots."""
    return [*TRAYS, *(k for k in c.places if k.startswith("save:"))]


def campaign_trays(state: State) -> dict[str, Any] | None:
    """Every tray card by card, in numerical order (the trays page and the API's trays)."""
    c = state.campaign
    if state.mode != "campaign" or c is None:
        return None
    return {
        "in_trays": sum(len(v) for k, v in c.places.items() if is_tray(k)),
        "trays": [{"key": k, "label": place_label(c, k), "cards": _cards(c, k)} for k in _trays(c)],
    }


def where_answer(state: State, number: int, seat: str | None) -> str | None:
    """ "Where is card #N?" in one sentence for ``seat`` (None: the table tracks no campaign);
    only the story master is told which event card is drawn."""
    c = state.campaign
    if state.mode != "campaign" or c is None:
        return None
    return core.where_is(c, number, hide_drawn=seat is None or not is_story_master(state, seat))


def _kinds(c: core.Campaign) -> dict[str, list[dict[str, Any]]]:
    """Each status and companion card of the catalog once, in numerical order, for the
    "gain" selects: one pass over the copies (the bench's catalog has hundreds), once per
    catalog named by digest (games/core/named.py), since it never changes. Shared: read only."""
    digest = c.copies_digest
    if digest is None:
        return _kinds_of(c.copies)
    return _kinds_named(ByDigest(digest, lambda: _kinds_of(c.copies)))


# 8: a server's tables share a few worlds' catalogs; the lists cost a few KB each.
@lru_cache(maxsize=8)
def _kinds_named(key: ByDigest) -> dict[str, list[dict[str, Any]]]:
    return key.made()


def _kinds_of(copies: list[core.Copy]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, dict[int, dict[str, Any]]] = {"adventurer_status": {}, "companion": {}}
    for cp in copies:
        if cp.type in out and cp.number not in out[cp.type]:
            out[cp.type][cp.number] = {"number": cp.number, "name": cp.name}
        elif cp.type in out and cp.icon and cp.name != out[cp.type][cp.number]["name"]:
            # one card per adventurer icon (#000 "Card #000 (Bumir)"…): named by none of
            # them, as the gain form gives the copy with the icon of the adventurer chosen
            out[cp.type][cp.number]["name"] = _shared_name(cp.name, out[cp.type][cp.number]["name"])
    return {kind: [v for _, v in sorted(cards.items())] for kind, cards in out.items()}


def _shared_name(one: str, other: str) -> str:
    """ "Card #000 (Bumir)", "Card #000 (Mor)" → "Card #000": what the names share, less an
    unclosed bracket."""
    n = 0
    while n < min(len(one), len(other)) and one[n] == other[n]:
        n += 1
    return one[:n].split("(")[0].strip() or one


def _location(c: core.Campaign, lid: str, with_cards: bool) -> dict[str, str]:
    """A travel or figure button's location; ``with_cards``: named with its location cards too
    ("Location 3 · #068"), for the own box, whose locations' names aren't entered yet."""
    name = c.location_name(lid)
    cards = next((loc.cards for loc in c.world.locations if loc.id == lid), [])
    if with_cards and cards:
        name += " · " + ", ".join(f"#{n:03d}" for n in cards)
    return {"id": lid, "name": name}


def _adventurer(
    state: State, c: core.Campaign, i: int, aid: str, names: dict, from_print: bool = False
) -> dict[str, Any]:
    g = c.game
    adv, definition = c.adventurer(aid), c.adventurer_def(aid)
    travelling = g is not None and aid in g.moves and adv.position is not None
    return {
        "player": i + 1,
        "player_name": state.players[i],
        "id": aid,
        "name": definition.name,
        "gold": adv.gold,
        "prestige": adv.prestige,
        "marks": [(names.get(k, k), n) for k, n in sorted(adv.marks.items())],
        # the own box's starting marks are placeholders (the boards aren't entered): said so
        # until the group moves one to match the board
        "marks_unchecked": from_print and adv.marks == definition.marks,
        "marked": [{"id": k, "name": names.get(k, k)} for k in c.world.skills if adv.marks.get(k)],
        "board_tags": [names.get(t, t) for t in definition.tags],
        "gained_tags": [{"id": t, "name": names.get(t, t)} for t in adv.tags],
        "position": c.location_name(adv.position) if adv.position else None,
        "position_id": adv.position,
        "travelling": travelling,
        # why the travel move would refuse a step now (no moves left): said instead of the form;
        # only while a game is played (a saved or finished one keeps its round: no travel then)
        "travel_refused": travel_refusal(c, aid) if travelling and c.phase == "playing" else None,
        "moves": g.moves.get(aid, 0) if g else 0,
        # the travel form's buttons: where one move leads now (every location: no routes known)
        "reachable": [_location(c, lid, from_print) for lid in reachable(c, adv.position)]
        if travelling
        else [],
        "active": g is not None and c.phase == "playing" and g.active == aid,
        "in_game": g is not None and aid in g.players,
        # quests change on the adventurer's own turn, between scenes (what the moves accept)
        "quest_turn": c.phase == "playing" and may_change_quests(state, c, aid),
        **{h: _cards(c, f"{h}:{aid}") for h in HOLDINGS},
        # the ability card (#000) sits with the statuses but is used, not lost
        "losable_statuses": [
            {"number": c.copies[cid].number, "name": c.copies[cid].name}
            for cid in c.places[f"statuses:{aid}"]
            if c.copies[cid].type == "adventurer_status"
        ],
    }


def _noticeboard(c: core.Campaign, adventurers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The quests on the noticeboard and who may pick each up: a figure at its pickup location
    (anyone on the board when the card's pickup location is not entered in the catalog)."""
    out = []
    for cid in c.places["noticeboard"]:
        cp = c.copies[cid]
        takers = [
            a
            for a in adventurers
            if a["in_game"] and a["position_id"] and cp.pickup in (None, a["position_id"])
        ]
        out.append(
            {
                "number": cp.number,
                "name": cp.name,
                "pickup": c.location_name(cp.pickup) if cp.pickup else None,
                "takers": [
                    {
                        "player": a["player"],
                        "name": a["name"],
                        "full": len(a["quests"]) >= MAX_QUESTS,
                        "turn": a["quest_turn"],
                        "quests": a["quests"],
                    }
                    for a in takers
                ],
            }
        )
    return out


def _own_cards(c: core.Campaign, known: Any) -> list[dict[str, Any]]:
    """The own box's cards the group recorded (numbers the box's facts ``known`` lack), each
    once with what the group entered from the printed card (blank: "Card #213" as recorded)."""
    out: dict[int, dict[str, Any]] = {}
    for cid, cp in enumerate(c.copies):
        if cp.number in known or cp.number in out:
            continue
        out[cp.number] = {
            "number": cp.number,
            "name": "" if cp.name == f"Card #{cp.number:03d}" else cp.name,
            "timer": cp.timer,
            "save": cp.save or "",
            "gold": cp.gold,
            "where": place_label(c, c.place_of(cid)),
        }
    return [out[n] for n in sorted(out)]


def _setup(state: State, c: core.Campaign) -> dict[str, Any]:
    """The "Set up a game" form: one adventurer per player (the current ones, else the world's
    order), the mode and challenge mode."""
    order = [a.id for a in c.world.adventurers]
    chosen = state.adventurers if len(state.adventurers) == len(state.players) else order
    mode = c.game.mode if c.game else "cooperative"
    return {
        "move": "campaign-setup" if c.phase == "packed" else "campaign-first-setup",
        "first": c.phase != "packed",
        "choices": [{"id": a.id, "name": a.name} for a in c.world.adventurers],
        "players": [
            {"number": i + 1, "name": name, "adventurer": chosen[i] if i < len(chosen) else ""}
            for i, name in enumerate(state.players)
        ],
        "mode": mode,
        "challenge": state.challenge,
        "limit": round_limit(len(state.players)),  # the rulebook's table, by player count
    }


def _checklist_since(state: State, c: core.Campaign) -> dict[str, Any] | None:
    """The step the group is at when the checklist was kept at an earlier one (the last turn's
    end while this turn's scene is read): the panel heads it with where the group is now."""
    g = c.game
    if not state.checklist_at or state.checklist_at == step_key(state) or g is None:
        return None
    if c.phase != "playing":
        return None
    return {"who": adventurer_name(c, g.active), "step": g.step, "scene": state.scene}


def campaign_view(state: State, seat: str) -> dict[str, Any] | None:
    """The campaign's public state for the panel (nothing in it is secret at the table)."""
    c = state.campaign
    if state.mode != "campaign" or c is None:
        return None
    g = c.game
    try:
        book = state.book()  # skill and tag names (the book was handed to the state)
        names = book.names
        tags = [{"id": t.id, "name": t.name} for t in book.info.tags]
        from_print = printed(book)
    except RuleError:
        names, tags, from_print, book = {}, [], False, None
    adventurers = [
        _adventurer(state, c, i, aid, names, from_print) for i, aid in enumerate(state.adventurers)
    ]
    # Counts only: a move answers with this view, and the catalog's hundreds of cards would
    # weigh on every answer; ``campaign_trays`` lists them card by card.
    trays = [{"key": k, "label": place_label(c, k), "count": len(c.places[k])} for k in _trays(c)]
    timers = [
        {
            "slot": calendar_slot(t.day),
            "day": t.day,
            "label": card_label(c, t.copy_id),
            "number": c.copies[t.copy_id].number,
        }
        for t in sorted(c.calendar.timers, key=lambda t: t.day)
    ]
    kinds = _kinds(c)
    own = _own_cards(c, book.catalog) if from_print and book is not None else []
    return {
        "phase": c.phase,
        "month": c.month,
        "season": c.season,
        "day": calendar_slot(c.calendar.day) if c.calendar.day is not None else None,
        "timers": timers,
        "calendar_phase": calendar_phase(c),  # "Advance the day" is offered only then
        "round": g.number if g else None,
        "limit": g.limit if g else None,
        "step": g.step if g else None,
        "mode": g.mode if g else None,
        "active": adventurer_name(c, g.active) if g and c.phase == "playing" else None,
        "adventurers": adventurers,
        "trays": trays,
        "in_trays": sum(len(v) for k, v in c.places.items() if is_tray(k)),
        "locations": [_location(c, loc.id, from_print) for loc in c.world.locations],
        "routes_known": routes_known(c),  # else travel takes the board's word
        "places": [{"key": k, "label": place_label(c, k)} for k in c.places if k != "drawn"],
        "checklist_title": state.checklist_title,
        "checklist": [s.model_dump() for s in state.checklist],
        "checklist_since": _checklist_since(state, c),
        "games_played": c.games_played,
        # the forms' choices
        "skills": [{"id": s, "name": names.get(s, s)} for s in c.world.skills],
        "tags": tags,
        # read from the printed book: a card the catalog doesn't know is entered by number
        "printed": from_print,
        # its cards the app doesn't know, recorded by the group: what each printed card says
        "own_cards": own,
        "own_numbers": [x["number"] for x in own],
        "statuses": kinds["adventurer_status"],
        "companions": kinds["companion"],
        "noticeboard": _noticeboard(c, adventurers),
        "amounts": list(range(1, MAX_GOLD + 1)),
        "setup": _setup(state, c) if c.phase == "packed" or first_turn(c) else None,
    }
