"""A series of comparable figures for the charts' tests (tests/test_charts.py), added to a copy of the fixture
archive: made up for the tests, never published."""
from __future__ import annotations

from pathlib import Path

from kb.project import layout

# (issue, item, claim id, facts, zh text, en text): one hub (edge-backends), three dates.
SERIES = [
    ("001", "fixture-phone-benchmark", "fixture-h100-throughput", "ratio: 2.0, direction: higher, versus: A100, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
    ("003", "ds4-engine", "ds4-h100-throughput", "ratio: 3.0, direction: higher, versus: A100, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
    ("007", "loopvq", "loopvq-h100-throughput", "ratio: 2.2, direction: higher, versus: A100, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
    ("007", "strataflux", "strataflux-h100-throughput", "ratio: 2.3, direction: higher, versus: A100, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
    # the same item's result written a second time, per GPU: never a second point
    ("007", "loopvq", "loopvq-h100-throughput-per-gpu", "ratio: 2.4, direction: higher, versus: A100, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的每 GPU 吞吐", "Throughput per GPU on H100, ShareGPT"),
    # the same results as figures in tok/s: comparable among themselves, and each item's throughput already charted
    ("001", "fixture-phone-benchmark", "fixture-h100-tokens", "baseline: 1000 tok/s, result: 2000 tok/s, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐（tok/s）", "Throughput on H100, ShareGPT (tok/s)"),
    ("003", "ds4-engine", "ds4-h100-tokens", "baseline: 1000 tok/s, result: 3000 tok/s, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐（tok/s）", "Throughput on H100, ShareGPT (tok/s)"),
    ("007", "strataflux", "strataflux-h100-tokens", "baseline: 1000 tok/s, result: 2300 tok/s, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐（tok/s）", "Throughput on H100, ShareGPT (tok/s)"),
    # another baseline (other hardware): listed, not plotted with the rest
    ("007", "strataflux", "strataflux-b200-throughput", "ratio: 4.0, direction: higher, versus: A100, hardware: B200, benchmark: ShareGPT",
     "B200 上按 ShareGPT 测的吞吐", "Throughput on B200, ShareGPT"),
    # the same hardware and benchmark against another baseline, and against one the source does not name: listed
    ("001", "fixture-open-weights", "fixture-h100-vs-fp8", "ratio: 2.6, direction: higher, versus: FP8, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
    ("001", "fixture-open-weights", "fixture-h100-unstated", "ratio: 2.8, direction: higher, versus: unstated, hardware: H100, benchmark: ShareGPT",
     "H100 上按 ShareGPT 测的吞吐", "Throughput on H100, ShareGPT"),
]
HUB = "edge-backends"


def add_claim(project: Path, issue: str, item: str, claim: str, facts: str, zh: str, en: str) -> None:
    """A figure under `item` of `issue`, with its text in both pages."""
    path = project / f"data/issues/{issue}.yml"
    text = path.read_text(encoding="utf-8")
    at = text.index("    claims:\n", text.index(f"  - id: {item}\n")) + len("    claims:\n")
    entry = f"      - {{id: {claim}, metric: throughput, {facts}, source_kind: paper}}\n"
    path.write_text(text[:at] + entry + text[at:], encoding="utf-8")
    for lang, words in (("zh", zh), ("en", en)):
        page = project / layout.DOCS / layout.localized(f"issues/{issue}.md", lang)
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("\nclaims:\n", f"\nclaims:\n  {claim}: {words}\n", 1), encoding="utf-8")


def add_series(project: Path) -> Path:
    for entry in SERIES:
        add_claim(project, *entry)
    return project
