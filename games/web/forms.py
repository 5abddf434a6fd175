"""Turn an HTML form into the arguments of a move, using the move's own typed model."""

from __future__ import annotations

import typing
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from pydantic import BaseModel

from games.core.engine import ArgsError
from games.services import bounded_json

# Form fields that are not move arguments.
ENVELOPE = {"csrfmiddlewaretoken", "version", "args_json"}


def _models_inside(annotation: Any) -> bool:
    """Whether a field holds pydantic models (posted as one JSON object per value)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_models_inside(arg) for arg in typing.get_args(annotation))


def _value(raw: str, structured: bool) -> Any:
    if not structured:
        return raw
    try:
        return bounded_json.loads(raw, max_bytes=bounded_json.MAX_FIELD_BYTES)
    except bounded_json.JsonRefused:
        raise ArgsError(_("The form sent a choice the app can't read; reload the page.")) from None


def json_object_field(raw: str, what: str) -> dict[str, Any]:
    """A form field that carries a JSON object (named values), read with the project's bounded
    reader; ArgsError with a sentence naming ``what`` otherwise."""
    try:
        loaded = bounded_json.loads(raw, max_bytes=bounded_json.MAX_FIELD_BYTES, what=what)
    except bounded_json.JsonRefused as exc:
        raise ArgsError(str(exc)) from None
    if not isinstance(loaded, dict):
        raise ArgsError(
            _("%(what)s must be named values ({…}), not a list or a single value.") % {"what": what}
        )
    return loaded


def _is_list(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin in (list, tuple, set, frozenset):
        return True
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(_is_list(arg) for arg in typing.get_args(annotation))
    return False


def args_from_form(model: type[BaseModel], data: QueryDict) -> dict[str, Any]:
    """Checkboxes and repeated fields become lists; empty optional fields take their default;
    a field holding a model (a card in play, say) carries it as JSON in the option's value.

    A hidden ``args_json`` field can carry structured arguments a form can't express.
    """
    args: dict[str, Any] = {}
    if data.get("args_json"):
        loaded = json_object_field(data["args_json"], _("The arguments field"))
        args.update(loaded)
    for name, field in model.model_fields.items():
        if name in ENVELOPE or name not in data:
            continue
        structured = _models_inside(field.annotation)
        if _is_list(field.annotation):
            args[name] = [_value(v, structured) for v in data.getlist(name) if v != ""]
        elif data.get(name, "") != "":
            args[name] = _value(data[name], structured)
    return args


def version_from_form(data: QueryDict) -> int:
    try:
        return int(data.get("version", ""))
    except ValueError:
        raise ArgsError(_("This form is missing the table version; reload the page.")) from None
