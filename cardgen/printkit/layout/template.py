"""Loading a layout: TOML with `extends`, `[vars]` and `[[elements]]`, compiled once per file.

    extends = "base/card.toml"         # optional; paths are relative to templates/
    [vars]                              # evaluated in order, before the elements
    ink = "{{ palette.blue }}"
    [[elements]]
    id = "title"                        # a child element with a parent's id replaces it
    type = "text"
    x = "4mm"                           # numbers are millimetres; "50%" is of the face size
    text = "{{ name }}"
    when = "{{ epics }}"                # optional: drawn only when this is truthy

Every string may hold Jinja2 (`{{ }}` / `{% %}`); it is compiled here once and rendered per card.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Template, TemplateSyntaxError, Undefined, UndefinedError
from jinja2.utils import consume

from cardgen.data.suggest import did_you_mean
from cardgen.printkit.layout.context import environment
from cardgen.printkit.layout.elements import check_element
from cardgen.printkit.layout.errors import LayoutError, check_policy
from cardgen.printkit.layout.repeat import check_repeat


@dataclass(frozen=True)
class Value:
    """A property: a constant, a single expression (its value keeps its type: a number, a list,
    a dict), or a template rendered to text per card.

    An expression that is one variable (`{{ name }}`) keeps that `name` and is looked up
    directly, as Jinja would, without a call into Jinja."""

    raw: Any
    template: Template | None = None
    expression: Any = None
    name: str | None = None

    @property
    def is_constant(self) -> bool:
        return self.template is None and self.expression is None

    def get(self, context: dict[str, Any]) -> Any:
        if self.expression is not None:
            value = self.expression(context)
            if isinstance(value, Undefined):  # an expression hands back its Undefined: fail now
                raise UndefinedError(value._undefined_message)
            return value
        return self.template.render(context) if self.template is not None else self.raw

    def evaluate(self, namespace: dict[str, Any]) -> Any:
        """As `get`, in a `namespace` that already holds the environment's globals: one face's
        values all read the same namespace, which no expression can change, so it is shared
        rather than copied for each value."""
        if self.name is not None:
            try:
                return namespace[self.name]
            except KeyError:
                raise UndefinedError(f"{self.name!r} is undefined") from None
        template = getattr(self.expression, "_template", None)
        if template is None:
            return self.get(namespace)
        context = template.new_context(namespace, shared=True)
        consume(template.root_render_func(context))
        value = context.vars["result"]
        if isinstance(value, Undefined):
            raise UndefinedError(value._undefined_message)
        return value


def namespace(context: dict[str, Any]) -> dict[str, Any]:
    """What a face's expressions read: the environment's globals under the face's own names."""
    return {**environment().globals, **context}


@dataclass(frozen=True)
class Element:
    type: str
    id: str
    props: dict[str, Value]
    where: str  # "templates/x.toml element 3 (title)" for messages
    children: tuple[Element, ...] = ()  # a repeat's group (`cardgen.printkit.layout.repeat`)


@dataclass(frozen=True)
class Layout:
    path: Path
    vars: tuple[tuple[str, Value], ...]
    elements: tuple[Element, ...]
    bleed_colour: Value | None = None
    options: dict[str, Any] = field(default_factory=dict)


_SINGLE = re.compile(r"^\s*\{\{(?P<expr>(?:(?!\{\{|\}\}).)*)\}\}\s*$", re.DOTALL)
_NAME = re.compile(r"^\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*$")
# Words Jinja reads as constants or as its own objects, not as names looked up in the context.
_SPECIAL = {"true", "false", "none", "True", "False", "None", "self", "loop", "super", "caller",
            "varargs", "kwargs"}  # fmt: skip


def _compile(value: Any, where: str) -> Value:
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        try:
            return _compiled(value)
        except TemplateSyntaxError as exc:
            raise LayoutError(f"{where}: template error: {exc.message}") from None
    return Value(value)


@lru_cache(maxsize=8192)
def _compiled(value: str) -> Value:
    """`value` compiled once per text: the same expressions recur in every layout of a game and
    in every build of a kit (a compiled Jinja expression or template is read-only, so one serves
    them all). A syntax error is raised, not remembered."""
    single = _SINGLE.match(value)
    if single and "{%" not in value:
        expression = environment().compile_expression(single["expr"], undefined_to_none=False)
        name = _NAME.match(single["expr"])
        if name and name["name"] not in _SPECIAL:
            return Value(value, expression=expression, name=name["name"])
        return Value(value, expression=expression)
    return Value(value, environment().from_string(value))


