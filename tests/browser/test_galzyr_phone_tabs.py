"""The phone's tab bar after the phone's own move, with the table's stream open (issue 16).

The stream announces the phone's own move before the move's answer is back, so the page used
to fetch the table a second time: the later answer was swapped into the live region the first
one had already replaced, and htmx's hx-preserve took the tab bar's radios out of the page with
it. "Campaign" then no longer answered until a reload (static/js/live.js: one request for the
live region at a time, the page's own move first).
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.services import tables, turns
from tests.browser import galzyr_steps as gz
from tests.browser.conftest import PHONE, save_shot
from tests.browser.test_galzyr_campaign_layout import SAMPLE, device, tab

pytestmark = pytest.mark.django_db(transaction=True)

# The stream's news of the phone's own move has come (while the move was answered, or after),
# and whatever the page fetched for it is answered and swapped in (static/js/live.js).
HEARD = """v => tkLive.announced() >= v && tkLive.settled()
                && !document.querySelector('#live .htmx-request')"""


def travelling_table():
    """A campaign of the sample world, the active adventurer's figure placed: their turn's
    travel is next. Returns the table and the active player's seat."""
    forget_books()
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    table = tables.create_table(
        "galzyr",
        "Marches",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    s = State.model_validate(table.state)
    active = s.active + 1
    table, _ = turns.apply_move(
        table.code,
        "campaign-place-figure",
        {"player": active, "to": s.campaign.world.routes[0].between[0]},
        expected_version=table.version,
        seat="sm",
    )
    return table, f"p{active}"


def test_the_tab_bar_outlives_the_phones_own_moves(asgi_url, chromium):
    table, seat = travelling_table()
    phone = device(chromium, asgi_url, table, seat, PHONE)
    errors: list[str] = []
    phone.on("console", lambda message: message.type == "error" and errors.append(message.text))
    phone.wait_for_function("window.tkLive && window.tkLive.isLive()", timeout=5000)
    tab(phone, "Campaign")
    expect(phone.locator(".gz-campaign")).to_be_visible()
    for step in range(2):  # travel, then gold: each announced on the stream while it's answered
        if step == 0:
            button = phone.locator("#gz-travel form").first.get_by_role("button").first
        else:
            gz.unfold(phone, "#gz-changes")
            button = phone.locator(".gz-gold-form").get_by_role("button", name="Gain", exact=True)
        gz.act(phone, lambda b=button: b.click())
        phone.wait_for_function(HEARD, arg=gz.version(phone))
        expect(phone.locator("#gz-tab-scene")).to_have_count(1)
        expect(phone.locator("#gz-tab-campaign")).to_be_checked()
        expect(phone.locator(".gz-campaign")).to_be_visible()
    save_shot(phone, "galzyr-campaign-phone-after-own-moves")
    tab(phone, "Scene")
    expect(phone.locator(".gz-col-main")).to_be_visible()
    expect(phone.locator(".gz-campaign")).to_be_hidden()
    tab(phone, "Campaign")
    expect(phone.locator(".gz-campaign")).to_be_visible()
    assert errors == []
    phone.context.close()
