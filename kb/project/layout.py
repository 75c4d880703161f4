"""Where each kind of content lives, and the site's languages.

The one place that knows file names: the model, the site plugin and the tests ask here.

The languages are written once, in mkdocs.yml's i18n plugin section, with what mkdocs-static-i18n needs
beside each code (its name, site name, navigation translations, theme). They cannot be written in a file
of kb's own that mkdocs.yml derives from: mkdocs validates the i18n plugin's `languages` as it loads
mkdocs.yml, before any plugin's on_config runs (mkdocs-static-i18n's own on_config, at priority -100,
only builds on the validated list), and refuses a list with no default language to build, so the kb
plugin could fill them in only by writing i18n's validated config after the fact. So kb reads them
from mkdocs.yml as data, as mkdocs would, and only when first asked (`site_languages`, once a process):
importing this module reads no file. `LANGUAGES` and `DEFAULT_LANGUAGE` are those answers as
attributes (the module's `__getattr__`).
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from kb.project.sources import read_site_config

PROJECT = Path(__file__).resolve().parents[2]
SITE_CONFIG = "mkdocs.yml"

LANGUAGES: tuple[str, ...]  # the site's languages, the default first (site_languages)
DEFAULT_LANGUAGE: str  # its pages have no suffix; the others' are name.<lang>.md


def _i18n_languages(config: dict) -> list[dict]:
    """The languages of the i18n plugin's section of a parsed mkdocs.yml ([] without one)."""
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return plugin["i18n"]["languages"]
    return []


class Languages(NamedTuple):
    codes: tuple[str, ...]  # default first
    default: str


@functools.cache
def site_languages() -> Languages:
    """The languages as the site configuration lists them (the i18n plugin's), default first; and the default."""
    languages = _i18n_languages(read_site_config(PROJECT / SITE_CONFIG))
    if not languages:
        raise LookupError(f"{SITE_CONFIG} configures no i18n plugin: the site's languages are listed there")
    default = next(lang["locale"] for lang in languages if lang.get("default"))
    return Languages((default, *(lang["locale"] for lang in languages if lang["locale"] != default)), default)


def __getattr__(name: str):
    """LANGUAGES and DEFAULT_LANGUAGE, read from mkdocs.yml when first asked for (PEP 562)."""
    if name == "LANGUAGES":
        return site_languages().codes
    if name == "DEFAULT_LANGUAGE":
        return site_languages().default
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def site_names() -> dict[str, str]:
    """Each language's site name, as mkdocs.yml gives it (the i18n plugin's `site_name`, else the site's)."""
    config = read_site_config(PROJECT / SITE_CONFIG)
    names = {lang["locale"]: lang.get("site_name") or config["site_name"] for lang in _i18n_languages(config)}
    return names or {site_languages().default: config["site_name"]}


DATA = "data"
DOCS = "docs"
SNIPPETS = "snippets"  # the one folder snippets and includes read (mkdocs.yml: pymdownx.snippets, macros)
GLOSSARY = f"{SNIPPETS}/abbreviations.md"  # per language (abbreviations.en.md): appended to every page of it
ISSUES_DATA = f"{DATA}/issues"
TOPICS_FILE = f"{DATA}/topics.yml"
ENTITIES_FILE = f"{DATA}/entities.yml"
OUTLETS_FILE = f"{DATA}/outlets.yml"
TERMS_FILE = f"{DATA}/terms.yml"  # terms readers write more than one way (search)
# names meant to mix scripts in one word (kb.base.names.mixed_scripts), which kb check would refuse as a disguise
MIXED_SCRIPT_FILE = f"{DATA}/mixed_script_names.yml"
# What a content pull request may change (kb.project.content_paths; kb.content.files says which kinds of file each may hold).
# Everything else is the site's code or configuration, run by the build or by CI: a maintainer reviews it
# (.github/CODEOWNERS), and `kb check --base` refuses it in a pull request.
CONTENT_PATHS = (DATA, DOCS, SNIPPETS)

