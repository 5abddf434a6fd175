"""Devices writing at once (threads, each with its own database connection, on SQLite or on
PostgreSQL with make test-postgres): a stale move that commutes is made, one that does not is
refused with the latest table, and the log replayed move by move gives the table — no update
is lost, whatever the interleaving.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from games.galzyr.shelf import forget_books
from games.models import Move
from games.services import tables, turns
from tests.games.core.test_commute_game import commons, commons_registered  # noqa: F401 (autouse)
from tests.seating import api_as

pytestmark = pytest.mark.django_db(transaction=True)
SEATS = ["p1", "p2", "p3"]


def run_devices(devices, rounds: int, tap) -> list[BaseException]:
    """Start every device's thread together; ``tap(device, round)`` makes its moves."""
    start = threading.Barrier(len(devices))
    failures: list[BaseException] = []

    def device(name: str) -> None:
        try:
            start.wait()
            for n in range(rounds):
                tap(name, n)
        except BaseException as exc:  # surfaced by the caller: a thread can't fail the test
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(name,)) for name in devices]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return failures


def replayed(table, state: dict) -> dict:
    """The table's first ``state`` with every logged move made again, in the log's order."""
    moves = list(Move.objects.filter(table=table).order_by("version"))
    assert [m.version for m in moves] == list(range(2, len(moves) + 2)), "a version is missing"
    for logged in moves:
        state, _ = commons.apply(state, logged.name, logged.args, logged.seat)
    return state


def test_mixed_taps_from_many_devices_lose_no_update():
    table = tables.create_table("commons", "Rush", {"players": ["Ada", "Bo", "Cy"]})
    first = table.state
    lock = threading.Lock()
    made: list[tuple[str, str, dict]] = []
    refused: Counter = Counter()

    def tap(seat: str, n: int) -> None:
        rng = random.Random(f"{seat}-{n}")
        # Half the taps commute with everyone's (their own marks and note), half conflict
        # (the shared pot, the generator).
        name, args = rng.choice(
            [
                ("mark", {"points": rng.randint(1, 5)}),
                ("note", {"text": f"{seat}-{n}"}),
                ("pot", {"points": rng.randint(1, 5)}),
                ("draw", {}),
            ]
        )
        seen = tables.current_marks(table.code).version
        time.sleep(rng.uniform(0, 0.02))  # the time a tap takes to arrive
        try:
            turns.apply_move(table.code, name, args, expected_version=seen, seat=seat)
        except tables.VersionConflict as exc:
            assert exc.table.version > seen
            with lock:
                refused[name] += 1
        else:
            with lock:
                made.append((seat, name, args))

    failures = run_devices(SEATS, 12, tap)
    assert not failures, failures
    table.refresh_from_db()
    print(f"made {Counter(name for _, name, _ in made)}, refused {refused}")
    assert len(made) + sum(refused.values()) == 3 * 12
    assert Move.objects.filter(table=table).count() == len(made) == table.version - 1
    # The serial replay of the log is the table, exactly.
    assert replayed(table, first) == table.state
    # Every accepted tap is in the table: no update was lost.
    for i, seat in enumerate(SEATS):
        marks = sum(a["points"] for s, name, a in made if s == seat and name == "mark")
        assert table.state["marks"][i] == marks
    assert table.state["pot"] == sum(a["points"] for _, name, a in made if name == "pot")
    assert len(table.state["drawn"]) == sum(1 for _, name, _ in made if name == "draw")
    # A device's own marks and note commute with every other tap: never refused.
    assert refused["mark"] == refused["note"] == 0


def test_two_devices_tapping_unrelated_actions_within_100_ms_are_never_refused():
    table = tables.create_table("commons", "Quick", {"players": ["Ada", "Bo"]})
    first = table.state
    refusals: list[str] = []
    rounds = 15
    seen_by_round: dict[int, int] = {}
    ready = threading.Barrier(2)

    def tap(seat: str, n: int) -> None:
        if seat == "p1":
            seen_by_round[n] = tables.current_marks(table.code).version
        ready.wait()  # both devices show the same version
        seen = seen_by_round[n]
        time.sleep(random.uniform(0, 0.1))  # the two taps land within 100 ms of each other
        name, args = ("mark", {"points": 1}) if seat == "p1" else ("note", {"text": f"{n}"})
        try:
            turns.apply_move(table.code, name, args, expected_version=seen, seat=seat)
        except tables.VersionConflict:
            refusals.append(f"{seat} round {n}")
        ready.wait()  # the next round starts from the table both moves left

    failures = run_devices(["p1", "p2"], rounds, tap)
    assert not failures, failures
    assert refusals == []
    table.refresh_from_db()
    assert table.version == 1 + 2 * rounds
    assert table.state["marks"] == [rounds, 0] and table.state["notes"] == {"p2": f"{rounds - 1}"}
    assert replayed(table, first) == table.state


