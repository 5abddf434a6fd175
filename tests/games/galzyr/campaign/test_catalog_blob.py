"""A campaign names its card catalog by digest (games/services/blobs.py) instead of carrying it."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from games.galzyr.campaign import Campaign, take_card
from games.services import blobs

from .conftest import roundtrip


def test_a_new_campaign_names_its_catalog_and_reads_back_the_same(rich: Campaign):
    dumped = rich.model_dump(mode="json")
    assert blobs.is_digest(dumped["copies"])
    assert blobs.data_of(dumped["copies"]) == [c.model_dump(mode="json") for c in rich.copies]
    again = Campaign.model_validate(dumped)
    assert again.copies == rich.copies and again.model_dump(mode="json") == dumped
    assert len(json.dumps(dumped)) * 3 < len(json.dumps(blobs.data_of(dumped["copies"])))


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


def test_a_catalog_nobody_has_is_refused_with_its_name(rich: Campaign, monkeypatch):
    dumped = rich.model_dump(mode="json")
    dumped["copies"] = blobs.digest_of(["no such catalog"])
    monkeypatch.setattr(blobs, "_fetch", lambda digest: None)
    with pytest.raises(ValidationError, match="card catalog sha256:"):
        Campaign.model_validate(dumped)
