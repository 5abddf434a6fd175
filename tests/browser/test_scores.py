"""The scores page of a finished game at 390x844 and 1180x820: a chart per turn with labelled
axes, the table beside it (below it on a phone), nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.games.web.test_results import dark_tales_to_the_end
from tests.seating import claim, cookie_value

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("size_name", "scheme"), [("phone", "light"), ("tablet", "light"), ("phone", "dark")]
)
def test_a_finished_games_scores_turn_by_turn(live_server, chromium, size_name, scheme):
    size = {"phone": PHONE, "tablet": TABLET}[size_name]
    table = dark_tales_to_the_end()
    context = chromium.new_context(viewport=size, has_touch=True, color_scheme=scheme)
    # a player's phone: the code alone opens no scores (games/services/access.py reads_table)
    secret = cookie_value(table.code, claim(table, "p1"))
    context.add_cookies([{"name": f"seat_{table.code}", "value": secret, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.code}/scores/")
    chart = page.locator("figure.chart")
    expect(chart.locator("svg .axis-title")).to_have_text(["Turn", "Victory points"])
    expect(chart.locator("table")).to_be_visible()
    plot, numbers = (
        chart.locator(".chart-plot").bounding_box(),
        chart.locator("table").bounding_box(),
    )
    if size_name == "tablet":  # side by side
        assert numbers["x"] >= plot["x"] + plot["width"] - 1
    else:  # the table below the chart
        assert numbers["y"] >= plot["y"] + plot["height"] - 1
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    save_shot(page, f"dark-tales-scores-{size_name}{'-dark' if scheme == 'dark' else ''}")
    context.close()
