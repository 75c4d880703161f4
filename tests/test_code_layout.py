"""The shape of the code: one-way layers in kb/, small modules, the plugin's one private access.

These keep the restructure of issue 12 from wearing off: a new import cycle,
a module that grows past a few hundred lines, or a mkdocs-macros release that
moves what the sandbox replaces fails here, with the place to look.
"""
from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from jinja2.sandbox import SandboxedEnvironment, SecurityError
from mkdocs.config import load_config

from conftest import ROOT
from kb.markup.templates import MACROS
from kb.project import layout
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
            # `from kb import layout` imports the module kb.project.layout; `from .catalog import Catalog`, kb.model.catalog
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


def test_the_declared_layers_hold():
    """The import-linter contracts of pyproject.toml (kb's layers; the model never imports the generator)."""
    result = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()", "--no-cache"], cwd=ROOT, capture_output=True,
                            text=True)
    if result.returncode:
        pytest.fail(result.stdout[-4000:] + result.stderr[-2000:])
    assert " BROKEN" not in result.stdout and " KEPT" in result.stdout, result.stdout


def test_every_package_of_kb_is_in_a_layer():
    """A package left out of the layers would be outside every rule: each is named in exactly one layer, and the
    package's docstring says what it owns and what it may import."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers" and c.get("containers") == ["kb"])["layers"]
    named = [name.strip() for layer in layers for name in layer.split("|")]
    packages = sorted(p.parent.name for p in (ROOT / "kb").glob("*/__init__.py"))
    assert sorted(named) == packages
    assert not [p for p in (ROOT / "kb").glob("*.py") if p.name != "__init__.py"], "a module of kb/ outside a package"
    for package in packages:
        doc = ast.get_docstring(ast.parse((ROOT / "kb" / package / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, f"kb/{package}/__init__.py: say what the package owns and what it may import"


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


def test_the_site_languages_are_the_i18n_plugins_and_read_only_when_asked(configured):
    """One place for the languages: mkdocs.yml's i18n section, as mkdocs-static-i18n validated it (default first,
    then the others in its order); kb, the plugin and the macros read no file as they are imported
    (kb/project/layout.py says why mkdocs.yml and not a file of kb's own)."""
    i18n = configured.plugins["i18n"]
    default = i18n.default_language
    assert layout.LANGUAGES == (default, *(code for code in i18n.all_languages if code != default))
    assert layout.DEFAULT_LANGUAGE == default
    imported = subprocess.run([sys.executable, "-c", "import kb.cli, mkdocs_kb.plugin, macros\n"
                               "from kb.project.layout import site_languages\n"
                               "print(site_languages.cache_info().misses)"],
                              cwd=ROOT, capture_output=True, text=True, check=True)
    assert imported.stdout.strip() == "0", "importing kb read the languages: ask for them in a function instead"


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
    """The checker's list (kb.markup.templates.MACROS) is the one place macro names are written."""
    macros = configured.plugins["macros"]
    assert set(MACROS) <= set(macros.macros)
    for name in set(macros.macros) - set(MACROS):  # mkdocs-macros' own (context, now...): not callable from content
        assert macros.macros[name].__module__.startswith("mkdocs_macros"), name
