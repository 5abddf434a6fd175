"""The load test's concurrent taps: pairs of devices on tables of their own, each pair tapping
within 100 ms of the other against the same version, while the load runs.

The game is Galzyr on the sample world (``fixtures/worlds/sallowmere-marches``, loaded into
the load test's database after the migrations): the story master and the active player each
hold their seat through the API on their own connection. A round opens scene 1003 (the
story master's tap, which gives the version both devices then see) and the two devices tap:

- **unrelated** — the story master answers the scene's secret question while the active
  player picks an option (the issue's case, tests/games/core/test_commute_concurrency.py): they
  commute, so both are made whatever the order (target: 0 refused, both logged, one at each
  of the next two versions);
- **same thing** — both devices pick the same option: exactly one is made, the other is
  refused with the table the first one left (409 with that version).

Dark Tales, the played table's game, has no such pair: every move is the active player's
turn (its ``contended`` places: whose turn, the phase, the deck), so two players' taps at the
same moment always conflict there.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

import httpx

from bench.loadtest_clients import Tally, bearer, http_client, keeper_sits, seat_lines
from bench.stats import median_ms, percentile_ms

WORLD = "sallowmere-marches"
WORLD_FOLDER = f"fixtures/worlds/{WORLD}"
SCENE = 1003  # the ferry steps: a secret question ("pell") and options to choose from
OPTION = 3
QUESTION = "pell"
WITHIN = 0.1  # seconds: the two taps of a pair land within this of each other
KINDS = ("unrelated", "same")


@dataclass
class PairTally:
    """One kind of pair: how the rounds ended, and the taps' write latencies."""

    tried: int = 0
    both_made: int = 0  # both answered 200
    one_wins: int = 0  # one 200, one 409 carrying the winner's version
    both_refused: int = 0
    refusals: int = 0  # taps answered 409
    logged_in_turn: int = 0  # both made, at the two versions after the one seen
    other: int = 0  # a round with an error or another answer (HTTP 4xx/5xx, exceptions)
    gaps: list[float] = field(default_factory=list)  # seconds between the two taps' sending
    taps: Tally = field(default_factory=Tally)


@dataclass
class PairTable:
    """A Galzyr table with its story master's and active player's devices."""

    code: str
    version: int
    sm: httpx.AsyncClient
    p1: httpx.AsyncClient
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Pairs:
    tables: list[PairTable]
    count: int  # rounds of each kind
    kinds: dict[str, PairTally] = field(default_factory=lambda: {k: PairTally() for k in KINDS})


class SetupError(RuntimeError):
    pass


async def move(client: httpx.AsyncClient, code: str, name: str, args: dict, version: int):
    return await client.post(
        f"/api/tables/{code}/moves/", json={"move": name, "args": args, "version": version}
    )


def version_of(response: httpx.Response, what: str) -> int:
    if response.status_code != 200:
        raise SetupError(f"{what} answered {response.status_code}: {response.text[:200]}")
    return response.json()["table"]["version"]


async def pair_table(url: str) -> PairTable:
    """The story master starts the table (its keeper) and sits; the active player takes the
    first player's seat with its join key, as a second device; the month is picked."""
    async with http_client(url) as client:
        response = await client.post(
            "/api/tables/",
            json={
                "game": "galzyr",
                "name": "Load test pair",
                "options": {"players": ["Mara", "Bo"], "world": WORLD},
            },
        )
        if response.status_code != 201:
            raise SetupError(f"a Galzyr table answered {response.status_code}: {response.text}")
        table = response.json()
        code = table["code"]
        sm_token = await keeper_sits(client, code, table["token"], "sm")
        p1_line = next(
            line for line in await seat_lines(client, code, sm_token) if line["id"] == "p1"
        )
        claimed = await client.post(
            f"/api/tables/{code}/claim/", json={"seat": "p1", "invite": p1_line["invite"]}
        )
        if claimed.status_code != 200:
            raise SetupError(f"the active player's claim answered {claimed.status_code}")
    sm = http_client(url, headers=bearer(sm_token))
    p1 = http_client(url, headers=bearer(claimed.json()["token"]))
    month = await move(sm, code, "pick-month", {"month": "june"}, table["version"])
    return PairTable(code, version_of(month, "picking the month"), sm, p1)


async def prepare_pairs(url: str, count: int, tables: int) -> Pairs:
    made = [await pair_table(url) for _ in range(max(1, min(tables, count)))]
    return Pairs(made, count)


async def close_pairs(pairs: Pairs) -> None:
    for table in pairs.tables:
        await table.sm.aclose()
        await table.p1.aclose()


async def tap(tally: PairTally, client, code: str, name: str, args: dict, version: int, delay):
    """One device's tap, ``delay`` s after both devices have the version: (sent at, answer)."""
    await asyncio.sleep(delay)
    start = time.monotonic()
    try:
        response = await move(client, code, name, args, version)
    except httpx.HTTPError as exc:
        tally.taps.fail(exc)
        return start, None
    tally.taps.record(time.monotonic() - start, response.status_code)
    return start, response


