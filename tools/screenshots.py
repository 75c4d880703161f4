"""Screenshots of what a reader sees on a phone, for a change's review: `make screenshots`.

Shot at 375 px in both languages from a built site: the latest issue page, the hub with the most charts, and
a search that finds nothing. Which issue and hub are chosen is computed from the built pages, so the tool
works on any archive. JPEG, whole page: an issue page is many screens tall on a phone.

    python -m tools.screenshots SITE OUT
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser import chromium, serve  # noqa: E402  (the tests' browser and server: one way to drive Chromium)

from kb.project import layout  # noqa: E402

WIDTH = 375
NOTHING = {"zh": "量子烹饪", "en": "quantum cooking"}  # what no page of an inference weekly holds


def latest_issue(site: Path) -> str:
    """The site-relative folder of the highest-numbered issue built."""
    folders = [p.parent.name for p in (site / layout.ISSUES_DIR).glob("*/index.html") if p.parent.name.isdigit()]
    return f"{layout.ISSUES_DIR}/{max(folders, key=int)}/"


def hub_with_most_charts(site: Path) -> str:
    """The hub whose page draws the most charts (ties: the first by name)."""
    hubs = sorted(p for p in (site / layout.TOPICS_DIR).glob("*/index.html"))
    counts = {p: len(re.findall(r'<svg class="kb-chart"', p.read_text(encoding="utf-8"))) for p in hubs}
    best = max(hubs, key=lambda p: counts[p])
    return f"{layout.TOPICS_DIR}/{best.parent.name}/"


def shoot(site: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    pages = {"issue": latest_issue(site), "hub": hub_with_most_charts(site)}
    written = []
    with serve(site) as root, chromium() as browser:
        context = browser.new_context(viewport={"width": WIDTH, "height": 812}, device_scale_factor=1)
        page = context.new_page()
        for lang in layout.LANGUAGES:
            for kind, url in pages.items():
                page.goto(root + layout.language_home(lang) + url, wait_until="load")
                written.append(out / f"{kind}-{lang}-{WIDTH}.jpg")
                page.screenshot(path=written[-1], full_page=True, type="jpeg", quality=70)
            page.goto(root + layout.language_home(lang), wait_until="load")
            page.locator("label.md-header__button[for=__search]").click()
            page.locator("input.md-search__input").fill(NOTHING[lang])
            page.wait_for_function("q => document.querySelector('[data-kb-search]')?.dataset.kbQuery === q",
                                   arg=NOTHING[lang])
            page.wait_for_timeout(300)  # the panel's last frame
            written.append(out / f"empty-search-{lang}-{WIDTH}.jpg")
            page.screenshot(path=written[-1], type="jpeg", quality=70)
        context.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    for path in shoot(args.site, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
