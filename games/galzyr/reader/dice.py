"""The dice helper: the rulebook's dice procedure over virtual dice.

The procedure is the rulebook's: a pool of 5 base skill dice; each skill mark swaps one base
die for that skill's advanced die, at most 2 advanced dice of a skill (a partner's marks
included); roll all dice; once, reroll all of them; card effects add stars (successes) or
broken stars; the total never goes below 0.

The faces are NOT the published dice' faces (the rulebook doesn't list them): they are
Talekeeper's own tables for virtual dice, built from the world's skill circle so that any
world's skills work. A face lists a skill once per success it shows.

* A base die has one face per skill: ``(thievery,)``, ``(might,)``, … — 1 in 6 for any skill.
* An advanced die of skill S, whose neighbours in the circle are L and R, has the faces
  ``(S, S)``, ``(S,)``, ``(S, L)``, ``(S, R)``, ``(L,)``, ``(R,)``: strong for S (5 successes
  in 6 faces on average), useful for its neighbours (1 in 3), blank for the rest.

Groups rolling their physical dice enter the successes instead; nothing here is used then.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.core.engine import RuleError
from games.core.rng import Rng

BASE = "base"
POOL = 5
MAX_ADVANCED = 2  # advanced dice of one skill in a pool, as for skill marks
ROLLS = 2  # the roll and one reroll of all dice

Face = tuple[str, ...]


def neighbours(skill: str, circle: Sequence[str]) -> tuple[str, str]:
    i = circle.index(skill)
    return circle[i - 1], circle[(i + 1) % len(circle)]


def faces(kind: str, circle: Sequence[str]) -> list[Face]:
    """The six faces of a base die (``kind == "base"``) or of a skill's advanced die."""
    if kind == BASE:
        return [(s,) for s in circle]
    left, right = neighbours(kind, circle)
    return [(kind, kind), (kind,), (kind, left), (kind, right), (left,), (right,)]


def build_pool(marks: Iterable[str], circle: Sequence[str]) -> list[str]:
    """The dice pool for these skill marks (a skill listed once per mark), advanced dice first."""
    count = Counter(marks)
    for skill, n in count.items():
        if skill not in circle:
            raise RuleError(f"There is no skill “{skill}” in this world.")
        if n > MAX_ADVANCED:
            raise RuleError(
                f"At most {MAX_ADVANCED} advanced dice of one skill: {n} marks of {skill} given."
            )
    total = sum(count.values())
    if total > POOL:
        raise RuleError(f"A dice pool has {POOL} dice: {total} marks can't all swap one.")
    advanced = [skill for skill in circle for _ in range(count.get(skill, 0))]
    return advanced + [BASE] * (POOL - len(advanced))


def roll(pool: Sequence[str], circle: Sequence[str], rng: Rng) -> list[int]:
    """Roll every die of the pool: the index of the face each one shows."""
    return [rng.randbelow(len(faces(kind, circle))) for kind in pool]


def shown(pool: Sequence[str], rolled: Sequence[int], circle: Sequence[str]) -> list[Face]:
    return [faces(kind, circle)[i] for kind, i in zip(pool, rolled, strict=True)]


def dice_successes(
    pool: Sequence[str], rolled: Sequence[int], skill: str, circle: Sequence[str]
) -> int:
    """Successes the dice show for the tested skill (a double face counts two)."""
    return sum(face.count(skill) for face in shown(pool, rolled, circle))


def total(dice: int, stars: int = 0, broken: int = 0) -> int:
    """Dice successes plus stars minus broken stars, never below 0."""
    return max(0, dice + stars - broken)
