"""Finished games per group, and scores after every move, as SVG charts."""

from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from games import results, services
from games.models import Table
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


def finished(name, group, players=("Ada", "Bo"), key=""):
    table = services.create_table(
        "tally", name, {"players": list(players)}, group=group, group_key=key
    )
    table, _ = services.apply_move(
        table.code, "add", {"points": 5}, expected_version=1, seat="table"
    )
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
    running = services.create_table(
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
    assert "Ada: 20, 20" in content
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
    # Following the link shows the group's results.
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
    alone = services.create_table("tally", "Alone", {"players": ["Ada", "Bo"]})
    page = sit(client, alone, "p1").get(reverse("games:table", args=[alone.code]))
    assert reverse("games:results").encode() + b"?key" not in page.content


@pytest.mark.django_db
def test_a_group_name_with_signs_in_it_still_opens(client):
    table = finished("Night", "Thu & Fri #2")
    page = sit(client, table, "p1").get(reverse("games:results")).content.decode()
    assert link(table) in page and "Thu &amp; Fri #2" in page
    response = client.get(link(table))
    assert response.status_code == 200 and b"Night" in response.content
