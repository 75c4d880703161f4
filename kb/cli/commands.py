"""The `kb` command: check, scaffold and count the content without building the site."""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

from kb.base import messages
from kb.base.messages import msg
from kb.base.problems import Problem
from kb.cli.diff_report import DiffError, diff_report, published_problems
from kb.cli.fix import fix_command
from kb.cli.scaffold import ScaffoldError, new_entity, new_issue, new_item, new_topic
from kb.content.check import check, default_pages
from kb.content.report import report, summary
from kb.base.plural import plural
from kb.model.claim_facts import SOURCE_KINDS, STATUSES
from kb.model.figure_text import versus_phrase
from kb.model.schema import CATEGORIES, ENTITY_KINDS
from kb.project import layout
from kb.project.content_paths import changed_code_paths
from kb.project.theme import Theme
from kb.project.translations import stamp, translation_states
from kb.publish.audit import audit
from kb.publish.build_stamp import verify_command
from kb.publish.cards import card_files
from kb.publish.email_issue import issue_email
from kb.publish.export import write_export
from kb.publish.firewall import built_pages, firewall, sitemap_home


def find_root(start: Path, lang: str | None = None) -> Path:
    """The nearest folder upward that holds the content (data/topics.yml)."""
    for folder in (start, *start.parents):
        if (folder / layout.TOPICS_FILE).is_file():
            return folder
    raise SystemExit("kb: " + messages.msg("no-project", file=layout.TOPICS_FILE, folder=start).text(messages.language(lang)))


def base_problems(root: Path, base: str) -> list[Problem]:
    """What a change since `base` may not do: touch code (kb.project.content_paths), lose a published id (kb.content.published).
    A base git cannot read is itself a refusal: the check fails closed."""
    changed = changed_code_paths(root, base)
    if any(p.message.key == "base-unreadable" for p in changed):
        return changed
    try:
        return changed + published_problems(root, base)
    except DiffError as error:
        return changed + [Problem(".", None, "file", msg("base-unreadable", base=base, reason=str(error)))]


def cmd_check(root: Path, args) -> int:
    lang = messages.language(args.lang)
    if args.fix or args.dry_run:
        return fix_command(root, lang, write=not args.dry_run)
    problems, _ = check(root)
    if args.base:  # a pull request: changes outside the content paths need a maintainer; published ids stay
        problems = base_problems(root, args.base) + problems
    if problems:
        print(report(problems, lang), flush=True)  # before the totals, on stderr
    print(summary(problems, lang), file=sys.stderr)
    return 1 if any(p.severity == "error" for p in problems) else 0


def checked_catalog(root: Path, command: str):
    """The catalog, or None after saying that `kb check` has errors to show first."""
    _, catalog = check(root)
    if catalog is None:
        print(f"kb {command}: the content has errors — run `kb check`", file=sys.stderr)
    return catalog


def cmd_stats(root: Path, args) -> int:
    catalog = checked_catalog(root, "stats")
    if catalog is None:
        return 1
    print("issues")
    for issue in sorted(catalog.issues, key=lambda i: i.number):
        print(f"  {issue.id:<10} {issue.facts.published}  items {len(issue.items)}  signals {len(issue.signals)}  "
              f"quick takes {len(issue.quick_takes)}  picks {len(issue.picks)}  watch {len(issue.watch)}")
    print("topics")
    for topic in catalog.topics.values():
        print(f"  {topic.id:<26} items {len(catalog.items_of_topic(topic.id))}  signals {len(catalog.signals_of_topic(topic.id))}  "
              f"open watch {len(catalog.watch_of_topic(topic.id, open_only=True))}")
    print("entities")
    for entity in catalog.entities.values():
        print(f"  {entity.id:<26} items {len(catalog.items_of_entity(entity.id))}")
    print("languages")
    states = Counter((t.lang, t.status) for t in translation_states(root, default_pages(root)))
    pages = len(default_pages(root))
    print(f"  {layout.DEFAULT_LANGUAGE}: {pages} pages")
    for lang in layout.LANGUAGES[1:]:
        counts = ", ".join(f"{status} {states[lang, status]}" for status in ("current", "outdated", "uncommitted", "missing", "unknown"))
        print(f"  {lang}: {counts}")
    print(f"watch entries: open {len(catalog.open_watch())}, resolved {len(catalog.resolved_watch())}")
    kinds = Counter(claim.facts.source_kind for claim in catalog.claims)
    print(f"claims: {len(catalog.claims)} ({', '.join(f'{kind} {n}' for kind, n in sorted(kinds.items()))})")
    return 0


