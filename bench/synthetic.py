"""A synthetic archive of N issues in the project's real content format.

Deterministic from a seed: the same N and seed always write the same files.
The real issues and every hub, entity and index page are kept, so
the synthetic site is the real site, ten years on. Each synthetic issue has
~7 items (sources, topics, entities, cross-links to earlier items), verdicts,
quick takes, picks and watch entries, some resolved by later items, all in
Chinese and English.

    python -m bench.synthetic --issues 520 --out /tmp/kb-520
"""
from __future__ import annotations

import argparse
import random
import re
import shutil
from datetime import date, timedelta
from pathlib import Path

import autocorrect_py as autocorrect
import yaml

from kb.content.figure_check import figures, issue_texts, unexplained
from kb.model.claim_facts import LOWER_IS_BETTER
from kb.model.schema import CATEGORIES, IssueText, ItemFacts
from kb.project import layout
from kb.project.sources import parse_yaml

ROOT = Path(__file__).resolve().parent.parent
PROJECT_PARTS = ("mkdocs.yml", "data", "docs", "overrides", "macros", "snippets")
FIRST_PERIOD = date(2026, 9, 23)  # issue 1's week, consistent with issues 3 and 7

ZH_TERMS = ["推理控制面", "前缀缓存", "投机解码", "量化", "KV 缓存", "内核", "融合内核", "PD 分离", "准入控制",
            "解码吞吐", "首 token 延迟", "路由策略", "混合注意力", "线性注意力", "微缩放格式", "端侧部署",
            "统一内存", "批处理", "显存占用", "长上下文", "专家并行", "调度器", "缓存命中率", "稀疏注意力"]
EN_TERMS = ["inference control plane", "prefix caching", "speculative decoding", "quantization", "KV cache",
            "kernel", "fused kernel", "PD disaggregation", "admission control", "decode throughput", "TTFT",
            "routing policy", "hybrid attention", "linear attention", "microscaling format", "edge deployment",
            "unified memory", "batching", "memory footprint", "long context", "expert parallelism", "scheduler",
            "cache hit rate", "sparse attention"]
PROJECTS = ["vLLM", "SGLang", "llama.cpp", "FlashInfer", "Kinference", "llm-d", "NVIDIA Dynamo", "ds4"]
HARDWARE = ["B300", "GB200", "L40S", "RTX 5090", "Rubin NVL72", "Hexagon", "Apple M5"]
# What a multiplier is compared with (every ratio says it: kb.model.claim_facts), chosen from the ratio itself so that
# the generator draws no more numbers than it did and its archive stays the one the benchmarks measured.
VERSUS = ["BF16 KV", "unstated", "FP8", "A100", "unstated"]


def versus(ratio: float) -> str:
    """What a generated multiplier is compared with: one of VERSUS, by its tenths."""
    return VERSUS[round(ratio * 10) % len(VERSUS)]