def _read(path: Path, root: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    if path in seen:
        raise LayoutError(f"{path}: extends itself through {' -> '.join(p.name for p in seen)}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LayoutError(f"{path}: no such layout") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{path}: not valid TOML: {exc}") from None
    for key, kind, words in (("vars", dict, "a table ([vars])"),
                             ("elements", list, "a list of tables ([[elements]])")):  # fmt: skip
        if key in data and not isinstance(data[key], kind):
            raise LayoutError(f"{path}: {key} must be {words}")
    parent_name = data.pop("extends", None)
    if not parent_name:
        return data
    parent = _read(_inside(root, parent_name, path), root, (*seen, path))
    merged_vars = {**parent.get("vars", {}), **data.get("vars", {})}
    elements = list(parent.get("elements", []))
    for element in data.get("elements", []):
        index = next(
            (
                i
                for i, e in enumerate(elements)
                if element.get("id") and e.get("id") == element["id"]
            ),
            None,
        )
        if index is None:
            elements.append(element)
        elif element.get("type") == "remove":
            elements.pop(index)
        else:
            elements[index] = {**elements[index], **element}
    return {**parent, **data, "vars": merged_vars, "elements": elements}


def _inside(root: Path, name: Any, where: Path) -> Path:
    """The layout `extends` names, which must lie in the templates folder once links are
    followed: a layout may build on another layout, never read any file on the disk."""
    if not isinstance(name, str) or "\0" in name or len(name) > 255:
        raise LayoutError(f"{where}: extends must name a layout file in the templates folder")
    try:
        target = (root / name).resolve()
        inside = target.is_relative_to(root.resolve())
    except (OSError, ValueError):
        inside = False
    if not inside:
        raise LayoutError(f"{where}: extends {name[:60]!r} leads out of the templates folder")
    return target


@cache
def load_layout(path: Path, root: Path) -> Layout:
    data = _read(path, root)
    shown = _shown(path, root)
    known = {"vars", "elements", "bleed_colour", "options", "description"}
    unknown = sorted(k for k in data if k not in known and not k.startswith("_"))
    if unknown:
        raise LayoutError(f"{shown}: unknown key {unknown[0]!r}{did_you_mean(unknown[0], known)}")
    variables = tuple(
        (name, _compile(value, f"{shown} vars.{name}"))
        for name, value in data.get("vars", {}).items()
    )
    elements = [
        _element(raw, index, f"{shown} element ")
        for index, raw in enumerate(data.get("elements", []), start=1)
    ]
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise LayoutError(f"{shown}: options must be a table ([options])")
    if "text_overflow" in options:
        options["text_overflow"] = check_policy(options["text_overflow"], f"{shown} options")
    bleed = data.get("bleed_colour")
    return Layout(
        path,
        variables,
        tuple(elements),
        _compile(bleed, shown) if bleed else None,
        options,
    )


def _element(raw: Any, index: int, prefix: str) -> Element:
    """One element compiled, a repeat's group with it (its members named `element 3.2`)."""
    if not isinstance(raw, dict) or "type" not in raw:
        raise LayoutError(f"{prefix}{index}: needs a type")
    label = f"{prefix}{index}" + (f" ({raw['id']})" if raw.get("id") else "")
    children: tuple[Element, ...] = ()
    if raw["type"] == "repeat":
        check_repeat(raw, label)
        children = tuple(
            _element(member, number, f"{prefix}{index}.")
            for number, member in enumerate(raw["elements"], start=1)
        )
    else:
        check_element(raw, label)
    props = {k: _compile(v, label) for k, v in raw.items() if k not in ("type", "id", "elements")}
    return Element(raw["type"], str(raw.get("id", index)), props, label, children)


def _shown(path: Path, root: Path) -> str:
    try:
        return str(Path("templates") / path.relative_to(root))
    except ValueError:
        return str(path)


def find_layout(root: Path, game_id: str, type_id: str, kind: str, side: str = "front") -> Path:
    """The game's own layout for a type, else the base layout for its kind."""
    suffix = "" if side == "front" else ".back"
    for candidate in (
        root / game_id / f"{type_id}{suffix}.toml",
        root / "base" / f"{kind}{suffix}.toml",
        root / "base" / f"card{suffix}.toml",
    ):
        if candidate.is_file():
            return candidate
    raise LayoutError(f"no layout for {game_id}/{type_id} ({side}) in {root}")
