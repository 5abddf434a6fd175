"""The Galzyr campaign page laid out for the device (issue 16 items 5-8), in Chromium.

A campaign of the sample world mid-turn: Bo's adventurer (or Mara's: the starting player is
random) has travelled and opened scene 1101. Every seat — the story master, the active
player, the other player and the shared display — opens the page on a phone (390x844) and on a
landscape tablet (1180x820). On the phone the scene comes first, its top within the first
screen, and the campaign is one tap away on the tab bar, which keeps its tab across the live
swaps and works without JavaScript; on the tablet the scene and the campaign stand side by
side. Before this layout the page measured 4,495-7,650 px on the phone with the scene's top
at 2,458-5,053 px, and 3,440-5,186 px on the tablet in one column (the test's own table).

Also: the fold-outs show a marker (▸ closed, ▾ open); the browse list is one column inside its
card; the keypad refuses a fifth digit and says so; "Move a card" asks which copy of #170.
Screenshots: tests/browser/shots/galzyr-campaign-*.png.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from games.galzyr.campaign.text import possessive
from games.galzyr.shelf import forget_books
from games.galzyr.state import State
from games.services import tables, turns
from tests.browser import galzyr_steps as gz
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
# The page's height, at most (measured after this layout: 2,359-2,920 px on the phone, the
# scene's top at 155 px; 1,773-2,237 px on the tablet): room for a longer scene, far below
# the 4,495-7,650 px it measured with the scene under every campaign form.
PHONE_MAX, TABLET_MAX = 3600, 2800
SEATS = ("sm", "active", "other", "table")
PORTRAIT = {"width": 820, "height": 1180}
HEIGHT = "() => document.documentElement.scrollHeight"


def campaign_table(reading: bool = True):
    """A campaign of the sample world: the active player's figure at the Sallow Mere, the story
    begun and (``reading``) scene 1101 open. Returns the table and its seats by name."""
    forget_books()
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    table = tables.create_table(
        "galzyr",
        "Marches",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    s = State.model_validate(table.state)
    active = s.active + 1
    route = s.campaign.world.routes[0].between
    moves = [
        ("campaign-place-figure", {"player": active, "to": route[0]}, "sm"),
        ("campaign-travel", {"player": active, "to": route[1]}, f"p{active}"),
        ("campaign-begin-story", {}, f"p{active}"),
    ]
    if reading:
        moves.append(("open-scene", {"number": 1101}, f"p{active}"))
    for name, args, seat in moves:
        table, _ = turns.apply_move(
            table.code, name, args, expected_version=table.version, seat=seat
        )
    ids = {"sm": "sm", "active": f"p{active}", "other": f"p{3 - active}", "table": "table"}
    return table, ids


def device(chromium, base: str, table, seat: str, size: dict, **options) -> Page:
    context = chromium.new_context(viewport=size, has_touch=True, **options)
    context.set_default_timeout(5000)
    page = context.new_page()
    seats.join(page, seats.invite_url(base, table, seat))
    return page


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def tab(page: Page, name: str) -> None:
    """Tap a tab of the phone's tab bar."""
    page.locator(".gz-tabs label", has_text=name).click()


def marker(page: Page, summary) -> str:
    return summary.evaluate("s => getComputedStyle(s, '::before').content")


def test_each_seat_reads_the_scene_first_on_a_phone_and_beside_the_campaign_on_a_tablet(
    live_server, chromium
):
    table, ids = campaign_table()
    heights = {}
    for who in SEATS:
        page = device(chromium, live_server.url, table, ids[who], PHONE)
        expect(page.locator(".gz-scene")).to_be_visible()
        # the phone: the scene first, its top within the first screen; the campaign hidden
        # behind its tab, one tap away
        scene = box(page, ".gz-scene")
        assert 0 < scene["y"] < PHONE["height"] / 2, (who, scene)
        expect(page.locator(".gz-campaign")).to_be_hidden()
        heights["phone", who] = page.evaluate(HEIGHT)
        assert heights["phone", who] <= PHONE_MAX, (who, heights)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        save_shot(page, f"galzyr-campaign-{who}-phone")
        tab(page, "Campaign")
        expect(page.locator(".gz-campaign")).to_be_visible()
        expect(page.locator(".gz-scene")).to_be_hidden()
        assert box(page, ".gz-campaign")["y"] < PHONE["height"]
        heights["phone, campaign tab", who] = page.evaluate(HEIGHT)
        save_shot(page, f"galzyr-campaign-{who}-phone-campaign-tab")

        # the same device turned into a landscape tablet: two columns, no tab bar
        page.set_viewport_size(TABLET)
        expect(page.locator(".gz-tabs")).to_be_hidden()
        expect(page.locator(".gz-scene")).to_be_visible()
        expect(page.locator(".gz-campaign")).to_be_visible()
        scene, campaign = box(page, ".gz-scene"), box(page, ".gz-col-side")
        assert scene["x"] + scene["width"] <= campaign["x"], (scene, campaign)
        assert campaign["y"] < scene["y"] + 100  # side by side, tops level
        assert scene["y"] < TABLET["height"] / 4
        heights["tablet", who] = page.evaluate(HEIGHT)
        assert heights["tablet", who] <= TABLET_MAX, (who, heights)
        save_shot(page, f"galzyr-campaign-{who}-tablet")

        # a tablet held upright is a big phone: the tab bar, the scene first
        page.set_viewport_size(PORTRAIT)
        expect(page.locator(".gz-tabs")).to_be_visible()
        expect(page.locator(".gz-campaign")).to_be_visible()  # the tab last tapped
        tab(page, "Scene 1101")
        expect(page.locator(".gz-scene")).to_be_visible()
        assert 0 < box(page, ".gz-scene")["y"] < PORTRAIT["height"] / 4
        heights["portrait", who] = page.evaluate(HEIGHT)
        page.context.close()
    print("page heights", heights)


