"""What is wrong with an import file, in one sentence a player understands.

pydantic reports a document that doesn't fit ``TableDocument`` (or a state that doesn't fit
its game) as a list like ``format: input should be 'talekeeper.table'; format_version: field
required``. The import page and the API answer one plain sentence naming the first thing
wrong (a file that is not a table export at all is said so, whatever else is wrong), and
keep pydantic's list as the technical detail, shown only to whoever asks for it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from pydantic import ValidationError

DETAIL_ERRORS = 10  # how many of pydantic's errors the technical detail lists


def _field_names() -> dict[str, str]:
    # A function, so each name is translated in the request's language.
    return {
        "game": _("the game's name"),
        "name": _("the table's name"),
        "group": _("the group's name"),
        "version": _("the table's version number"),
        "created": _("the date the table was started"),
        "state": _("the table's state"),
        "moves": _("the log of moves"),
        "blobs": _("the stored data"),
    }


def _move_field_names() -> dict[str, str]:
    return {
        "name": _("the name of move %(n)s"),
        "args": _("the choices of move %(n)s"),
        "seat": _("the seat of move %(n)s"),
        "sentence": _("the sentence of move %(n)s"),
        "version": _("the version number of move %(n)s"),
        "patch": _("the patch of move %(n)s"),
        "state_before": _("the state before move %(n)s"),
        "undone": _("the undone mark of move %(n)s"),
        "created": _("the time of move %(n)s"),
    }


def _kinds() -> dict[str, str]:
    """What a value should be, by the start of pydantic's error type."""
    return {
        "string": _("text"),
        "int": _("a whole number"),
        "float": _("a number"),
        "bool": _("true or false"),
        "dict": _("a set of named values"),
        "model": _("a set of named values"),
        "list": _("a list"),
        "datetime": _("a date and time"),
    }


def path(loc: tuple[Any, ...]) -> str:
    """A location as the file spells it: ``moves[2].seat``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def detail(exc: ValidationError) -> str:
    """pydantic's own report, one error after another: the technical detail."""
    errors = exc.errors()
    parts = [f"{path(e['loc']) or '(the whole file)'}: {e['msg']}" for e in errors[:DETAIL_ERRORS]]
    if len(errors) > DETAIL_ERRORS:
        parts.append(_("and %(n)s more") % {"n": len(errors) - DETAIL_ERRORS})
    return "; ".join(parts)


def _what(loc: tuple[Any, ...]) -> str:
    """The part of the document an error is about, named for a player."""
    if not loc:
        return _("the file")
    if loc[0] == "moves" and len(loc) >= 2 and isinstance(loc[1], int):
        n = loc[1] + 2  # the first move is version 2
        if len(loc) == 2:
            return _("move %(n)s of the log") % {"n": n}
        named = _move_field_names().get(str(loc[2]))
        if named:
            return named % {"n": n}
        return _("“%(field)s” of move %(n)s") % {"field": path(loc[2:]), "n": n}
    if loc[0] == "blobs" and len(loc) >= 2:
        return _("the stored data “%(name)s”") % {"name": loc[1]}
    named = _field_names().get(str(loc[0]))
    if named and len(loc) == 1:
        return named
    return _("“%(field)s”") % {"field": path(loc)}


def _problem(error: dict[str, Any], what: str) -> str:
    """One sentence about one error, its subject named ``what``."""
    loc, kind, ctx = tuple(error["loc"]), error["type"], error.get("ctx") or {}
    if kind == "missing":
        return _("%(what)s is missing.") % {"what": what}
    if kind == "extra_forbidden":
        where = _what(loc[:-1]) if len(loc) > 1 else _("the file")
        return _("%(where)s has an entry Talekeeper does not write there: “%(key)s”.") % {
            "where": where,
            "key": loc[-1],
        }
    if kind == "string_too_long":
        limit = ctx.get("max_length", 0)
        return ngettext(
            "%(what)s is too long: at most %(n)s character.",
            "%(what)s is too long: at most %(n)s characters.",
            limit,
        ) % {"what": what, "n": limit}
    if kind in ("string_too_short", "too_short"):
        return _("%(what)s is empty.") % {"what": what}
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return _("%(what)s is out of range (%(rule)s).") % {"what": what, "rule": error["msg"]}
    if kind == "value_error":  # the document's own checks, worded as a predicate
        said = str(error["msg"]).removeprefix("Value error, ")
        return f"{what} {said}." if said.startswith(("holds ", "has ")) else f"{what}: {said}."
    if kind == "literal_error":
        return _("%(what)s is not one Talekeeper knows.") % {"what": what}
    for start, should in _kinds().items():
        if kind.startswith(start + "_"):
            return _("%(what)s should be %(kind)s.") % {"what": what, "kind": should}
    return _("%(what)s is not valid.") % {"what": what}


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def document_fault(exc: ValidationError) -> str:
    """The sentence for a file that doesn't fit a table document: not one at all, a newer
    format, or the first faulty field (and how many more there are)."""
    errors = exc.errors()
    at = {tuple(e["loc"]): e for e in errors}
    if () in at:
        return _("This file holds data, but not a table exported from Talekeeper.")
    if ("format",) in at:
        return _(
            "This file is not a table exported from Talekeeper (a table's “Export” button "
            "makes one)."
        )
    if ("format_version",) in at:
        given = at[("format_version",)].get("input")
        if isinstance(given, int) and not isinstance(given, bool):
            return _(
                "This file was exported by another version of Talekeeper (format version "
                "%(given)s); this server reads format versions 1 to 4."
            ) % {"given": given}
        return _("This file has no format version Talekeeper knows: it was not exported here.")
    first = errors[0]
    what = _what(tuple(first["loc"]))
    if first["type"] == "missing":
        sentence = _("The file is missing %(what)s.") % {"what": what}
    else:
        sentence = _capital(_problem(first, what))
    more = len(errors) - 1
    if more:
        sentence += " " + ngettext(
            "(One more thing is wrong: see the technical detail.)",
            "(%(n)s more things are wrong: see the technical detail.)",
            more,
        ) % {"n": more}
    return sentence


def state_fault(exc: ValidationError, where: str, game_title: str) -> str:
    """The sentence for a state in the file that the game's rules can't hold: which part of
    the state, named as the file spells it."""
    error = exc.errors()[0]
    if error["type"] == "extra_forbidden":
        return _("%(where)s has an entry %(game)s does not know: “%(field)s”.") % {
            "where": _capital(where),
            "game": game_title,
            "field": path(tuple(error["loc"])),
        }
    field = _("“%(field)s”") % {"field": path(tuple(error["loc"])) or where}
    return _("%(where)s does not fit the rules of %(game)s: %(problem)s") % {
        "where": _capital(where),
        "game": game_title,
        "problem": _problem(error, field),
    }
