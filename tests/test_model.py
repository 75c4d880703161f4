"""The knowledge model on its own: no mkdocs, every problem named with file, line and field."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT, copy_project
from kb import CatalogCache, ContentError, load_catalog
from kb.project import layout


def test_model_does_not_import_mkdocs():
    code = "import sys, kb; kb.load_catalog(sys.argv[1]); print(sorted(m for m in sys.modules if 'mkdocs' in m))"
    out = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_catalog_queries(catalog):
    assert [i.number for i in catalog.issues] == sorted((i.number for i in catalog.issues), reverse=True)
    for item in catalog.items:
        assert catalog.target(item.id) is item
        for topic in item.facts.topics:
            assert item in catalog.items_of_topic(topic)
    resolved = catalog.resolved_watch()
    for entry in resolved:
        assert entry.resolved_by.published > entry.issue.facts.published


def test_owner_queries_hold_exactly_what_a_scan_of_the_archive_finds_newest_first(catalog):
    """The topic and entity queries answer from an index: the same entries, in the same order, as scanning."""
    topics = {t for entry in [*catalog.items, *catalog.signals] for t in entry.facts.topics} | set(catalog.topics)
    for topic in topics | {"no-such-topic"}:
        assert catalog.items_of_topic(topic) == [i for i in catalog.items if topic in i.facts.topics]
        assert catalog.signals_of_topic(topic) == [s for s in catalog.signals if topic in s.facts.topics]
        for open_only in (True, False):
            assert catalog.watch_of_topic(topic, open_only=open_only) == [
                w for w in catalog.watch if w.facts.topic == topic and (w.is_open or not open_only)]
    assert any(catalog.items_of_topic(topic) for topic in catalog.topics)
    for entity in [*catalog.entities, "no-such-entity"]:
        assert catalog.items_of_entity(entity) == [i for i in catalog.items if entity in i.facts.entities]
    assert any(catalog.items_of_entity(entity) for entity in catalog.entities)
    topic = next(t for t in catalog.topics if catalog.items_of_topic(t))
    catalog.items_of_topic(topic).clear()  # a caller's list is its own
    assert catalog.items_of_topic(topic)


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path / "project")


def problems_after(project, path, old, new):
    file = project / path
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog(project)
    return [str(p) for p in caught.value.problems]


def line_of(project, path, needle):
    for number, line in enumerate((project / path).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number
    raise AssertionError(needle)


def test_unknown_topic_is_reported_at_its_line(project):
    problems = problems_after(project, "data/issues/007.yml", "topics: [routing-control-planes]\n    entities: [kinference",
                              "topics: [routing-control-plane]\n    entities: [kinference")
    line = line_of(project, "data/issues/007.yml", "topics: [routing-control-plane]")
    assert problems == [f"data/issues/007.yml:{line}: items.2.topics: unknown topic `routing-control-plane` — "
                        "use one of data/topics.yml or add it there with its hub page"]


def test_bad_category_and_date(project):
    (project / "data/issues/003.yml").write_text(
        (project / "data/issues/003.yml").read_text(encoding="utf-8")
        .replace("published: 2026-10-14", "published: 2026-13-14")
        .replace("category: paper", "category: papers", 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalog(project)
    messages = [str(p) for p in caught.value.problems]
    published = line_of(project, "data/issues/003.yml", "published:")
    category = line_of(project, "data/issues/003.yml", "category: papers")
    assert any(m.startswith(f"data/issues/003.yml:{published}: published:") for m in messages)
    assert any(m.startswith(f"data/issues/003.yml:{category}: items.5.category:") for m in messages)


def test_item_missing_from_a_language_page(project):
    problems = problems_after(project, "docs/issues/003.en.md", "  stepquant:", "  step-quant:")
    assert any(p.startswith("docs/issues/003.en.md:") and "items.stepquant: has no text in this language" in p for p in problems)
    assert any("items.step-quant: is not in data/issues/003.yml" in p for p in problems)


def test_duplicate_id_across_issues(project):
    problems = problems_after(project, "data/issues/007.yml", "- id: loopvq", "- id: dual-qk")
    assert any("`dual-qk` is already used by data/issues/003.yml" in p for p in problems)


def test_watch_entry_resolved_twice(project):
    problems = problems_after(project, "data/issues/007.yml", "entities: [qwen, vllm, nvidia-gpus]",
                              "entities: [qwen, vllm, nvidia-gpus]\n    resolves: [{watch: kv-compression-lands-in-engines, by: weekly}]")
    # the later resolution (StrataFlux, after LoopVQ in the issue) is the one reported
    assert any("items.6.resolves.0: `kv-compression-lands-in-engines` is already resolved by `loopvq`" in p for p in problems)


def test_period_must_fit_the_publish_date(project):
    problems = problems_after(project, "data/issues/003.yml", "published: 2026-10-14", "published: 2026-11-14")
    line = line_of(project, "data/issues/003.yml", "published:")
    assert any(p.startswith(f"data/issues/003.yml:{line}: published: 2026-11-14 does not follow the period") for p in problems)


def test_non_http_source_url(project):
    problems = problems_after(project, "data/issues/003.yml", 'url: "https://arxiv.org/abs/2610.09827"', 'url: "javascript:alert(1)"')
    line = line_of(project, "data/issues/003.yml", "javascript:")
    assert any(p.startswith(f"data/issues/003.yml:{line}: items.5.sources.0.url: ") and "http(s)" in p for p in problems)


def test_relative_urls_match_posixpath():
    import itertools
    import posixpath

    from kb.render.links import relative

    folders = ["", "issues", "issues/007", "topics/fp4-kernels", "en", "en/issues/003", "a/b/c"]
    for target, base in itertools.product(folders, folders):
        assert (relative(target, base) or ".") == posixpath.relpath(target or ".", base or "."), (target, base)
    for page, base in [("issues/007.md", "issues"), ("topics/fp4-kernels.md", "issues"), ("watch.md", ""), ("index.md", "topics")]:
        assert relative(page, base) == posixpath.relpath(page, base or ".")


@pytest.mark.parametrize("reparse_edits", [True, False], ids=["serve", "build"])
def test_catalog_is_reused_until_a_content_file_changes(tmp_path, reparse_edits):
    import os

    project = copy_project(tmp_path / "project")
    cache = CatalogCache(reparse_edits)  # what the site plugin keeps between the builds of one process
    first = cache.load(project)
    assert cache.load(project) is first
    assert load_catalog(project) is not first  # a plain load reads afresh
    page = project / "docs" / "issues" / "007.en.md"
    page.write_text(page.read_text(encoding="utf-8").replace("title: Inference control planes", "title: Control planes", 1),
                    encoding="utf-8")
    os.utime(page, ns=(1, 1))  # a different time stamp even on a coarse clock
    changed = cache.load(project)
    assert changed is not first and changed.issues[0].title("en").startswith("Control planes")


def _reachable(root, kinds: tuple[type, ...]) -> list:
    """The objects of `kinds` that `root` holds, however deep."""
    import gc

    seen, todo, found = {id(root)}, [root], []
    while todo:
        for child in gc.get_referents(todo.pop()):
            if id(child) not in seen and not isinstance(child, type):
                seen.add(id(child))
                todo.append(child)
                if isinstance(child, kinds):
                    found.append(child)
    return found


def test_a_build_keeps_the_catalog_and_not_the_files_parses(tmp_path):
    """`mkdocs build` loads once: the files' texts, data and lines go with the load (kb.content.catalog_cache.CatalogCache);
    `mkdocs serve` keeps them, to parse again only what an edit changed."""
    from kb.project.sources import Document, MarkdownPage

    project = copy_project(tmp_path / "project")
    building, serving = CatalogCache(reparse_edits=False), CatalogCache(reparse_edits=True)
    catalog = building.load(project)
    assert catalog.issues and not _reachable(building, (Document, MarkdownPage))
    facts_file = f"{layout.ISSUES_DATA}/{layout.issue_stem(catalog.issues[0].number)}.yml"
    assert catalog.source_files(catalog.issues[0].page, "en")[-1] == ("facts", facts_file)  # the edit link still knows
    serving.load(project)
    kept = _reachable(serving, (Document, MarkdownPage))
    assert {d.path for d in kept if isinstance(d, Document)} >= {
        f"{layout.ISSUES_DATA}/{layout.issue_stem(i.number)}.yml" for i in catalog.issues}


def test_plain_text_writes_refs_out_for_feeds_and_data(catalog):
    """As a page shows them: inside a sentence a name (kb.model.ref_labels), alone the title, or the writer's words."""
    text = 'See {{ ref("loopvq") }} and {{ ref("dual-qk", "the 2-bit paper") }}.'
    assert catalog.plain_text(text, "en") == f"See {catalog.target('loopvq').short('en')} and the 2-bit paper."
    assert catalog.plain_text('{{ ref("loopvq") }}', "en") == catalog.target("loopvq").title("en")
