"""Pydantic's report on a move's arguments, a new table's options or a state, said in one line
a player can act on (the engine's refusals, the API's and the games' own forms)."""

from __future__ import annotations

from pydantic import ValidationError


def describe_validation_error(exc: ValidationError, what: str) -> str:
    """Turn pydantic's report into one line a player can act on."""
    parts, rules = [], []
    for error in exc.errors()[:3]:
        if not error["loc"] and error["type"] == "value_error":
            # a rule over the whole model (the first player among the players): its own sentence
            said = str(error.get("ctx", {}).get("error", "")) or error["msg"]
            rules.append(said[:1].upper() + said[1:].rstrip(".") + ".")
            continue
        where = ".".join(str(p) for p in error["loc"]) or what
        parts.append(f"{where}: {_what_to_type(error)}")
    if not parts:
        return " ".join(rules)
    return " ".join([f"{what} — " + "; ".join(parts) + ".", *rules])


# Letters typed where a number goes, said as what to type (pydantic's own words for the rest).
_TYPE_THIS = {
    "int_parsing": "type a whole number, not “{input}”",
    "int_from_float": "type a whole number, not “{input}”",
    "float_parsing": "type a number, not “{input}”",
    "bool_parsing": "answer yes or no, not “{input}”",
}


def _what_to_type(error) -> str:
    wanted = _TYPE_THIS.get(error["type"])
    if wanted is None:
        return error["msg"].lower()
    typed = str(error.get("input", ""))[:20]
    return wanted.format(input=typed)
