"""`kb new`: files a contributor fills in, with `TODO` wherever text is needed.

The checker refuses any `TODO` left behind, so a half-filled scaffold can
never be published.
"""
from __future__ import annotations

import io
import json
from datetime import date, timedelta
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.scalarstring import LiteralScalarString

from kb.model.schema import CATEGORIES
from kb.project import layout


class ScaffoldError(Exception):
    pass


PROSE = {
    "zh": {
        "issue_title": "TODO: 本期标题",
        "issue_description": "TODO: 一句话介绍本期（150 字以内），用于搜索结果与分享",
        "summary": "TODO: 编者按——本周的主线与关键数字。\n",
        "item": {
            "title": "TODO: 条目标题",
            "summary": "TODO: 一句话摘要",
            "why": "TODO: 为什么重要（事实与数字都写上）\n",
            "edge": "TODO: 与端侧/边缘部署的关联\n",
        },
        "page_title": "TODO: 标题",
        "page_description": "TODO: 一句话说明（150 字以内）",
        "intro": "TODO: 编辑导读——这是什么，档案里已有哪些材料（可用 ref 链接条目）。",
    },
    "en": {
        "issue_title": "TODO: issue title",
        "issue_description": "TODO: one sentence about the issue (150 characters at most), for search results and sharing",
        "summary": "TODO: editor's summary — the week's main threads and key figures.\n",
        "item": {
            "title": "TODO: item title",
            "summary": "TODO: one-line summary",
            "why": "TODO: why it matters (every fact and figure)\n",
            "edge": "TODO: relevance to edge and on-device deployment\n",
        },
        "page_title": "TODO: title",
        "page_description": "TODO: one sentence (150 characters at most)",
        "intro": "TODO: the editor's introduction — what this is, and what the archive holds on it (link items with ref).",
    },
}


def round_trip_yaml() -> YAML:
    yaml = YAML()  # round trip: comments, order and block scalars survive
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _dump(data) -> str:
    out = io.StringIO()
    round_trip_yaml().dump(data, out)
    return out.getvalue()


def _write_new(path: Path, text: str, written: list[Path]) -> None:
    if path.exists():
        raise ScaffoldError(f"{path} already exists — edit it instead")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    written.append(path)


def _front_matter(fields: dict, body: str) -> str:
    return f"---\n{_dump(fields)}---\n\n{body}\n"


def _item_prose(lang: str) -> dict:
    text = PROSE[lang]["item"]
    return {key: LiteralScalarString(value) if value.endswith("\n") else value for key, value in text.items()}


def _issue_dates(root: Path, number: int) -> tuple[date, date, date]:
    """The period and publish date of issue `number`, a week per issue after the nearest earlier one."""
    yaml = YAML(typ="safe")
    known = {}
    for path in (root / layout.ISSUES_DATA).glob("*.yml"):
        try:
            facts = yaml.load(path.read_text(encoding="utf-8"))
            known[int(facts["number"])] = facts
        except Exception:  # a broken file is the checker's business, not the scaffold's
            continue
    if number in known:
        raise ScaffoldError(f"issue {number} already exists in {layout.ISSUES_DATA}/{layout.issue_stem(number)}.yml")
    earlier = [n for n in known if n < number]
    if not earlier:
        start = date.today() - timedelta(days=date.today().weekday() + 7)
        return start, start + timedelta(days=6), start + timedelta(days=7)
    last = known[max(earlier)]
    as_date = lambda v: v if isinstance(v, date) else date.fromisoformat(str(v))  # noqa: E731
    start = as_date(last["period"]["start"]) + timedelta(weeks=number - max(earlier))
    delay = as_date(last["published"]) - as_date(last["period"]["end"])
    end = start + timedelta(days=6)
    return start, end, end + delay


# The item `kb new issue` writes, for a contributor who adds items by hand; `kb new item` replaces it while no
# one has touched it (the checker would otherwise send them to fill in an item they did not mean to write).
PLACEHOLDER_ITEM = "TODO-item-id"
PLACEHOLDER_FACTS = {"id": PLACEHOLDER_ITEM, "category": "TODO", "sources": ["TODO"], "topics": ["TODO"], "entities": []}


def new_issue(root: Path, number: int) -> list[Path]:
    start, end, published = _issue_dates(root, number)
    stem = layout.issue_stem(number)
    facts = f"""\
# Facts of issue {number}, written once. Prose lives in docs/{layout.issue_page(number)} (Chinese)
# and docs/{layout.localized(layout.issue_page(number), 'en')} (English). See CONTRIBUTING.md.
number: {number}
period: {{start: {start}, end: {end}}}
published: {published}

items:
  - id: {PLACEHOLDER_ITEM}     # a slug unique across the archive, e.g. vllm-v0-34-0
    category: TODO       # {' | '.join(CATEGORIES)}
    sources: [TODO]      # outlet ids from {layout.OUTLETS_FILE}, or {{name: arXiv 2611.09825, url: "https://arxiv.org/abs/2611.09825"}}
    topics: [TODO]       # ids from {layout.TOPICS_FILE}
    entities: []         # ids from {layout.ENTITIES_FILE}
    # resolves: []       # watch entries of earlier issues this item settles

signals: []   # - {{id: ..., verdict: signal | noise, topics: [...], items: [...]}}
watch: []     # - {{id: ..., topic: ..., from: <an item or signal id of this issue>}}
"""
    written: list[Path] = []
    _write_new(root / layout.ISSUES_DATA / f"{stem}.yml", facts, written)
    for lang in layout.LANGUAGES:
        prose = PROSE[lang]
        fields = {
            "title": prose["issue_title"],
            "description": prose["issue_description"],
            "summary": LiteralScalarString(prose["summary"]),
            "items": {PLACEHOLDER_ITEM: _item_prose(lang)},
            "signals": {},
            "watch": {},
        }
        _write_new(root / layout.DOCS / layout.localized(layout.issue_page(number), lang),
                   _front_matter(fields, "{{ issue_page() }}"), written)
    return written


