"""Scores over time, as points for an SVG line chart (no chart library, no JavaScript).

Only finished games are plotted: a running game's scores may still be secret
(face-down VP tokens), and `outcome()` reports them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Game

WIDTH, HEIGHT, PAD = 600, 240, 28
COLOURS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e"]


@dataclass
class Line:
    label: str
    colour: str
    values: list[int]
    points: str  # "x,y x,y …" for <polyline points>
    last_x: float
    last_y: float


@dataclass
class Chart:
    lines: list[Line]
    width: int
    height: int
    top: int  # the highest score, labelled on the y axis
    steps: int


def chart(series: dict[str, list[int]]) -> Chart | None:
    """One line per label; every series has the same number of steps."""
    if not series:
        return None
    steps = max(len(values) for values in series.values())
    top = max([max(values, default=0) for values in series.values()] + [1])
    span_x = (WIDTH - 2 * PAD) / max(steps - 1, 1)
    span_y = (HEIGHT - 2 * PAD) / top
    lines = []
    for n, (label, values) in enumerate(series.items()):
        coords = [(PAD + i * span_x, HEIGHT - PAD - v * span_y) for i, v in enumerate(values)]
        lines.append(
            Line(
                label=label,
                colour=COLOURS[n % len(COLOURS)],
                values=values,
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in coords),
                last_x=coords[-1][0] if coords else PAD,
                last_y=coords[-1][1] if coords else HEIGHT - PAD,
            )
        )
    return Chart(lines=lines, width=WIDTH, height=HEIGHT, top=top, steps=steps)


def scores_by_move(game: Game, states: list[dict]) -> dict[str, list[int]]:
    """Each seat's score after every state of a table, oldest first, labelled by player."""
    labels = {seat.id: seat.label for seat in game.seats(states[-1])}
    series: dict[str, list[int]] = {}
    for state in states:
        outcome = game.outcome(state)
        if outcome is None:
            continue
        for seat, score in outcome.scores.items():
            series.setdefault(labels.get(seat, seat), []).append(score)
    return series


def final_scores_by_game(finished: list[tuple[Game, dict]]) -> dict[str, list[int]]:
    """Each player's final score in each finished game of a group (0 when they sat out)."""
    rows = []
    for game, state in finished:
        outcome = game.outcome(state)
        labels = {seat.id: seat.label for seat in game.seats(state)}
        rows.append({labels.get(seat, seat): score for seat, score in outcome.scores.items()})
    players = sorted({name for row in rows for name in row})
    return {name: [row.get(name, 0) for row in rows] for name in players}