def cmd_watch(root: Path, args) -> int:
    """Every watch entry: its id (to put under `resolves:`), topic, opening issue, age, and what settled it."""
    catalog = checked_catalog(root, "watch")
    if catalog is None:
        return 1
    today = max((issue.facts.published for issue in catalog.issues), default=None)
    shown = [w for w in catalog.watch if args.all or w.is_open or args.resolved]
    if args.resolved:
        shown = [w for w in shown if not w.is_open]
    for entry in sorted(shown, key=lambda w: (not w.is_open, w.issue.facts.published)):
        age = (today - entry.issue.facts.published).days // 7 if today else 0
        state = "open" if entry.is_open else (f"resolved by {entry.resolved_by.id} (issue {entry.resolved_by.issue.number}, "
                                              f"{entry.resolution.by})")
        print(f"{entry.id:<40} {entry.facts.topic:<26} issue {entry.issue.number:<4} {age:>3} wk  {state}")
    print(f"{len(catalog.open_watch())} open, {len(catalog.resolved_watch())} resolved — resolve one with "
          "`resolves: [{watch: <id>, by: weekly|editors}]` on a later item", file=sys.stderr)
    return 0


# What `kb claims` and `kb audit` count, said right for zero, one and many (kb.base.plural): never "1 of 1 figures".
CLAIMS_SHOWN = {"zero": "no figures yet", "one": "{shown} of {n} figure shown ({tally})",
                "many": "{shown} of {n} figures shown ({tally})"}
PROBLEMS_IN = {"zero": "site OK: nothing lost, no broken link in {site}", "one": "{n} problem in {site}",
               "many": "{n} problems in {site}"}


def cmd_claims(root: Path, args) -> int:
    """Figures by status, then vendor-reported first, then oldest first: the ones that most need an independent check."""
    catalog = checked_catalog(root, "claims")
    if catalog is None:
        return 1
    today = max((issue.facts.published for issue in catalog.issues), default=None)
    shown = [c for c in catalog.claims if (not args.status or c.status in args.status)
             and (not args.source or c.facts.source_kind in args.source) and (not args.topic or args.topic in c.topics)]
    shown.sort(key=lambda c: (STATUSES.index(c.status), c.facts.source_kind != "vendor", c.published))
    for claim in shown[:args.limit]:
        f = claim.facts
        age = (today - claim.published).days // 7 if today else 0
        factor = f"{f.factor:.3g}×" if f.factor else "—"
        checks = " ".join(f"{c.facts.checks.verdict}:{c.id}" for c in claim.checked_by)
        versus = f"({versus_phrase('en', f)})" if f.versus else ""  # a factor with its baseline, as the site shows it
        print(f"{claim.status:<12} {f.source_kind:<11} {age:>4} wk  issue {claim.issue.number:<4} {f.metric:<11} {factor:>8}  "
              + "  ".join(x for x in (claim.id, checks, versus) if x))
    tally = Counter(c.status for c in catalog.claims)
    print(plural(CLAIMS_SHOWN, len(catalog.claims), shown=len(shown), tally=", ".join(f"{s} {tally[s]}" for s in STATUSES))
          + " — check one with `checks: {claim: <id>, verdict: confirms|qualifies|contradicts, by: weekly|editors}` "
          "on a later item's figure",
          file=sys.stderr)
    return 0


def cmd_export(root: Path, args) -> int:
    catalog = checked_catalog(root, "export")
    if catalog is None:
        return 1
    for path in write_export(catalog, args.out, args.site_url):
        print(path)
    return 0