def _read_front_matter(path: Path) -> tuple[dict, str]:
    """A page's front matter, read to be written back, and the rest of the page after it."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        raise ScaffoldError(f"{path}: no front matter")
    end = text.index("\n---", 3)
    return round_trip_yaml().load(text[4:end + 1]) or {}, text[end + 1:]


def edit_front_matter(path: Path, edit) -> None:
    """Change a page's front matter in place (`edit` gets it as data), keeping comments, order and the body."""
    data, rest = _read_front_matter(path)
    edit(data)
    path.write_text(f"---\n{_dump(data)}{rest}", encoding="utf-8")


def edit_yaml(path: Path, edit) -> None:
    """Change a YAML file in place (`edit` gets it as data), keeping comments, order and block scalars."""
    data = round_trip_yaml().load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(_dump(data), encoding="utf-8")


def new_item(root: Path, number: int, item_id: str, category: str, topics: list[str],
             entities: list[str], sources: list[str]) -> list[Path]:
    facts_path = root / layout.ISSUES_DATA / f"{layout.issue_stem(number)}.yml"
    if not facts_path.is_file():
        raise ScaffoldError(f"issue {number} does not exist — run `kb new issue {number}` first")
    yaml = round_trip_yaml()
    facts = yaml.load(facts_path.read_text(encoding="utf-8"))
    if any(item.get("id") == item_id for item in facts.get("items") or []):
        raise ScaffoldError(f"issue {number} already has an item `{item_id}`")
    pages = {lang: page for lang in layout.LANGUAGES
             if (page := root / layout.DOCS / layout.localized(layout.issue_page(number), lang)).is_file()}
    if _untouched_placeholder(facts, pages):
        facts["items"] = [item for item in facts["items"] if item.get("id") != PLACEHOLDER_ITEM]
        for page in pages.values():
            edit_front_matter(page, lambda data: data["items"].pop(PLACEHOLDER_ITEM))
    facts.setdefault("items", []).append({
        "id": item_id,
        "category": category,
        "sources": sources or ["TODO"],
        "topics": topics or ["TODO"],
        "entities": entities,
    })
    out = io.StringIO()
    yaml.dump(facts, out)
    facts_path.write_text(out.getvalue(), encoding="utf-8")
    for lang, page in pages.items():
        edit_front_matter(page, lambda data, lang=lang: data.setdefault("items", {}).__setitem__(item_id, _item_prose(lang)))
    return [facts_path, *pages.values()]


def _untouched_placeholder(facts, pages: dict[str, Path]) -> bool:
    """Whether the issue still holds `kb new issue`'s placeholder item exactly as written, facts and prose
    (`pages`: language -> the issue's page)."""
    if not any(dict(item) == PLACEHOLDER_FACTS for item in facts.get("items") or []):
        return False
    return all((_read_front_matter(page)[0].get("items") or {}).get(PLACEHOLDER_ITEM) == _item_prose(lang)
               for lang, page in pages.items())


def _registry_pages(root: Path, page: str, body_macro: str, titles: dict[str, str] | None = None) -> list[Path]:
    """A hub's or entity page's files, each titled from `titles` (language -> title) or with a TODO."""
    written: list[Path] = []
    for lang in layout.LANGUAGES:
        prose = PROSE[lang]
        fields = {"title": (titles or {}).get(lang) or prose["page_title"], "description": prose["page_description"]}
        _write_new(root / layout.DOCS / layout.localized(page, lang),
                   _front_matter(fields, f"{prose['intro']}\n\n{{{{ {body_macro}() }}}}"), written)
    return written


def _append(path: Path, text: str) -> None:
    current = path.read_text(encoding="utf-8")
    path.write_text(current + ("" if current.endswith("\n") else "\n") + text, encoding="utf-8")


def new_topic(root: Path, topic_id: str) -> list[Path]:
    registry = root / layout.TOPICS_FILE
    if f"- {topic_id}\n" in registry.read_text(encoding="utf-8") + "\n":
        raise ScaffoldError(f"topic `{topic_id}` is already in {layout.TOPICS_FILE}")
    written = _registry_pages(root, layout.topic_page(topic_id), "topic_hub")
    _append(registry, f"- {topic_id}\n")
    return [registry, *written]


def new_entity(root: Path, entity_id: str, name: str, kind: str, url: str | None,
               names: dict[str, str] | None = None) -> list[Path]:
    """An entity of data/entities.yml and its pages; `names`: language -> the name its pages write, where it is
    not `name` (`{"zh": "英伟达 GPU"}`)."""
    registry = root / layout.ENTITIES_FILE
    if f"- id: {entity_id}\n" in registry.read_text(encoding="utf-8"):
        raise ScaffoldError(f"entity `{entity_id}` is already in {layout.ENTITIES_FILE}")
    names = {lang: own for lang, own in (names or {}).items() if own and own != name}
    written = _registry_pages(root, layout.entity_page(entity_id), "entity_timeline",
                              titles={lang: names.get(lang, name) for lang in layout.LANGUAGES})
    record = f"- id: {entity_id}\n  name: {name}\n"
    if names:  # each quoted as JSON, which YAML reads as a double-quoted string, whatever the name holds
        quoted = ", ".join(f"{lang}: {json.dumps(own, ensure_ascii=False)}" for lang, own in names.items())
        record += f"  names: {{{quoted}}}\n"
    record += f"  kind: {kind}\n" + (f"  url: {url}\n" if url else "")
    _append(registry, record)
    return [registry, *written]
