"""Each issue as an email (kb email, and the .eml the build publishes next to each issue; issue 38)."""
from __future__ import annotations

import email
import os
import re
import shutil
from email import policy
from pathlib import Path
from urllib.parse import urlsplit

import feedparser
import pytest
from browser import chromium
from bs4 import BeautifulSoup
from test_claim_history import CHECKS, add_check

from conftest import ROOT, SITE_URL, archive_project, copy_project
from kb import load_catalog
from kb.cli.commands import main as kb
from kb.model.labels import LABELS, watch_age
from kb.model.reading import weeks_open
from kb.project import layout
from kb.publish import feeds
from kb.publish.cards import font_file
from kb.publish.email_issue import GMAIL_CLIPS, issue_email, write_emails
from kb.publish.email_rules import email_problems, html_problems

SCREENSHOTS = ROOT / "build" / "screenshots"


def parts(data: bytes) -> tuple[str, str]:
    message = email.message_from_bytes(data, policy=policy.default)
    assert message.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in message.iter_parts()] == ["text/plain", "text/html"]
    assert message["Subject"] and message["From"] and message["Date"] and message["Message-ID"]
    plain, markup = message.get_body(("plain",)).get_content(), message.get_body(("html",)).get_content()
    return plain.replace("\r\n", "\n"), markup


def emails(catalog):
    """The emails a build publishes: one per language of each issue the feeds announce."""
    return [(issue, lang) for issue in feeds.announced(catalog) for lang in layout.LANGUAGES]


def test_the_build_publishes_each_issues_email_in_each_language(catalog, site, pages):
    for issue, lang in emails(catalog):
        data = (site / layout.issue_email(issue.number, lang)).read_bytes()
        assert len(data) < GMAIL_CLIPS
        text, markup = parts(data)
        assert email_problems(data, SITE_URL) == []
        soup = BeautifulSoup(markup, "html.parser")
        assert not soup.find(["script", "img", "link", "iframe", "form", "details"])  # not every client opens <details>
        assert soup.find("meta", attrs={"name": "color-scheme"})["content"] == "light dark"
        assert "prefers-color-scheme: dark" in soup.head.style.get_text()
        # every link absolute: to the site, or to an outside address the issue page itself links to
        outside = {a["href"] for a in pages.article(issue.page, lang).find_all("a", href=True) if a["href"].startswith("http")}
        hrefs = [a["href"] for a in soup.find_all("a", href=True)]
        assert hrefs and all(h.startswith(SITE_URL) or h in outside for h in hrefs), set(hrefs) - outside
        item = issue.items[0]
        item_url = f"{SITE_URL}{layout.language_home(lang)}{layout.page_url(issue.page)}#{item.id}"
        assert item_url in hrefs
        for each in issue.items:  # related items shown under their label, as the page shows them folded
            assert all(any(h.endswith(f"#{other.id}") for h in hrefs) for other in catalog.related_in_issue(each))
        # the plain text says the same, with numbered links listed at its end
        urls = re.findall(r"^\[(\d+)\] (\S+)$", text, re.MULTILINE)
        assert [int(n) for n, _ in urls] == list(range(1, len(urls) + 1))
        assert {url for _, url in urls} == set(hrefs)
        assert f"{item.title(lang)} [{[u for _, u in urls].index(item_url) + 1}]" in text
        # text only, from its first line: the site's name, with its link's number (the doctype once led it)
        assert text.startswith(f"{layout.site_names()[lang]} [1]\n"), text[:80]
        assert not re.search(r"<[!/A-Za-z]|DOCTYPE", text), re.search(r".{0,40}(<[!/A-Za-z]|DOCTYPE).{0,40}", text)


PUBLIC = "https://weekly.example/kb/"  # a published site's address (KB_SITE_URL), under a path as on GitHub Pages


