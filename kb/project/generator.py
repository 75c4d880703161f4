"""What the site is built with, until when, and what must run for a build to count.

The decision and its reasons are DECISIONS.md; the dates it rests on are written here once, for the line the
build prints (the kb plugin, at the start of every mkdocs command, and `make preview`) and for the test that
holds DECISIONS.md to them. The site is built only by MkDocs with the kb plugin: its sanitizer, sandbox,
firewall, search index and feeds are the plugin. A build without it must fail, never publish a site that
merely looks right (macros/__init__.py refuses to run without it; `kb verify-site` finds no stamp).
"""
from __future__ import annotations

from kb.project.layout import BUILD_STAMP, SITE_CONFIG

DECISIONS = "DECISIONS.md"
PLUGIN = "kb"  # its name under `plugins:` in mkdocs.yml (the mkdocs.plugins entry point in pyproject.toml)
# `extra:` key of a configuration built without the plugin on purpose: the benchmark's naive baseline (bench/run.py),
# which `kb verify-site` still refuses (it has no stamp)
NAIVE_BASELINE = "kb_naive_baseline"
# Material for MkDocs' own notice: it reaches end of life then, with critical fixes and security updates until then.
THEME_END_OF_LIFE = "2027-05-05"
# When DECISIONS.md is decided again at the latest: three months before the theme's end of life, time to move.
REVISIT_BY = "2027-02-01"


def notice() -> str:
    """One line after Material's end-of-life notice (or instead of it, where Material prints none), saying where
    the project has decided what to do about it."""
    return (f"Material for MkDocs, this site's theme, gets fixes until {THEME_END_OF_LIFE} and MkDocs 1.6 gets none: "
            f"what builds the site after that, and why, is {DECISIONS} (decided again by {REVISIT_BY} at the latest)")


def plugin_not_running(where: str) -> str:
    """Why a build that runs the project's macros without the kb plugin stops, and what to do."""
    return (f"{SITE_CONFIG}: the kb plugin is not running ({where}) — list `- {PLUGIN}` last under `plugins:`, "
            f"as the repository's {SITE_CONFIG} does, and install it (`make install`). Without it nothing a page holds "
            f"is sanitized or sandboxed, the firewall checks nothing, and there is no search index, feed or "
            f"{BUILD_STAMP}. A generator that runs no MkDocs plugins cannot build this site: see {DECISIONS}")
