"""Staking a claim, one-upmanship (3-5 players and the 2-player duel), collecting, ending a turn.

Each function takes the state (already a fresh copy), changes it and returns the log sentence;
the move wrappers in ``rules.py`` check who may act before calling them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from games.core.engine import RuleError
from games.core.refusals import describe_validation_error
from games.tavern_tales.catalog import CatalogPatch, Depth, FeatCard, HeroKind, merge
from games.tavern_tales.copies import ON_THE_FORM, ask_copies, check_supply
from games.tavern_tales.powers import use_powers
from games.tavern_tales.scoring import Choices, choices_needed, score_claim
from games.tavern_tales.state import (
    HIGH_PRESTIGE,
    WIN,
    Claim,
    Play,
    PlayedHero,
    Slot,
    SlotIndex,
    SlotRef,
    State,
    capital,
    depth_row,
    describe_hero,
    draw_heroes,
    hand_limit,
    hero_matches,
    resolve_hero,
    two_player,
)


class HeroTap(BaseModel):
    """Which hero card was played: a catalog name, or its type and depth icons."""

    model_config = ConfigDict(extra="forbid")

    hero: str = Field(default="", max_length=60)
    kind: HeroKind | None = None
    depths: list[Depth] = Field(default=[], max_length=2)

    def given(self) -> bool:
        return bool(self.hero or self.kind)


class StakeArgs(HeroTap):
    depth: Depth
    slots: list[SlotIndex] = Field(min_length=1, max_length=2)  # places in that depth's row, from 0
    powers: list[str] = []  # Adventurer Power feats you hold and use for this claim
    extra: list[SlotRef] = []  # feats your powers add from this or an adjacent depth


class CollectArgs(Choices):
    reveal: list[str] = []  # names of the collected feats the app didn't know yet, in claim order
    catalog: list[FeatCard] = []  # facts read off the collected cards (a track, a type)
    # The copies of the one feat named here whose copies the app doesn't know yet (asked once).
    copies: int | None = Field(default=None, ge=1, le=71)


def next_seat(state: State, index: int) -> int:
    return (index + 1) % len(state.players)


def tapped_hero(state: State, tap: HeroTap) -> PlayedHero:
    hero = resolve_hero(state.catalog, tap.hero, tap.kind, tap.depths)
    if hero.kind == "elite" and not state.modules.elite_heroes:
        raise RuleError("Elite heroes are not in this game (the Elite Heroes module is off).")
    return hero


def _claim(state: State) -> Claim:
    if state.phase != "claim" or state.claim is None or state.claim.responder is None:
        raise RuleError("No claim is waiting for an answer.")
    return state.claim


# -- staking ----------------------------------------------------------------------------------


def stake(state: State, args: StakeArgs) -> str:
    if state.phase != "turn":
        raise RuleError("A claim can only be staked at the start of a turn.")
    who = state.active
    player = state.players[who]
    if player.hand < 1:
        raise RuleError(f"{player.name} has no heroes in hand: Think'n'Drink instead.")
    hero = tapped_hero(state, args)
    if hero.kind == "elite":
        raise RuleError("An elite hero can't start a claim; it can only one-up one.")
    if args.depth not in hero.depths:
        raise RuleError(f"{capital(describe_hero(hero))} doesn't show the {args.depth}.")
    most = 1 if hero.kind == "adventurer" else 2
    if len(args.slots) > most:
        raise RuleError(f"{capital(describe_hero(hero))} claims at most {most} feat(s).")
    refs = [SlotRef(depth=args.depth, slot=slot) for slot in args.slots]
    refs += use_powers(state, who, hero, args.depth, args.powers, args.extra)
    if len({(ref.depth, ref.slot) for ref in refs}) != len(refs):
        raise RuleError("Each feat can be claimed only once.")
    for ref in refs:
        row = depth_row(state, ref.depth)
        if ref.slot >= len(row.slots) or row.slots[ref.slot].empty:
            raise RuleError(f"There is no feat in that place at the {ref.depth}.")
    player.hand -= 1
    state.claim = Claim(
        starter=who,
        depth=args.depth,
        feats=refs,
        plays=[Play(player=who, hero=hero)],
        stage="answer" if two_player(state) else "respond",
        responder=next_seat(state, who),
    )
    state.phase = "claim"
    count = len(refs)
    return (
        f"{player.name} staked a claim with {describe_hero(hero)} on "
        f"{count} feat{'s' if count > 1 else ''} at the {args.depth}."
    )


# -- answering --------------------------------------------------------------------------------


def pass_claim(state: State, who: int) -> str:
    claim = _claim(state)
    name = state.players[who].name
    if claim.stage == "duel":
        raise RuleError("In a 2-player claim you must one-up again or flip the table.")
    if claim.stage == "answer":
        return f"{name} passed. " + finish(state, claim.starter)
    claim.passes += 1
    if claim.passes == len(state.players) - 1:
        return f"{name} passed. " + finish(state, claim.plays[-1].player)
    claim.responder = next_seat(state, who)
    return f"{name} passed."


def one_up(state: State, who: int, tap: HeroTap) -> str:
    claim = _claim(state)
    player = state.players[who]
    if player.hand < 1:
        raise RuleError(f"{player.name} has no heroes left to play.")
    if not two_player(state):
        hero = tapped_hero(state, tap)
        if not hero_matches(hero, claim.depth):
            raise RuleError(f"{capital(describe_hero(hero))} doesn't match the {claim.depth}.")
        for play in claim.plays:
            play.face_up = False  # only the freshest story stays face-up
        claim.plays.append(Play(player=who, hero=hero))
        player.hand -= 1
        claim.passes = 0
        claim.responder = next_seat(state, who)
        return f"{player.name} one-upped with {describe_hero(hero)}."

    other = 1 - who
    if player.hand == 1 and state.players[other].hand == 0:
        # Last call: the final card of both hands is played face-up and decides the claim.
        if not tap.given():
            raise RuleError(
                "Last call: this is the last hero in either hand and is played face-up; "
                "tap which hero it is."
            )
        hero = tapped_hero(state, tap)
        claim.plays.append(Play(player=who, hero=hero))
        player.hand -= 1
        winner = who if hero_matches(hero, claim.depth) else other
        verdict = "matches" if winner == who else "doesn't match"
        return (
            f"Last call: {player.name} played {describe_hero(hero)} face-up, which {verdict} "
            f"the {claim.depth}. " + finish(state, winner)
        )
    hero = tapped_hero(state, tap) if tap.given() else None
    claim.plays.append(Play(player=who, hero=hero, face_up=False, secret=True))
    player.hand -= 1
    claim.stage = "duel"
    claim.responder = other
    return f"{player.name} one-upped with a face-down hero."


def flip_table(state: State, who: int, tap: HeroTap) -> str:
    claim = _claim(state)
    if claim.stage != "duel":
        raise RuleError(
            "The table can only be flipped once a hero lies face-down in a 2-player claim."
        )
    last = claim.plays[-1]
    if last.hero is None:
        if not tap.given():
            raise RuleError("Tap the hero you turned over.")
        last.hero = tapped_hero(state, tap)
    last.face_up, last.secret = True, False
    owner = state.players[last.player]
    matches = hero_matches(last.hero, claim.depth)
    winner = last.player if matches else who
    verdict = "matches" if matches else "doesn't match"
    return (
        f"{state.players[who].name} flipped the table: {owner.name}'s {describe_hero(last.hero)} "
        f"{verdict} the {claim.depth}. " + finish(state, winner)
    )


# -- collecting and ending the turn -----------------------------------------------------------


def finish(state: State, winner: int) -> str:
    """The claim is decided: collect at once when there is nothing to choose or enter."""
    claim = state.claim
    assert claim is not None
    claim.winner, claim.responder = winner, None
    state.phase = "collect"
    claim.needs = _needs(state, claim)
    name = state.players[winner].name
    if not claim.needs:
        try:
            return f"{name} wins the claim and " + collect(state, CollectArgs())
        except RuleError as missing:
            claim.needs = ["catalog"]  # a track or type still has to be read off the cards
            return f"{name} wins the claim. {missing}"
    return (
        f"{name} wins the claim; "
        + ", ".join(TO_DO[need] for need in claim.needs)
        + ", then collect."
    )


TO_DO = {
    "reveal": "tap the feats the app doesn't know yet",
    "boss_armor": "choose for the Boss Armor",
    "crystal_golem": "choose for the Crystal Golem",
    "gelatinous_cube": "choose for the Gelatinous Cube",
    "bonus": "add any bonus the room gives",
}


def _needs(state: State, claim: Claim) -> list[str]:
    names = [depth_row(state, ref.depth).slots[ref.slot].feat for ref in claim.feats]
    needs = ["reveal"] if None in names else []
    needs += choices_needed(state.catalog, [name for name in names if name])
    if depth_row(state, claim.depth).room is not None:
        needs.append("bonus")  # a room's own rule may add points the app can't read
    return needs


def collect(state: State, args: CollectArgs) -> str:
    claim = state.claim
    if state.phase != "collect" or claim is None or claim.winner is None:
        raise RuleError("There is no won claim to collect.")
    catalog = state.catalog
    if args.catalog:
        try:
            catalog = merge(catalog, CatalogPatch(feats=args.catalog))
        except ValidationError as exc:
            raise RuleError(describe_validation_error(exc, "Card data")) from None
    reveal = iter(args.reveal)
    names, revealed = [], []
    for ref in claim.feats:
        name = depth_row(state, ref.depth).slots[ref.slot].feat
        if name is None:
            name = next(reveal, None)
            if name is None:
                raise RuleError(
                    "Tap which feats you collected that the app doesn't know yet, in order."
                )
            revealed.append(name)
        names.append(name)
    winner = state.players[claim.winner]
    scored = score_claim(catalog, winner.feats, names, args, state.feat_deck)
    new = revealed + args.drawn[: scored.drawn]
    # A feat named here for the first time: its copies are asked (answered as card data).
    catalog = ask_copies(catalog, new, args.copies, ON_THE_FORM)
    check_supply(state, catalog, new)

    # Everything is known and legal: now change the state.
    state.catalog = catalog
    before = winner.prestige
    winner.feats = scored.held
    winner.prestige = scored.apply(before)
    state.feat_deck -= scored.drawn
    for ref in claim.feats:
        row = depth_row(state, ref.depth)
        face_down = row.slots[ref.slot].face_down
        row.slots[ref.slot] = _refill(state, face_down)
    state.hero_discard += len(claim.plays)
    parts = ", ".join(f"{feat} ({points:+d})" for feat, points in scored.lines)
    sentence = f"collects {parts}: {before} → {winner.prestige} prestige."
    if state.epic_duel and before < WIN <= winner.prestige:
        sentence += " Mark 30 with a spare token and start the tracker again from the top."
    state.claim = None
    # 2 players: whoever lost the claim starts the next one; otherwise play goes to the left.
    after = 1 - claim.winner if two_player(state) else next_seat(state, state.active)
    return sentence + end_turn(state, after)


def _refill(state: State, face_down: bool) -> Slot:
    if state.feat_deck == 0:
        return Slot(empty=True)
    state.feat_deck -= 1
    return Slot(face_down=face_down)


def end_turn(state: State, next_active: int) -> str:
    """Hands back within their limits, the prestige timeline, victory, and the next turn."""
    notes = []
    if two_player(state):
        for player in state.players:
            if player.prestige < HIGH_PRESTIGE:
                player.hand += draw_heroes(state, max(0, 5 - player.hand))
                if player.hand:
                    player.hand -= 1
                    state.hero_discard += 1
            else:
                player.hand += draw_heroes(state, max(0, 4 - player.hand))
        notes.append("Both draw back up (5 then discard 1 face-down, or 4 from 16 prestige).")
    for index, player in enumerate(state.players):
        limit = hand_limit(state, index)
        if player.hand > limit:
            state.hero_discard += player.hand - limit
            player.hand = limit
            notes.append(f"{player.name} discards down to {limit} cards.")
    state.timeline.append([player.prestige for player in state.players])
    best = max(player.prestige for player in state.players)
    if best >= state.target:
        state.phase = "over"
        state.winners = [i for i, p in enumerate(state.players) if p.prestige == best]
        names = " and ".join(state.players[i].name for i in state.winners)
        if len(state.winners) == 1:
            notes.append(f"{names} reaches {best} prestige and wins!")
        else:
            notes.append(f"{names} reach {best} prestige and share the victory!")
    else:
        state.phase = "turn"
        state.active = next_active
        state.turn += 1
    return "".join(" " + note for note in notes)
