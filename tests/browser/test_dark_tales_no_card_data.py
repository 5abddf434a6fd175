"""A new group plays Dark Tales on one tablet without entering any card data first: the app
asks about the Ogre at its first play, once, and the second Ogre plays with a tap."""

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.browser.conftest import TABLET, save_shot
from tests.browser.live import act
from tests.browser.seats import take_here

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "The app does not know these of the Ogre yet"


def choose_ogre(page):
    """Draw, then choose the Ogre in the play form; returns the form."""
    act(page, lambda: page.get_by_role("button", name="Draw a card").click())
    form = page.locator("form.move", has=page.get_by_role("button", name="Play the card"))
    form.locator("select[name=card]").select_option("Ogre")
    return form


def test_the_ogres_vp_are_asked_once_on_one_tablet(live_server, chromium):
    page = chromium.new_context(viewport=TABLET, has_touch=True).new_page()
    page.set_default_timeout(5000)
    page.goto(live_server.url + "/")
    page.locator(".tile", has_text="Dark Tales").get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("No cards entered")
    for n, name in enumerate(["Ivy", "Jo"], start=1):
        page.get_by_label(f"Player {n}", exact=True).fill(name)
    page.get_by_role("button", name="Start the table").click()
    take_here(page, "Table")  # one tablet: the shared display plays every seat
    first = Table.objects.get().state["active"]  # the first player is drawn at random

    choose_ogre(page).get_by_role("button", name="Play the card").click()
    alert = page.locator("[role=alert]")
    expect(alert).to_contain_text(QUESTION)
    expect(alert).to_contain_text("its VP, its type and its copies")
    save_shot(page, "dark-tales-question-tablet")
    asked = 1
    # The form kept the Ogre; the questions are open beside it.
    form = page.locator("form.move", has=page.get_by_role("button", name="Play the card"))
    expect(form.locator("select[name=card]")).to_have_value("Ogre")
    form.get_by_label("VP printed on the card").fill("3")
    form.get_by_label("Its type").select_option("villain")
    form.get_by_label("Copies (the number after the set letter)").fill("2")
    act(page, lambda: form.get_by_role("button", name="Play the card").click())
    expect(page.locator("#live")).not_to_contain_text(QUESTION)

    # The other player's Ogre: no question, its 3 VP scored.
    form = choose_ogre(page)
    act(page, lambda: form.get_by_role("button", name="Play the card").click())
    expect(page.locator("p.flash[role=status]:not([hidden])")).to_contain_text("scored 3 VP")
    state = Table.objects.get().state
    second = (first + 1) % 2
    assert state["players"][second]["front"] == ["Ogre"]
    assert state["players"][second]["vp"] == 3
    asked += page.locator("[role=alert]", has_text=QUESTION).count()
    assert asked == 1
    save_shot(page, "dark-tales-no-card-data-tablet")
