"""A newcomer's campaign of the sample world on a tablet: set up a 2-player game, play two
full rounds with the storybook in campaign mode, save, and continue in a new browser session.

The story master runs the table on a tablet, which started it and so keeps it; the starting
player takes their seat on their own tablet by the join link on the keeper's screen, so the
two devices show each other's moves. After the save both browsers are closed; at the next
session the story master's tablet opens a new browser with the cookies it kept, finds the
table under "Your tables" with the game as it was left, continues playing by the rulebook,
frees the seat the put-away player tablet held, and a player's phone joins by its link for
the first scene.

The month, the starting day and the starting player are random, so the test reads them from
the page. The figures start next to Wickerbridge on routes open in summer and in winter, and
the scenes read are offered on both sides of the board. Each outcome's effects are applied
to the campaign with "Apply" / "Apply all" under the scene (once undone and applied again),
or, made by hand with the campaign's Gold form first, marked "Done by hand".
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from storybook.format import MONTHS
from tests.browser import galzyr_steps as gz
from tests.browser import seats

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# Mara keeps the first adventurer offered; Bo chooses Wren at the game setup.
PLAYERS = {"Odile Brackwater": "Mara", "Wren Tallowby": "Bo"}
START = {"Odile Brackwater": "The Sallow Mere", "Wren Tallowby": "Turfmoor"}


def device(chromium, size, kept=None):
    """A browser at ``size``; ``kept``: the cookies an earlier browser of the device saved."""
    context = chromium.new_context(viewport=size, has_touch=True, storage_state=kept)
    context.set_default_timeout(5000)
    return context, context.new_page()


def test_a_two_player_campaign_is_saved_and_continued_in_a_new_session(live_server, chromium):
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    base = live_server.url
    names = list(PLAYERS)
    contexts = []
    try:
        sm_context, sm = device(chromium, TABLET)
        contexts.append(sm_context)

        # -- a new campaign table from the home page ---------------------------------------
        sm.goto(base + "/")
        sm.locator(".tile", has_text="Lands of Galzyr").get_by_role(
            "link", name="New table"
        ).click()
        expect(sm.get_by_label("World")).to_have_value("sallowmere-marches")
        sm.get_by_label("Table name").fill("Marches campaign")
        sm.get_by_label("Player 1", exact=True).fill("Mara")
        sm.get_by_label("Player 2", exact=True).fill("Bo")
        sm.get_by_label("Campaign mode").check()
        sm.get_by_role("button", name="Start the table").click()
        seats.take_here(sm, "Story master")  # the tablet that started the table keeps it

        # -- game setup: adventurers and Discord, the checklist, the figures --------------------
        assert "At the table: Game setup" in gz.checklist(sm)
        gz.set_up_first_game(sm, {"Bo": "Wren Tallowby"}, "Competitive (Discord)")
        setup = gz.checklist(sm)
        assert "Place each player's prestige token on 0." in setup
        assert "Wren Tallowby: take the adventurer board and figure" in setup
        line = gz.round_line(sm)
        assert line.startswith("Round 1 of 7") and "competitive (Discord)" in line
        month = sm.locator(".gz-date strong").first.inner_text().lower()
        assert month in MONTHS and month.capitalize() in line
        for name in names:
            expect(gz.adventurer(sm, name)).to_contain_text(f"({PLAYERS[name]})")
            gz.place_figure(sm, name, START[name])
            assert gz.position(sm, name) == START[name]

        # -- round 1 ----------------------------------------------------------------------------
        first = gz.active_adventurer(sm)
        second = next(n for n in names if n != first)
        assert f"{first}'s turn" in gz.round_line(sm)
        player_context, player = device(chromium, TABLET)
        contexts.append(player_context)
        gz.join(player, sm, PLAYERS[first])

        # The starting player's turn on their own tablet: the story master moves the figure
        # and begins the story; the player opens a scene of the space, chooses and rolls.
        gz.travel(sm, first, "Wickerbridge")
        assert gz.position(sm, first) == "Wickerbridge"
        gz.press(sm, "Begin the story")
        gz.in_step(sm, player)
        expect(gz.adventurer(player, first)).to_contain_text("Wickerbridge")
        gz.open_at_location(player, "Wickerbridge", 1005)
        gz.choose(player, "Listen to the gossip.")
        gz.in_step(player, sm)
        expect(sm.locator(".gz-checkpanel h3")).to_contain_text("Skill check: Perception")
        # The campaign checks the prerequisite (the figure is at Wickerbridge) by itself.
        prerequisite = sm.locator(".gz-prereq")
        expect(prerequisite).to_contain_text("Prerequisite:")
        expect(prerequisite).not_to_contain_text("the players check it")
        expect(prerequisite).not_to_contain_text("not met")
        # With two players the other player reads as story master: the fixed seat's tablet is
        # the shared display meanwhile, and the story master's own answers aren't shown on it.
        expect(sm.get_by_text("The campaign answers what it tracks.")).to_have_count(0)
        successes = gz.roll_and_use(player)
        expect(player.locator(".gz-result h3")).to_contain_text(
            f"The outcome for {successes} success"
        )
        gz.continue_scene(player)
        (status,) = gz.outcome_cards(player)  # every outcome gives a status: #241 or #242
        (said,) = gz.apply_effects(player)
        assert f"card #{status:03d} from the library into {gz.possessive(first)} statuses" in said
        gz.in_step(player, sm)
        expect(sm.locator(".gz-scene-foot")).to_contain_text("The scene is over.")
        assert any(c.startswith(f"#{status:03d}") for c in gz.cards(sm, first))
        gz.press(sm, "End the turn")

        # The other player's turn on the story master's tablet: keypad, successes entered.
        assert gz.active_adventurer(sm) == second
        gold = gz.gold(sm, second)
        gz.travel(sm, second, "Wickerbridge")
        gz.press(sm, "Begin the story")
        gz.open_by_keypad(sm, 1001)
        expect(sm.locator("#gz-scene-title")).to_have_text("The Market Stair")
        gz.choose(sm, "Haggle with the curio-seller.")
        gz.enter_successes(sm, 3)
        expect(sm.locator(".gz-result h3")).to_contain_text("The outcome for 3 successes")
        gz.continue_scene(sm)
        assert gz.outcome_cards(sm) == [170]  # a random curio, and 1 gold
        said = gz.apply_effects(sm)
        assert "at random" in said[0] and f"into {gz.possessive(second)} inventory" in said[0]
        assert gz.gold(sm, second) == gold + 1
        # Undo takes both effects back at once; they wait under the scene to be applied again.
        gz.undo(sm)
        assert gz.gold(sm, second) == gold
        assert not any(c.startswith("#170") for c in gz.cards(sm, second))
        gz.apply_effects(sm)
        assert gz.gold(sm, second) == gold + 1
        curio = next(c for c in gz.cards(sm, second) if c.startswith("#170"))

        # The calendar phase follows the last turn: the day token moves on, round 2 begins.
        day = sm.locator(".gz-date").inner_text()
        gz.press(sm, "End the turn")
        assert "Calendar phase." in gz.checklist(sm)
        assert sm.locator(".gz-date").inner_text() != day
        assert gz.round_line(sm).startswith("Round 2 of 7")

        # -- round 2: the starting player token stays with the same player ----------------------
        assert gz.active_adventurer(sm) == first
        gz.travel(sm, first, "The Thornwood")
        gz.press(sm, "Begin the story")
        gz.in_step(sm, player)
        gz.open_at_location(player, "The Thornwood", 1401)
        gz.choose(player, "Cut yourself a blackthorn cudgel.")
        gz.roll_and_use(player)
        gz.continue_scene(player)
        if gz.outcome_cards(player) == [154]:  # the cudgel, or nothing
            gz.apply_effects(player)
            assert any(c.startswith("#154") for c in gz.cards(player, first))
        gz.in_step(player, sm)
        gz.press(sm, "End the turn")

        gold = gz.gold(sm, second)
        gz.travel(sm, second, "Turfmoor")
        gz.press(sm, "Begin the story")
        gz.open_by_keypad(sm, 1301)
        gz.choose(sm, "Dig and cut peat with the cutters.")
        gz.enter_successes(sm, 2)
        gz.continue_scene(sm)
        expect(sm.locator(".gz-result")).to_contain_text("A fair stack by sundown")
        # 2 gold (the partner's gold is left out: nobody joined), turned on the dial with the
        # campaign's own Gold form before anyone tapped Apply: the line is marked "Done by
        # hand", the gold is not gained twice, and the turn ends.
        gz.gain_gold_by_hand(sm, 2)
        assert gz.mark_done_by_hand(sm) == "The app changed nothing in the campaign."
        assert gz.gold(sm, second) == gold + 2
        day = sm.locator(".gz-date").inner_text()
        gz.press(sm, "End the turn")
        assert sm.locator(".gz-date").inner_text() != day
        assert gz.round_line(sm).startswith("Round 3 of 7")

        # -- save, then put the tablets away --------------------------------------------------------
        before = gz.snapshot(sm, names)
        assert before.positions == {first: "The Thornwood", second: "Turfmoor"}
        gz.campaign(sm).locator("#gz-save summary").click()  # saving ends the game: asked first
        gz.press(sm, "Yes: save, then continue with a new game")
        saved = gz.checklist(sm)
        assert "At the table: Save the game" in saved
        assert "Remove all timer tokens from the calendar" in saved
        for name in names:  # the boards' save effect
            assert f"{gz.possessive(name)} board: take 1 gold" in saved
        assert f"Save effect of card #{status:03d}: discard it." in saved
        next_month = MONTHS[(MONTHS.index(month) + 1) % len(MONTHS)]
        assert f"replace it with card #{MONTHS.index(next_month) + 1:03d}" in saved
        expect(gz.campaign(sm).locator(".gz-round")).to_contain_text("The game is saved")
        assert gz.phase(sm) == "saved"
        kept_cookies = sm_context.storage_state()
        for context in contexts:
            context.close()
        contexts.clear()

        # -- the next session: the same tablet, a new browser; everything where it was ----------
        new_context, tablet = device(chromium, TABLET, kept=kept_cookies)
        contexts.append(new_context)
        tablet.goto(base + "/")
        mine = tablet.locator("#my-tables")
        expect(mine).to_contain_text("you keep it")
        mine.get_by_role("link", name="Marches campaign").click()
        expect(tablet.locator("#live")).to_have_attribute("data-seat", "sm")
        # The whole table parsed before snapshot() reads it at once (a link's navigation is
        # waited for only until the page commits: the trays, further down, could be missing)
        tablet.wait_for_load_state("load")
        expect(gz.campaign(tablet).locator(".gz-round")).to_contain_text("The game is saved")
        assert next_month.capitalize() in gz.round_line(tablet)
        kept = gz.snapshot(tablet, names)
        assert kept.gold == {n: min(20, before.gold[n] + 1) for n in names}
        assert kept.positions == before.positions
        assert kept.cards[second] == before.cards[second] and curio in kept.cards[second]
        assert kept.cards[first] == [
            c for c in before.cards[first] if not c.startswith(f"#{status:03d}")
        ]
        assert kept.trays["The library"] == before.trays["The library"] + 1  # the status
        assert f"is in {gz.possessive(second)} inventory" in gz.where_is(tablet, 170)
        assert "in the library" in gz.where_is(tablet, status)

        # The save left a backup behind, listed on the Backups page.
        tablet.get_by_role("link", name="Backups").click()
        # (Every game also backs up by itself every 25 moves: those rows are listed too.)
        rows = tablet.locator("table.backups tbody tr")
        row = rows.filter(has_text="Save the game")
        expect(row).to_have_count(1)
        expect(rows.first).to_contain_text("Save the game")  # the newest
        expect(row.get_by_role("link", name="Restore…")).to_be_visible()
        tablet.get_by_role("link", name="Back to the table").click()

        # The trays page: every tray card by card; the discarded status is back in the library.
        tablet.get_by_role("link", name="Every tray, card by card").click()
        library = tablet.locator(".gz-trays-page .gz-tray").filter(
            has=tablet.get_by_role("heading", name="The library")
        )
        expect(library.get_by_role("heading")).to_contain_text(f"({kept.trays['The library']})")
        expect(library.locator(".gz-tray-cards")).to_contain_text(f"#{status:03d}")
        tablet.get_by_role("link", name="Back to the table").click()

        # Continue playing: the rulebook's procedure; the figures go back on the board.
        gz.press(tablet, "Continue playing")
        cont = gz.checklist(tablet)
        assert "At the table: Continue playing" in cont
        assert "Take all cards from the global save slot and sort them by type." in cont
        assert f"({next_month.capitalize()})" in cont  # the board's side for the new month
        assert "Place each player's prestige token on 0." in cont
        assert "place the day token on" in cont and "of row 1." in cont
        line = gz.round_line(tablet)
        assert line.startswith("Round 1 of 7") and next_month.capitalize() in line
        expect(tablet.locator(".gz-date strong").first).to_have_text(next_month.capitalize())
        now = gz.snapshot(tablet, names)
        assert now.gold == kept.gold and now.cards == kept.cards and now.trays == kept.trays
        for name in names:
            gz.place_figure(tablet, name, before.positions[name])

        # The first player's tablet was put away holding its seat: the keeper frees it.
        seats.free(tablet, PLAYERS[first])
        expect(tablet.locator("#live")).to_be_visible()
        # A player's phone joins the continued game and plays the first scene: buys a pie.
        active = gz.active_adventurer(tablet)
        phone_context, phone = device(chromium, PHONE)
        contexts.append(phone_context)
        gz.join(phone, tablet, PLAYERS[active])
        assert gz.snapshot(phone, names) == gz.snapshot(tablet, names)
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        small = phone.evaluate(
            """() => [...document.querySelectorAll(
                   '.gz-campaign button, .gz-campaign summary, .gz-campaign select')]
                 .filter(b => b.offsetParent && b.getBoundingClientRect().height < 44)
                 .map(b => b.textContent.trim())"""
        )
        assert small == []  # every control of the campaign panel is a comfortable touch target
        gz.travel(tablet, active, "Wickerbridge")
        gz.press(tablet, "Begin the story")
        gz.in_step(tablet, phone)
        expect(gz.adventurer(phone, active)).to_contain_text("Wickerbridge")
        gz.open_by_keypad(phone, 1001)
        gz.choose(phone, "Buy an eel pie.")  # costs 1 gold: the first effect pays it
        gz.continue_scene(phone)
        said = gz.apply_effects(phone)
        assert f"card #151 from the library into {gz.possessive(active)} inventory" in said[-1]
        gz.in_step(phone, tablet)
        expect(tablet.locator("#gz-scene-title")).to_have_text("The Market Stair")
        expect(tablet.locator(".gz-scene-foot")).to_contain_text("The scene is over.")
        assert gz.gold(tablet, active) == now.gold[active] - 1
        assert any(c.startswith("#151") for c in gz.cards(tablet, active))
    finally:
        for context in contexts:
            context.close()
