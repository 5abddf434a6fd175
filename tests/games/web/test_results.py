"""Scores over time: a finished table round by round (or turn by turn) with labelled axes and a
table beside the chart, and a group's finished games."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from games.core import scores
from games.core.engine import Outcome, RuleError, Seat
from games.core.rng import Rng
from games.dark_tales.game import game as dark_tales
from games.models import Table
from games.services import tables, turns
from tests.conftest import tally
from tests.games.dark_tales.conftest import TEST_CARDS
from tests.games.dark_tales.test_dark_tales_random_game import bot_move
from tests.seating import sit


def test_chart_scales_every_line_into_the_box():
    chart = scores.chart({"Ada": [0, 5, 20], "Bo": [0, 3, 7]}, x_label="Game", y_label="Score")
    assert chart.top == 20 and chart.steps == 3
    ada = chart.lines[0]
    xs = [float(p.split(",")[0]) for p in ada.points.split()]
    ys = [float(p.split(",")[1]) for p in ada.points.split()]
    assert xs[0] == scores.LEFT and xs[-1] == scores.WIDTH - scores.RIGHT
    assert ys[0] == scores.HEIGHT - scores.BOTTOM and ys[-1] == scores.TOP
    assert [t.label for t in chart.y_ticks] == ["0", "5", "10", "15", "20"]
    assert [t.label for t in chart.x_ticks] == ["1", "2", "3"]
    assert (chart.x_label, chart.y_label) == ("Game", "Score")


def test_a_chart_from_the_start_draws_it_at_zero_and_tables_each_change():
    chart = scores.chart(
        {"Ada": [3, 3, 9], "Bo": [0, 4, 4]}, steps=["1", "2", "3"], start={"Ada": 0, "Bo": 0}
    )
    assert [t.label for t in chart.x_ticks] == ["0", "1", "2", "3"]
    assert (
        chart.lines[0].points.split()[0] == f"{scores.LEFT:.1f},{scores.HEIGHT - scores.BOTTOM:.1f}"
    )
    assert [(r.step, [(c.score, c.change) for c in r.cells]) for r in chart.rows] == [
        ("1", [(3, 3), (0, 0)]),
        ("2", [(3, 0), (4, 4)]),
        ("3", [(9, 6), (4, 0)]),
    ]


@pytest.mark.parametrize(
    ("span", "step"), [(0, 1), (4, 1), (7, 2), (20, 5), (30, 10), (130, 50), (1000, 200)]
)
def test_ticks_fall_on_round_numbers(span, step):
    assert scores.nice_step(span) == step


def test_a_long_game_labels_every_few_steps():
    chart = scores.chart({"Ada": list(range(60))})
    labels = [t.label for t in chart.x_ticks]
    assert labels[:3] == ["1", "5", "10"] and labels[-1] == "60"
    assert len(labels) <= scores.MAX_X_TICKS + 1
    assert chart.lines[0].dots == []  # 60 dots would blur the line


def test_no_series_no_chart():
    assert scores.chart({}) is None


class Played:
    """A game's states as the scores page reads them: ``score`` per seat, and the clock's key."""

    def __init__(self, slug):
        self.slug = slug

    def seats(self, state):
        return [Seat("table", "Table", "table"), Seat("p1", "Ada", "player")] + [
            Seat("p2", "Bo", "player")
        ]

    def outcome(self, state):
        return Outcome(finished=state.get("over", False), scores=dict(state["score"]))


def states(*steps):
    """(turn or round, Ada's score, Bo's score) per state."""
    return [{"turn": t, "campaign": {"game": {"number": t}}, "score": {"p1": a, "p2": b}}
            for t, a, b in steps]  # fmt: skip


def test_a_turn_ends_with_the_move_that_passes_it_on():
    # Ada scores 2 and passes (turn 2 begins); Bo scores 3 in the move that ends turn 2.
    played = states((1, 0, 0), (1, 2, 0), (2, 2, 0), (3, 2, 3), (3, 6, 3))
    line = scores.timeline(Played("tavern-tales"), played)
    assert (line.unit, line.score, line.steps) == ("turn", "prestige", ["1", "2", "3"])
    assert line.start == {"Ada": 0, "Bo": 0}
    assert line.series == {"Ada": [2, 2, 6], "Bo": [0, 3, 3]}


def test_galzyr_is_plotted_by_round():
    played = states((1, 0, 0), (1, 1, 0), (1, 1, 2), (2, 3, 2), (2, 5, 2))
    played.insert(3, {**played[2], "campaign": {"game": None}})  # between rounds: no game
    line = scores.timeline(Played("galzyr"), played)
    assert (line.unit, line.score, line.steps) == ("round", "prestige", ["1", "2"])
    assert line.series == {"Ada": [3, 5], "Bo": [2, 2]}


def test_a_step_nothing_was_scored_in_at_the_end_is_left_out():
    played = states((1, 0, 0), (2, 4, 0), (3, 4, 5))  # turn 3 began, then the game ended
    assert scores.timeline(Played("tales-of-danger"), played).steps == ["1", "2"]


def test_dark_tales_plots_its_face_down_piles_once_the_game_is_over():
    vp = [{"turn": t, "players": [{"vp": a}, {"vp": b}]} for t, a, b in ((1, 0, 0), (2, 3, 0))]
    game = Played("dark-tales")
    game.outcome = lambda state: Outcome(finished=True, scores={"p1": 0, "p2": 0})
    line = scores.timeline(game, vp)
    assert line.series == {"Ada": [3], "Bo": [0]} and line.score == "vp"


def test_a_game_without_a_clock_is_plotted_per_move():
    line = scores.timeline(Played("tally"), states((0, 0, 0), (1, 5, 0), (0, 5, 5)))
    assert (line.unit, line.steps) == ("move", ["1", "2"])
    assert line.series == {"Ada": [5, 5], "Bo": [0, 5]}


def test_final_scores_by_game_fill_absent_players_with_zero():
    states = [
        tally.setup({"players": ["Ada", "Bo"]}, seed=1),
        tally.setup({"players": ["Ada", "Cy"]}, seed=2),
    ]
    states[0]["totals"] = [20, 4]
    states[1]["totals"] = [6, 21]
    series = scores.final_scores_by_game([(tally, s) for s in states])
    assert series == {"Ada": [20, 6], "Bo": [4, 0], "Cy": [0, 21]}


def race(undo_at=None):
    """Ada and Bo add 5 points a move until Ada reaches 20 (tally: plotted per move)."""
    table = tables.create_table("tally", "Race", {"players": ["Ada", "Bo"]}, group="Thu")
    for points in (5, 5, 5, 5, 5, 5, 5):
        table, _ = turns.apply_move(
            table.code, "add", {"points": points}, expected_version=table.version, seat="table"
        )
    return table


def cells(html: str) -> list[list[str]]:
    """The chart's table, row by row (the step, then each player's score and change)."""
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = body.split("<tr>")[1:]
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row) for row in rows]


@pytest.mark.django_db
def test_scores_page_plots_a_finished_game_with_labelled_axes_and_a_table(
    client, django_assert_num_queries
):
    table = race()
    sit(client, table, "p2")  # a player's phone (the code alone opens no scores)
    with django_assert_num_queries(2):  # the table with the claim, then its log
        response = client.get(reverse("games:scores", args=[table.code]))
    html = response.content.decode()
    assert "<polyline" in html and html.count("<polyline") == 2
    assert 'class="axis-title"' in html and ">Move</text>" in html and ">Points</text>" in html
    assert "Scores after each move" in html
    assert cells(html)[:3] == [
        ["1", '5 <span class="change">(+5)</span>', "0"],
        ["2", "5", '5 <span class="change">(+5)</span>'],
        ["3", '10 <span class="change">(+5)</span>', "5"],
    ]
    assert len(cells(html)) == 7
    assert "<html" in html  # the whole page


@pytest.mark.django_db
def test_htmx_gets_the_scores_section_alone(client, django_assert_num_queries):
    table = race()
    sit(client, table, "p1")
    with django_assert_num_queries(2):
        response = client.get(reverse("games:scores", args=[table.code]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="scores"')
    assert "<html" not in html and "topbar" not in html
    assert "<polyline" in html and len(cells(html)) == 7


@pytest.mark.django_db
def test_scores_page_leaves_undone_moves_out(client):
    table = tables.create_table("tally", "Race", {"players": ["Ada", "Bo"]})
    for points in (3, 4, 5, 5, 5, 5, 5, 5, 5, 5):
        table, _ = turns.apply_move(
            table.code, "add", {"points": points}, expected_version=table.version, seat="table"
        )
        if points == 4:  # Bo's 4 never happened: Bo adds 5 instead
            table, _ = turns.undo_last(table.code, expected_version=table.version, seat="table")
    sit(client, table, "table")
    rows = cells(client.get(reverse("games:scores", args=[table.code])).content.decode())
    scores = [[re.sub(r" <span.*", "", c) for c in row[1:]] for row in rows]
    assert [a for a, _b in scores] == ["3", "3", "8", "8", "13", "13", "18", "18", "23"]
    assert [b for _a, b in scores] == ["0", "5", "5", "10", "10", "15", "15", "20", "20"]


@pytest.mark.django_db
def test_scores_of_a_running_game_stay_secret(client):
    table = tables.create_table("tally", "Race", {"players": ["Ada", "Bo"]})
    response = sit(client, table, "p1").get(reverse("games:scores", args=[table.code]))
    assert b"<polyline" not in response.content
    assert b"once the game is over" in response.content


def finished(name, group, players=("Ada", "Bo"), key=""):
    table = tables.create_table(
        "tally", name, {"players": list(players)}, group=group, group_key=key
    )
    table, _ = turns.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="table")
    table.state["totals"] = [20] + [0] * (len(players) - 1)  # finish it quickly
    table.save()
    return table


def link(table):
    return reverse("games:results") + "?" + urlencode({"key": table.group_key})


@pytest.fixture
def thursday():
    """The group "Thu": two finished tables and a running one (one group: one key); "Sat"
    plays elsewhere; another group also called "Thu" has a key of its own."""
    first = finished("First", "Thu")
    finished("Second", "Thu", key=first.group_key)
    running = tables.create_table(
        "tally", "Running", {"players": ["Ada", "Bo"]}, group="Thu", group_key=first.group_key
    )
    elsewhere = finished("Elsewhere", "Sat", players=("Ada",))
    namesake = finished("Namesake", "Thu")
    return {"first": first, "running": running, "elsewhere": elsewhere, "namesake": namesake}


@pytest.mark.django_db
def test_the_groups_link_lists_its_finished_games(client, thursday):
    response = client.get(link(thursday["first"]))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Results of Thu" in content
    assert "First" in content and "Second" in content
    assert "Running" not in content and "Elsewhere" not in content
    assert "Namesake" not in content  # another group that picked the same name
    assert "Final scores, game by game" in content and ">Game</text>" in content
    # a first game has no earlier one to differ from: no "(+20)"
    assert [row[1] for row in cells(content)] == ["20", "20"]
    assert reverse("games:scores", args=[thursday["first"].code]) in content


@pytest.mark.django_db
def test_two_groups_with_one_name_have_their_own_results(client, thursday):
    assert thursday["namesake"].group_key != thursday["first"].group_key
    content = client.get(link(thursday["namesake"])).content.decode()
    assert "Namesake" in content and "First" not in content


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["", "0" * 22], ids=["none", "wrong"])
def test_without_the_right_key_a_group_is_not_found(client, thursday, key):
    response = client.get(reverse("games:results"), {"key": key})
    assert response.status_code == 404 if key else 200
    assert b"First" not in response.content


@pytest.mark.django_db
def test_a_device_starting_a_table_for_its_group_joins_the_groups_key(client, thursday):
    sit(client, thursday["running"], "p1")
    client.post(reverse("games:new", args=["tally"]), {"name": "Next", "group": "Thu"})
    made = Table.objects.get(name="Next")
    assert made.group_key == thursday["first"].group_key
    # A device with no table of that group starts a key of its own.
    Client().post(reverse("games:new", args=["tally"]), {"name": "Other", "group": "Thu"})
    assert Table.objects.get(name="Other").group_key not in {
        thursday["first"].group_key,
        thursday["namesake"].group_key,
    }


@pytest.mark.django_db
def test_without_a_key_it_lists_only_the_groups_this_browser_holds_seats_in(
    client, thursday, django_assert_num_queries
):
    sit(client, thursday["running"], "p1")  # a seat at a running table of "Thu"
    with django_assert_num_queries(1):  # this browser's claims with their tables
        response = client.get(reverse("games:results"))
    content = response.content.decode()
    assert link(thursday["first"]) in content
    assert "Sat" not in content and thursday["elsewhere"].group_key not in content
    assert thursday["namesake"].group_key not in content
    assert "First" not in content  # the links, not the results themselves
    # Following the link shows the group's scores.
    assert b"Second" in client.get(link(thursday["first"])).content


@pytest.mark.django_db
def test_a_strangers_results_page_names_no_group(client, thursday):
    sit(client, thursday["first"], "p1")
    content = Client().get(reverse("games:results")).content.decode()
    for name in ("Thu", "Sat", "First", "Elsewhere"):
        assert name not in content
    assert thursday["first"].group_key not in content


@pytest.mark.django_db
def test_a_seated_device_sees_its_groups_results_link_on_the_table_page(client, thursday):
    table = thursday["running"]
    page = sit(client, table, "p2").get(reverse("games:table", args=[table.code]))
    assert link(table) in page.content.decode()
    # A table of no group has no results link.
    alone = tables.create_table("tally", "Alone", {"players": ["Ada", "Bo"]})
    page = sit(client, alone, "p1").get(reverse("games:table", args=[alone.code]))
    assert reverse("games:results").encode() + b"?key" not in page.content


@pytest.mark.django_db
def test_a_group_name_with_signs_in_it_still_opens(client):
    table = finished("Night", "Thu & Fri #2")
    page = sit(client, table, "p1").get(reverse("games:results")).content.decode()
    assert link(table) in page and "Thu &amp; Fri #2" in page
    response = client.get(link(table))
    assert response.status_code == 200 and b"Night" in response.content


def dark_tales_to_the_end(seed=7, players=("Ada", "Bo", "Cy")):
    """A seeded Dark Tales game played to its reveal through the services, by the random-game
    bot (tests/games/dark_tales/test_dark_tales_random_game.py)."""
    options = {"players": list(players), "setting_a": "A1", "setting_b": "B1"}
    options["cards"] = TEST_CARDS  # typed cards for the Dragon and Sword, every card's copies
    table = tables.create_table("dark-tales", "Night", options)
    rng = Rng(seed)
    for _ in range(3000):
        state = dark_tales.load(table.state)
        if state.phase == "over":
            return table
        move, args, may_fail = bot_move(state, rng)
        seat = args["player"] if move == "enter-bonus" else "table"
        try:
            table, _ = turns.apply_move(
                table.code, move, args, expected_version=table.version, seat=seat
            )
        except RuleError:
            if not may_fail:
                raise
            if move == "play-item":
                table, _ = turns.apply_move(
                    table.code, "skip-item", {}, expected_version=table.version, seat=seat
                )
    raise AssertionError("the game did not end")


@pytest.mark.django_db
def test_a_dark_tales_game_is_plotted_turn_by_turn(client, django_assert_num_queries):
    table = dark_tales_to_the_end()
    state = dark_tales.load(table.state)
    sit(client, table, "p3")
    with django_assert_num_queries(2):
        html = client.get(reverse("games:scores", args=[table.code])).content.decode()
    assert ">Turn</text>" in html and ">Victory points</text>" in html
    assert "Scores at the end of each turn" in html
    rows = cells(html)
    assert [row[0] for row in rows] == [str(n) for n in range(1, len(rows) + 1)]
    assert len(rows) in (state.turn - 1, state.turn)  # a row per turn, not per move
    assert table.version - 1 > len(rows)  # more moves than rows: some turns took several
    final = [int(re.sub(r" <span.*", "", c)) for c in rows[-1][1:]]
    assert final == [p.vp for p in state.players]  # the last row is the revealed scores
