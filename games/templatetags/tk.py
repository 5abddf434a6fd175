"""Small template helpers shared by every game's panel."""

import html
import json

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def label(value) -> str:
    """`gold_coin` → `Gold coin`: rules code names as words."""
    text = str(value).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


@register.simple_tag
def as_json(**fields) -> str:
    """A JSON object for an option's value: `{% as_json card=name at='common' %}`."""
    return json.dumps({key: value for key, value in fields.items() if value is not None})


@register.filter
def get(mapping, key):
    """`{{ supply|get:item }}`: look up by a variable key."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def numbers(count) -> range:
    """`{% for n in spare|numbers %}`: 1 to ``count``, one form field per card."""
    try:
        return range(1, int(count) + 1)
    except (TypeError, ValueError):
        return range(0)


@register.simple_tag(takes_context=True)
def move_form(context, move: str, css: str = "move") -> SafeString:
    """The opening of a move's form, ``{% move_form "take-gem" "move stack" %}``: posted
    (plain and over htmx) to the view's ``move_base`` + the move, with the table's version
    and the CSRF token; the caller closes it with ``</form>``. A tag, not an include: a
    campaign panel opens ~20 forms, and an include cost ~0.2 ms each in the engine.

    The CSRF input (``{% csrf_token %}``'s markup) is built once per template render, the
    action from ``move_base`` (reversing the URL for every form of a panel cost milliseconds).
    """
    token, table = context.get("csrf_token"), context.get("table")
    # Keyed by token and version: a {% memo %} block renders stand-ins for them.
    key = (_FORM_OPENING, str(token), str(table.version) if table is not None else "")
    cached = context.render_context.get(key)
    if cached is None:
        csrf = (
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{html.escape(str(token))}">'
            if token and token != "NOTPROVIDED"
            else ""
        )
        version = html.escape(key[2])
        cached = (
            str(context.get("move_base", "")),
            f'{csrf}<input type="hidden" name="version" value="{version}">',
        )
        context.render_context[key] = cached
    base, inputs = cached
    action = html.escape(f"{base}{move}/")
    return mark_safe(
        f'<form method="post" action="{action}" hx-post="{action}" hx-target="#live" '
        f'hx-swap="outerHTML"\n      class="{html.escape(str(css or "move"))}">\n  {inputs}'
    )


_FORM_OPENING = "tk.form_opening"
