"""An issue as an email, per language: multipart/alternative, an HTML part laid out for mail clients and a
plain-text part with the same content and numbered links.

Made from the same model and the same rendering the issue page's generated HTML uses (kb.render: sources,
figures with who measured them, the checks of earlier figures, the watch list), with every link made
absolute to the published site: a mail client has no page to resolve a relative link against.
The HTML has no script, no web font and no image; its CSS is inlined (css-inline, as most mail clients
drop <style>), except the dark-mode rules, which only a <style> can hold and which clients that honour
prefers-color-scheme read. Written deterministically: the same commit writes the same bytes.
"""
from __future__ import annotations

import binascii
import hashlib
import html
import re
from collections.abc import Callable
from datetime import datetime, time, timezone
from email import policy
from email.header import Header
from email.message import Message
from email.mime.multipart import MIMEMultipart
from email.mime.nonmultipart import MIMENonMultipart
from email.utils import format_datetime, formataddr
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import css_inline

from kb.base.forked import in_halves
from kb.base.urls import SCHEME
from kb.model.entries import Issue
from kb.project import layout
from kb.publish.email_text import plain_text
from kb.publish.feeds import announced
from kb.render.issue_page import item_details
from kb.render.links import HTML, Link
from kb.render.markup import element
from kb.render.renderer import Renderer

GMAIL_CLIPS = 102 * 1024  # Gmail shows "[Message clipped]" for an HTML part larger than this
WIDTH = 600  # px: the single column most mail clients and templates use
HREF = re.compile(r'href="([^"]*)"')
# An .eml file as a mail server would take it: CRLF line ends, and a body line starting "From " left as it is (the
# mbox habit of writing ">From " is for mailbox files). compat32 keeps each header as the text it is given.
MESSAGE_POLICY = policy.compat32.clone(linesep="\r\n", mangle_from_=False)
BASE64_BYTES_PER_LINE = 57  # 76 characters a line, as RFC 2045 allows at most

CSS = f"""
body {{ margin: 0; padding: 0; background: #f4f5f7; color: #1f2328; }}
.kb-outer {{ width: 100%; background: #f4f5f7; }}
.kb-wrap {{ width: 100%; max-width: {WIDTH}px; background: #ffffff; }}
.kb-body {{ padding: 24px 20px; font-family: -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei",
  "Noto Sans CJK SC", sans-serif; font-size: 16px; line-height: 1.6; color: #1f2328; }}
h1 {{ font-size: 24px; line-height: 1.3; margin: 8px 0 4px; }}
h1 a {{ color: #1f2328; text-decoration: none; }}
h2 {{ font-size: 20px; line-height: 1.35; margin: 28px 0 8px; padding-top: 12px; border-top: 2px solid #d0d7de; }}
h3 {{ font-size: 17px; line-height: 1.4; margin: 22px 0 6px; }}
p {{ margin: 0 0 10px; }}
ul {{ margin: 0 0 10px; padding-left: 20px; }}
li {{ margin: 0 0 6px; }}
.kb-name {{ font-size: 14px; font-weight: bold; margin: 0; }}
.kb-name a {{ color: #3f51b5; text-decoration: none; }}
.kb-dates, .kb-facts, .kb-disclaimer, .kb-history, .kb-related {{ font-size: 14px; color: #57606a; }}
.kb-summary {{ background: #eef2ff; border-left: 4px solid #3f51b5; padding: 10px 14px; margin: 12px 0; }}
.kb-badge, .kb-verdict {{ display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 13px;
  color: #ffffff; background: #455a64; }}
.kb-badge--release {{ background: #2e7d32; }} .kb-badge--tool {{ background: #1565c0; }}
.kb-badge--paper {{ background: #6a1b9a; }} .kb-badge--model {{ background: #ad1457; }}
.kb-badge--benchmark {{ background: #bf360c; }} .kb-badge--star {{ background: #f9a825; color: #000000; }}
.kb-badge--read {{ background: #4e342e; }}
.kb-verdict--signal {{ background: #2e7d32; }} .kb-verdict--noise {{ background: #757575; }}
.kb-source-kind {{ font-size: 13px; padding: 0 4px; border: 1px solid #8c959f; border-radius: 3px; color: #1f2328;
  text-decoration: none; }}
.kb-status {{ font-size: 13px; color: #57606a; }}
.kb-claims {{ padding-left: 20px; }}
.kb-web {{ font-size: 14px; }}
"""
# Only a <style> can hold these (css-inline keeps at-rules): clients that honour the reader's dark mode use
# them; the ones that invert colours themselves get colours chosen to read either way round.
DARK_CSS = """
@media (prefers-color-scheme: dark) {
  body, .kb-outer { background: #0d1117 !important; }
  .kb-wrap, .kb-body { background: #161b22 !important; color: #e6edf3 !important; }
  a { color: #8ab4f8 !important; } h1 a { color: #e6edf3 !important; }
  .kb-summary { background: #1c2333 !important; }
  .kb-dates, .kb-facts, .kb-disclaimer, .kb-history, .kb-related, .kb-status { color: #9da7b3 !important; }
  .kb-source-kind { color: #e6edf3 !important; }
}
"""