def test_at_the_public_address_every_link_to_the_site_is_absolute_https(catalog, pages):
    """What a mailing service sends: each issue's email in each language made for the public https address. Every
    link, in the HTML and in the plain text's list, is that address or one the issue's page itself links to
    outside the site (its sources); nothing relative, nothing to the site over plain http."""
    for issue, lang in emails(catalog):
        data = issue_email(catalog, issue, lang, PUBLIC, layout.site_names()[lang]).as_bytes()
        assert len(data) < GMAIL_CLIPS and email_problems(data, PUBLIC) == []
        text, markup = parts(data)
        hrefs = {a["href"] for a in BeautifulSoup(markup, "html.parser").find_all("a", href=True)}
        assert set(re.findall(r"^\[\d+\] (\S+)$", text, re.MULTILINE)) == hrefs
        outside = {a["href"] for a in pages.article(issue.page, lang).find_all("a", href=True)
                   if urlsplit(a["href"]).netloc and not a["href"].startswith(SITE_URL)}
        to_site = hrefs - outside
        assert f"{PUBLIC}{layout.language_home(lang)}{layout.page_url(issue.page)}" in to_site
        assert all(href.startswith(PUBLIC) for href in to_site), sorted(h for h in to_site if not h.startswith(PUBLIC))


def test_the_email_keeps_figures_with_who_measured_them_checks_and_the_watch_list(tmp_path):
    project = copy_project(tmp_path / "project")
    for later, (earlier, verdict, reasons) in CHECKS.items():
        add_check(project, later, earlier, verdict, reasons)
    catalog = load_catalog(project)
    for issue, lang in emails(catalog):
        text, markup = parts(issue_email(catalog, issue, lang, SITE_URL, layout.site_names()[lang]).as_bytes())
        for claim in (c for item in issue.items for c in item.claims):
            for part in (text, markup):
                assert claim.text(lang) in part and LABELS[lang]["source_kind"][claim.facts.source_kind] in part
                assert LABELS[lang]["status"][claim.status] in part
            if claim.facts.checks:  # a later figure: what it checks, its verdict, whose call it is and why
                check = claim.facts.checks
                assert claim.checked.text(lang) in text and catalog.plain_text(claim.reason(lang), lang) in text
                assert LABELS[lang]["check_verdict"][check.verdict] in text
                assert LABELS[lang]["resolution_by"][check.by] in text
            for check in claim.checked_by:  # an earlier one: what checked it later
                assert check.text(lang) in text
        for entry in issue.watch:
            assert entry.title(lang) in text
            if entry.is_open:
                assert watch_age(lang, weeks_open(catalog, entry)) in text
    assert any(c.checked_by for c in catalog.claims) and any(c.checked for c in catalog.claims)


def test_the_feeds_enclose_each_issues_email(catalog, site):
    for lang in layout.LANGUAGES:
        home = site / layout.language_home(lang)
        for name in layout.feed_names():
            feed = feedparser.parse((home / name).read_bytes())
            assert not feed.bozo, feed.bozo_exception
            assert len(feed.entries) == len(feeds.announced(catalog))
            for entry, issue in zip(feed.entries, feeds.announced(catalog)):
                (enclosure,) = entry.enclosures
                path = layout.issue_email(issue.number, lang)
                assert enclosure.href == SITE_URL + path and enclosure.type == "message/rfc822"
                assert int(enclosure.length) == (site / path).stat().st_size


def test_only_the_issues_the_feeds_announce_have_an_email_and_each_is_enclosed(catalog, tmp_path, monkeypatch):
    """An archive longer than a feed: the newest issues have their email, each enclosed in its entry of the issues'
    feeds; an older one has none."""
    monkeypatch.setattr(feeds, "LIMIT", 2)
    newest = feeds.announced(catalog)
    assert len(newest) == 2 < len(catalog.issues) and newest == catalog.issues[:2]  # the fixture has none withdrawn
    site = tmp_path / "site"
    written = write_emails(catalog, site, SITE_URL, layout.site_names())
    expected = {site / layout.issue_email(issue.number, lang) for issue in newest for lang in layout.LANGUAGES}
    assert set(written) == expected == set(site.rglob("*.eml"))
    feeds.write_feeds(catalog, site, SITE_URL, layout.site_names())
    for lang in layout.LANGUAGES:
        for name in layout.feed_names():
            feed = feedparser.parse((site / layout.language_home(lang) / name).read_bytes())
            enclosed = [urlsplit(e.enclosures[0].href).path for e in feed.entries]
            assert enclosed == [urlsplit(SITE_URL + layout.issue_email(i.number, lang)).path for i in newest]