def cmd_email(root: Path, args) -> int:
    """Issue N as an email per language (.eml, multipart/alternative), every link absolute to the site."""
    catalog = checked_catalog(root, "email")
    if catalog is None:
        return 1
    issue = next((i for i in catalog.issues if i.number == args.number), None)
    site_url = args.site_url or os.environ.get("KB_SITE_URL")
    if issue is None or not site_url:
        print(f"kb email: no issue {args.number} in {layout.ISSUES_DATA}/" if issue is None else
              "kb email: links must be absolute — pass --site-url https://… or set KB_SITE_URL", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    names = layout.site_names()
    for lang in layout.LANGUAGES:
        path = args.out / layout.issue_email(issue.number, lang).rpartition("/")[2]
        path.write_bytes(issue_email(catalog, issue, lang, site_url, names[lang], args.sender).as_bytes())
        print(path)
    return 0


def cmd_diff(root: Path, args) -> int:
    """The review report of the working tree against commit BASE; 0 whatever it finds, 2 if it cannot be made."""
    try:
        print(diff_report(root, args.base), end="")
    except DiffError as error:
        print(f"kb diff: {error}", file=sys.stderr)
        return 2
    return 0


def cmd_translations(root: Path, args) -> int:
    if args.stamp:
        for path in args.stamp:
            print(f"{path}: source_hash {stamp(root, path)}")
        return 0
    for t in translation_states(root, default_pages(root)):
        print(f"{t.path:<44} {t.status:<9} {t.basis}")
    return 0


def cmd_audit(root: Path, args) -> int:
    catalog = checked_catalog(root, "audit")
    if catalog is None:
        return 1
    site = args.site if args.site.is_absolute() else root / args.site
    if not (site / "index.html").is_file():
        print(f"kb audit: no built site in {site} — run `make build` first", file=sys.stderr)
        return 1
    site_url = args.site_url or os.environ.get("KB_SITE_URL") or sitemap_home(site)
    found = audit(catalog, site) + firewall(site, Theme.of_project(root), built_pages(catalog), list(catalog.topics),
                                            docs=root / layout.DOCS, cards=card_files(catalog), site_url=site_url,
                                            entities=list(catalog.entities))
    for problem in found:
        print(problem)
    print(plural(PROBLEMS_IN, len(found), site=site), file=sys.stderr)
    return 1 if found else 0


def cmd_verify_site(root: Path, args) -> int:
    return verify_command(args.site)


def cmd_new(root: Path, args) -> int:
    try:
        if args.what == "issue":
            written = new_issue(root, args.number)
        elif args.what == "item":
            written = new_item(root, args.issue, args.id, args.category, args.topic, args.entity, args.source)
        elif args.what == "topic":
            written = new_topic(root, args.id)
        else:
            written = new_entity(root, args.id, args.name, args.kind, args.url,
                                 {lang: getattr(args, f"name_{lang}") for lang in layout.LANGUAGES})
    except ScaffoldError as error:
        print(f"kb new: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path.relative_to(root)}")
    print("fill in every TODO, then run `kb check`", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="kb", description="Check, scaffold and count the weekly's content.")
    top.add_argument("--root", type=Path, help="the project folder (default: found upward from here)")
    sub = top.add_subparsers(dest="command", required=True)

    check_cmd = sub.add_parser("check", help="report every problem as path:line:column: field: message; exit 1 on errors")
    check_cmd.add_argument("--lang", choices=messages.LANGUAGES,
                           help="the language of the messages (default: the locale's, Chinese for zh_*, else English)")
    check_cmd.add_argument("--fix", action="store_true",
                           help="write the mechanical fixes (typography, spaces, a value that should be a list) in "
                                "place, print their diff, then check again; never changes a fact")
    check_cmd.add_argument("--dry-run", "--diff", dest="dry_run", action="store_true",
                           help="with or without --fix: print the diff of what --fix would change, write nothing")
    check_cmd.add_argument("--base", metavar="REF",
                           help="a pull request's base (git commit REF): refuse any change since REF outside the "
                                "content folders (data/, docs/, snippets/), and published ids taken away (renamed "
                                "without `formerly:`, an issue deleted rather than withdrawn)")
    check_cmd.set_defaults(run=cmd_check)
    sub.add_parser("stats", help="counts per issue, topic, entity and language").set_defaults(run=cmd_stats)
    watch = sub.add_parser("watch", help="open watch entries (oldest first) with the id to resolve them by")
    watch.add_argument("--resolved", action="store_true", help="only the resolved ones, with what settled them")
    watch.add_argument("--all", action="store_true", help="open and resolved")
    watch.set_defaults(run=cmd_watch)
    audit_cmd = sub.add_parser("audit", help="prove a built site lost no content and has no broken link or anchor")
    audit_cmd.add_argument("--site", type=Path, default=Path("site"), help="the built site (default: site/)")
    audit_cmd.add_argument("--site-url", help="the site's own address (default: $KB_SITE_URL, else its sitemap's)")
    audit_cmd.set_defaults(run=cmd_audit)
    verify = sub.add_parser("verify-site", help="prove a built site is the one the kb plugin built and its firewall "
                                                 "passed, unchanged since (its kb-build.json)")
    verify.add_argument("site", type=Path, help="the built site's folder (site/)")
    verify.set_defaults(run=cmd_verify_site)
    claims = sub.add_parser("claims", help="figures by status and age: vendor figures never checked first")
    claims.add_argument("--status", action="append", choices=STATUSES, help="only these statuses; repeat for several")
    claims.add_argument("--source", action="append", choices=SOURCE_KINDS, help="only these source kinds; repeat for several")
    claims.add_argument("--topic", help="only the figures of this topic's items")
    claims.add_argument("--limit", type=int, default=50, help="how many to list (default 50)")
    claims.set_defaults(run=cmd_claims)
    export = sub.add_parser("export", help="write the open data export (JSON and its JSON Schema) without building the site")
    export.add_argument("out", type=Path, help="folder to write into")
    export.add_argument("--site-url", default="", help="the address the pages' urls are relative to")
    export.set_defaults(run=cmd_export)
    mail = sub.add_parser("email", help="issue N as an email per language (.eml: HTML and plain text), to send")
    mail.add_argument("number", type=int)
    mail.add_argument("--site-url", help="the published site, every link's base (default: $KB_SITE_URL)")
    mail.add_argument("--out", type=Path, default=Path("."), help="folder to write into (default: here)")
    mail.add_argument("--sender", help="the From address (default: weekly@ the site's host)")
    mail.set_defaults(run=cmd_email)
    diff = sub.add_parser("diff", help="what the working tree changes of the site published from commit BASE, in Markdown")
    diff.add_argument("base", metavar="BASE", help="a git commit, branch or tag: origin/main for a pull request")
    diff.add_argument("--format", choices=("markdown", "text"), default="markdown",
                      help="markdown (a CI job summary) or text (the terminal): the same Markdown")
    diff.set_defaults(run=cmd_diff)
    translations = sub.add_parser("translations", help="is each translation there and up to date?")
    translations.add_argument("--stamp", nargs="+", metavar="FILE",
                              help="record in these translations the hash of their current source")
    translations.set_defaults(run=cmd_translations)

    new = sub.add_parser("new", help="scaffold content to fill in").add_subparsers(dest="what", required=True)
    issue = new.add_parser("issue", help="issue N in both languages, with the next dates")
    issue.add_argument("number", type=int)
    item = new.add_parser("item", help="an item in an existing issue, in both languages")
    item.add_argument("issue", type=int)
    item.add_argument("id")
    item.add_argument("--category", choices=CATEGORIES, required=True)
    item.add_argument("--topic", action="append", default=[], help="a topic id from data/topics.yml; repeat it for several")
    item.add_argument("--entity", action="append", default=[], help="an entity id from data/entities.yml; repeat it for several")
    item.add_argument("--source", action="append", default=[], help="an outlet id from data/outlets.yml; repeat it for several")
    topic = new.add_parser("topic", help="a topic and its hub page in both languages")
    topic.add_argument("id")
    entity = new.add_parser("entity", help="an entity and its page in both languages")
    entity.add_argument("id")
    entity.add_argument("--name", required=True, help="its name, as every language writes it unless given below")
    for lang in layout.LANGUAGES:  # --name-zh 英伟达 GPU: a language that writes the name otherwise
        entity.add_argument(f"--name-{lang}", metavar="NAME", help=f"its name on the {lang} pages, if not --name")
    entity.add_argument("--kind", required=True, choices=ENTITY_KINDS)
    entity.add_argument("--url")
    for command in (issue, item, topic, entity):
        command.set_defaults(run=cmd_new)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    root = args.root.resolve() if args.root else find_root(Path.cwd(), getattr(args, "lang", None))
    return args.run(root, args)


if __name__ == "__main__":
    sys.exit(main())
