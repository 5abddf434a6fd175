"""Finished games per group, and scores after every move, as SVG charts."""

from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import reverse

from games import group_results, results, services
from tests.seating import sit

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


def finished(name, group, players=("Ada", "Bo")):
    table = services.create_table("tally", name, {"players": list(players)}, group=group)
    table, _ = services.apply_move(
        table.code, "add", {"points": 5}, expected_version=1, seat="table"
    )
    table.state["totals"] = [20] + [0] * (len(players) - 1)  # finish it quickly
    table.save()
    return table


def link(group, key=None):
    key = group_results.group_key(group) if key is None else key
    return reverse("games:results") + "?" + urlencode({"group": group, "key": key}, quote_via=quote)


@pytest.fixture
def thursday():
    """The group "Thu": two finished tables and a running one; "Sat" plays elsewhere."""
    first = finished("First", "Thu")
    finished("Second", "Thu")
    running = services.create_table("tally", "Running", {"players": ["Ada", "Bo"]}, group="Thu")
    elsewhere = finished("Elsewhere", "Sat", players=("Ada",))
    return {"first": first, "running": running, "elsewhere": elsewhere}


@pytest.mark.django_db
def test_the_groups_link_lists_its_finished_games(client, thursday):
    response = client.get(link("Thu"))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Results of Thu" in content
    assert "First" in content and "Second" in content
    assert "Running" not in content and "Elsewhere" not in content
    assert "Ada: 20, 20" in content
    assert reverse("games:scores", args=[thursday["first"].code]) in content


@pytest.mark.django_db
@pytest.mark.parametrize(
    "key", ["", "0" * 20, group_results.group_key("Sat")], ids=["none", "wrong", "other group"]
)
def test_without_the_right_key_a_group_is_not_found(client, thursday, key):
    response = client.get(reverse("games:results"), {"group": "Thu", "key": key})
    assert response.status_code == 404
    assert b"First" not in response.content


@pytest.mark.django_db
def test_the_key_is_the_servers_secret_and_differs_by_group(settings):
    thu = group_results.group_key("Thu")
    assert len(thu) == 20 and thu != group_results.group_key("thu")
    assert group_results.key_opens("Thu", thu)
    assert not group_results.key_opens("", group_results.group_key(""))  # no group, no results
    settings.SECRET_KEY = "another server"
    assert group_results.group_key("Thu") != thu


@pytest.mark.django_db
def test_without_a_key_it_lists_only_the_groups_this_browser_holds_seats_in(
    client, thursday, django_assert_num_queries
):
    sit(client, thursday["running"], "p1")  # a seat at a running table of "Thu"
    with django_assert_num_queries(1):  # this browser's claims with their tables
        response = client.get(reverse("games:results"))
    content = response.content.decode()
    assert link("Thu").replace("&", "&amp;") in content
    assert "Sat" not in content and group_results.group_key("Sat") not in content
    assert "First" not in content  # the links, not the results themselves
    # Following the link shows the group's results.
    assert b"Second" in client.get(link("Thu")).content


@pytest.mark.django_db
def test_a_strangers_results_page_names_no_group(client, thursday):
    sit(client, thursday["first"], "p1")
    content = Client().get(reverse("games:results")).content.decode()
    for name in ("Thu", "Sat", "First", "Elsewhere"):
        assert name not in content
    assert group_results.group_key("Thu") not in content


@pytest.mark.django_db
def test_a_seated_device_sees_its_groups_results_link_on_the_table_page(client, thursday):
    table = thursday["running"]
    page = sit(client, table, "p2").get(reverse("games:table", args=[table.code]))
    assert link("Thu").replace("&", "&amp;") in page.content.decode()
    # A table of no group has no results link.
    alone = services.create_table("tally", "Alone", {"players": ["Ada", "Bo"]})
    page = sit(client, alone, "p1").get(reverse("games:table", args=[alone.code]))
    assert reverse("games:results").encode() + b"?group" not in page.content


@pytest.mark.django_db
def test_a_group_name_with_signs_in_it_still_opens(client):
    table = finished("Night", "Thu & Fri #2")
    page = sit(client, table, "p1").get(reverse("games:results")).content.decode()
    assert link("Thu & Fri #2").replace("&", "&amp;") in page
    response = client.get(link("Thu & Fri #2"))
    assert response.status_code == 200 and b"Night" in response.content
