"""What the schema says, in the writer's words: the path of a value (counting from 1, as the
sentences do: ``options[1]`` is the first option, "option 1"), and for an unknown key, effect
verb or condition key the closest known name ("did you mean …?", from the format's own keys).
"""

from __future__ import annotations

import difflib
from functools import cache
from typing import Any

from storybook.format import CONDITION_KEYS, EFFECT_VERBS, Model
from storybook.format.effects import EffectBase


def format_path(path: tuple) -> str:
    """``("options", 0, "cost")`` → ``options[1].cost``: list positions count from 1."""
    out = ""
    for seg in path:
        if isinstance(seg, int):
            out += f"[{seg + 1}]"
        else:
            out += ("." if out else "") + str(seg)
    return out


@cache  # no argument: one value per process, the format's own keys
def known_keys() -> frozenset[str]:
    """Every key the format knows, in any file (as written: ``from``, ``not``)."""
    keys: set[str] = set()
    todo = [Model]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        for name, field in cls.model_fields.items():
            keys.add(field.alias or name)
    return frozenset(keys)


# Keys an effect may carry besides its verb (``who``, ``optional``, take's ``from`` and ``at``).
EFFECT_EXTRAS = frozenset(EffectBase.model_fields) | {"from", "at"}


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), sorted(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _unknown_one_of(value: Any, known, extras, what: str, plural: str) -> str | None:
    if not isinstance(value, dict):
        return None
    present = [k for k in value if k in known]
    if len(present) > 1:
        return f"one {what} per mapping, not {len(present)} ({', '.join(present)})"
    unknown = [k for k in value if k not in known and k not in extras]
    if not present and unknown:
        listed = f" (the {plural}: {', '.join(known)})"
        return "; ".join(f"unknown {what} '{k}'{did_you_mean(k, known) or listed}" for k in unknown)
    return None


def schema_message(err: dict, missing: str | None) -> str:
    """The sentence for one pydantic error."""
    kind = err["type"]
    if kind == "missing":
        return f"missing key '{missing}'"
    if kind == "extra_forbidden":
        key = err["loc"][-1] if err["loc"] else ""
        return f"unknown key '{key}'{did_you_mean(key, known_keys())}"
    if kind == "effect_verb":
        found = _unknown_one_of(
            err.get("input"), EFFECT_VERBS, EFFECT_EXTRAS, "effect verb", "verbs"
        )
        if found:
            return found
    if kind == "condition_key":
        found = _unknown_one_of(err.get("input"), CONDITION_KEYS, (), "condition key", "keys")
        if found:
            return found
    msg = err["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    if kind in ("int_type", "string_type", "bool_type", "list_type", "dict_type", "model_type"):
        msg += f", got {describe(err.get('input'))}"
    return msg


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if value is None:
        return "nothing (null)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
