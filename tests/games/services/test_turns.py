"""The service layer: one transaction per action, version checks, log, undo."""

import pytest

from games.core.engine import RuleError
from games.models import Move, Table
from games.services import access, record, tables, turns

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


def test_create_table_sets_up_the_game(table):
    assert table.version == 1
    assert table.state["players"] == ["Ada", "Bo"]
    assert len(table.code) == 10


def test_create_table_refuses_unknown_games():
    with pytest.raises(RuleError, match="Unknown game"):
        tables.create_table("chess", "x", {})
    assert Table.objects.count() == 0


def test_create_table_refuses_bad_options_with_a_sentence():
    with pytest.raises(RuleError, match="options"):
        tables.create_table("tally", "x", {"players": []})


def test_apply_move_saves_state_version_and_log(table):
    table, move = turns.apply_move(table.code, "add", {"points": 3}, expected_version=1, seat="p1")
    assert table.version == 2
    assert table.state["totals"] == [3, 0]
    assert move.sentence == "Ada added 3."
    assert move.seat == "p1"
    assert move.args == {"points": 3}
    assert Table.objects.get(pk=table.pk).version == 2


def test_apply_move_takes_six_queries_or_fewer(table, django_assert_max_num_queries):
    # savepoint, lock the row, update the table, insert the move, release (the savepoint pair
    # exists only because the test runs inside a transaction).
    with django_assert_max_num_queries(6):
        turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="table")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"points": 9}, "less than or equal to 5"),
        ({}, "required"),
        ({"points": "x"}, "type a whole number, not “x”"),
    ],
)
def test_bad_arguments_are_refused_and_change_nothing(table, args, message):
    with pytest.raises(RuleError, match=message):
        turns.apply_move(table.code, "add", args, expected_version=1, seat="p1")
    table.refresh_from_db()
    assert table.version == 1
    assert not Move.objects.exists()


def test_rule_errors_change_nothing(table):
    with pytest.raises(RuleError, match="Ada's turn"):
        turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p2")
    table.refresh_from_db()
    assert (table.version, table.state["totals"]) == (1, [0, 0])


def test_broken_invariants_are_refused(table):
    with pytest.raises(RuleError, match="below zero"):
        turns.apply_move(table.code, "take-back", {}, expected_version=1, seat="table")
    assert Table.objects.get(pk=table.pk).version == 1


def test_unknown_seat_and_move_are_refused(table):
    with pytest.raises(RuleError, match="no seat"):
        turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p9")
    with pytest.raises(RuleError, match="no move"):
        turns.apply_move(table.code, "fly", {}, expected_version=1, seat="p1")


def test_stale_version_is_a_conflict_carrying_the_latest_table(table):
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p1")
    with pytest.raises(tables.VersionConflict) as caught:
        turns.apply_move(table.code, "add", {"points": 2}, expected_version=1, seat="p2")
    assert caught.value.table.version == 2
    assert caught.value.table.state["totals"] == [2, 0]


def test_unknown_code_is_not_found():
    with pytest.raises(access.TableNotFound):
        turns.apply_move("NOPE", "add", {"points": 1}, expected_version=1, seat="p1")


def test_undo_restores_the_exact_state_and_is_logged(table):
    before = table.state
    table, _ = turns.apply_move(table.code, "add", {"points": 4}, expected_version=1, seat="p1")
    table, undo = turns.undo_last(table.code, expected_version=2, seat="p1")
    assert table.state == before
    assert table.version == 3
    assert undo.sentence == "Ada undid: Ada added 4."
    assert Move.objects.get(version=2).undone


def test_undo_walks_back_one_move_at_a_time(table):
    states = [table.state]
    version = 1
    for points in (1, 2, 3):
        table, _ = turns.apply_move(
            table.code, "add", {"points": points}, expected_version=version, seat="table"
        )
        version = table.version
        states.append(table.state)
    for expected in reversed(states[:-1]):
        table, _ = turns.undo_last(table.code, expected_version=table.version, seat="table")
        assert table.state == expected
    with pytest.raises(RuleError, match="nothing to undo"):
        turns.undo_last(table.code, expected_version=table.version, seat="table")


def test_undo_takes_five_queries_plus_the_test_savepoint(table, django_assert_num_queries):
    turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="table")
    # savepoint, lock the row, find the last move, update the table, insert the undo,
    # mark the move undone, release.
    with django_assert_num_queries(7):
        turns.undo_last(table.code, expected_version=2, seat="table")


def test_history_is_newest_first(table):
    turns.apply_move(table.code, "add", {"points": 1}, expected_version=1, seat="p1")
    turns.apply_move(table.code, "add", {"points": 2}, expected_version=2, seat="p2")
    assert [m.sentence for m in record.history(table)] == ["Bo added 2.", "Ada added 1."]


def test_current_marks_are_one_cheap_query(table, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert tables.current_marks(table.code) == (1, 0)
    assert tables.current_marks("NOPE") is None


@pytest.mark.parametrize("form", [False, True], ids=["args", "form"])
def test_a_move_the_game_lacks_is_refused_in_one_wording(table, form):
    # A form post reads the move's arguments before the engine runs it: both say it alike.
    args = (lambda model: {}) if form else {}
    with pytest.raises(RuleError, match=r"^Tally \(tests only\) has no move called “fly”\.$"):
        turns.apply_move(table.code, "fly", args, expected_version=1, seat="p1")
    assert Table.objects.get(pk=table.pk).version == 1
