"""The one JSON reader for what clients send: request bodies, form fields that carry JSON and
imported files. Nothing a player sends needs more than MAX_DEPTH levels of nesting, and a
document nested 100,000 levels deep would otherwise exhaust the interpreter's stack while it
is parsed or validated; the size is bounded by whoever calls (a form field, a 5 MB export).

The pages, the API's parser (games/api/parsers.py) and the importer all call ``loads``.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _

MAX_DEPTH = 32  # a move's arguments use 3 or 4 levels; an export document about 12
MAX_FIELD_BYTES = 64 * 1024  # a form field that carries JSON


class JsonRefused(ValueError):
    """The text is not JSON this app reads; the message is a sentence for the player."""


def loads(text: str | bytes, *, max_bytes: int, what: str = "") -> Any:
    """The JSON value, or JsonRefused naming the limit it passed (``what``: "The file")."""
    what = what or _("The data")
    size = len(text.encode() if isinstance(text, str) else text)
    if size > max_bytes:
        raise JsonRefused(
            _("%(what)s is %(size)s bytes; at most %(limit)s are accepted here.")
            % {"what": what, "size": f"{size:,}", "limit": f"{max_bytes:,}"}
        )
    too_deep = JsonRefused(
        _("%(what)s is nested deeper than %(limit)s levels.") % {"what": what, "limit": MAX_DEPTH}
    )
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise JsonRefused(
            _("%(what)s is not valid JSON: %(error)s.") % {"what": what, "error": exc}
        ) from None
    if depth(data) > MAX_DEPTH:
        raise too_deep
    return data


def depth(data: Any) -> int:
    """How deeply lists and objects nest (a scalar is 0), without recursion."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            deepest = max(deepest, level)
            continue
        deepest = max(deepest, level + 1)
        if level + 1 > MAX_DEPTH:
            return level + 1  # no need to look further
        stack.extend((child, level + 1) for child in children)
    return deepest
