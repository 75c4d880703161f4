"""The Jinja environment content is rendered in: the project's macros, called with literal arguments.

mkdocs-macros renders every page (and its title) with plain Jinja, in which
a page could run Python. This sandbox reaches no attribute, sees no variable
and calls nothing but the macros registered for content.
"""
from __future__ import annotations

from jinja2 import Environment, FileSystemLoader, Template
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from kb.base.messages import language
from kb.markup.templates import MACROS, template_problems


class MacrosOnlyTemplate(Template):
    def render(self, *args, **kwargs):
        # mkdocs-macros passes config, page, environment...: content may see none of them
        return super().render()


class ContentSandbox(SandboxedEnvironment):
    """Jinja for content: call the project's macros (`macros`: name -> function) with literal arguments, nothing else."""

    template_class = MacrosOnlyTemplate

    def __init__(self, macros: dict, **options):
        super().__init__(**options)
        self.allowed_calls = {id(function) for function in macros.values()}
        self.compiled: dict[str, Template] = {}
        self.globals.update(macros)  # no filters beyond Jinja's own, no other globals

    def from_string(self, source, globals=None, template_class=None):
        # The checker's rules, again at compile time: nothing but a call of a macro with
        # literal arguments is compiled, so no operator (`9**99999999`), loop or include runs.
        if source not in self.compiled:
            refused = template_problems(source, set(MACROS))
            if refused:
                raise SecurityError(f"line {refused[0].line} of the page: {refused[0].message.text(language())}")
        if globals is not None or template_class is not None:
            return super().from_string(source, globals, template_class)
        if source not in self.compiled:  # every issue page's body is the same `{{ issue_page() }}`: compile it once
            self.compiled[source] = super().from_string(source)
        return self.compiled[source]

    def is_safe_attribute(self, obj, attr, value) -> bool:
        return False  # content never needs one; every template-injection chain does

    def is_safe_callable(self, obj) -> bool:
        return id(obj) in self.allowed_calls


def sandbox_for(macros_plugin) -> ContentSandbox:
    """A sandbox with the project's macros and mkdocs-macros' delimiters; includes read only its include_dir."""
    plain = macros_plugin.env
    return ContentSandbox(
        {name: function for name, function in macros_plugin.macros.items() if name in MACROS},  # not mkdocs-macros' own
        loader=FileSystemLoader(macros_plugin.config["include_dir"]),
        undefined=plain.undefined,
        block_start_string=plain.block_start_string, block_end_string=plain.block_end_string,
        variable_start_string=plain.variable_start_string, variable_end_string=plain.variable_end_string,
        comment_start_string=plain.comment_start_string, comment_end_string=plain.comment_end_string,
    )


def install(macros_plugin, sandbox: ContentSandbox) -> None:
    """Make mkdocs-macros render pages with `sandbox`.

    mkdocs-macros (1.5) offers no public way to give it a Jinja environment: its
    read-only `env` property returns the private `_env` it builds in on_config.
    This is the one place that writes it; tests/test_code_layout.py
    (test_mkdocs_macros_renders_pages_with_the_content_sandbox) fails loudly if
    a release renames it or stops rendering through it.
    """
    if not isinstance(getattr(macros_plugin, "_env", None), Environment):
        raise RuntimeError("mkdocs-macros keeps no Jinja environment in `_env` any more — "
                           "update mkdocs_kb/sandbox.py for this release before building")
    macros_plugin._env = sandbox
