"""The view's JSON Schema and the table's JSDoc types, written from the view's typed
definitions (``engine/view_types.py``), never by hand.

    python tools/view_schema.py --write   # make view-schema: engine/view.schema.json,
                                          # docs/assets/js/view-types.js and the schema
                                          # block of docs/reference/views.md
    python tools/view_schema.py --check   # exit 1 (saying which) when one is not current

Each ``TypedDict`` becomes a definition of the schema (``$defs``, its name in snake case),
closed (``additionalProperties: false``), its keys required unless ``NotRequired``, each
described by the string under it in the source; ``Annotated[T, Json(...)]`` adds keywords
(a pattern, a minimum) and, with a name, makes a named definition; ``Literal`` is an
``enum``; ``X | None`` is ``anyOf`` null and X. The view itself is the schema's root, with
:data:`engine.view_types.VIEW_RULES` (what a type cannot say). Standard library only: the
same introspection writes the JSDoc ``@typedef`` s.
"""

from __future__ import annotations

import ast
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import view_types  # noqa: E402
from engine.view_types import Json  # noqa: E402

SOURCE = ROOT / "engine" / "view_types.py"
SCHEMA = ROOT / "engine" / "view.schema.json"
JSDOC = ROOT / "docs" / "assets" / "js" / "view-types.js"
DOC = ROOT / "docs" / "reference" / "views.md"
DOC_HEADING = "## JSON Schema"

HEAD = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://edition.invalid/schemas/edition-view-1.json",
    "title": "Edition game view, version 1",
}
PRIMITIVE = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}
JS_PRIMITIVE = {bool: "boolean", int: "number", float: "number", str: "string", type(None): "null"}


def _words(text: str) -> str:
    return " ".join(text.split())


def _docs() -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    """Per class of the source: each key's documentation (the string under it), and its bases."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    docs: dict[str, dict[str, str]] = {}
    bases: dict[str, list[str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        own: dict[str, str] = {}
        body = node.body
        for i, item in enumerate(body):
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and i + 1 < len(body):
                after = body[i + 1]
                if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) \
                        and isinstance(after.value.value, str):
                    own[item.target.id] = _words(after.value.value)
        docs[node.name] = own
        bases[node.name] = [b.id for b in node.bases if isinstance(b, ast.Name)]
    return docs, bases


DOCS, BASES = _docs()


def key_doc(cls: type, key: str) -> str:
    """A key's documentation, from its class or the base that declares it."""
    todo = [cls.__name__]
    while todo:
        name = todo.pop(0)
        if key in DOCS.get(name, {}):
            return DOCS[name][key]
        todo += BASES.get(name, [])
    raise SystemExit(f"engine/view_types.py: {cls.__name__}.{key} has no documentation (a string under it)")