def test_the_tab_bar_keeps_its_tab_across_a_live_swap_and_works_without_javascript(
    live_server, chromium
):
    table, ids = campaign_table()
    phone = device(chromium, live_server.url, table, ids["sm"], PHONE)
    tab(phone, "Campaign")
    expect(phone.locator(".gz-campaign")).to_be_visible()
    before = gz.version(phone)
    # another device moves: the live region is swapped; the phone stays on the campaign
    table.refresh_from_db()
    turns.apply_move(
        table.code,
        "campaign-gold",
        {"player": 1, "amount": 2},
        expected_version=table.version,
        seat="table",
    )
    gz.wait_for_version(phone, before + 1)
    expect(phone.locator("#gz-tab-campaign")).to_be_checked()
    expect(phone.locator(".gz-campaign")).to_be_visible()
    expect(phone.locator(".gz-scene")).to_be_hidden()
    # and a move from the phone's own campaign tab
    gz.unfold(phone, "#gz-changes")
    gain = phone.locator(".gz-gold-form").get_by_role("button", name="Gain", exact=True)
    gz.act(phone, lambda: gain.click())
    expect(phone.locator("#gz-tab-campaign")).to_be_checked()
    expect(phone.locator(".gz-scene")).to_be_hidden()
    tab(phone, "Scene 1101")
    expect(phone.locator(".gz-scene")).to_be_visible()
    # a link from the scene to a campaign form (the printed box's "enter it by hand") shows it
    phone.locator(".gz-scene").evaluate(
        "s => s.insertAdjacentHTML('beforeend', '<a id=\"to-changes\" href=\"#gz-changes\">x</a>')"
    )
    phone.locator("#to-changes").click()
    expect(phone.locator("#gz-tab-campaign")).to_be_checked()
    expect(phone.locator("#gz-changes")).to_be_visible()
    phone.context.close()

    still = device(chromium, live_server.url, table, ids["table"], PHONE, java_script_enabled=False)
    expect(still.locator(".gz-scene")).to_be_visible()
    # a link to a campaign form, followed without JavaScript, shows the campaign
    still.goto(still.url.split("#")[0] + "#gz-changes")
    expect(still.locator("#gz-changes")).to_be_visible()
    expect(still.locator(".gz-scene")).to_be_hidden()
    tab(still, "Scene 1101")
    expect(still.locator(".gz-scene")).to_be_visible()
    expect(still.locator(".gz-campaign")).to_be_hidden()
    tab(still, "Campaign")
    expect(still.locator(".gz-campaign")).to_be_visible()
    expect(still.locator(".gz-scene")).to_be_hidden()
    still.context.close()


def test_fold_outs_show_a_marker_and_the_opener_fits_its_card(live_server, chromium):
    table, ids = campaign_table(reading=False)  # the story begun: the opener is open
    tablet = device(chromium, live_server.url, table, ids["sm"], TABLET)
    folds = {
        "open another scene": "#gz-opener > summary",
        "browse every scene": "#gz-scene-list > summary",
        "move a card": "#gz-move-card > summary",
        "timers": "#gz-timer-forms > summary",
        "figures and travel": "#gz-travel > summary",
        "a tray": ".gz-tray > summary",
        "an adventurer's board": ".gz-board > summary",
    }
    for name, selector in folds.items():
        summary = tablet.locator(selector).first
        expect(summary).to_be_visible()
        is_open = summary.evaluate("s => s.parentElement.open")
        assert marker(tablet, summary) == ('"▾"' if is_open else '"▸"'), name
    move = tablet.locator("#gz-move-card > summary")
    move.click()
    assert marker(tablet, move) == '"▾"'

    # "Browse every scene": one column scrolling inside the card, every scene inside it
    tablet.locator("#gz-scene-list > summary").click()
    listing = tablet.locator(".gz-scene-list")
    expect(listing).to_be_visible()
    card = box(tablet, "#gz-opener")
    inside = listing.evaluate(
        """(list, card) => [...list.querySelectorAll('button')].filter(b => {
             const r = b.getBoundingClientRect();
             return r.left >= card.x - 1 && r.right <= card.x + card.width + 1;
           }).length""",
        card,
    )
    total = listing.locator("button").count()
    assert total > 50 and inside == total
    assert listing.evaluate("l => l.scrollWidth <= l.clientWidth + 1")
    save_shot(tablet, "galzyr-campaign-opener-tablet", full_page=False)

    # the keypad: a fifth digit is refused and said
    keys = tablet.locator(".gz-keys")
    for digit in "12345":
        keys.get_by_role("button", name=digit, exact=True).click()
    expect(tablet.get_by_role("textbox", name="Scene number")).to_have_value("1234")
    expect(tablet.locator(".gz-keypad-note")).to_be_visible()
    expect(tablet.locator(".gz-keypad-note")).to_contain_text("4 digits at most")
    keys.get_by_role("button", name="Delete the last digit").click()
    expect(tablet.get_by_role("textbox", name="Scene number")).to_have_value("123")
    expect(tablet.locator(".gz-keypad-note")).to_be_hidden()
    tablet.context.close()


