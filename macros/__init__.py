"""mkdocs-macros entry point: a thin layer from pages to the knowledge model.

The model (kb/) knows nothing of mkdocs. This module only works out which
page and language are being rendered, and turns model errors into build
failures that name the file.
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from kb import ContentError, layout, load_catalog
from kb.render import RawHtml, Renderer, UnknownReference
from kb.templates import MACROS
from kb.translations import translation_states


def define_env(env):
    builtin_macros = set(env.macros)  # mkdocs-macros' own (context, now, ...), not for content
    # mkdocs-static-i18n re-runs this module for each language; loading is cheap.
    i18n = env.conf.plugins["i18n"]
    configured = tuple(lang.locale for lang in i18n.config.languages)
    if set(configured) != set(layout.LANGUAGES):
        raise PluginError(f"mkdocs.yml languages {configured} differ from kb/layout.py {layout.LANGUAGES} — keep them equal")
    try:
        catalog = load_catalog(Path(env.project_dir))
    except ContentError as error:
        raise PluginError(f"{len(error.problems)} content problem(s):\n{error}") from None

    # For the post-build hook (feeds): one catalog per build. Not in env.variables, which
    # mkdocs-macros copies into every page's context (at 520 issues, gigabytes).
    env.conf.kb_catalog = catalog

    def page_src() -> str:
        return layout.split_language(env.page.file.src_uri)[0]

    def renderer() -> Renderer:
        # read at call time: the language being built changes between runs.
        lang = i18n.current_language
        if not getattr(env.conf, "kb_restores_raw_html", False):
            return Renderer(catalog, lang, page_src())  # without the site hooks, HTML goes through Markdown
        # Generated HTML waits on the page; the site hooks put it back after Markdown.
        if not hasattr(env.page, "kb_raw_html"):
            env.page.kb_raw_html = RawHtml()
        return Renderer(catalog, lang, page_src(), raw=env.page.kb_raw_html.keep)

    def fail(message: str):
        raise PluginError(f"{layout.DOCS}/{env.page.file.src_uri}: {message}")

    def own(macro: str, found, where: str):
        """The page's own issue/topic/entity, or a build failure saying where the macro belongs."""
        if found is None:
            fail(f"{macro}() only works on {where} — remove it from this page")
        return found

    def stem_under(folder: str) -> str:
        src = page_src()
        return Path(src).stem if src.startswith(folder + "/") else ""

    @env.macro
    def ref(target_id: str, text: str | None = None) -> str:
        """Link to an item, signal, watch entry, topic, entity or issue (`issue-N`) by id."""
        try:
            return renderer().ref(target_id, text)
        except UnknownReference as error:
            fail(f"ref: {error} — use an existing id (see data/)")

    @env.macro
    def issue_page() -> str:
        """The whole issue: header, summary, featured items, signals vs noise."""
        r = renderer()
        issue = own("issue_page", catalog.issue_by_page(page_src()), "an issue page (docs/issues/NNN.md)")
        env.page.meta["title"] = r.title(issue)
        try:
            return r.issue_page(issue)
        except UnknownReference as error:
            fail(f"ref in front matter: {error} — use an existing id (see data/)")

    @env.macro
    def topic_hub() -> str:
        """Every item, verdict and open watch entry of this hub's topic."""
        topic = own("topic_hub", catalog.topics.get(stem_under(layout.TOPICS_DIR)), "a topic hub (docs/topics/<topic>.md)")
        env.page.meta["kb_topic"] = topic.id  # the page's head links the topic's feeds
        return renderer().topic_hub(topic.id)

    @env.macro
    def entity_timeline() -> str:
        """Every item that mentions this page's entity, newest first."""
        entity = own("entity_timeline", catalog.entities.get(stem_under(layout.ENTITIES_DIR)), "an entity page (docs/entities/<entity>.md)")
        return renderer().entity_timeline(entity.id)

    # Generated lists that need nothing from the page but its language.
    lists = {
        "watch_list": Renderer.watch_list,
        "issue_archive": Renderer.archive,
        "topic_list": Renderer.topic_list,
        "entity_list": Renderer.entity_list,
        "open_watch": Renderer.open_watch,
        "latest_issue": Renderer.latest_issue,
        "claims_ledger": Renderer.claims_ledger,
        "signals_ledger": Renderer.signals_ledger,
        "open_data": Renderer.open_data,
    }
    for name, method in lists.items():
        env.macro(lambda method=method: method(renderer()), name)

    @env.macro
    def translation_status() -> str:
        """Each page's English translation: up to date, outdated or missing (for editors)."""
        return renderer().translation_table(translation_states(env.project_dir, sorted(catalog.page_titles)))

    # The checker allows exactly the macros registered here: keep the two lists one.
    ours = set(env.macros) - set(builtin_macros)
    if ours != set(MACROS):
        raise PluginError(f"macros {sorted(ours ^ set(MACROS))} differ between macros/ and kb/templates.py MACROS")
