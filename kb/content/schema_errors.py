"""What a schema error (pydantic's, or a refusal of kb.model.fields and the models) means to a contributor.

Each error becomes a message of kb.base.messages, the text at fault as written (to
find its line and column), the closest names allowed ("did you mean") and,
where the fix is mechanical, what to write instead.
"""
from __future__ import annotations

import re
import types
from dataclasses import dataclass
from typing import Annotated, Union, get_args, get_origin

from pydantic import BaseModel

from kb.base.messages import Message, msg, words
from kb.base.suggest import as_slug, closest

QUOTED = re.compile(r"(?<!\\)'((?:[^'\\]|\\.)*+)'")  # the values of pydantic's "'release', 'tool' or 'paper'"


@dataclass(frozen=True)
class Explained:
    message: Message
    found: str | None = None  # the text at fault, as written
    suggestions: tuple[str, ...] = ()
    replacement: str | None = None  # what to write instead of `found`
    fixable: bool = False  # written by `kb check --fix` (never a fact)
    hint: Message | None = None


def explain(error: dict, model: type[BaseModel], loc: tuple) -> Explained:
    """The meaning of one of `model`'s validation errors, at `loc` (the error's own path in the model)."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if isinstance(ctx.get("message"), Message):  # kb.model.fields.refusal: says what to do itself
        return Explained(ctx["message"], ctx.get("found"), tuple(ctx.get("suggestions") or ()))
    if kind == "missing":
        return Explained(msg("missing"))
    if kind == "extra_forbidden":
        key, known = str(loc[-1]), fields_at(model, loc[:-1])
        near = closest(key, known)
        return Explained(msg("unknown-key"), key, near, hint=None if near or not known else msg("hint-fields", names=words(known, "")))
    if kind == "string_pattern_mismatch":
        slug = as_slug(value)
        return Explained(msg("not-a-slug"), str(value), (slug,) if slug and slug != value else ())
    if kind == "literal_error":
        allowed = tuple(QUOTED.findall(ctx.get("expected", "")))
        return Explained(msg("not-one-of", allowed=words(allowed, "or"), value=value), str(value), closest(str(value), allowed))
    if kind.startswith("date"):
        return Explained(msg("impossible-date", value=value), str(value))
    if kind == "list_type":
        if isinstance(value, (str, int)) and not isinstance(value, bool):  # `topics: fp4-kernels`: one, as a list
            return Explained(msg("not-a-list-of-one", value=value), str(value), replacement=f"[{value}]", fixable=True)
        return Explained(msg("not-a-list"))
    if kind in ("dict_type", "model_type", "model_attributes_type", "dataclass_type"):
        return Explained(msg("not-a-mapping"))
    if kind == "string_type":
        return Explained(msg("not-text", value=value), None if isinstance(value, (dict, list)) else str(value))
    if kind == "too_short":
        least = ctx.get("min_length", 1)
        return Explained(msg("empty") if least == 1 else msg("too-short", least=least))
    if kind == "too_long":
        return Explained(msg("too-long", count=ctx.get("actual_length"), most=ctx.get("max_length")))
    if kind == "greater_than_equal":
        return Explained(msg("too-small", least=ctx.get("ge"), value=value), str(value))
    return Explained(msg("invalid", detail=error["msg"].removeprefix("Value error, ")))


def fields_at(model: type[BaseModel], loc: tuple) -> tuple[str, ...]:
    """The field names (as written in a file: by alias) of the record `loc` leads to in `model`, if it is one."""
    kind = model
    for step in loc:
        kind = _record_or_container(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            field = next((f for name, f in kind.model_fields.items() if step in (name, f.alias)), None)
            if field is None:
                return ()
            kind = field.annotation
        elif get_origin(kind) in (list, tuple):
            kind = get_args(kind)[0]
        elif get_origin(kind) is dict:
            kind = get_args(kind)[1]
        else:
            return ()
    kind = _record_or_container(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return tuple(field.alias or name for name, field in kind.model_fields.items())
    return ()


def _record_or_container(kind):
    """`kind` without Annotated and Optional: the model, list or dict it holds."""
    while True:
        origin = get_origin(kind)
        if origin is Annotated:
            kind = get_args(kind)[0]
        elif origin in (Union, types.UnionType):
            options = [arg for arg in get_args(kind) if arg is not type(None)]
            kind = next((arg for arg in options if isinstance(arg, type) and issubclass(arg, BaseModel)), options[0])
        else:
            return kind