def test_move_a_card_asks_which_copy_of_170(live_server, chromium):
    table, ids = campaign_table(reading=False)
    table, _ = turns.apply_move(
        table.code,
        "campaign-take-card",
        {"number": 170, "pick": "random", "player": 2},
        expected_version=table.version,
        seat="sm",
    )
    tablet = device(chromium, live_server.url, table, ids["sm"], TABLET)
    fold = tablet.locator("#gz-move-card")
    fold.locator("summary").click()
    fold.get_by_label("Card number").fill("170")
    fold.get_by_label("To").select_option(label="The vault")
    before = gz.version(tablet)
    fold.get_by_role("button", name="Move it").click()
    refusal = tablet.locator("#live .flash.error")
    expect(refusal).to_contain_text("Card #170 has different copies:")
    expect(refusal).to_contain_text("Say which one to move.")
    copies = tablet.locator("#gz-copies form")
    expect(copies.first).to_be_visible()
    assert copies.count() in (5, 6)
    fold.scroll_into_view_if_needed()
    save_shot(tablet, "galzyr-campaign-which-copy-tablet", full_page=False)
    held = tablet.locator("#gz-copies button", has_text=f"{possessive('Marrow Hollins')} inventory")
    held.click()  # (gz.act would read the refusal still shown as this move's)
    gz.wait_for_version(tablet, before + 1)
    expect(tablet.locator("#live .flash.error")).to_have_count(0)
    expect(tablet.locator("#live > p.flash:not(#table-moved)")).to_contain_text(
        f"from {possessive('Marrow Hollins')} inventory"
    )
    assert not any(c.startswith("#170") for c in gz.cards(tablet, "Marrow Hollins"))
    tablet.context.close()


def test_the_campaign_column_keeps_its_place_when_another_device_moves(live_server, chromium):
    """On a landscape tablet the campaign column scrolls on its own; a live swap used to put
    it back at its top after every move (QA of issue 16)."""
    table, ids = campaign_table()
    tablet = device(chromium, live_server.url, table, ids["table"], TABLET)
    column = tablet.locator(".gz-col-side")
    column.evaluate("c => { c.scrollTop = 300; }")
    kept = column.evaluate("c => c.scrollTop")
    assert kept > 100  # the column is taller than the screen
    before = gz.version(tablet)
    table.refresh_from_db()
    turns.apply_move(
        table.code,
        "campaign-gold",
        {"player": 1, "amount": 2},
        expected_version=table.version,
        seat="sm",
    )
    gz.wait_for_version(tablet, before + 1)
    assert column.evaluate("c => c.scrollTop") == kept
    tablet.context.close()


def test_a_move_sent_from_the_campaign_column_keeps_the_page_and_the_form_in_place(
    live_server, chromium
):
    """QA 7: after "End the turn" in the tablet's campaign column the page jumped to the middle
    (the form kept its screen place by scrolling the page, not the column it is in)."""
    table, ids = campaign_table()
    tablet = device(chromium, live_server.url, table, ids["table"], TABLET)
    gz.unfold(tablet, "#gz-changes")
    gold = tablet.locator(".gz-gold-form")
    gold.evaluate("f => f.scrollIntoView({block: 'center'})")
    column = tablet.locator(".gz-col-side")
    assert column.evaluate("c => c.scrollTop") > 100  # the form is well down the column
    page_top = tablet.evaluate("() => window.scrollY")
    form_top = gold.bounding_box()["y"]
    gold.get_by_label("Gold").select_option("2")
    gz.act(tablet, lambda: gold.get_by_role("button", name="Gain").click())
    assert tablet.evaluate("() => window.scrollY") == page_top
    assert abs(tablet.locator(".gz-gold-form").bounding_box()["y"] - form_top) < 2
    tablet.context.close()
