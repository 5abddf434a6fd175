"""A campaign names its card copies by digest (games/core/named.py) instead of carrying them,
and reads them from what the loading service hands over, never from anywhere itself."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from games.core.named import digest_of, is_digest
from games.galzyr.campaign import Campaign, copies, take_card

from .conftest import roundtrip


def test_a_new_campaign_names_its_catalog_and_reads_back_the_same(rich: Campaign):
    dumped = rich.model_dump(mode="json")
    assert is_digest(dumped["copies"])
    data = rich.named_data()[dumped["copies"]]
    assert data == [c.model_dump(mode="json") for c in rich.copies]
    assert digest_of(data) == dumped["copies"]
    again = Campaign.model_validate(dumped)
    assert again.copies == rich.copies and again.model_dump(mode="json") == dumped
    assert len(json.dumps(dumped)) * 3 < len(json.dumps(data))


def test_moves_keep_the_same_name_and_every_state_shares_one_parsed_catalog(playing: Campaign):
    before = playing.model_dump(mode="json")["copies"]
    after = roundtrip(playing)
    take_card(after, 201, adventurer="bumir")
    assert after.model_dump(mode="json")["copies"] == before
    twin = Campaign.model_validate(playing.model_dump(mode="json"))
    assert twin.copies[0] is after.copies[0]  # parsed once per process


def test_the_shared_cards_can_not_be_changed(rich: Campaign):
    with pytest.raises(ValidationError):
        rich.copies[0].name = "Changed"


def test_a_state_that_carries_its_catalog_still_reads_and_dumps_as_it_was(rich: Campaign):
    inline = rich.model_dump(mode="json")
    inline["copies"] = [c.model_dump(mode="json") for c in rich.copies]
    old = Campaign.model_validate(inline)
    assert old.model_dump(mode="json") == inline
    assert old.copies == rich.copies


def test_a_catalog_nobody_handed_over_is_refused_with_its_name(rich: Campaign):
    dumped = rich.model_dump(mode="json")
    dumped["copies"] = digest_of(["no such catalog"])
    with pytest.raises(ValidationError, match="card copies sha256:"):
        Campaign.model_validate(dumped)
    with pytest.raises(ValidationError, match="card copies sha256:"):
        Campaign.model_validate(dumped, context={"named": lambda digest: None})


def test_a_process_that_never_met_the_catalog_parses_what_the_loader_hands_over(rich: Campaign):
    dumped = rich.model_dump(mode="json")
    handed = rich.named_data()
    copies.forget()  # as another process
    with pytest.raises(ValidationError, match="card copies sha256:"):
        Campaign.model_validate(dumped)  # nothing handed over: the rules fetch nothing
    asked = []
    again = Campaign.model_validate(
        dumped, context={"named": lambda d: asked.append(d) or handed.get(d)}
    )
    assert again.copies == rich.copies and asked == [dumped["copies"]]
    Campaign.model_validate(dumped, context={"named": lambda d: asked.append(d)})
    assert asked == [dumped["copies"]]  # parsed once per process: not asked again
