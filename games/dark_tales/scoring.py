"""The end of the game: the B setting card's scoring, the winner and ties, invariants."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.engine import Outcome
from games.dark_tales.catalog import ITEM_LIMITS, ITEMS, PLAYING_CARDS, item_label
from games.dark_tales.state import PHASES, State, join, seat_id, visible_copies


@dataclass
class EndScore:
    """What the B card gives one player: the part the app works out, and what it can't."""

    auto: int = 0
    lines: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # to be entered by hand


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def end_score(state: State, i: int) -> EndScore:
    setting = state.catalog().settings[state.setting_b]
    rule = setting.end
    score = EndScore()
    if rule is None:
        score.missing.append(setting.name)  # the card's scoring is not in the card data
        return score
    player = state.players[i]
    left = dict(player.items)
    for pair in rule.pairs:
        partners = sum(1 for c in player.front if c in pair.cards)
        n = min(left[pair.item], partners)
        if n:
            left[pair.item] -= n
            score.auto += n * pair.vp
            partner = " / ".join(pair.cards)
            score.lines.append(f"{n} × {item_label(pair.item, n)} + {partner}: {n * pair.vp} VP")
    for item in ITEMS:
        if not left[item]:
            continue
        if item in rule.item_vp:
            vp = left[item] * rule.item_vp[item]
            score.auto += vp
            score.lines.append(f"{left[item]} × {item_label(item, left[item])}: {vp} VP")
        else:
            score.missing.append(f"{left[item]} × {item_label(item, left[item])}")
    if rule.rank is not None:
        rank = rule.rank
        measures = [
            sum(p.items[it] for it in rank.items) + (p.hand_count if rank.hand_cards else 0)
            for p in state.players
        ]
        mine = measures[i]
        place = 1 + sum(1 for m in measures if m > mine)
        tied = measures.count(mine) > 1
        what = " + ".join(
            [item_label(it, 2) for it in rank.items] + ["cards in hand"] * rank.hand_cards
        )
        # The count is said as a count ("with 6"), not a bare "(6)" (QAF new problem 9).
        if tied:
            score.missing.append(f"tied {ordinal(place)} place in {what}, with {mine} each")
        elif place in rank.points:
            score.auto += rank.points[place]
            score.lines.append(f"{what} {mine}, {ordinal(place)} place: {rank.points[place]} VP")
        else:
            score.missing.append(f"{ordinal(place)} place in {what}, with {mine}")
    return score


def final_scores(state: State) -> dict[str, int]:
    return {seat_id(i): p.vp for i, p in enumerate(state.players)}


def outcome(state: State) -> Outcome:
    """Scores stay hidden until the reveal: a running game reports no standings."""
    if state.phase != "over":
        return Outcome(finished=False, summary="Victory points stay face down until the reveal.")
    scores = final_scores(state)
    best = max(scores.values())
    tied = [i for i, p in enumerate(state.players) if p.vp == best]
    names = [state.players[i].name for i in tied]
    if len(tied) == 1:
        return Outcome(True, scores, (seat_id(tied[0]),), f"{names[0]} wins with {best} VP.")
    tiebreak = {i: state.players[i].item_count + state.players[i].hand_count for i in tied}
    top = max(tiebreak.values())
    winners = [i for i in tied if tiebreak[i] == top]
    seats = tuple(seat_id(i) for i in winners)
    if len(winners) == 1:
        winner = state.players[winners[0]].name
        summary = (
            f"{join(names)} tie on {best} VP; {winner} wins with the most items and cards "
            f"in hand ({top})."
        )
    else:
        shared = join([state.players[i].name for i in winners])
        summary = f"{shared} share the victory with {best} VP (and {top} items and cards)."
    return Outcome(True, scores, seats, summary)


def invariants(state: State) -> list[str]:
    broken: list[str] = []
    for item in ITEMS:
        held = sum(p.items[item] for p in state.players)
        if state.supply[item] < 0 or any(p.items[item] < 0 for p in state.players):
            broken.append(f"a negative number of {item_label(item, 2)}")
        if state.supply[item] + held != ITEM_LIMITS[item]:
            broken.append(f"{item_label(item, 2)} are not all accounted for")
    for p in state.players:
        if p.vp < 0:
            broken.append(f"{p.name} has fewer than 0 VP")
        if p.hand_unknown < 0:
            broken.append(f"{p.name} has fewer than 0 cards in hand")
    placed = len(state.common) + len(state.discard)
    placed += sum(p.hand_count + len(p.front) for p in state.players)
    if state.deck < 0 or state.deck + placed != PLAYING_CARDS:
        broken.append(f"the cards don't add up to {PLAYING_CARDS}")
    if state.phase not in PHASES or not 0 <= state.active < len(state.players):
        broken.append("the turn is in an unknown phase")
    if state.phase == "draw" and state.deck == 0:
        broken.append("a draw is due from an empty deck")
    if state.phase == "reveal" and state.deck == 0:
        broken.append("a card is being revealed from an empty deck")
    if state.deck_top is not None and state.deck == 0:
        broken.append("a face-up card sits on an empty deck")
    catalog = state.catalog()
    names = set(state.common) | set(state.discard) | {state.deck_top} - {None}
    for p in state.players:
        names |= set(p.hand) | set(p.front)
    unknown = sorted(n for n in names if n not in catalog.cards)
    if unknown:
        broken.append("cards missing from the catalog: " + ", ".join(unknown))
    if state.setting_a not in catalog.settings or state.setting_b not in catalog.settings:
        broken.append("a setting card missing from the catalog")
    for name, info in catalog.cards.items():
        if info.count is not None and visible_copies(state, name) > info.count:
            broken.append(f"more {name} cards on the table than the catalog's {info.count}")
    if catalog.known_total() > PLAYING_CARDS:
        broken.append(f"the catalog counts more than {PLAYING_CARDS} cards")
    return broken