def page_address(site_url: str, page: str, lang: str) -> str:
    return site_url.rstrip("/") + "/" + layout.language_home(lang) + layout.page_url(page)


def resolved(here: str, link: str) -> str:
    """urljoin(here, link) for `here`, an absolute address with no query or fragment: a folder's path (`../x/`,
    `./`, `y/#z`) is resolved here, as RFC 3986 does it, and anything else by urljoin, which took a fifth of
    an email's HTML part for the hundreds of links an issue has (measured: bench/README.md,
    kb/publish/email_issue.py; tests/test_weekly_email.py compares the two)."""
    root = here.find("/", here.find("//") + 2) + 1  # after the host
    if not link or link[0] in "#?/" or SCHEME.match(link) or not root or "?" in here or "#" in here:
        return urljoin(here, link)
    cut = min((at for at in (link.find("?"), link.find("#")) if at >= 0), default=len(link))
    path, rest = link[:cut], link[cut:]
    folders = here[root:].split("/")[:-1]  # the folder `here` is in
    steps = path.split("/")
    for step in steps:
        if step == "..":
            if folders:
                folders.pop()
        elif step != ".":
            folders.append(step)
    if steps[-1] in (".", ".."):  # the folder itself: its address ends with a slash
        folders.append("")
    return here[:root] + "/".join(folders) + rest


def _paragraphs(prose_html: str) -> str:
    """Prose as the pages' generated HTML writes it, a paragraph per blank-line-separated block."""
    return "".join(element("p", block.strip()) for block in re.split(r"\n\s*\n", prose_html) if block.strip())


