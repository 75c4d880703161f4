"""The search box's script (overrides/assets/kb-search/: ES modules) under Node's own test runner (tests/js/:
query parsing, respelling, ranking and its ties, excerpts, the panel's HTML, Pagefind's loading), and the
knobs it ranks with, from kb.search.ranking to the built page to the script.

The browser tests (tests/test_search.py) drive the same modules through the built site.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess

from selectolax.lexbor import LexborHTMLParser

from conftest import ROOT
from kb.search.ranking import KNOBS

NODE_AT_LEAST = (18, 19)  # module.register (tests/js/modules.mjs); Debian 12's nodejs is 18.19
TESTS = "tests/js/all.test.mjs"


def node(*args: str) -> subprocess.CompletedProcess:
    found = shutil.which("node")
    assert found, "node is missing: `make node` installs it (or `sudo apt-get install nodejs`); the search box's unit tests run in it"
    version = subprocess.run([found, "--version"], capture_output=True, text=True).stdout.strip()
    numbers = tuple(int(n) for n in re.findall(r"\d+", version)[:2])
    assert numbers >= NODE_AT_LEAST, f"node {version} is too old for tests/js/ (at least {'.'.join(map(str, NODE_AT_LEAST))})"
    return subprocess.run([found, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_search_scripts_unit_tests_pass():
    result = node("--test", TESTS)
    assert result.returncode == 0, f"node --test {TESTS} failed:\n{result.stdout}\n{result.stderr}"
    passed = re.search(r"^# pass (\d+)$", result.stdout, re.M)
    assert passed and int(passed[1]) > 0, result.stdout  # tests ran, not an empty file


def test_the_knobs_kb_writes_are_the_ones_the_script_reads():
    read = "const { knobs } = await import('./tests/js/modules.mjs'); console.log(JSON.stringify(knobs.readKnobs(process.argv[1])));"
    result = node("--input-type=module", "-e", read, json.dumps(KNOBS))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == KNOBS
    unread = node("--input-type=module", "-e", read, json.dumps({**KNOBS, "stray": 1}))
    assert unread.returncode != 0 and "has knobs the script does not read: stray" in unread.stderr


def test_every_search_box_carries_the_knobs(site):
    """The page is where the script reads them (overrides/partials/search.html: data-kb-ranking), the 404 page's
    box (served at every missing address) too."""
    for page in ("index.html", "en/issues/007/index.html", "404.html"):
        box = LexborHTMLParser((site / page).read_bytes()).css_first("[data-kb-search]")
        assert json.loads(box.attributes["data-kb-ranking"]) == KNOBS, page