def taps_of(kind: str, n: int) -> tuple[tuple[str, dict], tuple[str, dict]]:
    """The story master's and the active player's taps in a round of ``kind``."""
    choice = ("choose", {"option": OPTION})
    if kind == "unrelated":
        return ("answer-secret", {"question": QUESTION, "yes": n % 2 == 0}), choice
    return choice, choice


async def play_round(pairs: Pairs, table: PairTable, kind: str, n: int) -> None:
    tally = pairs.kinds[kind]
    async with table.lock:  # a table's rounds one after the other
        opened = await move(table.sm, table.code, "open-scene", {"number": SCENE}, table.version)
        if opened.status_code != 200:
            tally.other += 1
            return
        seen = table.version = opened.json()["table"]["version"]
        (sm_name, sm_args), (p1_name, p1_args) = taps_of(kind, n)
        delays = (random.uniform(0, WITHIN), random.uniform(0, WITHIN))
        (sent_a, a), (sent_b, b) = await asyncio.gather(
            tap(tally, table.sm, table.code, sm_name, sm_args, seen, delays[0]),
            tap(tally, table.p1, table.code, p1_name, p1_args, seen, delays[1]),
        )
        tally.tried += 1
        tally.gaps.append(abs(sent_a - sent_b))
        answers = [r for r in (a, b) if r is not None and r.status_code in (200, 409)]
        statuses = sorted(r.status_code for r in answers)
        tally.refusals += statuses.count(409)
        # 200: {"move", "table": {"version", …}}; 409: the latest table, {"version", …}
        versions = [r.json().get("table", r.json())["version"] for r in answers]
        table.version = max(table.version, *versions, seen)
        if len(answers) < 2:
            tally.other += 1
        elif statuses == [200, 200]:
            tally.both_made += 1
            tally.logged_in_turn += sorted(versions) == [seen + 1, seen + 2]
        elif statuses == [409, 409]:
            tally.both_refused += 1
        else:
            won, lost = sorted(answers, key=lambda r: r.status_code)
            # The loser is answered the latest table: the version the winner's move made.
            tally.one_wins += lost.json()["version"] == won.json()["table"]["version"] == seen + 1


async def tap_pairs(pairs: Pairs, start: float, deadline: float) -> None:
    """The rounds of both kinds, alternating, spread evenly over the run."""
    rounds = [(kind, n) for n in range(pairs.count) for kind in KINDS]
    step = max(0.0, deadline - start - 1.0) / max(1, len(rounds))
    tasks = []
    for i, (kind, n) in enumerate(rounds):
        await asyncio.sleep(max(0.0, start + i * step - time.monotonic()))
        table = pairs.tables[(i // len(KINDS)) % len(pairs.tables)]
        tasks.append(asyncio.create_task(play_round(pairs, table, kind, n)))
    await asyncio.gather(*tasks)


def _latency(seconds: list[float]) -> dict:
    return {
        "count": len(seconds),
        "p50_ms": round(median_ms(seconds), 2),
        "p95_ms": round(percentile_ms(seconds, 95), 2),
    }


def pairs_summary(pairs: Pairs) -> dict:
    """Per kind: pairs tried, how they ended, the taps' write latency, the widest gap."""

    def kind(t: PairTally) -> dict:
        errors = {str(s): n for s, n in t.taps.by_status.items() if s not in (200, 409)}
        return {
            "tried": t.tried,
            "both_made": t.both_made,
            "logged_in_turn": t.logged_in_turn,
            "one_wins": t.one_wins,
            "both_refused": t.both_refused,
            "refusals": t.refusals,
            "other_rounds": t.other,
            "errors": sum(errors.values()) + sum(t.taps.errors.values()),
            "widest_gap_ms": round(max(t.gaps, default=0.0) * 1000, 1),
            "write": _latency(t.taps.seconds),
        }

    return {
        "tables": len(pairs.tables),
        "game": f"galzyr ({WORLD}, scene {SCENE})",
        **{name: kind(t) for name, t in pairs.kinds.items()},
    }


def pairs_lines(p: dict | None, line) -> list[str]:
    if not p:
        return []
    u, s = p["unrelated"], p["same"]
    return [
        f"concurrent taps: pairs of devices on {p['tables']} tables of their own, "
        f"{p['game']}, both against the same version, sent within "
        f"{max(u['widest_gap_ms'], s['widest_gap_ms']):.0f} ms of each other",
        f"  unrelated (secret answer + option choice): {u['tried']} pairs, "
        f"{u['refusals']} refused (target 0), both made {u['both_made']} "
        f"(logged at the next two versions {u['logged_in_turn']}), "
        f"other {u['other_rounds']}, errors {u['errors']}",
        f"  same thing (both pick option {OPTION}): {s['tried']} pairs, exactly one wins "
        f"{s['one_wins']} (the other answered the latest table), both made {s['both_made']}, "
        f"both refused {s['both_refused']}, other {s['other_rounds']}, errors {s['errors']}",
        line("unrelated taps (writes)", u["write"]),
        line("same-thing taps (writes)", s["write"]),
    ]