def issue_html(catalog, issue: Issue, lang: str, site_url: str, site_name: str) -> tuple[str, str]:
    """The HTML part, before and after its CSS is inlined: the issue as its page says it, every link absolute.
    Links keep the reader's mail client's colour: a colour inlined on each made the part much larger, and it must
    stay under GMAIL_CLIPS (measured: bench/README.md, kb/publish/email_issue.py)."""
    r = Renderer(catalog, lang, issue.page)
    here = page_address(site_url, issue.page, lang)
    text = issue.text(lang)
    home = site_url.rstrip("/") + "/" + layout.language_home(lang)
    parts = [
        element("p", element("a", html.escape(site_name), href=home), class_="kb-name"),
        element("h1", element("a", html.escape(r.title(issue)), href=here)),
        # the reading time on a line of its own: on a phone the line broke before its dot, or inside a date
        element("p", f"{html.escape(r.dates(issue))}<br>{html.escape(r.reading_time(issue))}", class_="kb-dates"),
        element("div", element("p", f"<strong>{r.t['summary']}</strong>") + _paragraphs(r.prose(text.summary, HTML)),
                class_="kb-summary"),
        element("h2", html.escape(r.t["featured"])),
    ]
    for item in issue.items:
        words = item.text(lang)
        parts += [
            element("h3", r.write(Link(words.title, issue.page, item.id), HTML)),
            element("p", f"{r.badge(item.facts.category)} <strong>{r.prose(words.summary, HTML)}</strong>"),
            element("p", r.labelled("why", r.prose(words.why, HTML), HTML)),
            element("p", r.labelled("edge", r.prose(words.edge, HTML), HTML)),
            item_details(r, item, folded=False),  # a mail client may not open <details>
        ]
    if issue.quick_takes:
        takes = [element("li", r.prose(take.text(lang), HTML)) for take in issue.quick_takes]
        parts += [element("h2", html.escape(r.t["quick_takes"])), element("ul", "".join(takes))]
    if issue.signals:
        parts.append(element("h2", html.escape(r.t["signals"])))
        for signal in issue.signals:
            words = signal.text(lang)
            parts += [element("h3", r.write(Link(words.title, issue.page, signal.id), HTML)),
                      element("p", f"{r.verdict(signal.facts.verdict)} {r.prose(words.body, HTML)}")]
    if issue.picks:
        picks = [element("li", f"<strong>{r.write(Link(p.text(lang).title, url=p.facts.url), HTML)}</strong> — "
                               f"{r.prose(p.text(lang).note, HTML)}") for p in issue.picks]
        parts += [element("h2", html.escape(r.t["picks"])), element("ul", "".join(picks))]
    watch = [element("li", f"{r.write(r.ref(w.id), HTML)} — {r.prose(w.text(lang).note, HTML)}<br>"
                           + element("span", r.watch_state(w, HTML), class_="kb-dates")) for w in issue.watch]
    parts += [element("h2", html.escape(r.t["issue_watch"])),
              element("ul", "".join(watch)) if watch else element("p", html.escape(r.t["issue_watch_none"])),
              element("p", element("a", html.escape(r.t["read_on_web"]), href=here), class_="kb-web"),
              element("p", html.escape(r.t["disclaimer"]), class_="kb-disclaimer")]
    absolute: dict[str, str] = {}  # an email links the same pages again and again (topics, entities, sources)

    def made_absolute(match: re.Match) -> str:
        if match[1] not in absolute:
            absolute[match[1]] = f'href="{html.escape(resolved(here, html.unescape(match[1])))}"'
        return absolute[match[1]]
    body = HREF.sub(made_absolute, "".join(parts))
    document = (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">'
                f"<title>{html.escape(r.title(issue))}</title><style>{CSS}{DARK_CSS}</style></head>"
                f'<body><table role="presentation" class="kb-outer" width="100%" cellpadding="0" cellspacing="0">'
                f'<tr><td align="center"><table role="presentation" class="kb-wrap" width="{WIDTH}" cellpadding="0" '
                f'cellspacing="0"><tr><td class="kb-body">{body}</td></tr></table></td></tr></table></body></html>')
    inliner = css_inline.CSSInliner(keep_at_rules=True, load_remote_stylesheets=False)
    return document, inliner.inline(document)


def issue_email(catalog, issue: Issue, lang: str, site_url: str, site_name: str, sender: str | None = None) -> Message:
    """The message: headers from the issue (its date, a Message-ID of its own), the plain text, then the HTML.

    Made with the email package's MIME classes under MESSAGE_POLICY, each part's body encoded by binascii: the
    default policy parsed every header it was given into an object, and encoded quoted-printable in pure Python,
    which together were half the time of writing an email (measured: bench/README.md, kb/publish/email_issue.py).
    The message is the same: both parts, their charset and transfer encoding, headers encoded where not ASCII."""
    host = urlsplit(site_url).hostname or "localhost"
    document, markup = issue_html(catalog, issue, lang, site_url, site_name)
    # the same HTML, read before its CSS was inlined, which is faster (measured: bench/README.md,
    # kb/publish/email_issue.py)
    text = plain_text(document)
    subject = Renderer(catalog, lang, issue.page).title(issue)
    sender = sender or f"weekly@{host}"
    for value in (subject, site_name, sender):  # compat32 writes what it is given: a line end would start a header
        if "\r" in value or "\n" in value:
            raise ValueError(f"an email header may not hold a line end: {value!r}")
    digest = hashlib.sha256((text + markup).encode()).hexdigest()[:24]
    # drawn at random otherwise: the same commit must write the same file
    message = MIMEMultipart("alternative", boundary=f"=_kb-{digest}", policy=MESSAGE_POLICY)
    message["Subject"] = subject if subject.isascii() else Header(subject, "utf-8", header_name="Subject")
    message["From"] = _sender(site_name, sender)
    message["Date"] = format_datetime(datetime.combine(issue.facts.published, time(0, 0), tzinfo=timezone.utc))
    message["Message-ID"] = f"<{layout.issue_id(issue.number)}.{lang}@{host}>"
    message["Content-Language"] = lang
    for subtype, body in (("plain", text), ("html", markup)):
        part = MIMENonMultipart("text", subtype, policy=MESSAGE_POLICY, charset="utf-8")
        del part["MIME-Version"]  # said once, by the message
        encoding = transfer_encoding(body)
        part["Content-Transfer-Encoding"] = encoding
        part.set_payload(encoded(body, encoding))
        message.attach(part)
    return message


