"""Tavern Tales tapped through in a real browser: a 3-player and a 2-player game to the win, and
a short claim at every screen size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.services import access, tables, turns
from tests.browser.live import SYNC, settled
from tests.browser.seats import invite_url, join, join_link, take_here

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 1024, "height": 768}  # the long games run at this one size
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def device(chromium):
    """A fresh device (its own cookies) at the tablet size."""
    contexts = []

    def open_device():
        context = chromium.new_context(viewport=TABLET, has_touch=True)
        context.set_default_timeout(5000)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


def new_table(page, base, players, modules=()):
    page.goto(f"{base}/new/tavern-tales/")
    for field, name in zip(page.locator("input[name=player]").all(), players, strict=False):
        field.fill(name)
    for module in modules:
        page.get_by_label(module).check()
    # "Who goes first?" names the players as typed: the first one typed goes first.
    page.get_by_role("radio", name=players[0], exact=True).check()
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    code = page.url.rstrip("/").split("/")[-2]
    return access.find_table(code)


def sit(page, label, keeper=None):
    """Take a seat: on the keeper's own screen, or by the join link read off ``keeper``'s."""
    if keeper is None:
        take_here(page, label)
    else:
        join(page, join_link(keeper, label))


def stake(page, depth, slot, hero):
    board = page.locator(f'[data-depth="{depth}"]')
    board.get_by_text("Stake a claim here").click()
    board.locator(f'input[name=slots][value="{slot}"]').check()
    board.get_by_role("radio", name=hero, exact=True).check()
    board.get_by_role("button", name="Stake the claim").click()
    expect(page.locator(".tt-claim h2")).to_have_text(f"A claim at the {depth}")


def handed(page, name):
    """The shared tablet plays a player's decision only handed over to them (no device holds
    their seat): "Hand the tablet to …", then the player's own tap."""
    if name in (page.locator(".hand-over.playing").all_inner_texts() or [""])[0]:
        return
    page.get_by_role("link", name=f"Hand the tablet to {name}").first.click()
    page.get_by_role("button", name=f"I am {name}: show my part").click()
    expect(page.locator(".hand-over.playing")).to_contain_text(f"{name} is playing")


def tap(page, button, then):
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.locator(".log li").first).to_contain_text(then)
    settled(page)  # the move's sentence is brought on the screen after the swap


def one_up(page, hero, then):
    page.locator(".tt-claim").get_by_role("radio", name=hero, exact=True).check()
    tap(page, "One-up", then)


def collect(page, *feats, then, copies=None):
    for select, feat in zip(page.locator("select[name=reveal]").all(), feats, strict=True):
        select.select_option(feat)
    if copies is not None:  # the answer to "How many Gold cards does the game have?"
        page.locator(".tt-collect input[name=copies]").fill(str(copies))
    tap(page, "Collect", then)


def test_a_3_player_game_to_the_win(live_server, device):
    tablet = device()
    table = new_table(tablet, live_server.url, ["Mara", "Bo", "Cy"], modules=["Elite Heroes"])
    sit(tablet, "Table")
    expect(tablet.locator(".tt-setup")).to_contain_text("Shuffle 3 random elite heroes")
    expect(tablet.locator(".tt-say")).to_contain_text("Mara: stake a claim")

    # Close to the end: Mara's score is raised to 29 with the score fixer (and her hand shrinks).
    tablet.get_by_text("Fix a score").click()
    for step, total in [(10, 10), (10, 20), (5, 25), (1, 26), (1, 27), (1, 28), (1, 29)]:
        tap(tablet, f"Mara +{step}", f"now {total}.")  # the score fixer stays open between taps
        if total == 20:
            expect(tablet.locator(".log li").first).to_contain_text("Mara discards down to 3")
    expect(tablet.locator(".tt-player").first).to_contain_text("3 heroes in hand · limit 3")

    handed(tablet, "Mara")
    stake(tablet, "Mineshaft", 0, "Dwarf · Specialist · Mineshaft")
    handed(tablet, "Bo")
    tap(tablet, "Pass", "Bo passed.")
    handed(tablet, "Cy")
    one_up(tablet, "Specialist · Mineshaft", "Cy one-upped with a specialist (Mineshaft).")
    handed(tablet, "Mara")
    one_up(tablet, "Adventurer · Mineshaft & Inferno", "Mara one-upped")
    handed(tablet, "Bo")
    tap(tablet, "Pass", "Bo passed.")  # Bo passed before and passes again
    handed(tablet, "Cy")
    tap(tablet, "Pass", "Mara wins the claim")
    handed(tablet, "Mara")
    # The first Gold named: the app asks its copies (printed on the card), once.
    tablet.locator("select[name=reveal]").select_option("Gold")
    tablet.get_by_role("button", name="Collect", exact=True).click()
    expect(tablet.get_by_role("alert").filter(has_text="How many Gold cards")).to_be_visible()
    collect(tablet, "Gold", copies=7, then="Mara reaches 30 prestige and wins!")

    expect(tablet.locator(".outcome")).to_contain_text("Mara won with 30 prestige.")
    expect(tablet.locator(".tt-over")).to_contain_text("Mara")
    expect(tablet.get_by_text("Stake a claim here")).to_have_count(0)
    tablet.get_by_role("link", name="Prestige turn by turn").click()
    expect(tablet.locator(".chart svg polyline")).to_have_count(3)
    table.refresh_from_db()
    assert [p["prestige"] for p in table.state["players"]] == [30, 0, 0]


