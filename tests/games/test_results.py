"""Finished games per group, and scores after every move, as SVG charts."""

import pytest
from django.urls import reverse

from games import results, services

from ..conftest import tally  # noqa: TID252 - the tests' own game


def test_chart_scales_every_line_into_the_box():
    chart = results.chart({"Ada": [0, 5, 20], "Bo": [0, 3, 7]})
    assert chart.top == 20 and chart.steps == 3
    ada = chart.lines[0]
    xs = [float(p.split(",")[0]) for p in ada.points.split()]
    ys = [float(p.split(",")[1]) for p in ada.points.split()]
    assert xs[0] == results.PAD and xs[-1] == results.WIDTH - results.PAD
    assert ys[0] == results.HEIGHT - results.PAD and ys[-1] == results.PAD


def test_no_series_no_chart():
    assert results.chart({}) is None


def test_final_scores_by_game_fill_absent_players_with_zero():
    states = [
        tally.setup({"players": ["Ada", "Bo"]}, seed=1),
        tally.setup({"players": ["Ada", "Cy"]}, seed=2),
    ]
    states[0]["totals"] = [20, 4]
    states[1]["totals"] = [6, 21]
    series = results.final_scores_by_game([(tally, s) for s in states])
    assert series == {"Ada": [20, 6], "Bo": [4, 0], "Cy": [0, 21]}


@pytest.mark.django_db
def test_scores_page_plots_a_finished_game_move_by_move(client):
    table = services.create_table("tally", "Race", {"players": ["Ada", "Bo"]}, group="Thu")
    version = 1
    for _ in range(4):
        for _seat in ("p1", "p2"):
            table, _ = services.apply_move(
                table.code, "add", {"points": 5}, expected_version=version, seat="table"
            )
            version = table.version
    response = client.get(reverse("games:scores", args=[table.code]))
    assert b"<polyline" in response.content
    assert b"Ada: 0, 5, 5, 10, 10, 15, 15, 20, 20" in response.content


@pytest.mark.django_db
def test_scores_page_leaves_undone_moves_out(client):
    table = services.create_table("tally", "Race", {"players": ["Ada", "Bo"]})
    for points in (3, 4, 5, 5, 5, 5, 5, 5, 5, 5):
        table, _ = services.apply_move(
            table.code, "add", {"points": points}, expected_version=table.version, seat="table"
        )
        if points == 4:  # Bo's 4 never happened: Bo adds 5 instead
            table, _ = services.undo_last(table.code, expected_version=table.version, seat="table")
    response = client.get(reverse("games:scores", args=[table.code]))
    assert b"Ada: 0, 3, 3, 8, 8, 13, 13, 18, 18, 23" in response.content
    assert b"Bo: 0, 0, 5, 5, 10, 10, 15, 15, 20, 20" in response.content


@pytest.mark.django_db
def test_scores_of_a_running_game_stay_secret(client):
    table = services.create_table("tally", "Race", {"players": ["Ada", "Bo"]})
    response = client.get(reverse("games:scores", args=[table.code]))
    assert b"<polyline" not in response.content
    assert b"once the game is over" in response.content


@pytest.mark.django_db
def test_results_page_lists_a_groups_finished_games(client):
    for name in ("First", "Second", "Running"):
        table = services.create_table("tally", name, {"players": ["Ada", "Bo"]}, group="Thu")
        if name != "Running":
            services.apply_move(table.code, "add", {"points": 5}, expected_version=1, seat="table")
            table.refresh_from_db()
            table.state["totals"] = [20, 0]  # finish it quickly
            table.save()
    services.create_table("tally", "Elsewhere", {"players": ["Ada"]}, group="Sat")
    response = client.get(reverse("games:results"), {"group": "Thu"})
    content = response.content.decode()
    assert "First" in content and "Second" in content
    assert "Running" not in content and "Elsewhere" not in content
    assert "Ada: 20, 20" in content
    assert '<option value="Sat"' in content
