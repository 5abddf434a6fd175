"""What each seat may see: everything on the table, except the 2-player face-down heroes.

A hero played face-down in a 2-player claim is shown only to the seat of the player who played
it; every other seat (the shared table display included) gets the card's back and nothing else,
until the table is flipped. The information is left out of the dict, not merely marked.
"""

from __future__ import annotations

from typing import Any

from games.tavern_tales.catalog import adjacent_depths, unknowns
from games.tavern_tales.state import (
    HIGH_PRESTIGE,
    Claim,
    Play,
    State,
    hand_limit,
    player_of,
    seat_id,
    two_player,
)

GENERAL = ("show-feats", "edit-catalog", "adjust-prestige")  # open to every seat until the end


def view(state: State, seat: str) -> dict[str, Any]:
    me = player_of(state, seat)
    claim = state.claim
    moves = moves_for(state, seat)
    return {
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "active": seat_id(state.active),
        "two_player": two_player(state),
        "epic_duel": state.epic_duel,
        "target": state.target,
        "modules": state.modules.model_dump(),
        "players": [_player(state, i) for i in range(len(state.players))],
        "names": {seat_id(i): player.name for i, player in enumerate(state.players)},
        "depths": [
            {
                "name": row.name,
                "adjacent": adjacent_depths(row.name),
                "room": row.room,
                "room_layout_known": row.room is None or _room_layout_known(state, row.room),
                "feats": [
                    {"slot": i, "feat": slot.feat, "face_down": slot.face_down, "empty": slot.empty}
                    for i, slot in enumerate(row.slots)
                ],
            }
            for row in state.depths
        ],
        "decks": {
            "feats": state.feat_deck,
            "heroes": state.hero_deck,
            "hero_discard": state.hero_discard,
        },
        "claim": _claim(state, claim, me) if claim else None,
        "prompt": prompt(state),
        "moves": moves,
        "deciding": [move for move in moves if move not in GENERAL],  # this seat's decisions
        "winners": [seat_id(i) for i in state.winners],
        "timeline": state.timeline,
        "setup": setup_steps(state) if len(state.timeline) <= 1 else [],
        "catalog": state.catalog.model_dump(mode="json"),
        "catalog_gaps": unknowns(state.catalog),
    }


def _room_layout_known(state: State, room: str) -> bool:
    card = state.catalog.room(room) if room else None
    return card is not None and card.layout is not None


def _player(state: State, index: int) -> dict[str, Any]:
    player = state.players[index]
    stacks: dict[str, list[str]] = {}
    for held in player.feats:
        stacks.setdefault(held.stack, []).append(held.feat)
    powers = [
        held.feat
        for held in player.feats
        if (card := state.catalog.feat(held.feat)) is not None and card.kind == "special"
    ]
    return {
        "seat": seat_id(index),
        "name": player.name,
        "prestige": player.prestige,
        "hand": player.hand,
        "hand_limit": hand_limit(state, index),
        "limit_reason": _limit_reason(state, index),
        "drink": player.drink,
        "feats": [{"stack": stack, "cards": cards} for stack, cards in stacks.items()],
        "powers": powers,
        "active": index == state.active,
    }


def _limit_reason(state: State, index: int) -> str:
    """Why the hand limit is what it is: "two_player", "high", "drink" or "base"."""
    if two_player(state):
        return "two_player"
    if state.players[index].prestige >= HIGH_PRESTIGE:
        return "high"
    return "drink" if hand_limit(state, index) != 4 else "base"


def _missing(state: State, name: str | None) -> list[str]:
    """Card facts a claimed feat still lacks before it can be scored."""
    card = state.catalog.feat(name) if name else None
    if card is None or card.rule != "track" or card.kind == "special":
        return []
    return ["scoring track"] if card.track is None else []


def _gem_choices(state: State, claim: Claim, names: list[str | None]) -> list[str]:
    """Stacks a Crystal Golem might join: the winner's and this claim's (the rules decide)."""
    if claim.winner is None or not {"crystal_golem", "reveal"} & set(claim.needs):
        return []
    held = [item.stack for item in state.players[claim.winner].feats]
    gems = [card.name for card in state.catalog.feats if card.gem]
    if "reveal" in claim.needs:  # the golem may join a stack a feat not yet named makes
        gems += [card.name for card in state.catalog.feats if card.gem is None]
    found: list[str] = []
    for name in held + [name for name in names if name] + gems:
        card = state.catalog.feat(name)
        if card is None or name in found or card.rule != "track" or card.gem is False:
            continue
        if card.kind in (None, "treasure"):
            found.append(name)
    return found


def _play(play: Play, me: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "player": seat_id(play.player),
        "face_up": play.face_up,
        "hidden": play.secret,
    }
    if not play.secret or play.player == me:
        shown["hero"] = play.hero.model_dump() if play.hero else None
    return shown


