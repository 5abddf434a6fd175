"""What the schema says, in the writer's words: the path of a value (counting from 1, as the
sentences do: ``options[1]`` is the first option, "option 1"), and for an unknown key, effect
verb or condition key the closest known name ("did you mean …?", from the format's own keys).
"""

from __future__ import annotations

import difflib
import re
from functools import cache
from typing import Any

from storybook.format import CONDITION_KEYS, EFFECT_VERBS, Model
from storybook.format.common import ID_PATTERN
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
    said = _what_to_write(kind, err.get("input"), err.get("ctx") or {})
    if said:
        return said
    msg = err["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg


YAML_11_BOOLEANS = {"yes", "no", "on", "off", "y", "n"}


def _what_to_write(kind: str, value: Any, ctx: dict) -> str | None:
    """Lint's own sentence for a value of the wrong kind or size: what to write instead, then
    what was written ("write at most 3, not 5"), not pydantic's ("Input should be …")."""
    got = describe(value)
    if kind in ("less_than_equal", "less_than", "greater_than_equal", "greater_than"):
        bound = next(iter(ctx.values()))
        words = {
            "less_than_equal": "at most",
            "less_than": "less than",
            "greater_than_equal": "at least",
            "greater_than": "more than",
        }
        return f"write {words[kind]} {bound}, not {value}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"write a whole number, not {got}"
    if kind in ("string_type", "string_sub_type"):
        return f"write text, not {got}"
    if kind in ("bool_type", "bool_parsing"):
        text = isinstance(value, str) and value.lower() in YAML_11_BOOLEANS
        return f"write true or false, not {got}" + (" (in YAML 1.2 it is text)" if text else "")
    if kind == "list_type":
        number = isinstance(value, int) and not isinstance(value, bool)
        return "write a list, " + (f"[{value}], " if number else "[…], ") + f"not {got}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"write a mapping (key: value), not {got}"
    if kind in ("too_long", "too_short"):
        most = kind == "too_long"
        n = ctx["max_length" if most else "min_length"]
        items = "item" if n == 1 else "items"
        return f"write {'at most' if most else 'at least'} {n} {items}, not {ctx['actual_length']}"
    if kind == "string_too_short":
        return f"write some text, not {'an empty one' if value == '' else got}"
    if kind == "string_too_long":
        return f"write at most {ctx['max_length']} characters, not {len(str(value))}"
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        return (
            f"{value!r} is not an id: write lower-case letters, digits, '_' and '-', starting "
            "with a letter"
        )
    if kind in ("literal_error", "enum") and "expected" in ctx:
        choices = [c.strip("'") for c in re.findall(r"'[^']*'", ctx["expected"])]
        return f"write {ctx['expected']}, not {got}{did_you_mean(value, choices)}"
    return None


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