def _sender(name: str, address: str) -> str | Header:
    """The From header: the name quoted where ASCII, else encoded in words short enough to fold (formataddr writes
    one encoded word, a line of any length)."""
    if name.isascii():
        return formataddr((name, address))
    header = Header(name, "utf-8", header_name="From")
    header.append(f"<{address}>", "us-ascii")
    return header


def encoded(text: str, encoding: str) -> str:
    """`text` in UTF-8, ending with a line end as the email package ends a part, in `encoding` (base64 or
    quoted-printable), in lines the generator writes with the policy's line ends."""
    data = (text if text.endswith("\n") else text + "\n").encode()
    if encoding == "base64":
        return "".join(binascii.b2a_base64(data[at:at + BASE64_BYTES_PER_LINE]).decode("ascii")
                       for at in range(0, len(data), BASE64_BYTES_PER_LINE))
    return binascii.b2a_qp(data, istext=True).decode("ascii")


def transfer_encoding(text: str) -> str:
    """The shorter of quoted-printable and base64 for `text` in UTF-8, as the email package picks when not told,
    worked out from counts: it finds out by encoding a part's first ten lines in quoted-printable, and an HTML
    part is a line or two, so that was all of it, in pure Python (measured: bench/README.md,
    kb/publish/email_issue.py). Chinese text comes out base64, English quoted-printable."""
    data = text.encode()
    wide = len(data) - len(text.encode("ascii", "ignore"))  # bytes quoted-printable writes as =XX
    quoted = len(data) + 2 * (wide + text.count("="))
    return "quoted-printable" if quoted <= len(data) * 4 / 3 else "base64"


def write_emails(catalog, site: Path, site_url: str, site_names: dict[str, str], *, missing_only: bool = False,
                 until: Callable[[], bool] | None = None, split: bool = False) -> list[Path]:
    """The email of each issue the feeds announce, in every language, next to its page in `site`; the files
    written. Those issues (kb.publish.feeds.announced) are the newest, none withdrawn: an edition is sent, and it
    is not to be sent again (kb.content.published). An older issue's email is not published: nothing links to it
    (the feeds are what point to an email), a mailing service takes the edition from the feed, and one email for
    every issue of the archive cost every build more as the archive grew (measured: bench/README.md,
    kb/publish/email_issue.py; DECISIONS.md, 2); `kb email N` writes any issue's. `missing_only`: only those not
    in `site` yet; `until`: asked before each, stops when it says so (each file is written whole); `split`: every
    other one written in a forked copy (kb.base.forked), for a caller with no other thread."""
    jobs = [(issue, lang, site / layout.issue_email(issue.number, lang))
            for issue in announced(catalog) for lang in layout.LANGUAGES]
    if missing_only:
        jobs = [job for job in jobs if not job[2].exists()]

    def write(job) -> Path:
        issue, lang, path = job
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(issue_email(catalog, issue, lang, site_url, site_names[lang]).as_bytes())
        return path

    if until is None:
        return in_halves(jobs, write, split)
    written = []
    for job in jobs:
        if until():
            break
        written.append(write(job))
    return written
