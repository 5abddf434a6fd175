"""Scores: segment difficulties plus journals; ties go to the higher-ranked sponsor."""

from __future__ import annotations

from typing import Any

from games.core.engine import Outcome
from games.tales_of_danger.common import seat_id
from games.tales_of_danger.state import State


def revealed(state: State) -> bool:
    """Journals turn face up once the game is over and every journal is in."""
    return state.stage == "over" and not any(p.journals_owed for p in state.players)


def scoreboard(state: State, viewer: int | None) -> dict[str, Any]:
    """Per-player, per-segment breakdown; journal values only for their owner or after the reveal."""
    show_all = revealed(state)
    rows = []
    for i, p in enumerate(state.players):
        visible = show_all or viewer == i
        segments = []
        for n, leg in enumerate(p.voyage, start=1):
            segments.append(
                {
                    "segment": n,
                    "difficulty": leg.difficulty,
                    "journal_status": leg.journal_status,
                    "journal": leg.journal if visible else None,
                }
            )
        row: dict[str, Any] = {
            "seat": seat_id(i),
            "name": p.name,
            "sponsor": p.sponsor,
            "segments": segments,
            "segment_points": sum(leg.difficulty for leg in p.voyage),
            "journal_points": None,
            "total": None,
        }
        if visible:
            row["journal_points"] = sum(leg.journal or 0 for leg in p.voyage)
            row["total"] = row["segment_points"] + row["journal_points"]
        rows.append(row)
    return {"revealed": show_all, "rows": rows, "winners": _winners(state) if show_all else []}


def _rank(state: State, index: int) -> int:
    sponsor = state.players[index].sponsor
    rank = state.catalog.sponsor(sponsor).rank if sponsor else None
    return rank if rank is not None else 99


def totals(state: State) -> dict[int, int]:
    return {
        i: sum(leg.difficulty + (leg.journal or 0) for leg in p.voyage)
        for i, p in enumerate(state.players)
    }


def _winners(state: State) -> list[str]:
    scores = totals(state)
    best = max(scores.values())
    tied = [i for i, s in scores.items() if s == best]
    top = min(_rank(state, i) for i in tied)
    return [seat_id(i) for i in tied if _rank(state, i) == top]


def outcome(state: State) -> Outcome:
    if not revealed(state):
        # Only public numbers while journals are face down.
        scores = {
            seat_id(i): sum(g.difficulty for g in p.voyage) for i, p in enumerate(state.players)
        }
        summary = "Segment points so far; journals stay face down until the end."
        if state.stage == "over":
            owed = [p.name for p in state.players if p.journals_owed]
            summary = f"The game is over; waiting for journals from {', '.join(owed)}."
        return Outcome(finished=False, scores=scores, summary=summary)
    scores = {seat_id(i): s for i, s in totals(state).items()}
    winners = tuple(_winners(state))
    best = max(scores.values())
    names = [state.players[int(w[1:]) - 1].name for w in winners]
    summary = f"{' and '.join(names)} win{'s' if len(names) == 1 else ''} with {best} points"
    tied = [s for s, v in scores.items() if v == best]
    if len(tied) > len(winners):
        summary += " (the tie goes to the higher-ranked sponsor)"
    return Outcome(finished=True, scores=scores, winners=winners, summary=summary + ".")
