"""The shape of the code: one-way layers in kb/, small modules, the plugin's one private access.

These keep the restructure of issue 12 from wearing off: a new import cycle,
a module that grows past a few hundred lines, or a mkdocs-macros release that
moves what the sandbox replaces fails here, with the place to look.
"""
from __future__ import annotations

import ast
import inspect
import os
from pathlib import Path

import pytest
from jinja2.sandbox import SandboxedEnvironment, SecurityError
from mkdocs.config import load_config

from conftest import ROOT
from kb.templates import MACROS
from mkdocs_kb.plugin import KbPlugin

MAX_LINES = 350
PACKAGES = ("kb", "mkdocs_kb", "macros")


def python_files():
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The `modules` that `path` imports, at module level or inside a function (not for type checking only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for block in [n for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)]:
        block.body = []
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - (node.level - 1)] if node.level > 1 else parent
                base = ".".join([*parent, base] if base else parent)
            # `from kb import layout` imports the module kb.layout; `from .catalog import Catalog`, kb.catalog
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found & modules


def kb_graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in (ROOT / "kb").rglob("*.py")}
    return {name: imports_of(path, set(modules)) - {name} for name, path in modules.items()}


def test_no_import_cycle_among_kb_modules():
    graph = kb_graph()
    done, path = set(), []

    def visit(module):
        if module in path:
            cycle = path[path.index(module):] + [module]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for imported in sorted(graph[module]):
            visit(imported)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for imported in graph[todo.pop()] - seen:
            seen.add(imported)
            todo.append(imported)
    return seen


def test_loading_content_never_reaches_what_writes_or_checks_the_site():
    """kb.loading reads and checks content: where pages are published, the anchors generated parts of pages
    take and the theme's folders it asks of kb.layout and kb.theme, not of the renderer or the output firewall."""
    output = {"kb.firewall", "kb.render", "kb.feeds", "kb.export", "kb.audit", "kb.search_index", "kb.site_index"}
    reached = reachable(kb_graph(), "kb.loading")
    assert not {module for module in reached if module in output or module.startswith("kb.render.")}, sorted(reached)


def test_the_model_never_imports_the_site_side():
    for path in (ROOT / "kb").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import mkdocs" not in text and "from mkdocs" not in text, path


@pytest.mark.parametrize("path", python_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_modules_stay_small(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines — split it by what it does"


@pytest.fixture(scope="module")
def configured():
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(ROOT / "mkdocs.yml"))
    return config.plugins.on_config(config)


def test_the_plugin_is_registered_and_configured(configured):
    assert isinstance(configured.plugins["kb"], KbPlugin)
    assert configured.plugins["kb"].config.site_files is True


def test_mkdocs_macros_renders_pages_with_the_content_sandbox(configured):
    """The sandbox replaces mkdocs-macros' private `_env` (mkdocs_kb/sandbox.py, `install`).

    If a mkdocs-macros release renames it, or stops rendering through the `env` it
    returns, this fails: pages would then render in plain Jinja, able to run Python.
    """
    macros = configured.plugins["macros"]
    assert isinstance(macros._env, SandboxedEnvironment)
    assert macros.env is macros._env
    assert "self.env.from_string(" in inspect.getsource(type(macros).render), "mkdocs-macros renders pages another way now"
    assert set(MACROS) <= set(macros.env.globals)
    with pytest.raises(SecurityError):
        macros.env.from_string("{{ cycler.__init__ }}").render()


def test_macros_module_registers_exactly_the_checker_list(configured):
    """The checker's list (kb.templates.MACROS) is the one place macro names are written."""
    macros = configured.plugins["macros"]
    assert set(MACROS) <= set(macros.macros)
    for name in set(macros.macros) - set(MACROS):  # mkdocs-macros' own (context, now...): not callable from content
        assert macros.macros[name].__module__.startswith("mkdocs_macros"), name
