"""Screenshots of what a reader sees on a phone, for a change's review: `make screenshots`.

Shot at 375 px in both languages from a built site: the latest issue page, the hub with the most charts, and
a search that finds nothing; and the latest issue's email (the HTML part of the .eml the build publishes next
to it) at 375 px and at the 600 px a mail client's column has. Which issue and hub are chosen is computed from
the built pages, so the tool works on any archive. JPEG, whole page: an issue page is many screens tall on a
phone.

    python -m tools.screenshots SITE OUT
"""
from __future__ import annotations

import argparse
import email
import re
import sys
from email import policy
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser import chromium, serve  # noqa: E402  (the tests' browser and server: one way to drive Chromium)

from kb.project import layout  # noqa: E402

WIDTH = 375
EMAIL_WIDTHS = (375, 600)  # a phone's mail app; the column a desktop client shows (kb.publish.email_issue.WIDTH)
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


def email_html(site: Path, issue: str, lang: str) -> str:
    """The HTML part of the email the build published next to `issue` (a site-relative folder) in `lang`."""
    number = int(issue.strip("/").rpartition("/")[2])
    message = email.message_from_bytes((site / layout.issue_email(number, lang)).read_bytes(), policy=policy.default)
    return message.get_body(("html",)).get_content()


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
        for lang in layout.LANGUAGES:  # as a mail client shows it: the HTML alone, nothing of the site around it
            markup = email_html(site, pages["issue"], lang)
            for width in EMAIL_WIDTHS:
                context = browser.new_context(viewport={"width": width, "height": 812}, device_scale_factor=1)
                page = context.new_page()
                page.set_content(markup, wait_until="load")
                written.append(out / f"email-{lang}-{width}.jpg")
                page.screenshot(path=written[-1], full_page=True, type="jpeg", quality=70)
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
