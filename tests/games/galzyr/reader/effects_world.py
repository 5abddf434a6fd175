"""The sample world's campaign for the scene-effect tests (from its folder: worlds.py): a
campaign table's state, and applying one effect (or seeing it refused) on a copy."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from games.core.engine import RuleError
from games.galzyr import campaign as core
from games.galzyr.reader.scene_effects import (
    Pending,
    apply,
)
from games.galzyr.state import State
from storybook.format.effects import Effect
from storybook.interpreter import effect_view
from tests.games.galzyr.worlds import game

EFFECT = TypeAdapter(Effect)


@pytest.fixture
def state() -> State:
    data = game.setup({"players": ["Mara", "Bo"], "world": "sample", "mode": "campaign"}, seed=11)
    return State.model_validate(data)


def view(effect: dict):
    return effect_view(EFFECT.validate_python(effect))


def pending(effect: dict, player: int = 0) -> Pending:
    v = view(effect)
    return Pending(scene=1001, verb=v.verb, args=dict(v.args), text=v.text, player=player)


def applied(c: core.Campaign, effect: dict, aid: str = "odile", choice=None, **room):
    """Apply one effect: (the changed campaign, the sentence); ``c`` itself never changes.
    ``room``: the card given up (``discard``) or abandoned (``abandon``) for a 4th."""
    before = c.model_dump(mode="json")
    after, steps = apply(c, pending(effect), aid, choice, **room)
    assert c.model_dump(mode="json") == before, "apply works on a copy"
    assert core.check(after) == []
    return after, " ".join(str(s) for s in steps)


def refused(c: core.Campaign, effect: dict, aid: str = "odile", choice=None, **room) -> str:
    before = c.model_dump(mode="json")
    with pytest.raises(RuleError) as exc:
        apply(c, pending(effect), aid, choice, **room)
    assert c.model_dump(mode="json") == before
    return str(exc.value)


def place(c: core.Campaign, number: int) -> str:
    return c.where()[c.numbered(number)[0]]
