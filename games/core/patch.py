"""Reverse patches between JSON values: what a logged move keeps instead of a full state.

``diff(after, before)`` gives a patch, ``apply(after, patch)`` gives ``before`` back exactly:
the same types (``True`` is not ``1``, ``1`` is not ``1.0``, ``-0.0`` is not ``0.0``), a
missing key is not a ``None`` value, and dict keys come back in ``before``'s order. A move
changes a few corners of a big state, so its patch is those corners' old values only.

A patch is a JSON object of one of these shapes (small on purpose: it is stored per move
and written into every export):

- ``{}`` — nothing changed.
- ``{"=": value}`` — the old value, whole (scalars, lists, changed types).
- ``{"{": {key: patch, …}, "-": [key, …], "o": [key, …]}`` — a dict changed key by key:
  a patch per changed key (``{"=": …}`` for a key the move removed), ``"-"`` the keys the
  move added (dropped again), ``"o"`` the old key order when the rebuilt one would differ.
- ``{"[": [head, tail, items]}`` — a list whose first ``head`` and last ``tail`` items are
  unchanged: the old list is ``after[:head] + items + after[len(after) - tail:]``. Card
  places are lists of ids where a move takes or adds one, so this keeps a card's move to a
  few bytes instead of a whole tray.

``touched(value, patch)`` names the places a patch changes (games/core/commute.py compares a stale
move's places with those the moves since changed).

Pure (no Django): the services, the export and the tests share it.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

REPLACE, DICT, DROPPED, ORDER, LIST = "=", "{", "-", "o", "["


class PatchError(ValueError):
    """The patch does not fit the value it is applied to (or is not a patch)."""

    def __init__(self, path: tuple, problem: str):
        self.path, self.problem = path, problem
        # A JSON pointer to the place (RFC 6901, without its escapes): "/campaign/places/vault".
        where = "".join(f"/{part}" for part in path)
        super().__init__(f"at {where or 'the top'}: {problem}")


def diff(after: Any, before: Any, *, ordered: bool = True) -> dict:
    """The patch that turns ``after`` back into ``before``.

    ``ordered=False`` ignores dict key order (for a database that does not keep it, such
    as PostgreSQL's jsonb: recording an order it would throw away only costs bytes).
    """
    if same(after, before, ordered=ordered):
        return {}
    return _diff(after, before, ordered)


def same(a: Any, b: Any, *, ordered: bool = True) -> bool:
    """Exactly the same JSON value: ``==`` plus the types (and key order if ``ordered``)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:  # C-speed ``!=`` settles most differences
        return False
    if kind is dict or kind is list:
        # ``==`` let True == 1 == 1.0 and 0.0 == -0.0 through, anywhere inside. Serializing both
        # (in C) tells them apart: marshal keeps key order, sorted JSON ignores it.
        if ordered:
            return _exact(a) == _exact(b)
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    if kind is float:
        return repr(a) == repr(b)  # -0.0
    return True


def _exact(value: Any) -> bytes | str:
    """Bytes that are equal only for exactly the same JSON value, dict key order included.

    marshal version 2, 5x faster than repr: one type code per value (``T``/``F`` for booleans,
    ``i``/``l`` for ints, ``g`` for a float's 8 bytes, so ``-0.0`` is not ``0.0``), dicts in
    their order, and none of version 3's back-references, which depend on how often an object
    is shared. Since Python 3.4 versions below 3 write every str as ``u`` + UTF-8 whether
    it is interned or not (tests/games/core/test_patch.py checks both). A value marshal can't
    write (a str or int subclass, say) falls back to repr, which is exact too.
    """
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return repr(value)


def _diff(after: Any, before: Any, ordered: bool) -> dict:
    """The patch, knowing the two differ."""
    kind = type(before)
    if kind is dict and type(after) is dict:
        return _diff_dict(after, before, ordered)
    if kind is list and type(after) is list:
        return _diff_list(after, before, ordered)
    return {REPLACE: before}


def _diff_dict(after: dict, before: dict, ordered: bool) -> dict:
    changes = {}
    for key, old in before.items():
        if key not in after:
            changes[key] = {REPLACE: old}
        elif not same(after[key], old, ordered=ordered):
            changes[key] = _diff(after[key], old, ordered)
    patch: dict[str, Any] = {DICT: changes}
    dropped = [key for key in after if key not in before]
    if dropped:
        patch[DROPPED] = dropped
    if ordered:
        rebuilt = [key for key in after if key in before]
        rebuilt += [key for key in before if key not in after]
        if rebuilt != list(before):
            patch[ORDER] = list(before)
    return patch


def _diff_list(after: list, before: list, ordered: bool) -> dict:
    shortest = min(len(after), len(before))
    head = 0
    while head < shortest and same(after[head], before[head], ordered=ordered):
        head += 1
    tail = 0
    while tail < shortest - head and same(after[-1 - tail], before[-1 - tail], ordered=ordered):
        tail += 1
    if head == 0 and tail == 0:
        return {REPLACE: before}
    return {LIST: [head, tail, before[head : len(before) - tail]]}


def apply(after: Any, patch: dict) -> Any:
    """``before``, from ``after`` and ``diff(after, before)``; PatchError if they don't fit.

    Neither argument is changed. The result shares the unchanged parts of ``after`` and the
    values in the patch instead of copying them: treat it as read-only (or deep-copy it).
    """
    return _apply(after, patch, ())


def _apply(value: Any, patch: Any, path: tuple) -> Any:
    if type(patch) is not dict:
        raise PatchError(path, f"a patch must be a JSON object, not {_kind(patch)}")
    if not patch:
        return value
    if REPLACE in patch:
        _only(patch, {REPLACE}, path)
        return patch[REPLACE]
    if DICT in patch:
        _only(patch, {DICT, DROPPED, ORDER}, path)
        return _apply_dict(value, patch, path)
    if LIST in patch:
        _only(patch, {LIST}, path)
        return _apply_list(value, patch[LIST], path)
    raise PatchError(path, f"unknown patch keys {sorted(patch)}")


def _apply_dict(value: Any, patch: dict, path: tuple) -> dict:
    if type(value) is not dict:
        raise PatchError(path, f"the patch changes an object, the value is {_kind(value)}")
    changes = patch[DICT]
    dropped = patch.get(DROPPED, [])
    if type(changes) is not dict or not _keys(dropped):
        raise PatchError(path, "a dict patch needs an object of changes and a list of keys")
    drop = set(dropped)
    missing = [key for key in dropped if key not in value or key in changes]
    if missing or len(drop) != len(dropped):
        raise PatchError(path, f"the keys to drop do not fit: {missing or dropped}")
    result = {}
    for key, old in value.items():
        if key in drop:
            continue
        result[key] = _apply(old, changes[key], (*path, key)) if key in changes else old
    for key, sub in changes.items():
        if key not in value:
            if type(sub) is not dict or REPLACE not in sub or len(sub) != 1:
                raise PatchError((*path, key), "the key is missing and the patch does not add it")
            result[key] = sub[REPLACE]
    if ORDER in patch:
        order = patch[ORDER]
        if not _keys(order) or len(order) != len(result) or set(order) != set(result):
            raise PatchError(path, "the key order does not name the object's keys")
        result = {key: result[key] for key in order}
    return result


def _apply_list(value: Any, spec: Any, path: tuple) -> list:
    if type(value) is not list:
        raise PatchError(path, f"the patch changes a list, the value is {_kind(value)}")
    if (
        type(spec) is not list
        or len(spec) != 3
        or any(type(n) is not int or n < 0 for n in spec[:2])
        or type(spec[2]) is not list
    ):
        raise PatchError(path, "a list patch is [head, tail, items]")
    head, tail, items = spec
    if head + tail > len(value):
        raise PatchError(
            path, f"the list has {len(value)} items, the patch keeps {head} + {tail} of them"
        )
    return value[:head] + items + value[len(value) - tail :]


# A path's last part for "this object's keys came back in another order": no key is None.
KEY_ORDER = None


def touched(value: Any, patch: dict) -> set[tuple]:
    """The places ``apply(value, patch)`` changes, as paths of dict keys and list indices.

    A list patch that keeps the list's length names the indices it replaces; one that
    changes the length names the whole list (every later index moved). A key added or
    dropped is named, a new key order is ``(*path, KEY_ORDER)``. The patch is taken to fit
    ``value`` (a place it does not fit is named whole).
    """
    found: set[tuple] = set()
    _touched(value, patch, (), found)
    return found


def _touched(value: Any, patch: dict, path: tuple, found: set[tuple]) -> None:
    if not patch:
        return
    if DICT in patch and type(value) is dict:
        for key, sub in patch[DICT].items():
            if key in value:
                _touched(value[key], sub, (*path, key), found)
            else:
                found.add((*path, key))
        found.update((*path, key) for key in patch.get(DROPPED, ()))
        if ORDER in patch:
            found.add((*path, KEY_ORDER))
    elif LIST in patch and type(value) is list:
        head, tail, items = patch[LIST]
        if head + len(items) + tail == len(value):
            found.update((*path, index) for index in range(head, head + len(items)))
        else:
            found.add(path)
    else:
        found.add(path)  # replaced whole


def _keys(value: Any) -> bool:
    """A list of strings (an imported document could hold anything there)."""
    return type(value) is list and all(type(key) is str for key in value)


def _only(patch: dict, allowed: set[str], path: tuple) -> None:
    extra = set(patch) - allowed
    if extra:
        raise PatchError(path, f"unexpected patch keys {sorted(extra)}")


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", type(None): "null"}.get(
        type(value), type(value).__name__
    )
