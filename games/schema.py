"""Describe every registered game's moves in the OpenAPI schema (a drf-spectacular hook).

Each game move becomes one variant of ``MoveRequest``: its name as a constant and
its arguments from the move's own pydantic model, so the schema can't drift
from the rules.
"""

from __future__ import annotations

from typing import Any

from games.registry import all_games


def _pascal(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.replace("_", "-").split("-"))


def _hoist(schema: dict[str, Any], components: dict[str, Any], prefix: str) -> dict[str, Any]:
    for name, definition in schema.pop("$defs", {}).items():
        components[prefix + name] = definition
    return schema


def describe_game_moves(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    components = result.setdefault("components", {}).setdefault("schemas", {})
    variants = []
    for game in all_games().values():
        prefix = _pascal(game.slug)
        ref_template = f"#/components/schemas/{prefix}{{model}}"
        options = game.Options.model_json_schema(ref_template=ref_template)
        components[f"{prefix}Options"] = _hoist(options, components, prefix)
        for move in game.moves.values():
            args_name = f"{prefix}{_pascal(move.name)}Args"
            args = move.args.model_json_schema(ref_template=ref_template)
            components[args_name] = _hoist(args, components, prefix)
            variants.append(
                {
                    "type": "object",
                    "title": f"{game.title}: {move.label}",
                    "description": move.description
                    + (
                        f" Roles: {', '.join(sorted(move.roles))}."
                        if move.roles is not None
                        else ""
                    ),
                    "properties": {
                        "move": {"type": "string", "enum": [move.name]},
                        "args": {"$ref": f"#/components/schemas/{args_name}"},
                        "version": {"type": "integer", "minimum": 1},
                    },
                    "required": ["move", "version"],
                }
            )
    if variants and "MoveRequest" in components:
        components["MoveRequest"] = {"oneOf": variants}
    return result


# Writes that answer without a credential: starting or importing a table (the answer gives
# the keeper's token) and claiming a seat with its join key.
OPEN_WRITES = {
    ("/api/tables/", "post"),
    ("/api/tables/import/", "post"),
    ("/api/tables/{code}/claim/", "post"),
}


def describe_access(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """What the views really do about credentials and guessing, in the schema: every read
    answers without a credential (the public view, or a refusal naming why), as do the open
    writes; every table address may answer 429 to a client that guessed too many codes."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            security = operation.get("security")
            if (
                security
                and {} not in security
                and (method == "get" or (path, method) in OPEN_WRITES)
            ):
                security.append({})
            if path.startswith("/api/tables/{code}/") or path == "/api/tables/{code}/":
                operation.setdefault("responses", {}).setdefault(
                    "429",
                    {
                        "description": "Too many wrong codes or join keys from this address; "
                        "wait as long as Retry-After says.",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                        },
                    },
                )
    return result
