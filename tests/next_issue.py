"""Next week's issue, added to a copy of the project the way CONTRIBUTING describes — `make test-next-issue`.

The copy is the working tree (committed or not). In it, the issue after the latest is scaffolded with `kb new
issue` and `kb new item` (one item of every category), a new entity with `kb new entity --name-zh`, and every
`TODO` filled in: figures (one of them checking an earlier figure of the same metric, when the archive has one),
a verdict, a watch entry, the resolution of the oldest open watch entry, quick takes and picks, and an editor's
paragraph and a pin on a hub. `kb check` must then pass; the Makefile runs the fast tier of the tests in the copy,
so the tests are proven to survive next week's content before next week comes.

Everything it writes is synthetic (made-up names and numbers) and lives only in the temporary copy.

    python tests/next_issue.py DEST          # prints DEST once `kb check` passes there
"""
from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
from pathlib import Path

from ruamel.yaml.scalarstring import LiteralScalarString

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import load_catalog
from kb.cli.commands import main as kb
from kb.cli.scaffold import edit_front_matter, edit_yaml
from kb.model.schema import CATEGORIES
from kb.project import layout

ENTITY = "next-issue-lab"
# A figure per category's item: (metric, facts) — written as CONTRIBUTING's "Claims" asks.
FIGURES = {
    "release": ("throughput", {"ratio": 1.8, "direction": "higher", "versus": "B200", "hardware": "8× B300",
                               "source_kind": "vendor"}),
    "tool": ("ttft", {"baseline": "840 ms", "result": "610 ms", "source_kind": "vendor"}),
    "paper": ("memory", {"change": -42, "qualifier": "about", "source_kind": "paper"}),
    "model": ("accuracy", {"result": "63.5 %", "benchmark": "MMLU-Pro", "source_kind": "vendor"}),
    "benchmark": ("latency", {"baseline": "95 ms", "result": "71 ms", "hardware": "RTX 5090", "source_kind": "independent"}),
}
ZH = {
    "title": "下周示例：{n} 个条目",
    "description": "为测试生成的第 {number} 期，内容虚构，只存在于临时副本中。",
    "summary": "这是为测试生成的一期，虚构的 Next Issue Lab 带来 {n} 个条目，涉及发布、工具、论文、模型与基准。",
    "item_title": "Next Issue Lab 的{label}条目",
    "item_short": "{label}条目",  # what a ref inside a sentence shows (kb.model.ref_labels)
    "item_summary": "一条虚构的{label}条目，用来检验下一期能否顺利合入。",
    "why": "虚构的数字：{figure}。",
    "edge": "虚构条目，与端侧部署的关联也是为测试而写。",
    "claim": "虚构的 {metric} 数字，测试用",
    "check": "测试用的核对：新的数字检验了较早的同类数字。",
    "resolution": "测试用的了结：Next Issue Lab 的条目回答了这条盯梢。",
    "signal_title": "示例判断：工具链在变快",
    "signal_body": "两个虚构的例子（{{{{ ref(\"{a}\") }}}}、{{{{ ref(\"{b}\") }}}}）指向同一方向。",
    "watch_title": "Next Issue Lab 是否发布第二版",
    "watch_note": "第 {number} 期的示例条目只有一版；若有第二版，即算进展。",
    "take": "Next Issue Lab 发布一份说明，测试用。",
    "pick_title": "Next Issue Lab 的示例仓库",
    "pick_note": "虚构的仓库，测试用。",
    "entity_description": "为测试生成的实体，只存在于临时副本中。",
    "entity_intro": "Next Issue Lab 是为测试生成的实体。",
    "hub": "编辑补充：第 {number} 期的 {{{{ ref(\"{item}\") }}}} 也属于这个专题。",
}
EN = {
    "title": "Next week, for the tests: {n} items",
    "description": "Issue {number}, generated for the tests: fictional, and only in a temporary copy.",
    "summary": "An issue generated for the tests: the fictional Next Issue Lab brings {n} items across releases, tools, "
               "papers, models and benchmarks.",
    "item_title": "A {label} item from Next Issue Lab",
    "item_short": "{label} item",
    "item_summary": "A fictional {label} item, to prove that the next issue merges cleanly.",
    "why": "A fictional figure: {figure}.",
    "edge": "A fictional item; its link to edge deployment is written for the tests too.",
    "claim": "A fictional {metric} figure, for the tests",
    "check": "A test check: the later figure tests an earlier one of the same metric.",
    "resolution": "A test resolution: Next Issue Lab's item answers this entry.",
    "signal_title": "An example verdict: toolchains get faster",
    "signal_body": "Two fictional items ({{{{ ref(\"{a}\") }}}}, {{{{ ref(\"{b}\") }}}}) point the same way.",
    "watch_title": "Does Next Issue Lab ship a second version?",
    "watch_note": "Issue {number}'s example items have one version; a second would count as progress.",
    "take": "Next Issue Lab publishes a note, for the tests.",
    "pick_title": "Next Issue Lab's example repository",
    "pick_note": "A fictional repository, for the tests.",
    "entity_description": "An entity generated for the tests, only in a temporary copy.",
    "entity_intro": "Next Issue Lab is an entity generated for the tests.",
    "hub": "An editor's note: issue {number}'s {{{{ ref(\"{item}\") }}}} belongs to this topic too.",
}
WORDS = {"zh": ZH, "en": EN}
LABELS = {"zh": {"release": "发布", "tool": "工具", "paper": "论文", "model": "模型", "benchmark": "基准"},
          "en": {c: c for c in CATEGORIES}}


