"""Scores over time, as an SVG line chart and a table (no chart library, no JavaScript).

Only finished games are plotted: a running game's scores may still be secret (face-down VP
tokens), and once it is over every score may be shown. A game is plotted per round (Lands of
Galzyr: the day token's rounds) or per turn (the card games have no rounds); a game this
module does not know, per move. Pure: the pages translate the axis labels.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Game

WIDTH, HEIGHT = 480, 300  # the SVG's own units; it scales to its box
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 56  # room for the tick labels and the axis titles
MAX_X_TICKS = 12
COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e"]
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3"]  # told apart without colour too


def _round(state: dict[str, Any]) -> int | None:
    """Galzyr: the campaign game's round (None outside a game: book mode, between games)."""
    game = (state.get("campaign") or {}).get("game") or {}
    return game.get("number")


def _turn(state: dict[str, Any]) -> int | None:
    return state.get("turn")


def _vp_piles(state: dict[str, Any]) -> dict[str, int]:
    """Dark Tales: each player's VP pile, face down until the end (the outcome hides it while
    the game runs; once it is over the whole game may be shown)."""
    return {f"p{i + 1}": p.get("vp", 0) for i, p in enumerate(state.get("players", []))}


@dataclass(frozen=True)
class Clock:
    """How a game counts its time on the chart, and its score's name."""

    unit: str  # "round", "turn" or "move" (the pages translate it)
    period: Callable[[dict[str, Any]], int | None] | None  # None: every move
    score: str = "points"  # "points", "vp" or "prestige"
    running: Callable[[dict[str, Any]], dict[str, int]] | None = None  # scores, if not outcome's


CLOCKS: dict[str, Clock] = {
    "galzyr": Clock("round", _round, "prestige"),
    "dark-tales": Clock("turn", _turn, "vp", running=_vp_piles),
    "tales-of-danger": Clock("turn", _turn, "points"),
    "tavern-tales": Clock("turn", _turn, "prestige"),
}
PER_MOVE = Clock("move", None)


def clock_of(game: Game) -> Clock:
    return CLOCKS.get(game.slug, PER_MOVE)


@dataclass
class Timeline:
    """Each player's score at the start and at the end of every round (or turn, or move)."""

    unit: str
    score: str
    steps: list[str]  # the rounds' (turns', moves') numbers
    start: dict[str, int]  # label → score before the first move
    series: dict[str, list[int]]  # label → score at the end of each step


def timeline(game: Game, states: list[dict[str, Any]]) -> Timeline:
    """Scores at the end of each step: the state after the move that began the next step
    (that move's points count for the step it ended), and the final state for the last."""
    clock = clock_of(game)
    final = game.outcome(states[-1])
    seats = list(final.scores) if final else []
    labels = {seat.id: seat.label for seat in game.seats(states[-1])}

    def scores(state: dict[str, Any]) -> list[int]:
        if clock.running is not None:
            found = clock.running(state)
        else:
            outcome = game.outcome(state)
            found = outcome.scores if outcome else {}
        return [found.get(seat, 0) for seat in seats]

    ends: list[tuple[str, list[int]]] = []
    if clock.period is None:
        ends = [(str(n), scores(state)) for n, state in enumerate(states[1:], start=1)]
    else:
        current = clock.period(states[0])
        for state in states[1:]:
            now = clock.period(state)
            if now is None or now == current:
                continue
            if current is not None:
                ends.append((str(current), scores(state)))
            current = now
        last = scores(states[-1])  # the step the game ended in, unless nothing scored in it
        if current is not None and (not ends or ends[-1][1] != last):
            ends.append((str(current), last))
    first = scores(states[0])
    return Timeline(
        unit=clock.unit,
        score=clock.score,
        steps=[step for step, _ in ends],
        start={labels.get(s, s): first[i] for i, s in enumerate(seats)},
        series={labels.get(s, s): [v[i] for _, v in ends] for i, s in enumerate(seats)},
    )


@dataclass
class Tick:
    at: float  # x or y in the SVG
    label: str


@dataclass
class Line:
    label: str
    colour: str
    dash: str
    values: list[int]
    points: str  # "x,y x,y …" for <polyline points>
    dots: list[tuple[float, float]]  # a dot per value (none when there are too many)
    last_x: float
    last_y: float


@dataclass
class Cell:
    score: int
    change: int | None  # since the step before (the start, for the first; none without one)


@dataclass
class Row:
    step: str
    cells: list[Cell]


@dataclass
class Chart:
    lines: list[Line]
    width: int
    height: int
    top: int  # the y axis' highest value
    steps: int
    x_label: str = ""
    y_label: str = ""
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)  # the same numbers, a row per step
    left: int = LEFT
    right: int = WIDTH - RIGHT
    upper: int = TOP
    lower: int = HEIGHT - BOTTOM

    @property
    def mid_x(self) -> float:  # where the x axis' title is centred
        return (self.left + self.right) / 2

    @property
    def mid_y(self) -> float:  # … and the y axis' (rotated: a negative x)
        return -(self.upper + self.lower) / 2


