"""What template syntax content may use: the project's own macros, literal arguments only.

Pages are rendered by Jinja2 (mkdocs-macros), which would otherwise run any
expression a page holds. The checker parses every page and rejects the rest
with its file and line before anything is built.
"""
from __future__ import annotations

from jinja2 import Environment, TemplateSyntaxError, nodes

from .problems import Problem
from .refs import REF, expand_refs

# macro name -> (fewest, most) positional arguments
MACROS = {
    "ref": (1, 2),
    "issue_page": (0, 0),
    "topic_hub": (0, 0),
    "entity_timeline": (0, 0),
    "watch_list": (0, 0),
    "issue_archive": (0, 0),
    "topic_list": (0, 0),
    "entity_list": (0, 0),
    "open_watch": (0, 0),
    "latest_issue": (0, 0),
    "translation_status": (0, 0),
    "claims_ledger": (0, 0),
    "signals_ledger": (0, 0),
    "open_data": (0, 0),
}
FRONT_MATTER_MACROS = {"ref"}  # prose in front matter is expanded by kb.refs, which knows only ref

_PARSER = Environment()


def check_template(page) -> list[Problem]:
    """Problems in the template syntax of a page's front matter and body."""
    front = _check(page.path, page.meta_text, 2, FRONT_MATTER_MACROS)
    if not front:
        # Front matter prose is expanded by kb.refs, not Jinja: nothing may be left over.
        rest = expand_refs(page.meta_text, lambda target, text: "")
        for marker in ("{{", "{%", "{#"):
            if marker in rest:
                line = 2 + page.meta_text[: _nth_unexpanded(page.meta_text, marker)].count("\n")
                front.append(Problem(page.path, line, "template",
                                     f"cannot read this `{marker}` — in front matter write only {{{{ ref(\"id\") }}}} or {{{{ ref(\"id\", \"text\") }}}}"))
                break
    return [*front, *_check(page.path, page.body, page.body_first_line, set(MACROS))]


def _nth_unexpanded(text: str, marker: str) -> int:
    """Offset of the first `marker` in `text` that is not part of a ref."""
    spans = [m.span() for m in REF.finditer(text)]
    start = 0
    while (found := text.find(marker, start)) != -1:
        if not any(a <= found < b for a, b in spans):
            return found
        start = found + 1
    return 0


def _check(path: str, source: str, first_line: int, allowed: set[str]) -> list[Problem]:
    if "{{" not in source and "{%" not in source and "{#" not in source:
        return []
    try:
        tree = _PARSER.parse(source)
    except TemplateSyntaxError as error:
        return [Problem(path, first_line + (error.lineno or 1) - 1, "template",
                        f"{error.message} — write macros as {{{{ ref(\"id\") }}}}")]
    problems = []
    for node in tree.body:
        line = first_line + node.lineno - 1
        if not isinstance(node, nodes.Output):
            problems.append(Problem(path, line, "template",
                                    f"`{{% {type(node).__name__.lower()} %}}` is not allowed in content — "
                                    "use only the project's macros, e.g. {{ ref(\"id\") }}"))
            continue
        for part in node.nodes:
            if not isinstance(part, nodes.TemplateData):
                message = _call_problem(part, allowed)
                if message:
                    problems.append(Problem(path, first_line + part.lineno - 1, "template", message))
    return problems


def _call_problem(node, allowed: set[str]) -> str | None:
    names = ", ".join(sorted(allowed))
    if not (isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name)):
        return f"only a call of one of the project's macros may stand in {{{{ }}}} — use one of: {names}"
    name = node.node.name
    if name not in allowed:
        return f"`{name}` is not a macro this page may call — use one of: {names}"
    if node.kwargs or node.dyn_args or node.dyn_kwargs or not all(
        isinstance(arg, nodes.Const) and isinstance(arg.value, str) for arg in node.args
    ):
        return f"`{name}` takes only quoted literal arguments — write it like {name}(\"id\")"
    fewest, most = MACROS[name]
    if not fewest <= len(node.args) <= most:
        return (f"`{name}` takes {fewest if fewest == most else f'{fewest} to {most}'} argument(s), not {len(node.args)} — "
                "see the macros in CONTRIBUTING.md")
    return None
