"""Medians and nearest-rank percentiles, in milliseconds."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def median_ms(seconds: Sequence[float]) -> float:
    return statistics.median(seconds) * 1000 if seconds else float("nan")


def percentile_ms(seconds: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile: the smallest sample at or above ``pct`` % of them."""
    if not seconds:
        return float("nan")
    ordered = sorted(seconds)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1] * 1000