class Writer:
    def __init__(self, issues: int, seed: int):
        self.rng = random.Random(seed)
        self.count = issues
        self.topics = [t if isinstance(t, str) else t["id"]
                       for t in yaml.safe_load((ROOT / layout.TOPICS_FILE).read_text(encoding="utf-8"))]
        self.entities = [e["id"] for e in yaml.safe_load((ROOT / layout.ENTITIES_FILE).read_text(encoding="utf-8"))]
        self.outlets = [o["id"] for o in yaml.safe_load((ROOT / layout.OUTLETS_FILE).read_text(encoding="utf-8"))]
        self.items: list[str] = []  # earlier items, for cross-links
        self.open_watch: list[tuple[int, str]] = []  # (issue, id)
        self.vendor_figures: list[tuple[int, dict]] = []  # (issue, claim) of earlier vendor figures, for later checks
        # the real issues' numbers and periods: synthetic issues are numbered and dated around them
        self.real = {}
        self.unheld: set[int] = set()  # issues the real archive declares it does not hold: never written here
        for path in (ROOT / layout.ISSUES_DATA).glob("*.yml"):
            facts = yaml.safe_load(path.read_text(encoding="utf-8"))
            self.unheld |= {int(thing.split("-")[1]) for thing in facts.get("unarchived", [])
                            if re.fullmatch(r"issue-\d+", str(thing))}
            self.real[int(facts["number"])] = (date.fromisoformat(str(facts["period"]["start"])),
                                               date.fromisoformat(str(facts["period"]["end"])))

    def period_start(self, number: int) -> date:
        """A week per issue: from issue 1's week below the last real issue, from the last real issue above it."""
        last = max(self.real, default=0)
        if number < last:
            return FIRST_PERIOD + timedelta(weeks=number - 1)
        return self.real[last][0] + timedelta(weeks=number - last)

    def fits(self, number: int) -> bool:
        """Whether a synthetic issue `number` falls, dates and all, between the real issues around it: a real
        issue may be dated other than a week per number (the archive only asks that dates follow numbers)."""
        start = self.period_start(number)
        before = [self.real[n][1] for n in self.real if n < number]
        after = [self.real[n][0] for n in self.real if n > number]
        return (not before or max(before) < start) and (not after or start + timedelta(days=6) < min(after))

    def pick(self, seq, low, high):
        return self.rng.sample(seq, self.rng.randint(low, min(high, len(seq))))

    def sentence(self, lang: str, figures: bool = True) -> str:
        r = self.rng
        term, other = r.sample(ZH_TERMS if lang == "zh" else EN_TERMS, 2)
        # a hardware is drawn (the generator's sequence stays the one it was) but not written: prose naming a
        # hardware beside random numbers would read as the context of a figure that lacks it (kb check)
        project, _hardware = r.choice(PROJECTS), r.choice(HARDWARE)
        ratio, before, after = round(r.uniform(1.2, 8.0), 1), r.randint(200, 9000), r.randint(50, 900)
        if lang == "zh":
            forms = [f"{project} 改进了{term}，{other}相关指标从 {before} 降到 {after}。",
                     f"这项工作把{term}与{other}结合起来，官方口径吞吐提升 {ratio} 倍。",
                     f"对{term}而言，关键在于{other}能否直接进入引擎，{project} 已给出实现。",
                     f"编辑认为{term}的方向可信，但 {ratio} 倍这类数字不能跨厂商比较。"]
        else:
            forms = [f"{project} improves {term}; the {other} figure drops from {before} to {after}.",
                     f"The work combines {term} with {other}, for a vendor-reported {ratio}× throughput gain.",
                     f"For {term}, what matters is whether {other} lands in an engine; {project} already ships it.",
                     f"The direction of {term} is credible, but a {ratio}× figure cannot be compared across vendors."]
        text = r.choice(forms if figures else forms[2:])
        return autocorrect.format(text) if lang == "zh" else text  # the house's Chinese typography (kb check)

    def claim(self, claim_id: str) -> dict:
        """A figure as items report them: before and after, a multiplier, a change, or one value."""
        r = self.rng
        metric, unit = r.choice([("ttft", "ms"), ("latency", "s"), ("throughput", "tok/s"), ("memory", "GB"),
                                 ("accuracy", "%"), ("perplexity", ""), ("goodput", None)])
        claim = {"id": claim_id, "metric": metric}
        form = r.choice(["baseline", "ratio", "change", "result"] if unit is not None else ["ratio"])
        if form == "baseline":
            before, after = round(r.uniform(10, 9000), 1), round(r.uniform(10, 9000), 1)
            claim.update(baseline=f"{before} {unit}".strip(), result=f"{after} {unit}".strip())
        elif form == "ratio":
            claim["ratio"] = round(r.uniform(1.1, 9.0), 1)
            claim["direction"] = "lower" if metric in LOWER_IS_BETTER else "higher"  # the better way
            claim["versus"] = versus(claim["ratio"])
        elif form == "change":
            claim["change"] = round(r.uniform(-90, 90), 1)
        else:
            claim["result"] = f"{round(r.uniform(1, 500), 2)} {unit}".strip()
        if r.random() < 0.6:
            claim["hardware"] = r.choice(HARDWARE)
        claim["source_kind"] = r.choice(["vendor", "vendor", "paper", "independent"])
        return claim

    def check(self, claim_id: str, earlier: dict) -> dict:
        """A later, independent figure of what an earlier vendor figure measured, and what it finds."""
        r = self.rng
        verdict = r.choices(["confirms", "qualifies", "contradicts"], weights=[4, 4, 2])[0]
        better = "lower" if earlier["metric"] in LOWER_IS_BETTER else "higher"
        ratio = round(r.uniform(1.1, 9.0), 1) if verdict != "contradicts" else round(r.uniform(1.1, 2.0), 1)
        return {"id": claim_id, "metric": earlier["metric"], "ratio": ratio, "versus": versus(ratio),
                "direction": better if verdict != "contradicts" or r.random() < 0.5 else {"lower": "higher", "higher": "lower"}[better],
                "source_kind": "independent",  # the archive's editors tie it to the earlier figure
                "checks": {"claim": earlier["id"], "verdict": verdict, "by": "editors"}}

    def paragraph(self, lang: str, sentences: int, link: str | None = None) -> str:
        text = "".join if lang == "zh" else " ".join
        body = text(self.sentence(lang) for _ in range(sentences))
        if link:
            body += (f"参见 {{{{ ref(\"{link}\") }}}}。" if lang == "zh" else f" See {{{{ ref(\"{link}\") }}}}.")
        return body

    def issue(self, number: int, root: Path) -> None:
        r = self.rng
        start = self.period_start(number)
        end = start + timedelta(days=6)
        items, signals, watch, takes, picks = [], [], [], [], []
        prose = {lang: {"items": {}, "signals": {}, "watch": {}, "quick_takes": {}, "picks": {}, "claims": {},
                        "resolutions": {}, "checks": {}} for lang in ("zh", "en")}
        for k in range(r.randint(5, 9)):
            item_id = f"s{number}-{k}-{r.choice(['release', 'kernel', 'paper', 'router', 'edge', 'cache'])}"
            facts = {
                "id": item_id,
                "category": r.choice(CATEGORIES),
                "sources": [r.choice(self.outlets)] if r.random() < 0.5
                else [{"name": f"arXiv {2600 + number}.{k:05d}", "url": f"https://arxiv.org/abs/{2600 + number}.{k:05d}"}],
                "topics": self.pick(self.topics, 1, 3),
                "entities": self.pick(self.entities, 0, 3),
            }
            claims = [self.claim(f"{item_id}-figure-{n}") for n in range(r.randint(0, 3))]
            earlier = [(n, c) for n, c in self.vendor_figures if n < number]
            if earlier and r.random() < 0.06:  # per item: about two issues in five check an earlier vendor figure
                checked = self.check(f"{item_id}-check", r.choice(earlier[-60:])[1])
                claims.append(checked)
                for lang in ("zh", "en"):
                    prose[lang]["checks"][checked["id"]] = self.sentence(lang, figures=False)
            self.vendor_figures += [(number, c) for c in claims if c["source_kind"] == "vendor" and "checks" not in c]
            if claims:
                facts["claims"] = claims
            if self.open_watch and r.random() < 0.15:
                opened, watch_id = self.open_watch.pop(r.randrange(len(self.open_watch)))
                facts["resolves"] = [{"watch": watch_id, "by": r.choice(["weekly", "editors"])}]
                for lang in ("zh", "en"):
                    prose[lang]["resolutions"][watch_id] = self.sentence(lang, figures=False)
            items.append(facts)
            link = r.choice(self.items) if self.items and r.random() < 0.3 else None
            for lang in ("zh", "en"):
                title = (f"{r.choice(PROJECTS)} 第 {number} 期条目 {k + 1}" if lang == "zh"
                         else f"{r.choice(PROJECTS)}: item {k + 1} of issue {number}")
                prose[lang]["items"][item_id] = {
                    "title": title,
                    # what a ref inside a sentence shows (kb.model.ref_labels); made without the generator's random
                    # numbers, so the rest of the archive is the one it was
                    "short": f"第 {number} 期条目 {k + 1}" if lang == "zh" else f"item {k + 1} of issue {number}",
                    "summary": self.sentence(lang),
                    "why": self.paragraph(lang, r.randint(3, 5), link),
                    "edge": self.paragraph(lang, 1),
                }
            for claim in facts.get("claims", []):
                zh_term, en_term = r.choice(list(zip(ZH_TERMS, EN_TERMS)))
                prose["zh"]["claims"][claim["id"]] = autocorrect.format(f"{zh_term}场景下的{claim['metric']}")
                prose["en"]["claims"][claim["id"]] = f"{claim['metric']} with {en_term}"
            # the random numbers of the prose are not the item's figures: said so, as an editor would (kb.content.figure_check)
            written = [text for lang in ("zh", "en") for text in (*prose[lang]["items"][item_id].values(),
                       *(prose[lang]["claims"][c["id"]] for c in facts.get("claims", [])))]
            model = ItemFacts.model_validate(parse_yaml(yaml.safe_dump(facts), "item")[0].data)  # as kb reads it
            others = [f.shown for text in written for f in unexplained(figures(model), (start, end), text)]
            if others:
                facts["not_figures"] = list(dict.fromkeys(others))
        self.items += [i["id"] for i in items]
        for k in range(r.randint(2, 3)):
            signal_id = f"s{number}-verdict-{k}"
            about = self.pick([i["id"] for i in items], 1, 2)
            signals.append({"id": signal_id, "verdict": r.choice(["signal", "noise"]),
                            "topics": self.pick(self.topics, 1, 2), "items": about})
            for lang in ("zh", "en"):
                prose[lang]["signals"][signal_id] = {
                    "title": self.sentence(lang, figures=False)[:40],
                    "body": self.paragraph(lang, 2, about[0]),
                }
        for k in range(r.randint(0, 2)):
            watch_id = f"s{number}-watch-{k}"
            watch.append({"id": watch_id, "topic": r.choice(self.topics), "from": r.choice(items)["id"]})
            self.open_watch.append((number, watch_id))
            for lang in ("zh", "en"):
                prose[lang]["watch"][watch_id] = {"title": self.sentence(lang, figures=False)[:40],
                                                  "note": self.paragraph(lang, 1)}
        for k in range(r.randint(0, 3)):
            take_id = f"s{number}-take-{k}"
            takes.append({"id": take_id, "topics": self.pick(self.topics, 0, 1)})
            for lang in ("zh", "en"):
                prose[lang]["quick_takes"][take_id] = self.sentence(lang)
        for k in range(r.randint(0, 2)):
            pick_id = f"s{number}-pick-{k}"
            picks.append({"id": pick_id, "kind": r.choice(["star", "read"]),
                          "url": f"https://arxiv.org/abs/{2600 + number}.{90000 + k}"})
            for lang in ("zh", "en"):
                prose[lang]["picks"][pick_id] = {"title": f"{r.choice(PROJECTS)} {pick_id}", "note": self.sentence(lang)}

        facts = {"number": number, "period": {"start": start.isoformat(), "end": end.isoformat()},
                 "published": end.isoformat(), "items": items, "signals": signals,
                 "quick_takes": takes, "picks": picks, "watch": watch}
        metas = {lang: {"title": (f"第 {number} 期的合成标题" if lang == "zh" else f"Synthetic issue {number}"),
                        "description": self.sentence(lang)[:120], "summary": self.paragraph(lang, 3), **prose[lang]}
                 for lang in ("zh", "en")}
        # the issue's own prose is compared with all its items' figures: its random numbers said not to be figures
        everything = [f for item in items for f in figures(ItemFacts.model_validate(parse_yaml(yaml.safe_dump(item), "item")[0].data))]
        others = [f.shown for meta in metas.values() for _, text in issue_texts(IssueText.model_validate(meta))
                  for f in unexplained(everything, (start, end), text)]
        if others:
            facts["not_figures"] = list(dict.fromkeys(others))
        stem = layout.issue_stem(number)
        (root / layout.ISSUES_DATA / f"{stem}.yml").write_text(
            yaml.safe_dump(facts, allow_unicode=True, sort_keys=False), encoding="utf-8")
        for lang in ("zh", "en"):
            meta = metas[lang]
            page = root / layout.DOCS / layout.localized(layout.issue_page(number), lang)
            page.write_text("---\n" + yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=4096)
                            + "---\n\n{{ issue_page() }}\n", encoding="utf-8")

    def write(self, out: Path) -> Path:
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        for part in PROJECT_PARTS:
            src = ROOT / part
            (shutil.copytree if src.is_dir() else shutil.copy2)(src, out / part)
        numbers = (n for n in range(1, 100 * self.count + len(self.real) + 1) if n not in self.real and n not in self.unheld and self.fits(n))
        for _, number in zip(range(self.count - len(self.real)), numbers):
            self.issue(number, out)
        return out


def generate(issues: int, out: Path, seed: int = 1) -> Path:
    """Write a project with `issues` issues in all (the real ones included) to `out`."""
    return Writer(issues, seed).write(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--issues", type=int, default=52)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out = generate(args.issues, args.out, args.seed)
    print(f"wrote {args.issues} issues to {out}")


if __name__ == "__main__":
    main()