def test_a_2_player_game_to_the_win(live_server, device):
    tablet = device()
    table = new_table(tablet, live_server.url, ["Mara", "Bo"])
    for index, points in ((0, 29), (1, 28)):
        args = {"player": index, "points": points}
        turns.apply_move(
            table.code, "adjust-prestige", args, expected_version=1 + index, seat="table"
        )
    sit(tablet, "Table")
    expect(tablet.locator(".tt-say")).to_contain_text("Mara: stake a claim.")

    # Claim 1 on the shared tablet: face-down one-ups until both hands are spent, then last call.
    handed(tablet, "Mara")
    stake(tablet, "Mineshaft", 0, "Dwarf · Specialist · Mineshaft")
    for who in ["Bo", "Mara", "Bo", "Mara", "Bo", "Mara"]:
        handed(tablet, who)
        tap(tablet, "One-up face-down", f"{who} one-upped with a face-down hero.")
    handed(tablet, "Bo")
    expect(tablet.locator(".tt-claim")).to_contain_text("Last call!")
    claim = tablet.locator(".tt-claim")
    claim.get_by_role("radio", name="Specialist · Mineshaft", exact=True).check()
    tap(tablet, "Play it face-up", "Bo wins the claim")
    handed(tablet, "Bo")
    collect(tablet, "Gold", copies=7, then="Bo collects Gold (+1): 28 → 29 prestige.")

    # Claim 2 on the players' phones: Bo lies face-down, Mara flips the table.
    mara, bo = device(), device()
    sit(mara, "Mara", keeper=tablet)
    sit(bo, "Bo", keeper=tablet)
    expect(mara.locator(".tt-say")).to_contain_text("Your decision")
    stake(mara, "Caverns", 1, "Specialist · Caverns")
    expect(bo.locator(".tt-say")).to_contain_text("Bo: pass, or one-up", timeout=SYNC)  # polled
    bo.get_by_text("Tell the app which hero").click()
    bo.get_by_role("radio", name="Adventurer · Catacombs & Inferno", exact=True).check()
    tap(bo, "One-up face-down", "Bo one-upped with a face-down hero.")
    expect(bo.locator(".tt-plays")).to_contain_text("Catacombs & Inferno")
    expect(mara.locator(".tt-plays")).to_contain_text("a face-down hero", timeout=SYNC)
    expect(mara.locator(".tt-plays")).not_to_contain_text("Catacombs")
    tap(mara, "Flip the table", "doesn't match the Caverns")
    collect(mara, "Gold", then="Mara reaches 30 prestige and wins!")
    expect(mara.locator(".outcome")).to_contain_text("Mara won with 30 prestige.")
    expect(bo.locator(".outcome")).to_contain_text("Mara won", timeout=SYNC)
    mara.get_by_role("link", name="Prestige turn by turn").click()
    expect(mara.locator(".chart svg polyline")).to_have_count(2)


def test_a_claim_at_every_screen_size(live_server, new_page):
    table = tables.create_table(
        "tavern-tales", "Smoke", {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    )
    page = new_page()
    join(page, invite_url(live_server.url, table, "Table"))  # set up on the server: no keeper
    handed(page, "Mara")
    stake(page, "Inferno", 2, "Adventurer · Catacombs & Inferno")
    handed(page, "Bo")
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_visible()
    tap(page, "Pass", "Bo passed.")
    handed(page, "Cy")
    expect(page.locator(".tt-say")).to_contain_text("Cy: pass, or one-up")
    cy_hero = page.locator(".tt-claim").get_by_role("radio", name="Specialist · Inferno")
    expect(cy_hero).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    for target in page.locator("button:visible, .pick:visible, summary:visible").all():
        box = target.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, target.inner_text()


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_a_collects_sentence_is_brought_on_a_phones_screen(live_server, new_page):
    """QAF new problem 6: after Collect on a phone, 'Mara collects …' was said at the top of
    the table while the screen stayed down on the board's tap-in forms (static/js/live.js)."""
    options = {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    table = tables.create_table(
        "tavern-tales", "Phone", {**options, "catalog": {"feats": [{"name": "Gold", "count": 9}]}}
    )
    page = new_page()
    join(page, invite_url(live_server.url, table, "Table"))
    handed(page, "Mara")
    stake(page, "Inferno", 2, "Adventurer · Catacombs & Inferno")
    for name in ("Bo", "Cy"):
        handed(page, name)
        tap(page, "Pass", f"{name} passed.")
    handed(page, "Mara")
    collect(page, "Gold", then="Mara collects Gold (+1): 0 → 1 prestige.")
    said = page.locator("#live > .flash[role=status]").filter(has_text="Mara collects Gold")
    box = said.bounding_box()
    on_screen = box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert on_screen, f"the sentence is at {box['y']}px"


def test_the_copies_question_keeps_the_feats_tapped_in(live_server, device):
    """QAF new problem 3: after 'How many Gold cards does the game have?' the three selects
    went back to 'face-up, not tapped in'; now only the copies are left to give."""
    table = tables.create_table(
        "tavern-tales", "Tap in", {"players": ["Mara", "Bo", "Cy"], "first_player": 0}
    )
    tablet = device()
    join(tablet, invite_url(live_server.url, table, "Table"))
    board = tablet.locator('[data-depth="Mineshaft"]')
    board.get_by_text("Tap in feats").click()
    for select in board.locator("select[name=feats]").all():
        select.select_option(label="Gold")
    board.get_by_role("button", name="Save what lies here").click()
    expect(tablet.get_by_role("alert").filter(has_text="How many Gold cards")).to_be_visible()
    board = tablet.locator('[data-depth="Mineshaft"]')
    for select in board.locator("select[name=feats]").all():
        expect(select.locator("option:checked")).to_have_text("Gold")
    board.locator("input[name=copies]").fill("7")
    board.get_by_role("button", name="Save what lies here").click()
    expect(tablet.locator(".log li").first).to_contain_text("The Mineshaft shows Gold, Gold, Gold.")