@pytest.mark.parametrize(
    ("taps", "why"),
    [
        ({"phone 1": ("p1", "pot", {"points": 1}), "phone 2": ("p2", "pot", {})}, "the pot"),
        ({"phone 1": ("p1", "draw", {}), "phone 2": ("p2", "draw", {})}, "the generator"),
        # One seat's two devices (the phone, and the shared display acting for it).
        ({"phone": ("p1", "mark", {}), "display": ("p1", "mark", {})}, "the same tap"),
        (
            {"phone": ("p1", "note", {"text": "a"}), "display": ("p1", "note", {"text": "b"})},
            "a note",
        ),
    ],
)
def test_two_devices_tapping_the_same_thing_one_wins_the_other_sees_the_latest(taps, why):
    table = tables.create_table("commons", "Same", {"players": ["Ada", "Bo"]})
    first = table.state
    rounds = 8
    outcome: dict[int, list] = {n: [] for n in range(rounds)}
    seen_by_round: dict[int, int] = {}
    ready = threading.Barrier(2)
    reader = next(iter(taps))

    def tap(device: str, n: int) -> None:
        if device == reader:
            seen_by_round[n] = tables.current_marks(table.code).version
        ready.wait()  # both devices show the same version
        seen = seen_by_round[n]
        time.sleep(random.uniform(0, 0.1))  # the two taps land within 100 ms of each other
        seat, name, args = taps[device]
        try:
            latest, _ = turns.apply_move(table.code, name, args, expected_version=seen, seat=seat)
        except tables.VersionConflict as exc:
            outcome[n].append(("refused", device, exc.table.version, exc.table.state))
        else:
            outcome[n].append(("made", device, latest.version, latest.state))
        ready.wait()  # the next round starts from the table the winner left

    failures = run_devices(list(taps), rounds, tap)
    assert not failures, failures
    for n, results in outcome.items():
        assert sorted(result[0] for result in results) == ["made", "refused"], (why, n)
        won, lost = sorted(results, key=lambda result: result[0])
        # The loser's answer is the latest table: the one the winner's move left.
        assert lost[2:] == won[2:] and won[2] == seen_by_round[n] + 1
    table.refresh_from_db()
    assert table.version == 1 + rounds
    assert replayed(table, first) == table.state


def test_the_story_masters_secret_answer_and_a_players_choice_are_both_made_through_the_api():
    """The issue's case, on the real game and through the API: the story master answers a
    secret question while the active player picks an option, within 100 ms of each other."""
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())
    table = tables.create_table(
        "galzyr", "Ferry", {"players": ["Mara", "Bo"], "world": "sallowmere-marches"}
    )
    turns.apply_move(table.code, "pick-month", {"month": "june"}, expected_version=1, seat="sm")
    clients = {"sm": api_as(table, "sm"), "p1": api_as(table, "p1")}
    taps = {
        "sm": lambda n: {"move": "answer-secret", "args": {"question": "pell", "yes": n % 2 == 0}},
        "p1": lambda n: {"move": "choose", "args": {"option": 3}},  # ask the otters
    }
    answers: dict[int, list[int]] = {}
    seen_by_round: dict[int, int] = {}
    ready = threading.Barrier(2)

    def tap(seat: str, n: int) -> None:
        if seat == "sm":
            opened, _ = turns.apply_move(
                table.code,
                "open-scene",
                {"number": 1003},
                expected_version=tables.current_marks(table.code).version,
                seat="sm",
            )
            seen_by_round[n] = opened.version
        ready.wait()
        time.sleep(random.uniform(0, 0.1))
        response = clients[seat].post(
            f"/api/tables/{table.code}/moves/",
            {**taps[seat](n), "version": seen_by_round[n]},
            format="json",
        )
        answers.setdefault(n, []).append(response.status_code)
        ready.wait()

    failures = run_devices(["sm", "p1"], 5, tap)
    assert not failures, failures
    assert answers == {n: [200, 200] for n in range(5)}
    table.refresh_from_db()
    assert table.state["option"] == 2 and table.state["answers"] == {"pell": True}