def nice_step(span: float, most: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20, 50, …) giving at most ``most`` intervals over ``span``."""
    if span <= 0:
        return 1
    power = 10 ** max(0, math.floor(math.log10(span / most)))
    for factor in (1, 2, 5, 10):
        if span / (factor * power) <= most:
            return factor * power
    return 10 * power


def _every(count: int) -> int:
    """Label every n-th step so that at most MAX_X_TICKS labels show."""
    n = 1
    while count / n > MAX_X_TICKS:
        n = next(k for k in (2, 5, 10, 20, 50, 100, 200, 500, 10**9) if k > n)
    return n


def chart(
    series: dict[str, list[int]],
    *,
    steps: list[str] | None = None,
    start: dict[str, int] | None = None,
    x_label: str = "",
    y_label: str = "",
) -> Chart | None:
    """One line per label over the steps (each series has a value per step), from ``start``
    (drawn at x = 0) when given; axes with round ticks, and the same numbers as table rows."""
    if not series:
        return None
    count = max(len(values) for values in series.values())
    steps = steps or [str(n) for n in range(1, count + 1)]
    first = 0 if start is not None else 1  # x position of the first step
    everything = [v for values in series.values() for v in values] + list((start or {}).values())
    low = min([0, *everything])
    high = max([1, *everything])
    step = nice_step(high - low)
    bottom, top = math.floor(low / step) * step, math.ceil(high / step) * step
    positions = max(count - first, 1)  # x intervals
    span_x = (WIDTH - RIGHT - LEFT) / positions
    span_y = (HEIGHT - BOTTOM - TOP) / (top - bottom)

    def x(n: int) -> float:  # n: 0 the start, 1.. the steps
        return LEFT + (n - first) * span_x

    def y(v: float) -> float:
        return HEIGHT - BOTTOM - (v - bottom) * span_y

    lines = []
    for i, (label, values) in enumerate(series.items()):
        coords = [(x(n), y(v)) for n, v in enumerate(values, start=1)]
        if start is not None:
            coords.insert(0, (x(0), y(start.get(label, 0))))
        lines.append(
            Line(
                label=label,
                colour=COLOURS[i % len(COLOURS)],
                dash=DASHES[i % len(DASHES)],
                values=values,
                points=" ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in coords),
                dots=[(round(cx, 1), round(cy, 1)) for cx, cy in coords] if count <= 30 else [],
                last_x=coords[-1][0] if coords else LEFT,
                last_y=coords[-1][1] if coords else HEIGHT - BOTTOM,
            )
        )
    every = _every(count)
    x_ticks = [Tick(round(x(0), 1), "0")] if start is not None else []
    x_ticks += [
        Tick(round(x(n), 1), steps[n - 1])
        for n in range(1, count + 1)
        if n % every == 0 or (n == 1 and start is None)
    ]
    y_ticks = [Tick(round(y(v), 1), str(v)) for v in range(bottom, top + 1, step)]
    return Chart(
        lines=lines,
        width=WIDTH,
        height=HEIGHT,
        top=top,
        steps=count,
        x_label=x_label,
        y_label=y_label,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        rows=_rows(series, steps, start),
    )


def _rows(series: dict[str, list[int]], steps: list[str], start: dict[str, int] | None):
    # With no start (a group's games: nothing before the first), the first row has no change.
    before: dict[str, int | None] = {
        label: None if start is None else start.get(label, 0) for label in series
    }
    rows = []
    for n, step in enumerate(steps):
        cells = []
        for label, values in series.items():
            value = values[n] if n < len(values) else values[-1]
            earlier = before[label]
            cells.append(Cell(score=value, change=None if earlier is None else value - earlier))
            before[label] = value
        rows.append(Row(step=step, cells=cells))
    return rows


def timeline_chart(line: Timeline, x_label: str, y_label: str) -> Chart | None:
    return chart(line.series, steps=line.steps, start=line.start, x_label=x_label, y_label=y_label)


def final_scores_by_game(finished: list[tuple[Game, dict]]) -> dict[str, list[int]]:
    """Each player's final score in each finished game of a group (0 when they sat out)."""
    rows = []
    for game, state in finished:
        outcome = game.outcome(state)
        labels = {seat.id: seat.label for seat in game.seats(state)}
        rows.append({labels.get(seat, seat): score for seat, score in outcome.scores.items()})
    players = sorted({name for row in rows for name in row})
    return {name: [row.get(name, 0) for row in rows] for name in players}