# docs-relative pages, as the default language writes them
ISSUES_DIR = "issues"
TOPICS_DIR = "topics"
ENTITIES_DIR = "entities"
WATCH_PAGE = "watch.md"
ARCHIVE_PAGE = "issues/index.md"
TOPICS_INDEX = "topics/index.md"
ENTITIES_INDEX = "entities/index.md"
CLAIMS_PAGE = "claims.md"
SIGNALS_PAGE = "signals.md"

# Record pages (kb.model.records): generated, one per year (claims: per quarter), under these folders.
RECORD_FOLDERS = {"topic": TOPICS_DIR, "entity": ENTITIES_DIR, "archive": "archive", "watch": "watch",
                  "signals": "signals", "claims": "claims"}
# The page of the navigation that each folder's pages (not in the navigation: mkdocs.yml's not_in_nav) belong
# to: the tab and section marked on them (mkdocs_kb/theme_context.py), an issue under the archive, a hub's year
# under the topics, a ledger's quarter under its ledger.
SECTION_OF_FOLDER = {ISSUES_DIR: ARCHIVE_PAGE, RECORD_FOLDERS["archive"]: ARCHIVE_PAGE, TOPICS_DIR: TOPICS_INDEX,
                     ENTITIES_DIR: ENTITIES_INDEX, RECORD_FOLDERS["watch"]: WATCH_PAGE,
                     RECORD_FOLDERS["signals"]: SIGNALS_PAGE, RECORD_FOLDERS["claims"]: CLAIMS_PAGE}


def section_page(page: str) -> str | None:
    """The navigation's page a docs page is under (issues/007.md -> issues/index.md), or None (a page of the nav)."""
    folder, slash, _ = page.partition("/")
    return SECTION_OF_FOLDER.get(folder) if slash else None


# The claims, compact, for the ledger's filters across every period: fetched only when a reader filters.
CLAIMS_DATA = "claims/claims.{lang}.json"

# Anchors the build gives the parts of pages it generates (kb.render): an entry id of an issue that would repeat
# one on its page is refused (kb.content.loading). An issue page's sections; a watch entry there; a topic's heading above
# its entries on the watch record pages (each entry headed by its own id).
SECTION_ANCHORS = {"featured": "featured", "quick_takes": "quick-takes", "signals": "signals", "picks": "picks",
                   "watch": "watch", "settled": "settled"}
WATCH_ANCHOR = "watch-{}"
TOPIC_WATCH_ANCHOR = "watch-{}"

INDEX_FOLDER = "pagefind"  # the search index's folder in the site
# What search reads a query by once it finds nothing as typed (kb.search.records.search_vocabulary), one file per
# language, fetched when a reader opens the search: not carried by every page.
SEARCH_VOCABULARY = "search/vocabulary.{lang}.json"
THEME_PAGES = {"404.html": "overrides/404.html"}  # HTML the theme builds from its own template, not from docs/

# the open data export, at the site's root (one for both languages)
EXPORT_VERSION = 1  # raised when a field is removed or changes meaning; adding fields keeps it
EXPORT_DIR = "data"
EXPORT_FILE = f"catalog-v{EXPORT_VERSION}.json"
EXPORT_SCHEMA_FILE = f"catalog-v{EXPORT_VERSION}.schema.json"
# Proof that the kb plugin built the site and its firewall passed it, with a digest of every other file
# (kb.publish.build_stamp; `kb verify-site`). Not a dotfile: the Actions that upload a site leave those out.
BUILD_STAMP = "kb-build.json"


def issue_stem(number: int) -> str:
    return f"{number:03d}"


def issue_id(number: int) -> str:
    return f"issue-{number}"


def issue_page(number: int) -> str:
    return f"{ISSUES_DIR}/{issue_stem(number)}.md"


def issue_email(number: int, lang: str) -> str:
    """An issue as an email (kb.publish.email_issue), next to its page in each language's site:
    issues/007/issue-7.zh.eml, en/issues/007/issue-7.en.eml."""
    return f"{language_home(lang)}{page_url(issue_page(number))}{issue_id(number)}.{lang}.eml"


SHARE_CARD = "card.png"  # a page's share card (kb.publish.cards), in its folder: og:image


