"""The card catalog: what the rulebook gives, what is left for the group to enter."""

import pytest
from pydantic import ValidationError

from games.core.engine import RuleError
from games.tales_of_danger.catalog import (
    UNKNOWN,
    CatalogPatch,
    default_catalog,
    patched,
)
from games.tales_of_danger.sponsors import check_secure
from games.tales_of_danger.voyage import PayCard, card_values


def test_counts_add_up_to_the_102_people_cards():
    catalog = default_catalog()
    assert len(catalog.people) == 21
    assert catalog.total == 102
    assert len(catalog.costs) == 8
    assert sum(c.count for c in catalog.costs) == 102
    assert catalog.ships == {1: 17, 2: 51, 3: 34}
    assert catalog.person("Nun").count == 9
    assert catalog.person("kings-steward").count == 1
    assert catalog.cost("illness").count == 18


def test_known_printed_values_ship_and_the_rest_are_unknown():
    catalog = default_catalog()
    queen, bishop = catalog.sponsor("queen"), catalog.sponsor("Bishop")
    assert (queen.evidence, queen.plans) == (4, 6)
    assert bishop.start == 2
    assert queen.rank is None and queen.start is None and bishop.market is None
    assert [s.id for s in catalog.sponsors if s.name is None] == [s.id for s in catalog.sponsors]
    cancels = {p.id: p.cancels for p in catalog.people if p.cancels}
    assert cancels == {"priest": "bad-luck", "doctor": "illness", "merchant": "rough-seas"}
    assert (catalog.person("doctor").crew, catalog.person("doctor").supplies) == (0, 0)
    assert catalog.person("sailor").crew is None
    missing = catalog.missing()
    assert "Queen: rank" in missing and "Nun: free for" in missing
    assert "Queen: evidence" not in missing


def test_helpers_ask_for_missing_values_instead_of_guessing():
    catalog = default_catalog()
    with pytest.raises(RuleError, match=UNKNOWN):
        check_secure(catalog, "queen", ["lady-in-waiting"])
    with pytest.raises(RuleError, match="crew on the Sailor"):
        card_values(catalog, PayCard(person="sailor"))
    with pytest.raises(RuleError, match="rank of"):
        catalog.ranked(["queen", "bishop"])
    # Entered with the payment, the value is used.
    assert card_values(catalog, PayCard(person="sailor", crew=1, supplies=0)) == (1, 0, None)


def test_a_group_fills_in_its_cards():
    catalog = patched(
        default_catalog(),
        CatalogPatch.model_validate(
            {
                "sponsors": {"Queen": {"rank": 1, "name": "Isolde"}},
                "people": {"Lady in Waiting": {"ribbon": {"Queen": 2}, "evidence": 1}},
            }
        ),
    )
    assert catalog.sponsor("queen").rank == 1
    assert catalog.sponsor("isolde").id == "queen"
    assert catalog.person("lady-in-waiting").ribbon == {"queen": 2}
    assert catalog.person("lady-in-waiting").note  # untouched


@pytest.mark.parametrize(
    "patch, reason",
    [
        ({"sponsors": {"queen": {"rank": 2}, "bishop": {"rank": 2}}}, "share a rank"),
        ({"people": {"nun": {"ribbon": {"king": 1}}}}, "no sponsor called"),
        ({"sponsors": {"pope": {"rank": 1}}}, "no sponsor called"),
        ({"people": {"nun": {"free_for": ["bishop", "nobody"]}}}, "no sponsor called"),
    ],
)
def test_inconsistent_entries_are_refused(patch, reason):
    with pytest.raises(RuleError, match=reason):
        patched(default_catalog(), CatalogPatch.model_validate(patch))


def test_a_ribbon_shows_at_most_five_stars():
    CatalogPatch.model_validate({"people": {"nun": {"ribbon": {"queen": 5}}}})
    with pytest.raises(ValidationError, match="less than or equal to 5"):
        CatalogPatch.model_validate({"people": {"nun": {"ribbon": {"queen": 9}}}})


def test_check_secure_counts_only_people_showing_the_icon(tod):
    catalog = patched(default_catalog(), CatalogPatch.model_validate(tod.full_catalog()))
    # Nun (i=0): queen 1 star, bishop 0, sponsor-d 2 stars; Monk (i=1): templar 1 star ...
    nun, monk = catalog.person("nun"), catalog.person("monk")
    assert nun.ribbon == {"queen": 1, "bishop": 0, "sponsor-d": 2}
    check = check_secure(catalog, "bishop", ["nun", "nun", "monk"])
    assert check.counted == ["nun", "nun"]  # the Monk shows no Bishop icon
    assert check.insiders == [] and not check.ok
    assert "insider" in check.reason
    check = check_secure(catalog, "sponsor-d", ["nun", "nun"])
    assert (check.evidence, check.plans) == (2 * nun.evidence, 2 * nun.plans)
    assert check.ok == (check.evidence >= 2 and check.plans >= 3)
    assert monk.id not in check.counted