def _claim(state: State, claim: Claim, me: int | None) -> dict[str, Any]:
    names = [state.depths[_index(state, ref.depth)].slots[ref.slot].feat for ref in claim.feats]
    # Which "reveal" select a feat not named yet is (the collect form's answers, in order).
    unnamed = [i for i, name in enumerate(names) if name is None]
    responder = claim.responder
    return {
        "starter": seat_id(claim.starter),
        "depth": claim.depth,
        "feats": [
            {
                "depth": ref.depth,
                "slot": ref.slot,
                "feat": name,
                "missing": _missing(state, name),
                "reveal": unnamed.index(i) if i in unnamed else None,
            }
            for i, (ref, name) in enumerate(zip(claim.feats, names, strict=True))
        ],
        "plays": [_play(play, me) for play in claim.plays],
        "stage": claim.stage,
        "responder": seat_id(claim.responder) if claim.responder is not None else None,
        "passes": claim.passes,
        "winner": seat_id(claim.winner) if claim.winner is not None else None,
        "needs": claim.needs,
        # 2 players: the responder holds the last hero of both hands, played face-up.
        "last_call": two_player(state)
        and responder is not None
        and state.players[responder].hand == 1
        and state.players[1 - responder].hand == 0,
        "gem_choices": _gem_choices(state, claim, names),
        "cubes": sum(
            1
            for name in names
            if name and (card := state.catalog.feat(name)) and card.rule == "gelatinous-cube"
        ),
    }


def _index(state: State, depth: str) -> int:
    return next(i for i, row in enumerate(state.depths) if row.name == depth)


def prompt(state: State) -> str:
    """One line telling the table whose decision it is and what the options are."""
    claim = state.claim
    if state.phase == "over":
        names = " and ".join(state.players[i].name for i in state.winners)
        return f"{names} won the game."
    if state.phase == "turn":
        name = state.players[state.active].name
        if two_player(state):
            return f"{name}: stake a claim."
        player = state.players[state.active]
        if player.hand >= hand_limit(state, state.active):
            return f"{name}: stake a claim (a full hand can't Think'n'Drink)."
        if player.hand == 0:
            return f"{name}: Think'n'Drink (no heroes in hand)."
        return f"{name}: Think'n'Drink or stake a claim."
    assert claim is not None
    if state.phase == "collect" and claim.winner is not None:
        return f"{state.players[claim.winner].name} won the claim: collect the feats."
    assert claim.responder is not None
    name = state.players[claim.responder].name
    if claim.stage == "duel":
        return f"{name}: one-up with a face-down hero, or flip the table."
    if claim.stage == "answer":
        return f"{name}: pass, or one-up with a face-down hero."
    return f"{name}: pass, or one-up with a hero that shows the {claim.depth}."


def moves_for(state: State, seat: str) -> list[str]:
    """The moves this seat may offer right now (the rules still have the last word)."""
    me = player_of(state, seat)
    if state.phase == "over":
        return []
    general = list(GENERAL)
    claim = state.claim

    def mine(index: int | None) -> bool:
        return index is not None and (me is None or me == index)

    if state.phase == "turn" and mine(state.active):
        player = state.players[state.active]
        found = ["stake-claim"] if player.hand else []
        at_limit = player.hand >= hand_limit(state, state.active)
        if not two_player(state) and not at_limit:
            found.append("think-n-drink")
        if state.modules.elite_heroes and player.hand and (two_player(state) or at_limit):
            found.append("redraw-hand")
        return found + general
    if claim is not None and state.phase == "claim" and mine(claim.responder):
        assert claim.responder is not None
        has_cards = state.players[claim.responder].hand > 0
        if claim.stage == "duel":
            return (["one-up"] if has_cards else []) + ["flip-table"] + general
        return ["pass-claim"] + (["one-up"] if has_cards else []) + general
    if claim is not None and state.phase == "collect" and mine(claim.winner):
        return ["collect"] + general
    return general


def setup_steps(state: State) -> list[str]:
    """The physical setup, in our words, for the table to follow while the app is ready."""
    count = len(state.players)
    steps = [
        "Lay out the five depth tiles in order: "
        + ", ".join(row.name for row in state.depths)
        + ".",
        "Shuffle the feats and deal each depth its feats as shown; tap them in when you can.",
    ]
    rooms = [row.name for row in state.depths if row.room is not None]
    if rooms:
        steps.append("Slot a room tile into the " + ", ".join(rooms) + " (slotted side up).")
    if state.modules.elite_heroes:
        steps.append("Shuffle 3 random elite heroes into the hero deck; box the other 3.")
    else:
        steps.append("Leave the 6 elite heroes in the box.")
    if count == 2:
        steps.append("Deal each player 5 heroes; each discards 1 face-down.")
    else:
        steps.append("Deal each player 6 heroes; each discards 2 face-down, shuffled back in.")
    if state.modules.specialty_drinks:
        steps.append("Turn the prestige trackers to their Specialty Drink side.")
    steps.append(f"{state.players[state.active].name} takes the Active Player token.")
    return steps
