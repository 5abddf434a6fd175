"""Describe every registered game's moves in the OpenAPI schema (a drf-spectacular hook).

Each game's moves become one union, ``<Game>MoveRequest``, discriminated on ``move``: one
component per move, ``<Game><Move>Move``, its name as a constant and its arguments
(``<Game><Move>Args``) from the move's own pydantic model, so the schema can't drift from the
rules. ``MoveRequest`` is any game's union (the table's game decides which).

Client generators name their classes by a schema's ``title`` (openapi-python-client does), so
every component's title is its name, unique in the whole document: pydantic's own titles
("NoArgs", "Options") repeat from game to game. The export document (``ExportDocument``, from
the import's own model) is described the same way.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core.registry import all_games
from games.services.exchange import TableDocument

REF = "#/components/schemas/"
AS_SEAT_HELP = (
    "The shared display's credential plays this seat, which no device holds (the move's roles "
    "are checked against it); refused for any other credential and for a held seat."
)
EXPORT_DOCUMENT = {"$ref": f"{REF}ExportDocument"}


def pascal(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.replace("_", "-").split("-"))


def _put(components: dict[str, Any], name: str, definition: dict[str, Any]) -> None:
    """Add ``definition`` as the component ``name`` (titled by its name); refuse a second,
    different schema under a name already taken."""
    definition = {**definition, "title": name}
    if components.get(name, definition) != definition:
        raise ValueError(f"Two different schemas would both be the component {name}.")
    components[name] = definition


NULL = {"type": "null"}
SCHEMA_MAPS = ("properties", "$defs", "patternProperties")
SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


def _openapi30(schema: Any) -> Any:
    """A pydantic (JSON Schema 2020-12) schema as OpenAPI 3.0 has it, which the document
    declares and some generators check: ``nullable`` for a null in a union, ``enum`` for
    ``const``, no ``propertyNames`` (the server checks what it says)."""
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in SCHEMA_MAPS:
            out[key] = {name: _openapi30(item) for name, item in value.items()}
        elif key in SCHEMA_LISTS:
            out[key] = [_openapi30(item) for item in value]
        elif key in ("items", "additionalProperties", "not"):
            out[key] = _openapi30(value)
        elif key == "const":
            out.setdefault("enum", [value])
        elif key != "propertyNames":
            out[key] = value
    for union in ("anyOf", "oneOf"):
        if NULL in out.get(union, []):
            rest = [item for item in out.pop(union) if item != NULL]
            if len(rest) == 1 and "$ref" in rest[0]:
                out["allOf"] = rest
            elif len(rest) == 1:
                out = {**rest[0], **out}
            else:
                out[union] = rest
            out["nullable"] = True
    return out


def _model(
    model: type[BaseModel], components: dict[str, Any], name: str, prefix: str, rename=None
) -> dict[str, str]:
    """The model's JSON schema as the component ``name``, and the models it nests as
    ``prefix`` + their own names (or as ``rename`` names them); a reference to it."""
    rename = rename or {}
    schema = _openapi30(model.model_json_schema(ref_template=REF + "{model}"))
    nested = {key: rename.get(key, prefix + key) for key in schema.get("$defs", {})}

    def relinked(value):
        if isinstance(value, dict):
            ref = value.get("$ref", "")
            if ref.startswith(REF) and ref[len(REF) :] in nested:
                return {**value, "$ref": REF + nested[ref[len(REF) :]]}
            return {key: relinked(item) for key, item in value.items()}
        if isinstance(value, list):
            return [relinked(item) for item in value]
        return value

    schema = relinked(schema)
    for key, definition in schema.pop("$defs", {}).items():
        _put(components, nested[key], definition)
    _put(components, name, schema)
    return {"$ref": REF + name}


def _move(game, move, args: dict[str, str]) -> dict[str, Any]:
    roles = f" Roles: {', '.join(sorted(move.roles))}." if move.roles is not None else ""
    return {
        "type": "object",
        "description": f"{game.title}: {move.label}. {move.description}{roles}",
        "properties": {
            "move": {"type": "string", "enum": [move.name], "default": move.name, "title": "Name"},
            "args": args,
            "version": {
                "type": "integer",
                "minimum": 1,
                "description": "The table's version this move is made against.",
            },
            "as_seat": {"type": "string", "maxLength": 16, "description": AS_SEAT_HELP},
        },
        "required": ["move", "version"],
    }


def _new_table(base: dict[str, Any], game, options_name: str, options: dict[str, Any]):
    """``POST /api/tables/`` for one game: its slug and its own options (required when the
    game's options have fields it can't do without)."""
    properties = {
        **base["properties"],
        "game": {"type": "string", "enum": [game.slug], "title": "Game"},
        "options": {"$ref": REF + options_name},
    }
    required = ["game", *(["options"] if options.get("required") else [])]
    return {**base, "properties": properties, "required": required}


def describe_game_moves(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    components = result.setdefault("components", {}).setdefault("schemas", {})
    unions = []
    new_table = components.get("NewTable")
    new_tables: dict[str, str] = {}
    for game in all_games().values():
        prefix = pascal(game.slug)
        _model(game.Options, components, f"{prefix}Options", prefix)
        if new_table is not None:
            options = components[f"{prefix}Options"]
            _put(
                components,
                f"{prefix}NewTable",
                _new_table(new_table, game, f"{prefix}Options", options),
            )
            new_tables[game.slug] = f"{REF}{prefix}NewTable"
        variants, mapping = [], {}
        for move in game.moves.values():
            name = prefix + pascal(move.name)
            args = _model(move.args, components, f"{name}Args", prefix)
            _put(components, f"{name}Move", _move(game, move, args))
            variants.append({"$ref": f"{REF}{name}Move"})
            mapping[move.name] = f"{REF}{name}Move"
        _put(
            components,
            f"{prefix}MoveRequest",
            {
                "oneOf": variants,
                "discriminator": {"propertyName": "move", "mapping": mapping},
                "description": f"A move of {game.title}, named by `move`.",
            },
        )
        unions.append({"$ref": f"{REF}{prefix}MoveRequest"})
    if new_tables:
        components["NewTable"] = {
            "oneOf": [{"$ref": ref} for ref in new_tables.values()],
            "discriminator": {"propertyName": "game", "mapping": new_tables},
            "title": "NewTable",
            "description": "A new table of one game, with that game's options.",
        }
    if unions and "MoveRequest" in components:
        components["MoveRequest"] = {
            "anyOf": unions,
            "title": "MoveRequest",
            "description": "A move of the table's game: each game's moves are one union, "
            "discriminated on `move`.",
        }
    _model(
        TableDocument,
        components,
        "ExportDocument",
        "Export",
        rename={"MoveRecord": "ExportedMove"},
    )
    return result


# Writes that answer without a credential: starting or importing a table (the answer gives
# the keeper's token; a credential sent along is not read) and claiming a seat with its join
# key (a keeper's own token claims without one).
TAKE_NO_CREDENTIAL = {("/api/tables/", "post"), ("/api/tables/import/", "post")}
OPEN_WRITES = TAKE_NO_CREDENTIAL | {("/api/tables/{code}/claim/", "post")}


def describe_access(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """What the views really do about credentials and guessing, in the schema: every read
    answers without a credential (a table's name, game and seats, or a refusal naming why),
    as do the open writes, and starting or importing a table takes none at all (a generated
    client calls them with its plain client); every table address may answer 429 to a client
    that guessed too many codes."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if (path, method) in TAKE_NO_CREDENTIAL:
                operation["security"] = []
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
