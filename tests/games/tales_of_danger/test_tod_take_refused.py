"""Tales of Danger's take form answered with a refusal: what was ticked stays ticked.

Issue 16, item 4: a refused Act 2 Gather (over the hand limit, nothing discarded) comes back
with the pool cards and discards the player chose, and a pool card can be discarded
too if it is taken.
"""

import re

import pytest

from tests.games.tales_of_danger.pages import POOL, page, pick, post_move, seated, table_from

pytestmark = pytest.mark.django_db

SEVEN = ["sailor", "business-man", "minstrel", "nun", "monk", "farmer", "sailor"]


def _checked(html: str, name: str) -> list[str]:
    return re.findall(rf"name=\"{name}\" value=\"([^\"]+)\" checked", html)


def test_the_discard_list_offers_the_cards_being_taken(client, tod):
    table = table_from(tod.arranged([SEVEN, ["nun"]], POOL, ["queen", None]))
    html = page(seated(client, table, "table"), table)
    assert "Hand limit 8: tap 1 card to discard" in html
    # Nothing is taken yet: a pool card reads "(if taken)", not as taken (QA8 item 10).
    assert "Captain (if taken)" in html and "being taken" not in html
    assert 'name="discard" value="captain"' in html


def test_a_refused_gather_keeps_the_picks_and_discards(client, tod, django_assert_num_queries):
    table = table_from(tod.arranged([SEVEN, ["nun"]], POOL, ["queen", None]))
    seated(client, table, "table")
    sent = {"picks": [pick("deacon"), pick("captain")], "discard": ["nun", "monk"]}
    response = post_move(client, table, "gather", sent)  # two discards where one is owed
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    version = table.version
    table.refresh_from_db()
    assert table.version == version  # nothing moved
    assert "deacon" in table.state["pool"] and "captain" in table.state["pool"]
    picked = re.findall(r"name=\"picks\" value='([^']+)' checked", html)
    assert len(picked) == 2 and "deacon" in picked[0] and "captain" in picked[1]
    assert _checked(html, "discard") == ["nun", "monk"]
    # The page answering a refusal: 7 queries, post_move's refresh of the table included.
    with django_assert_num_queries(7):
        post_move(client, table, "gather", sent)


def test_a_refused_gather_keeps_the_new_pool_cards_chosen(client, tod):
    """Issue 16 item 4: the "New pool card" choices were cleared by a refused Gather."""
    table = table_from(tod.arranged([SEVEN, ["nun"]], POOL, ["queen", None]))
    seated(client, table, "table")
    sent = {
        "picks": [pick("deacon"), pick("captain")],
        "discard": ["nun", "monk"],  # two discards where one is owed: refused
        "refill": ["", "minstrel"],  # one select per open space, the first left alone
    }
    html = post_move(client, table, "gather", sent).content.decode()
    refills = re.findall(r'<select name="refill">(.*?)</select>', html, re.S)
    chosen = [re.findall(r'<option value="([^"]*)" selected>', options) for options in refills]
    assert chosen == [[], ["minstrel"]]
