"""What template syntax content may use: the project's own macros, literal arguments only.

Pages are rendered by Jinja2 (mkdocs-macros), which would otherwise run any
expression a page holds. The checker parses every page and rejects the rest
with its file and line before anything is built.
"""
from __future__ import annotations

from jinja2 import Environment, TemplateSyntaxError, nodes

from .problems import Problem
from .refs import REF, expand_refs
from .safety import control_problems, plain_text_problem

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
    """Problems in the template syntax of a page's body (front matter is checked field by field, kb.fields)."""
    return [Problem(page.path, page.body_first_line + line - 1, "template", message)
            for line, message in template_problems(page.body, set(MACROS))]


def prose_template_problems(text: str) -> list[tuple[int, str]]:
    """Prose in front matter is expanded by kb.refs, not Jinja: only refs, and nothing left over."""
    problems = template_problems(text, FRONT_MATTER_MACROS)
    if not problems:
        rest = expand_refs(text, lambda target, label: "")
        for marker in ("{{", "{%", "{#"):
            if marker in rest:
                line = 1 + text[: _nth_unexpanded(text, marker)].count("\n")
                problems.append((line, f"cannot read this `{marker}` — in front matter write only "
                                       '{{ ref("id") }} or {{ ref("id", "text") }}'))
                break
    return problems


def _nth_unexpanded(text: str, marker: str) -> int:
    """Offset of the first `marker` in `text` that is not part of a ref."""
    spans = [m.span() for m in REF.finditer(text)]
    start = 0
    while (found := text.find(marker, start)) != -1:
        if not any(a <= found < b for a, b in spans):
            return found
        start = found + 1
    return 0


def template_problems(source: str, allowed: set[str]) -> list[tuple[int, str]]:
    """(line in `source`, message) for every template construct other than a call of an `allowed` macro.

    The checker reports them; the build's sandbox (mkdocs_kb/sandbox.py) refuses to
    compile a text that has any, so no operator, loop or include ever runs.
    """
    if "{{" not in source and "{%" not in source and "{#" not in source:
        return []
    try:
        tree = _PARSER.parse(source)
    except TemplateSyntaxError as error:
        return [(error.lineno or 1, f"{error.message} — write macros as {{{{ ref(\"id\") }}}}")]
    except RecursionError:  # `{{ ((((...` thousands deep
        return [(1, "template syntax nested too deeply — write macros as {{ ref(\"id\") }}")]
    problems = []
    for node in tree.body:
        if not isinstance(node, nodes.Output):
            problems.append((node.lineno, f"`{{% {type(node).__name__.lower()} %}}` is not allowed in content — "
                                          "use only the project's macros, e.g. {{ ref(\"id\") }}"))
            continue
        for part in node.nodes:
            if not isinstance(part, nodes.TemplateData):
                message = _call_problem(part, allowed)
                if message:
                    problems.append((part.lineno, message))
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
    # Jinja decodes a literal's escapes (\x3c is <, \n a line break): its value is what the page will show,
    # so it is read as a field is, after decoding
    for arg in node.args:
        hidden = next(control_problems(arg.value), None)
        problem = (hidden.message, hidden.found) if hidden else plain_text_problem(arg.value)
        if problem:
            return f"an argument of `{name}` {problem[0]}"  # not echoed: it may hold what a terminal acts on
    fewest, most = MACROS[name]
    if not fewest <= len(node.args) <= most:
        return (f"`{name}` takes {fewest if fewest == most else f'{fewest} to {most}'} argument(s), not {len(node.args)} — "
                "see the macros in CONTRIBUTING.md")
    return None
