"""What template syntax content may use: the project's own macros, literal arguments only.

Pages are rendered by Jinja2 (mkdocs-macros), which would otherwise run any
expression a page holds. The checker parses every page and rejects the rest
with its file and line before anything is built.
"""
from __future__ import annotations

from typing import NamedTuple

from jinja2 import Environment, TemplateSyntaxError, nodes

from kb.base.messages import Message, msg, words
from kb.base.problems import Problem
from kb.base.suggest import closest
from kb.markup.refs import REF, expand_refs
from kb.markup.safety import control_problems, plain_text_problem

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
    "latest_issues": (0, 0),
    "recent_changes": (0, 0),
    "translation_status": (0, 0),
    "claims_ledger": (0, 0),
    "signals_ledger": (0, 0),
    "open_data": (0, 0),
    "source_kinds": (0, 0),
}
FRONT_MATTER_MACROS = {"ref"}  # prose in front matter is expanded by kb.markup.refs, which knows only ref

_PARSER = Environment()


class TemplateProblem(NamedTuple):
    line: int  # in the text checked, from 1
    message: Message
    found: str | None = None  # what is refused, as written: the macro's name, or the `{{` or `{%` opening it
    suggestions: tuple[str, ...] = ()


def check_template(page) -> list[Problem]:
    """Problems in the template syntax of a page's body (front matter is checked field by field, kb.model.fields)."""
    return [Problem(page.path, page.body_first_line + p.line - 1, "template", p.message, found=p.found,
                    suggestions=p.suggestions) for p in template_problems(page.body, set(MACROS))]


def prose_template_problems(text: str) -> list[TemplateProblem]:
    """Prose in front matter is expanded by kb.markup.refs, not Jinja: only refs, and nothing left over."""
    problems = template_problems(text, FRONT_MATTER_MACROS)
    if not problems:
        rest = expand_refs(text, lambda target, label: "")
        for marker in ("{{", "{%", "{#"):
            if marker in rest:
                line = 1 + text[: _nth_unexpanded(text, marker)].count("\n")
                problems.append(TemplateProblem(line, msg("template-front-matter", marker=marker), marker))
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


def template_problems(source: str, allowed: set[str]) -> list[TemplateProblem]:
    """The line in `source` and what is wrong, for every template construct other than a call of an `allowed` macro.

    The checker reports them; the build's sandbox (mkdocs_kb/sandbox.py) refuses to
    compile a text that has any, so no operator, loop or include ever runs.
    """
    if "{{" not in source and "{%" not in source and "{#" not in source:
        return []
    if _refs_only(source, allowed):
        return []
    return _parsed_problems(source, allowed)


def _refs_only(source: str, allowed: set[str]) -> bool:
    """Whether `source`'s only template syntax is well-formed refs, so that Jinja's parser would find nothing wrong:
    each as REF reads it, with arguments that pass a macro argument's checks and hold no backslash (an escape,
    which Jinja decodes and REF does not), and no `{` anywhere else (`{{{ ref("x") }}` opens a block one brace
    early). Prose with refs is most of the front matter checked, and Jinja's parser was most of the time spent
    checking it (measured: bench/README.md, kb/markup/templates.py); tests/test_templates.py compares the two
    on generated texts."""
    if "ref" not in allowed:
        return False
    fewest, most = MACROS["ref"]
    rest, last = [], 0
    for match in REF.finditer(source):
        args = [match["id"]] if match["text"] is None else [match["id"], match["text"]]
        if not fewest <= len(args) <= most or any("\\" in arg or _argument_problem(arg) for arg in args):
            return False
        rest.append(source[last:match.start()])
        last = match.end()
    rest.append(source[last:])
    return all("{" not in part for part in rest)


def _parsed_problems(source: str, allowed: set[str]) -> list[TemplateProblem]:
    """template_problems, read by Jinja's own parser."""
    try:
        tree = _PARSER.parse(source)
    except TemplateSyntaxError as error:
        return [TemplateProblem(error.lineno or 1, msg("template-syntax", error=error.message))]
    except RecursionError:  # `{{ ((((...` thousands deep
        return [TemplateProblem(1, msg("template-too-deep"), "{{")]
    # Jinja drops a comment before parsing, wherever it is, a code span included: it would vanish unseen. A raw
    # block is a statement too, and parses into plain text: its markers vanish, and one left open at the end
    # of a text takes nothing with it but itself, unseen.
    tokens = list(_PARSER.lex(source))
    problems = [TemplateProblem(line, msg("template-comment"), "{#") for line, kind, _ in tokens if kind == "comment_begin"]
    problems += [TemplateProblem(line, msg("template-statement", kind="raw"), "{%") for line, kind, _ in tokens
                 if kind == "raw_begin"]
    for node in tree.body:
        if not isinstance(node, nodes.Output):
            problems.append(TemplateProblem(node.lineno, msg("template-statement", kind=type(node).__name__.lower()), "{%"))
            continue
        for part in node.nodes:
            if not isinstance(part, nodes.TemplateData):
                message = _call_problem(part, allowed)
                if message:
                    name = part.node.name if isinstance(part, nodes.Call) and isinstance(part.node, nodes.Name) else None
                    problems.append(TemplateProblem(part.lineno, message, name or "{{",
                                                    closest(name, allowed) if name and name not in allowed else ()))
    return problems


def _argument_problem(value: str) -> tuple[Message, str] | None:
    """(message, what is refused) if a macro's argument, as Jinja decodes it, is not one line of plain text."""
    hidden = next(control_problems(value), None)
    return (hidden.message, hidden.found) if hidden else plain_text_problem(value)


def _call_problem(node, allowed: set[str]) -> Message | None:
    names = words(sorted(allowed), "")
    if not (isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name)):
        return msg("template-not-a-call", names=names)
    name = node.node.name
    if name not in allowed:
        return msg("template-unknown-macro", name=name, names=names)
    if node.kwargs or node.dyn_args or node.dyn_kwargs or not all(
        isinstance(arg, nodes.Const) and isinstance(arg.value, str) for arg in node.args
    ):
        return msg("template-literal-arguments", name=name)
    # Jinja decodes a literal's escapes (\x3c is <, \n a line break): its value is what the page will show,
    # so it is read as a field is, after decoding
    for arg in node.args:
        problem = _argument_problem(arg.value)
        if problem:
            return msg("template-argument", name=name, problem=problem[0])  # not echoed: it may hold what a terminal acts on
    fewest, most = MACROS[name]
    if not fewest <= len(node.args) <= most:
        if fewest == most:
            return msg("template-argument-count", name=name, count=msg("count-arguments", n=fewest), given=len(node.args))
        return msg("template-argument-range", name=name, fewest=fewest, most=most, given=len(node.args))
    return None