def share_card(page: str, lang: str) -> str:
    """The share card of a page, from the site root: issues/007.md in English -> en/issues/007/card.png."""
    return f"{language_home(lang)}{page_url(page)}{SHARE_CARD}"


def record_page(kind: str, period: str, owner: str | None = None) -> str:
    """topics/fp4-kernels/2026.md, watch/2026.md, claims/2026-q4.md: a page the build generates."""
    folder = RECORD_FOLDERS[kind]
    return f"{folder}/{owner}/{period}.md" if owner else f"{folder}/{period}.md"


def topic_page(topic_id: str) -> str:
    return f"{TOPICS_DIR}/{topic_id}.md"


def entity_page(entity_id: str) -> str:
    return f"{ENTITIES_DIR}/{entity_id}.md"


def page_url(page: str) -> str:
    """The site-relative URL of a docs page (directory URLs): issues/007.md -> issues/007/, index.md -> ""."""
    stem = page.removesuffix(".md")
    stem = "" if stem == "index" else stem.removesuffix("/index")
    return f"{stem}/" if stem else ""


def language_home(lang: str) -> str:
    """Where a language's site lives, relative to the site root: "" for the default, "en/" for English."""
    return "" if lang == site_languages().default else f"{lang}/"


def built_file(page: str, lang: str) -> str:
    """The built file of a docs page, from the site root: issues/007.md in English -> en/issues/007/index.html."""
    return f"{language_home(lang)}{page_url(page)}index.html"


def localized(page: str, lang: str) -> str:
    """docs-relative file of `page` in `lang`: issues/007.md -> issues/007.en.md."""
    if lang == site_languages().default:
        return page
    stem, _, ext = page.rpartition(".")
    return f"{stem}.{lang}.{ext}"


def split_language(path: str) -> tuple[str, str]:
    """issues/007.en.md -> ("issues/007.md", "en")."""
    stem, _, ext = path.rpartition(".")
    base, _, suffix = stem.rpartition(".")
    if base and suffix in site_languages().codes:
        return f"{base}.{ext}", suffix
    return path, site_languages().default


FEED_KINDS = ("topic", "entity")  # besides the whole archive's feeds: one pair per topic hub and per entity page
WATCH_FEEDS = ("watch.xml", "watch.atom.xml")  # the watch list's entries as they open and are resolved


def feed_names(topic: str | None = None, kind: str = "topic") -> tuple[str, str]:
    """(RSS, Atom) file names at a language's home: the whole archive's, or a topic's (an entity's, `kind="entity"`)."""
    return (f"{kind}-{topic}.xml", f"{kind}-{topic}.atom.xml") if topic else ("feed.xml", "atom.xml")


def generated_files(topics: list[str], entities: list[str] = ()) -> list[str]:
    """The site-relative files the build writes besides pages (kb.publish.firewall checks what each holds)."""
    files = [f"{EXPORT_DIR}/{EXPORT_FILE}", f"{EXPORT_DIR}/{EXPORT_SCHEMA_FILE}", BUILD_STAMP]
    for lang in site_languages().codes:
        home = language_home(lang)
        files += [CLAIMS_DATA.format(lang=lang), SEARCH_VOCABULARY.format(lang=lang), f"{home}sitemap.xml",
                  f"{home}sitemap.xml.gz"]
        files += [f"{home}{name}" for topic in [None, *topics] for name in feed_names(topic)]
        files += [f"{home}{name}" for entity in entities for name in feed_names(entity, "entity")]
        files += [f"{home}{name}" for name in WATCH_FEEDS]
    return files


def generated_paths(topics: list[str], entities: list[str] = ()) -> dict[str, str]:
    """What the build writes besides the pages of docs/ -> what it is: a site-relative file, or a folder
    ending with `/` that is the build's alone (a language's site, the search index). A page published at
    one of them would replace it, or be replaced, or stop the build (kb.content.loading refuses such pages)."""
    paths = {path: "the generated file" for path in generated_files(topics, entities)}
    paths.update({path: "the theme's page" for path in THEME_PAGES})
    paths[f"{INDEX_FOLDER}/"] = "the search index's folder"
    paths.update({language_home(lang): f"the folder of the {lang} site" for lang in site_languages().codes if language_home(lang)})
    return paths