def test_the_email_is_written_the_same_every_time(catalog, site):
    issue = catalog.issues[0]
    for lang in layout.LANGUAGES:
        made = issue_email(catalog, issue, lang, SITE_URL, layout.site_names()[lang]).as_bytes()
        assert made == issue_email(catalog, issue, lang, SITE_URL, layout.site_names()[lang]).as_bytes()
        assert made == (site / layout.issue_email(issue.number, lang)).read_bytes()


@pytest.mark.parametrize("markup, finding", [
    ('<a href="javascript:alert(1)">x</a>', "only absolute http, https or mailto"),
    ('<a href="../issues/007/">x</a>', "only absolute http, https or mailto"),
    ('<img src="https://tracker.example/p.gif">', "loads an image from elsewhere than the site"),
    ('<p onclick="x()">x</p>', "event handler `onclick`"),
    ("<script>x()</script>", "has a <script> element"),
    ('<body><style>p{color:red}</style></body>', "has a <style> outside the head"),
    ('<head><style>@import "https://evil.example/x.css";</style></head>', "fetches or runs something"),
    ('<p style="background:url(https://evil.example/x)">x</p>', "style attribute that fetches"),
])
def test_the_firewall_refuses_what_an_email_may_not_hold(markup, finding):
    assert any(finding in what for what in html_problems(markup, SITE_URL)), html_problems(markup, SITE_URL)


