"""The locks protect: every package installed is pinned with its hashes, and CI runs fixed code.

requirements/ holds hashed locks made by `make lock` (uv): tools.txt (setuptools, uv), runtime.txt (the
project's dependencies) and test.txt (those and the test extra, constrained by the runtime lock). `make install`
installs them with `pip install --require-hashes`, so a file that differs from the one locked fails the install.
Here: each lock says nothing but pinned, hashed requirements (no option such as an extra index can slip in), the
locks agree with each other and with pyproject.toml, the Makefile installs nothing unhashed, and every GitHub
Action is pinned by a commit, not a tag its owner can move. Reads files only: no network, no install.
"""
from __future__ import annotations

import importlib.metadata
import re
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import ROOT

LOCKS = ROOT / "requirements"
LOCK_NAMES = ("tools.txt", "runtime.txt", "test.txt")
PINNED = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;\\]+)"
                    r"(?P<hashes>(?:\s+--hash=sha256:[0-9a-f]{64})+)")
COMMIT = re.compile(r"[0-9a-f]{40}")


def lock_entries(text: str) -> list[str]:
    """The requirements a lock holds, one string each, continuation lines joined; comment lines dropped."""
    joined = re.sub(r"\\\n", " ", text)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def pins(name: str) -> dict[str, str]:
    """A lock's packages, by normalized name, with the version pinned (each entry checked in full below)."""
    found = {}
    for entry in lock_entries((LOCKS / name).read_text(encoding="utf-8")):
        match = PINNED.fullmatch(entry)
        assert match, f"requirements/{name}: not a pinned, hashed requirement: {entry[:120]}"
        found[canonicalize_name(match["name"])] = match["version"]
    return found


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def exact_pin(requirement: Requirement) -> str:
    """The version pyproject.toml pins a requirement to (the project pins every one exactly)."""
    (spec,) = requirement.specifier
    assert spec.operator == "==", f"pyproject.toml: {requirement} is not pinned with =="
    return spec.version


# ---- the reading of a lock --------------------------------------------------------------------------------

def test_the_entry_reading_refuses_what_a_lock_must_not_hold():
    hashed = " \\\n    --hash=sha256:" + "a" * 64
    assert PINNED.fullmatch(lock_entries("foo==1.0" + hashed + "\n    # via bar\n")[0])
    for bad in ("foo==1.0\n",  # no hash
                "foo>=1.0" + hashed,  # a range
                "foo==1.0 \\\n    --hash=md5:" + "a" * 32,  # not sha256
                "foo==1.0" + hashed + " \\\n    --index-url https://evil.example/simple",  # an option after it
                "--extra-index-url https://evil.example/simple",  # an option on its own line
                "-e git+https://evil.example/foo.git#egg=foo"):  # an unhashed, editable source
        assert not all(PINNED.fullmatch(entry) for entry in lock_entries(bad)), bad


# ---- the locks -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", LOCK_NAMES)
def test_every_requirement_of_a_lock_is_pinned_with_its_hashes(name):
    assert pins(name), f"requirements/{name} pins nothing"


def test_the_locks_are_the_three_the_makefile_installs():
    assert sorted(path.name for path in LOCKS.glob("*.txt")) == sorted(LOCK_NAMES)


def test_the_runtime_lock_is_part_of_the_test_lock_at_the_same_versions():
    runtime, test = pins("runtime.txt"), pins("test.txt")
    differ = {name: (version, test.get(name)) for name, version in runtime.items() if test.get(name) != version}
    assert not differ, f"runtime lock against test lock: {differ} — run `make lock`"
    assert set(test) > set(runtime)


def test_every_dependency_of_pyproject_is_locked_at_its_pinned_version():
    project = pyproject()["project"]
    locks = {"runtime.txt": project["dependencies"], "test.txt": project["optional-dependencies"]["test"]}
    for lock, requirements in locks.items():
        locked = pins(lock)
        for line in requirements:
            requirement = Requirement(line)
            name = canonicalize_name(requirement.name)
            assert locked.get(name) == exact_pin(requirement), \
                f"requirements/{lock}: {name} is {locked.get(name)}, pyproject.toml says {line} — run `make lock`"


def test_the_extras_asked_for_are_locked_too():
    # pagefind[extended] brings its binary in a package of its own: the lock must hold what an extra adds.
    locked = pins("runtime.txt")
    asked = [Requirement(line) for line in pyproject()["project"]["dependencies"]]
    for requirement in (requirement for requirement in asked if requirement.extras):
        for line in importlib.metadata.requires(requirement.name) or []:
            needed = Requirement(line)
            if needed.marker and any(needed.marker.evaluate({"extra": extra}) for extra in requirement.extras) \
                    and not needed.marker.evaluate({"extra": ""}):
                assert canonicalize_name(needed.name) in locked, f"{requirement}: {needed.name} is not locked"


def test_the_tools_lock_holds_the_versions_tools_in_pins():
    locked = pins("tools.txt")
    for entry in lock_entries((LOCKS / "tools.in").read_text(encoding="utf-8")):
        requirement = Requirement(entry)
        assert locked.get(canonicalize_name(requirement.name)) == exact_pin(requirement), entry


def test_the_makefile_installs_every_package_by_its_hash():
    installs = [line.strip() for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
                if re.search(r"\bpip install\b", line)]
    assert installs
    for line in installs:
        own_source = line.endswith("--no-deps --no-build-isolation -e .")  # the project: local source, no deps
        hashed = re.search(r"--require-hashes .*-r requirements/\w+\.txt$", line)
        assert own_source or hashed, f"Makefile installs without hashes: {line}"
        assert "--no-build-isolation" in line or "requirements/tools.txt" in line, \
            f"Makefile: an isolated build downloads an unpinned setuptools: {line}"
    for name in LOCK_NAMES:
        assert any(line.endswith(f"-r requirements/{name}") for line in installs), f"{name} is never installed"


# ---- the workflows ---------------------------------------------------------------------------------------------

def uses_lines():
    return [(path.name, number, line.strip())
            for path in sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if re.match(r"\s*(-\s+)?uses:", line)]


def test_every_action_is_pinned_by_a_commit_with_its_tag_beside_it():
    assert uses_lines()
    for name, number, line in uses_lines():
        target = re.match(r"(?:-\s+)?uses:\s*(\S+)", line)[1].strip("'\"")
        if target.startswith("./"):
            continue  # an action of this repository: the commit checked out
        action, _, ref = target.partition("@")
        where = f".github/workflows/{name}:{number}"
        assert re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w./-]+)?", action), f"{where}: not an action: {target}"
        assert COMMIT.fullmatch(ref), f"{where}: {target} is not pinned by a 40-hex commit"
        assert re.search(r"#\s*v\d+(\.\d+)*\s*$", line), f"{where}: say the release tag, e.g. `# v4.2.2`"
