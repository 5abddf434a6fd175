"""Outcome ranges: first match from the left, coverage of every success count, labels."""

from __future__ import annotations

from collections.abc import Iterable

from storybook.format import Outcome


def outcome_ranges(
    outcomes: Iterable[Outcome], challenge: bool = False
) -> list[tuple[int, int | None]]:
    """Each outcome's (low, high) successes; challenge mode raises every number but 0 by one."""
    out = []
    for o in outcomes:
        lo = o.min or 0
        hi = o.max
        if challenge:
            lo = lo + 1 if lo > 0 else 0
            hi = hi + 1 if hi is not None else None
        out.append((lo, hi))
    return out


def first_match(ranges: list[tuple[int, int | None]], successes: int) -> int | None:
    """Index of the first range from the left that contains ``successes``."""
    for i, (lo, hi) in enumerate(ranges):
        if successes >= lo and (hi is None or successes <= hi):
            return i
    return None


def coverage(
    ranges: list[tuple[int, int | None]],
) -> tuple[list[int], list[tuple[int, int | None]]]:
    """(indices that never match, success counts no range covers, as (from, to or None))."""
    bounds = [b for r in ranges for b in r if b is not None]
    top = max(bounds, default=0) + 1  # every count above ``top`` behaves like ``top``
    hit: set[int] = set()
    gaps: list[tuple[int, int | None]] = []
    for n in range(top + 1):
        i = first_match(ranges, n)
        if i is None:
            end: int | None = None if n == top else n
            if gaps and gaps[-1][1] == n - 1:
                gaps[-1] = (gaps[-1][0], end)
            else:
                gaps.append((n, end))
        else:
            hit.add(i)
    return [i for i in range(len(ranges)) if i not in hit], gaps


def range_label(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"{lo}+" if lo else "any"
    return str(lo) if lo == hi else f"{lo}–{hi}"


def effective_labels(ranges: list[tuple[int, int | None]]) -> list[str]:
    """What each outcome really takes once the ones left of it have had theirs: "0", "1–2", "3+"."""
    bounds = [b for r in ranges for b in r if b is not None]
    top = max(bounds, default=0) + 1
    taken: dict[int, list[int]] = {}
    for n in range(top + 1):
        i = first_match(ranges, n)
        if i is not None:
            taken.setdefault(i, []).append(n)
    labels = []
    for i in range(len(ranges)):
        counts = taken.get(i)
        if not counts:
            labels.append("never")
        elif counts[-1] == top:
            labels.append(range_label(counts[0], None) if counts[0] else "any")
        else:
            labels.append(range_label(counts[0], counts[-1]))
    return labels