def test_the_firewall_reads_every_eml_of_the_site(site, catalog, tmp_path, capsys):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    issue = catalog.issues[0]
    path = copy / layout.issue_email(issue.number, layout.DEFAULT_LANGUAGE)
    data = path.read_bytes()
    message = email.message_from_bytes(data, policy=policy.default)
    message.get_body(("html",)).set_content(
        '<p><a href="https://example.org/">ok</a><script>alert(1)</script></p>', subtype="html")
    path.write_bytes(message.as_bytes())
    (copy / "issues" / "stray.eml").write_bytes(data)
    assert kb(["--root", str(archive_project()), "audit", "--site", str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"{layout.issue_email(issue.number, layout.DEFAULT_LANGUAGE)}: has a <script> element" in out
    assert "issues/stray.eml: is not the email of an issue" in out


def test_kb_email_writes_both_languages_and_needs_the_site_address(catalog, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("KB_SITE_URL", raising=False)
    number = catalog.issues[0].number
    root = str(archive_project())
    assert kb(["--root", root, "email", str(number), "--out", str(tmp_path)]) == 1
    assert "--site-url" in capsys.readouterr().err
    assert kb(["--root", root, "email", str(number), "--site-url", "https://weekly.example/kb/", "--out", str(tmp_path)]) == 0
    for lang in layout.LANGUAGES:
        text, markup = parts((tmp_path / Path(layout.issue_email(number, lang)).name).read_bytes())
        assert f"https://weekly.example/kb/{layout.language_home(lang)}{layout.page_url(catalog.issues[0].page)}" in text
        assert email_problems((tmp_path / Path(layout.issue_email(number, lang)).name).read_bytes(),
                              "https://weekly.example/kb/") == []


@pytest.mark.full  # pictures for review, taken in the browser at two widths: make test-full
def test_screenshots_of_the_email_at_phone_and_desktop_widths(catalog, site, tmp_path):
    """build/screenshots/: each language at 375 and 600 px, light and dark; nothing wider than the screen.
    Readers' systems have CJK fonts; this machine may not: the browser also gets the cards' font (kb.publish.cards)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    issue = catalog.issues[0]
    fonts = tmp_path / "fonts.conf"
    fonts.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                     '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
                     f"<dir>{font_file().parent}</dir><cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>",
                     encoding="utf-8")
    with chromium(dict(os.environ, FONTCONFIG_FILE=str(fonts))) as browser:
        for lang in layout.LANGUAGES:
            _, markup = parts((site / layout.issue_email(issue.number, lang)).read_bytes())
            for width in (375, 600):
                for scheme in ("light", "dark"):
                    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
                    page.set_content(markup)
                    assert page.evaluate("document.documentElement.scrollWidth") <= width
                    page.screenshot(path=str(SCREENSHOTS / f"email-{issue.number}.{lang}.{width}.{scheme}.png"), full_page=True)
                    page.close()
    assert len(list(SCREENSHOTS.glob(f"email-{issue.number}.*.png"))) == 4 * len(layout.LANGUAGES)


@pytest.mark.parametrize("here", ["https://kb.example/issues/007/", "https://kb.example/sub/en/issues/012/",
                                  "http://127.0.0.1:8000/", "https://kb.example/a/b/c"])
def test_links_are_made_absolute_as_urljoin_makes_them(here):
    from urllib.parse import urljoin

    from kb.publish.email_issue import resolved
    links = ["", "./", ".", "..", "../", "../../", "../../../../..", "x", "x/", "./x/#a", "../x/y/#b",
             "../../topics/kv-cache/", "../012/#loopvq", "#item", "?q=1", "x?q=1#f", "a/./b/../c/",
             "/root/", "//elsewhere.example/x", "https://vllm.ai/blog/", "mailto:a@b.example", "%E4%B8%AD/",
             "a:b/", "x/..", "x/.", "../?q", "..#f"]
    for link in links:
        assert resolved(here, link) == urljoin(here, link), link


def test_each_part_is_encoded_as_the_email_package_would_choose(catalog):
    from kb.publish.email_issue import transfer_encoding
    chosen = set()
    for text in ["纯中文的一段话，没有拉丁字母。" * 40, "Plain English, a = b; " * 200, "混合 mixed 文本 text " * 100,
                 *(page for issue in catalog.issues[:2] for lang in layout.LANGUAGES
                   for page in parts(issue_email(catalog, issue, lang, SITE_URL, "Weekly").as_bytes()))]:
        text = text if "\n" in text else text + "\n"
        message = email.message.EmailMessage(policy=policy.SMTP)
        message.set_content(text, charset="utf-8")  # the package's own choice
        assert transfer_encoding(text) == message["Content-Transfer-Encoding"], text[:40]
        chosen.add(transfer_encoding(text))
    assert chosen == {"base64", "quoted-printable"}


@pytest.mark.parametrize("name", ["大模型实施周报", "LLM Implementation Weekly", 'Weekly, "the" <best>', "大模型 Weekly"])
def test_headers_read_back_as_written_in_lines_a_mail_server_takes(catalog, name):
    """Names and subjects in Chinese are encoded words, ASCII ones quoted where they need it; every line ends in
    CRLF and is at most 78 characters long (RFC 5322), and a strict parse of the standard library finds no defect."""
    from kb.render.renderer import Renderer
    for issue in catalog.issues[:3]:
        for lang in layout.LANGUAGES:
            data = issue_email(catalog, issue, lang, SITE_URL, name).as_bytes()
            assert b"\n" not in data.replace(b"\r\n", b"")
            assert max(map(len, data.split(b"\r\n"))) <= 78
            message = email.message_from_bytes(data, policy=policy.strict)
            assert not message.defects and not any(part.defects for part in message.iter_parts())
            assert str(message["Subject"]) == Renderer(catalog, lang, issue.page).title(issue)
            (sender,) = message["From"].addresses
            assert (sender.display_name, sender.domain) == (name, urlsplit(SITE_URL).hostname)
            assert message.as_bytes().count(b"MIME-Version") == 1  # said once, by the message


@pytest.mark.parametrize("name, sender", [("Weekly\r\nBcc: someone@elsewhere.example", None),
                                          ("周报\nX-Injected: 1", None), ("Weekly", "a@b.example\r\nBcc: c@d.example")])
def test_a_line_end_in_a_header_value_is_refused(catalog, name, sender):
    with pytest.raises(ValueError, match="line end"):
        issue_email(catalog, catalog.issues[0], "en", SITE_URL, name, sender)


def test_each_part_decodes_to_the_text_it_was_made_from(catalog):
    """Quoted-printable and base64 written by binascii decode, in the standard library's parser, to the plain text
    and the inlined HTML, each ending with a line end."""
    from kb.publish.email_issue import issue_html
    from kb.publish.email_text import plain_text
    for issue in catalog.issues[:2]:
        for lang in layout.LANGUAGES:
            document, markup = issue_html(catalog, issue, lang, SITE_URL, "Weekly")
            text, html = parts(issue_email(catalog, issue, lang, SITE_URL, "Weekly").as_bytes())
            assert (text, html.replace("\r\n", "\n")) == (plain_text(document), markup + "\n")