def copy_working_tree(dest: Path) -> Path:
    """The project as it stands: tracked and new files, committed or not (git ls-files), without build output."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        source = ROOT / rel
        if source.is_file() and not source.is_symlink():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / rel)
    return dest


def commit(repo: Path, message: str) -> None:
    git = ["git", "-C", str(repo), "-c", "user.name=next issue", "-c", "user.email=next-issue@example.org"]
    if not (repo / ".git").exists():
        subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "--no-verify", "-m", message], check=True)


def run_kb(root: Path, *args: str) -> None:
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        status = kb(["--root", str(root), *args])
    if status != 0:
        raise SystemExit(f"next issue: `kb {' '.join(args)}` failed:\n{said.getvalue()}")


def add_next_issue(root: Path) -> int:
    """Write the issue after the latest into the project at `root`; its number."""
    catalog = load_catalog(root)
    number = max(issue.number for issue in catalog.issues) + 1
    topic = next(iter(catalog.topics))
    outlet = next(iter(catalog.outlets))
    earlier_claims = {claim.facts.metric: claim for claim in reversed(catalog.claims)}  # the latest of each metric
    oldest_open = min(catalog.open_watch(), key=lambda entry: entry.issue.facts.published, default=None)

    run_kb(root, "new", "entity", ENTITY, "--name", "Next Issue Lab", "--name-zh", "下期实验室", "--kind", "company")
    for lang in layout.LANGUAGES:
        page = root / layout.DOCS / layout.localized(layout.entity_page(ENTITY), lang)
        edit_front_matter(page, lambda data, lang=lang: data.__setitem__("description", WORDS[lang]["entity_description"]))
        text = page.read_text(encoding="utf-8")
        body_start = text.index("\n---", 3) + 4
        page.write_text(text[:body_start] + f"\n{WORDS[lang]['entity_intro']}\n\n{{{{ entity_timeline() }}}}\n",
                        encoding="utf-8")

    run_kb(root, "new", "issue", str(number))
    items = [f"next-{number}-{category}" for category in CATEGORIES]
    for item_id, category in zip(items, CATEGORIES):
        run_kb(root, "new", "item", str(number), item_id, "--category", category, "--topic", topic,
               "--entity", ENTITY, "--source", outlet)

    facts = root / layout.ISSUES_DATA / f"{layout.issue_stem(number)}.yml"
    checks: dict[str, str] = {}

    def fill_facts(data) -> None:
        for item, category in zip(data["items"], CATEGORIES):
            metric, figure = FIGURES[category]
            claim = {"id": f"{item['id']}-{metric}", "metric": metric, **figure}
            earlier = earlier_claims.get(metric)
            if earlier is not None and metric not in {c.split(":")[0] for c in checks.values()}:
                claim["source_kind"] = "independent"
                claim["checks"] = {"claim": earlier.id, "verdict": "qualifies", "by": "editors"}
                checks[claim["id"]] = f"{metric}:{earlier.id}"
            item["claims"] = [claim]
        if oldest_open is not None:
            data["items"][0]["resolves"] = [{"watch": oldest_open.id, "by": "weekly"}]
        data["signals"] = [{"id": f"next-{number}-signal", "verdict": "signal", "topics": [topic], "items": items[:2]}]
        data["quick_takes"] = [{"id": f"next-{number}-take", "topics": [topic], "sources": [outlet]}]
        data["picks"] = [{"id": f"next-{number}-pick", "kind": "star", "url": "https://example.org/next-issue-lab"}]
        data["watch"] = [{"id": f"next-{number}-watch", "topic": topic, "from": items[0]}]
        data["not_figures"] = [str(len(items))]  # the summary counts the items: a number that is no figure
    edit_yaml(facts, fill_facts)

    for lang in layout.LANGUAGES:
        w = WORDS[lang]

        def fill_prose(data, lang=lang, w=w) -> None:
            data["title"] = w["title"].format(n=len(items))
            data["description"] = w["description"].format(number=number)
            data["summary"] = LiteralScalarString(w["summary"].format(n=len(items)) + "\n")
            for item_id, category in zip(items, CATEGORIES):
                metric, figure = FIGURES[category]
                shown = ", ".join(f"{key} {value}" for key, value in figure.items() if key not in ("source_kind",))
                data["items"][item_id] = {
                    "title": w["item_title"].format(label=LABELS[lang][category]),
                    "short": w["item_short"].format(label=LABELS[lang][category]),
                    "summary": w["item_summary"].format(label=LABELS[lang][category]),
                    "why": LiteralScalarString(w["why"].format(figure=shown) + "\n"),
                    "edge": LiteralScalarString(w["edge"] + "\n"),
                }
            data["signals"] = {f"next-{number}-signal": {
                "title": w["signal_title"], "body": LiteralScalarString(w["signal_body"].format(a=items[0], b=items[1]) + "\n")}}
            data["quick_takes"] = {f"next-{number}-take": w["take"]}
            data["picks"] = {f"next-{number}-pick": {"title": w["pick_title"], "note": w["pick_note"]}}
            data["watch"] = {f"next-{number}-watch": {
                "title": w["watch_title"], "note": LiteralScalarString(w["watch_note"].format(number=number) + "\n")}}
            data["claims"] = {f"{item_id}-{FIGURES[category][0]}": w["claim"].format(metric=FIGURES[category][0])
                              for item_id, category in zip(items, CATEGORIES)}
            if checks:
                data["checks"] = {claim_id: w["check"] for claim_id in checks}
            if oldest_open is not None:
                data["resolutions"] = {oldest_open.id: w["resolution"]}
        edit_front_matter(root / layout.DOCS / layout.localized(layout.issue_page(number), lang), fill_prose)

    # an editor's paragraph on the hub, and a pin while the hub has room for one (at most five)
    for lang in layout.LANGUAGES:
        hub = root / layout.DOCS / layout.localized(layout.topic_page(topic), lang)
        text = hub.read_text(encoding="utf-8")
        macro = "{{ topic_hub() }}"
        paragraph = WORDS[lang]["hub"].format(number=number, item=items[0])
        hub.write_text(text.replace(macro, f"{paragraph}\n\n{macro}", 1), encoding="utf-8")

    def pin(data) -> None:
        for record in data:
            if isinstance(record, dict) and record.get("id") == topic and len(record.get("pins") or []) < 5:
                record.setdefault("pins", []).append(items[0])
    edit_yaml(root / layout.TOPICS_FILE, pin)
    return number


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.split("\n\n")[-1].strip(), file=sys.stderr)
        return 2
    dest = Path(argv[0]).resolve()
    if dest.exists():
        shutil.rmtree(dest)
    copy_working_tree(dest)
    commit(dest, "the project as it stands")  # a clone, as a contributor's is: translations are dated by git
    number = add_next_issue(dest)
    commit(dest, f"issue {number}")
    if kb(["--root", str(dest), "check"]) != 0:
        print(f"next issue: issue {number}, written as CONTRIBUTING describes, fails `kb check` in {dest}", file=sys.stderr)
        return 1
    print(dest)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