def def_name(cls: type) -> str:
    """``LegalAction`` -> ``legal_action``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


class Writer:
    """One pass over the types: the schema's ``$defs`` (and the JSDoc typedefs) as met."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}
        self.typedefs: dict[str, str] = {}

    # ------------------------------------------------------------------ JSON Schema
    def schema(self, tp: Any) -> dict[str, Any]:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.NotRequired, typing.Required):  # (said by the required list)
            return self.schema(args[0])
        if origin is typing.Annotated:
            base, metas = args[0], [m for m in tp.__metadata__ if isinstance(m, Json)]
            out = self.schema(base)
            for meta in metas:
                keywords = dict(meta.keywords)
                if meta.name is not None:
                    if meta.name not in self.defs:
                        self.defs[meta.name] = {}  # (reserved: its order is its first use)
                        self.defs[meta.name] = out | keywords
                    out = {"$ref": f"#/$defs/{meta.name}"}
                else:
                    out = out | keywords
            return out
        if tp is Any:
            return {}
        if tp in PRIMITIVE:
            return {"type": PRIMITIVE[tp]}
        if origin is typing.Literal:
            return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
        if origin in (typing.Union, types.UnionType):
            if all(a in PRIMITIVE for a in args):
                return {"type": [PRIMITIVE[a] for a in args]}
            return {"anyOf": [self.schema(a) for a in args]}
        if origin is list:
            return {"type": "array", "items": self.schema(args[0])}
        if origin is dict:
            value = self.schema(args[1])
            return {"type": "object", "additionalProperties": value} if value else {"type": "object"}
        if typing.is_typeddict(tp):
            name = def_name(tp)
            if name not in self.defs:
                self.defs[name] = {}
                self.defs[name] = self.object(tp)
            return {"$ref": f"#/$defs/{name}"}
        raise SystemExit(f"engine/view_types.py: no JSON Schema for the type {tp!r}")

    def object(self, cls: Any) -> dict[str, Any]:
        hints = typing.get_type_hints(cls, include_extras=True)
        properties = {}
        for key, tp in hints.items():
            properties[key] = self.schema(tp) | {"description": key_doc(cls, key)}
        return {"type": "object", "description": _words(cls.__doc__ or ""),
                "required": [k for k in hints if k in cls.__required_keys__],
                "additionalProperties": False, "properties": properties}

    # ------------------------------------------------------------------ JSDoc
    def js(self, tp: Any) -> str:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.NotRequired, typing.Required):
            return self.js(args[0])
        if origin is typing.Annotated:
            return self.js(args[0])
        if tp is Any:
            return "*"
        if tp in JS_PRIMITIVE:
            return JS_PRIMITIVE[tp]
        if origin is typing.Literal:
            return "(" + "|".join(json.dumps(a) for a in args) + ")"
        if origin in (typing.Union, types.UnionType):
            return "(" + "|".join(dict.fromkeys(self.js(a) for a in args)) + ")"
        if origin is list:
            return f"Array<{self.js(args[0])}>"
        if origin is dict:
            return f"Object<string, {self.js(args[1])}>"
        if typing.is_typeddict(tp):
            if tp.__name__ not in self.typedefs:
                self.typedefs[tp.__name__] = ""
                self.typedefs[tp.__name__] = self.typedef(tp)
            return tp.__name__
        raise SystemExit(f"engine/view_types.py: no JSDoc type for {tp!r}")

    def typedef(self, cls: Any) -> str:
        hints = typing.get_type_hints(cls, include_extras=True)
        lines = ["/**", *(f" * {line}" for line in _wrap(_words(cls.__doc__ or ""))), f" * @typedef {{Object}} {cls.__name__}"]
        for key, tp in hints.items():
            name = key if key in cls.__required_keys__ else f"[{key}]"
            lines.append(f" * @property {{{self.js(tp)}}} {name} {key_doc(cls, key)}")
        lines.append(" */")
        return "\n".join(lines)


def _wrap(text: str, width: int = 100) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def view_schema() -> dict[str, Any]:
    """The view's JSON Schema: the view at the root, every other type a definition."""
    writer = Writer()
    root = writer.object(view_types.View)
    description = root.pop("description")
    return {**HEAD, "description": description, **root, **view_types.VIEW_RULES, "$defs": writer.defs}


def schema_text() -> str:
    return json.dumps(view_schema(), indent=2, ensure_ascii=False) + "\n"


def jsdoc_text() -> str:
    """``view-types.js``: a JSDoc-only ES module (it exports nothing), one ``@typedef`` per type."""
    writer = Writer()
    writer.js(view_types.View)
    head = ("// The view's types for the table's JSDoc, written by tools/view_schema.py from engine/view_types.py\n"
            "// (make view-schema; tests/test_view_schema.py checks it is current): do not edit by hand.\n"
            "// A module of comments only: `@param {import('./view-types.js').View} view` names its types.\n")
    body = "\n\n".join(writer.typedefs[name] for name in sorted(writer.typedefs, key=lambda n: (n != "View", n)))
    return head + "\n" + body + "\n\nexport {};\n"


def doc_text(current: str, schema: str) -> str:
    """docs/reference/views.md with the schema's block under ``## JSON Schema`` replaced."""
    before, after = current.split(DOC_HEADING, 1)
    intro, rest = after.split("```json\n", 1)
    _old, tail = rest.split("```", 1)
    return before + DOC_HEADING + intro + "```json\n" + schema + "```" + tail


def outputs() -> dict[Path, str]:
    schema = schema_text()
    return {SCHEMA: schema, JSDOC: jsdoc_text(), DOC: doc_text(DOC.read_text(encoding="utf-8"), schema)}


def main(argv: list[str]) -> int:
    if argv not in (["--write"], ["--check"]):
        print(__doc__.strip().splitlines()[0] + "\nusage: view_schema.py --write | --check", file=sys.stderr)
        return 2
    stale = [path for path, text in outputs().items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if argv == ["--check"]:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not current: run `make view-schema`", file=sys.stderr)
        return 1 if stale else 0
    for path, text in outputs().items():
        if path in stale:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
