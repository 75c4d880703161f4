"""Hostile values in fields that pass for ordinary ones: invisible characters, names that search reads as
another's, YAML that says something other than what a reviewer reads, addresses that hide their host, and
digits that are not ASCII. Each is refused by `kb check` at its file and line, saying what to do.
"""
from __future__ import annotations

import pytest

from conftest import edit, line_of, refused
from kb.cli.commands import main as kb


def test_the_fixture_archive_passes(archive, capsys):
    assert kb(["--root", str(archive), "check"]) == 0, capsys.readouterr().out


# ---- invisible and reordering characters in plain text and names ---------------------------------

ITEM_TITLE = "    title: vLLM v0.33.0 released"


@pytest.mark.parametrize("code", [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0x2060, 0x2061, 0x2064, 0x00AD,
                                  0x180E, 0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0xE0041, 0x1FFFF])
def test_an_invisible_character_in_a_title_is_refused(project, capsys, code):
    escape = f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"  # YAML escapes: seen only once decoded
    edit(project, "docs/issues/007.en.md", ITEM_TITLE, f'    title: "vLLM{escape} v0.33.0 released"')
    line = line_of(project, "docs/issues/007.en.md", "title: \"vLLM")
    out = refused(project, capsys, f"docs/issues/007.en.md:{line}: items.vllm-v0-33-0.title: ")
    assert f"character U+{code:04X}" in out and "— remove it" in out, out


def test_the_red_teams_title_is_refused_at_its_first_mark(project, capsys):
    edit(project, "docs/issues/007.en.md", ITEM_TITLE, '    title: "vLLM\\u200e v0.33.0\\u200f released\\u200b"')
    line = line_of(project, "docs/issues/007.en.md", "title: \"vLLM")
    out = refused(project, capsys, f"docs/issues/007.en.md:{line}: items.vllm-v0-33-0.title: holds the invisible "
                                   "or control character U+200E (left-to-right mark) — remove it")
    assert "U+200F" not in out  # one problem a field: the first


def test_an_invisible_character_in_an_alias_is_refused(project, capsys):
    edit(project, "data/entities.yml", "aliases: {all: [llamacpp]}", 'aliases: {all: [llamacpp, "V\\u200bLLM"]}')
    line = line_of(project, "data/entities.yml", "V\\u200bLLM")
    refused(project, capsys, f"data/entities.yml:{line}: 2.aliases.all.1: holds the invisible or control character "
                             "U+200B (zero width space) — remove it")


def test_an_invisible_character_written_as_itself_is_refused_at_its_line(project, capsys):
    edit(project, "docs/issues/007.en.md", "\n    why: |\n      The release bundles",
         "\n    why: |\n      The release\u2060 bundles")
    line = line_of(project, "docs/issues/007.en.md", "The release\u2060")
    refused(project, capsys, f"docs/issues/007.en.md:{line}: items.vllm-v0-33-0.why: holds the invisible or control "
                             "character U+2060 (word joiner) — remove it")


def test_a_noncharacter_yaml_cannot_read_is_reported_at_its_line(project, capsys):
    # YAML's reader stops at U+FFFE before any value is decoded; its error has a position, not a line
    edit(project, "docs/issues/007.en.md", "    edge: |\n      Nothing directly", "    edge: |\n      Nothing\ufffe directly")
    line = line_of(project, "docs/issues/007.en.md", "Nothing\ufffe")
    assert line > 10  # far from the front matter's first line, where the problem used to be said
    out = refused(project, capsys, f"docs/issues/007.en.md:{line}: yaml: holds the character U+FFFE, which YAML "
                                   "does not allow — remove it")
    assert "position" not in out


# ---- aliases that search reads as another name ----------------------------------------------------

NEW_TERM = "- id: draft-sampling\n  written: {en: draft sampling}\n  aliases: {en: [ALIAS]}\n"


@pytest.mark.parametrize("alias", ["ｓｐｅｃｕｌａｔｉｖｅ sampling", "Speculative SAMPLING", "speculative sampling"],
                         ids=["full width", "other case", "as written"])
def test_a_term_alias_search_reads_as_another_terms_alias_is_refused(project, capsys, alias):
    terms = project / "data/terms.yml"
    terms.write_text(terms.read_text(encoding="utf-8") + NEW_TERM.replace("ALIAS", alias), encoding="utf-8")
    line = line_of(project, "data/terms.yml", "id: draft-sampling") + 2
    place = terms.read_text(encoding="utf-8").count("\n- id: ") - 1  # the new term, the last of the list
    out = refused(project, capsys, f"data/terms.yml:{line}: {place}.aliases.en.0: `{alias}`")
    first = line_of(project, "data/terms.yml", "en: [speculative sampling]")  # the file and line of the alias taken
    assert f"already names `speculative-decoding` (data/terms.yml:{first}) — an alias names one thing" in out, out
    if alias.startswith("ｓ"):
        assert "(search reads it as `speculative sampling`)" in out, out


# (file, its text before, after, the alias as written, where, what the message says after the alias: `{at}`, the
# file and line of the name taken, written there as the last of these)
FULL_WIDTH_ALIASES = [
    ("data/entities.yml", "aliases: {all: [llamacpp]}", "aliases: {all: [llamacpp, ＳＧＬａｎｇ]}", "ＳＧＬａｎｇ",
     "2.aliases.all.1", "(search reads it as `sglang`) already names `sglang` ({at}) — an alias names one thing; keep "
     "it where readers mean it", ("data/entities.yml", "name: SGLang")),
    # entities, topics and terms share the search's words: kimi's `Moonshot AI` is taken
    ("data/topics.yml", "aliases: {zh: [FP4 算子]}", "aliases: {zh: [FP4 算子], en: [ｍｏｏｎｓｈｏｔ ａｉ]}",
     "ｍｏｏｎｓｈｏｔ ａｉ", "0.aliases.en.0", "(search reads it as `moonshot ai`) already names `kimi` ({at})",
     ("data/entities.yml", "en: [Moonshot AI]")),
    ("data/entities.yml", "aliases: {all: [llamacpp]}", "aliases: {all: [llamacpp, ｌｌａｍａ.ｃｐｐ]}", "ｌｌａｍａ.ｃｐｐ",
     "2.aliases.all.1", "(search reads it as `llama.cpp`) is already its name — remove the alias", None),
    ("data/terms.yml", "en: [speculative sampling]", "en: [speculative sampling, ｓｐｅｃｕｌａｔｉｖｅ Sampling]",
     "ｓｐｅｃｕｌａｔｉｖｅ Sampling", "0.aliases.en.1",
     "(search reads it as `speculative sampling`) is already one of its aliases — remove this one", None),
]


@pytest.mark.parametrize("path, before, after, alias, where, message, taken", FULL_WIDTH_ALIASES,
                         ids=["name of an entity", "alias of an entity, on a topic", "its own name", "written twice"])
def test_a_full_width_alias_is_read_as_search_reads_it(project, capsys, path, before, after, alias, where, message,
                                                       taken):
    edit(project, path, before, after)
    line = line_of(project, path, alias)
    at = f"{taken[0]}:{line_of(project, *taken)}" if taken else ""
    refused(project, capsys, f"{path}:{line}: {where}: `{alias}` {message.format(at=at)}")




@pytest.mark.parametrize("alias", [".", "—", "·-·"])
def test_an_alias_without_a_letter_or_digit_is_refused(project, capsys, alias):
    edit(project, "data/terms.yml", "en: [speculative sampling]", f'en: [speculative sampling, "{alias}"]')
    refused(project, capsys, f"data/terms.yml:{line_of(project, 'data/terms.yml', 'speculative sampling,')}: "
                             f"0.aliases.en.1: `{alias}` holds no letter or digit")


def test_a_pin_is_reported_at_its_own_topic_when_a_topic_before_it_is_refused(project, capsys):
    edit(project, "data/topics.yml", "- id: fp4-kernels", "- id: FP4")
    edit(project, "data/topics.yml", "pins: [dual-qk, stepquant]", "pins: [dual-qk, sglang-v0-5-23]")
    refused(project, capsys, f"data/topics.yml:{line_of(project, 'data/topics.yml', 'sglang-v0-5-23')}: topics.1.pins.1: "
                             "`sglang-v0-5-23` is not an item of the topic `kv-cache-compression`")


# (file, its text before, after, what is refused, where, the name it already gives, the file and text of that name)
SHARED_NAMES = [
    ("data/entities.yml", "name: SGLang", "name: ｖＬＬＭ", "name: ｖＬＬＭ", "1.name: `ｖＬＬＭ` (search reads it as `vllm`)",
     "vllm", ("data/entities.yml", "name: vLLM")),
    ("docs/topics/edge-backends.en.md", 'title: "On-device and edge backends"', 'title: "fp4 / nvfp4 KERNELS"', "fp4 / nvfp4 KERNELS",
     "title: `fp4 / nvfp4 KERNELS`", "fp4-kernels", ("docs/topics/fp4-kernels.en.md", "title:")),
    ("data/terms.yml", "written: {zh: 显存}", "written: {zh: 投机解码}", "投机解码}", "1.written.zh: `投机解码`",
     "speculative-decoding", ("data/terms.yml", "written: {zh: 投机解码, en")),
]


@pytest.mark.parametrize("path, before, after, found, where, owner, taken", SHARED_NAMES, ids=["entity", "topic", "term"])
def test_two_things_of_one_kind_never_share_a_name(project, capsys, path, before, after, found, where, owner, taken):
    """Two entities named alike would be one facet chip in search, two hubs one name in the topics list; the message
    names the file and line of the first."""
    edit(project, path, before, after)
    refused(project, capsys, f"{path}:{line_of(project, path, found)}: {where} already names `{owner}` "
                             f"({taken[0]}:{line_of(project, *taken)}) — give each its own name, or merge the two")


# ---- YAML that reads as something other than what a reviewer sees -------------------------------

FACTS = "data/issues/007.yml"
PAGE = "docs/issues/007.en.md"


def test_a_merge_key_is_refused(project, capsys):
    # `<<` would fill in the keys of its mapping, or hide them behind the ones written beside it
    edit(project, PAGE, ITEM_TITLE, '    <<: {title: "vLLM v0.33.0 withdrawn"}\n' + ITEM_TITLE)
    refused(project, capsys, f"{PAGE}:{line_of(project, PAGE, '<<:')}: yaml: uses the YAML merge key `<<` — write "
                             "each key in this mapping itself")


@pytest.mark.parametrize("path,old,new", [
    (FACTS, "topics: [serving-engine-releases, fp4-kernels]", "topics: !!set {serving-engine-releases, fp4-kernels}"),
    (PAGE, ITEM_TITLE, "    title: !!binary dkxMTSB2MC4zMy4wIHJlbGVhc2Vk"),  # "vLLM v0.33.0 released", unread by a reviewer
    (FACTS, "sources: [vllm-releases]", "sources: !!omap [{vllm-releases: x}]"),
    (FACTS, "sources: [vllm-releases]", "sources: !!pairs [{vllm-releases: x}]"),
    (FACTS, "published: 2026-11-10", "published: !!timestamp 2026-11-10"),
    (FACTS, "number: 7", "number: !!float 7"),
    (FACTS, "number: 7", 'number: !!int "7"'),
    (FACTS, "number: 7", "number: !!str 7"),
    (FACTS, "number: 7", "number: !!python/object/apply:os.getpid []"),
], ids=["set", "binary", "omap", "pairs", "timestamp", "float", "int", "str", "python"])
def test_an_explicit_tag_is_refused(project, capsys, path, old, new):
    edit(project, path, old, new)
    tag = new.split("!!")[1].split()[0]
    refused(project, capsys, f"{path}:{line_of(project, path, new.strip())}: yaml: uses the YAML tag `!!{tag}` — remove "
                             "the tag and write a plain value, list (`[a, b]`) or mapping (`{key: value}`)")


def test_a_tag_that_changes_nothing_is_read(project, capsys):
    edit(project, PAGE, ITEM_TITLE, "    title: !!str vLLM v0.33.0 released")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


@pytest.mark.parametrize("written", ["0x7", "0o7", "0_7", "0b111", "07", "7.0", "7e0", "0:7", "true", "yes", '"7"'])
def test_an_issue_number_is_decimal_digits(project, capsys, written):
    edit(project, FACTS, "number: 7", f"number: {written}")
    as_read = {"true": "true", '"7"': "'7'"}.get(written, f"'{written}'")  # yes is a word
    refused(project, capsys, f"{FACTS}:3: number: `{as_read}` is not a whole number — write it in decimal digits, "
                             "like `7`, without quotes")


@pytest.mark.parametrize("field,written", [("published", "1794355200"), ("published", '"1794355200"'),
                                           ("published", "true"), ("period", "{start: 1793750400, end: 2026-11-10}")])
def test_a_date_is_written_as_a_date(project, capsys, field, written):
    old = next(line for line in (project / FACTS).read_text(encoding="utf-8").splitlines() if line.startswith(f"{field}:"))
    edit(project, FACTS, old, f"{field}: {written}")
    loc = "period.start" if field == "period" else field
    out = refused(project, capsys, f"{FACTS}:{line_of(project, FACTS, f'{field}: ')}: {loc}: `")
    assert "is not a date — write it as YYYY-MM-DD, like `2026-11-10`" in out, out


def test_a_signed_decimal_number_is_still_a_number(project, capsys):
    edit(project, FACTS, "number: 7", "number: +7")
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


# ---- addresses that hide their host ----------------------------------------------------------------

@pytest.mark.parametrize("path,old,url,field", [
    (FACTS, '"https://arxiv.org/abs/2611.09825"', "https://arxiv.org@evil.example/abs/2611.09825", "items.4.sources.0.url"),
    ("data/outlets.yml", "https://blog.vllm.ai/", "https://blog.vllm.ai:pass@evil.example/", "0.url"),
    ("data/entities.yml", "https://github.com/vllm-project/vllm", "https://github.com@evil.example/", "0.url"),
], ids=["source", "outlet", "entity"])
def test_a_url_with_user_info_is_refused(project, capsys, path, old, url, field):
    edit(project, path, old, url)
    user_info = url.split("//")[1].rpartition("@")[0]
    refused(project, capsys, f"{path}:{line_of(project, path, url)}: {field}: holds `{user_info}@` before its host, so it "
                             "leads to evil.example — remove the part before `@`")


def test_an_at_sign_in_a_urls_path_is_read(project, capsys):
    edit(project, FACTS, '"https://arxiv.org/abs/2611.09825"', '"https://arxiv.org/abs/2611.09825?from=@weekly"')
    assert kb(["--root", str(project), "check"]) == 0, capsys.readouterr().out


# ---- figures in digits other than 0-9 ----------------------------------------------------------------

@pytest.mark.parametrize("old,new,field,digit", [
    ("baseline: 6.88 s", "baseline: ０ s", "baseline", "`０` (U+FF10)"),
    ("baseline: 6.88 s", "baseline: ６.８８ s", "baseline", "`６` (U+FF16)"),
    ("result: 0.31 s", "result: 0.٣1 s", "result", "`٣` (U+0663)"),
    ("baseline: 6.88 s", "baseline: 6.88 s\n        change: -９5", "change", "`９` (U+FF19)"),
    ("baseline: 6.88 s", "baseline: 6.88 s\n        ratio: [２2, 23]", "ratio.0", "`２` (U+FF12)"),
], ids=["full-width zero", "full-width figure", "arabic-indic", "change", "ratio"])
def test_a_figure_in_other_digits_is_refused(project, capsys, old, new, field, digit):
    edit(project, FACTS, old, new)
    line = line_of(project, FACTS, new.split("\n")[-1].strip())
    out = refused(project, capsys, f"{FACTS}:{line}: items.2.claims.0.{field}: `")
    assert f"writes the digit {digit} — write the figure with the ASCII digits 0–9" in out, out


@pytest.mark.parametrize("figure", ['{number: {value: 1000, written: "6.88"}, unit: s}', "[6.88, s]", "true"])
def test_a_figure_is_written_as_text(project, capsys, figure):
    # a mapping could show one figure (`written`) and sort and compare by another (`value`)
    edit(project, FACTS, "baseline: 6.88 s", f"baseline: {figure}")
    out = refused(project, capsys, f"{FACTS}:{line_of(project, FACTS, 'baseline: ')}: items.2.claims.0.baseline: `")
    assert "is not a figure — write it like `6.88 s` or `9.46`" in out, out


def test_a_plain_text_field_longer_than_a_line_is_refused(project, capsys):
    """Every page's <title>, <meta> and search row print a title whole: 100,000 characters were accepted."""
    from kb.model.fields import PLAIN_TEXT_LENGTH
    edit(project, "docs/issues/007.en.md", ITEM_TITLE, f"    title: vLLM {'v' * PLAIN_TEXT_LENGTH}")
    line = line_of(project, "docs/issues/007.en.md", "title: vLLM vvv")
    refused(project, capsys, f"docs/issues/007.en.md:{line}: items.vllm-v0-33-0.title: is {PLAIN_TEXT_LENGTH + 5} "
                             f"characters long — one line of plain text has at most {PLAIN_TEXT_LENGTH}")


@pytest.mark.parametrize("word", ["No", "yes", "off", "On"])
def test_yes_no_on_off_are_words(word):
    """YAML 1.1 reads them as booleans: a title `No` was refused as not a string; true and false stay booleans."""
    from kb.project.sources import parse_yaml
    document, problem = parse_yaml(f"title: {word}\nflag: true\n", "x.yml")
    assert problem is None and document.data == {"title": word, "flag": True}


# ---- found by a red team: braces in titles, figures that give no ratio, keys and ids that are not text ----

@pytest.mark.parametrize("title", ["Inference control planes { #featured .md-header dir=rtl }",
                                   "LoopVQ { .kb-verdict .kb-verdict--signal title=hijacked", "Qwen}"])
def test_braces_in_a_title_are_refused(project, capsys, title):
    # Python-Markdown's attr_list reads `{ ... }` where a title meets a heading as the heading's attributes: a
    # theme class, a verdict's class, a second id; an unclosed `{` merged with the heading's own `{ #id }`
    edit(project, "docs/issues/007.en.md", "title: Inference control planes and the FP4 kernel race", f'title: "{title}"')
    out = refused(project, capsys, f"docs/issues/007.en.md:{line_of(project, 'docs/issues/007.en.md', title)}: title: ")
    assert "must be plain text, without `" in out, out


@pytest.mark.parametrize("baseline,result,message", [
    ("1" + "0" * 200 + " s", "0." + "0" * 200 + "1 s", "are too far apart to give a ratio — check the figures"),
    ("-1 tok/s", "7.4 tok/s", "a baseline or result below 0 gives no ratio"),
], ids=["infinite ratio", "negative baseline"])
def test_figures_that_give_no_ratio_are_refused(project, capsys, baseline, result, message):
    # an infinite factor made the claims data invalid JSON for browsers (Infinity); a negative one stopped the
    # build in a hub's chart (log10)
    edit(project, FACTS, "baseline: 6.88 s", f"baseline: {baseline}")
    edit(project, FACTS, "result: 0.31 s", f"result: {result}")
    out = refused(project, capsys, f"{FACTS}:")
    assert message in out, out


@pytest.mark.parametrize("path,old,new,message", [
    ("data/outlets.yml", "- id: vllm-blog\n", "- {[x]: y}\n- id: vllm-blog\n", "has a key that is a list or a mapping"),
    ("docs/about.en.md", "---\n", "---\n? [a, b]\n: c\n", "has a key that is a list or a mapping"),
    ("data/entities.yml", "- id: vllm\n", "- id: [x, y]\n  name: X\n  kind: engine\n- id: vllm\n", None),
    ("data/topics.yml", "- id: fp4-kernels\n", "- [a, b]\n- id: fp4-kernels\n", None),
], ids=["key in data", "key in front matter", "entity id", "topic id"])
def test_a_key_or_id_that_is_a_list_or_mapping_is_refused_at_its_line(project, capsys, path, old, new, message):
    # each crashed `kb check` (the line map, check_aliases) with a traceback
    edit(project, path, old, new)
    out = refused(project, capsys, f"{path}:")
    assert "Traceback" not in out and (message is None or message in out), out


@pytest.mark.parametrize("path,old,new,message", [
    ("data/topics.yml", "- id: fp4-kernels\n", "- index\n- id: fp4-kernels\n", "is the id of the topics' own list"),
    ("data/entities.yml", "- id: vllm\n", "- id: index\n  name: Index\n  kind: engine\n- id: vllm\n",
     "is the id of the entities' own list"),
    ("data/topics.yml", "pins: [", "pins: [dual-qk, dual-qk, ", "pins `dual-qk` more than once"),
], ids=["topic index", "entity index", "pinned twice"])
def test_an_id_of_a_folders_own_list_and_a_pin_twice_are_refused(project, capsys, path, old, new, message):
    # the topics' list became a hub of a topic named `index` (with a feed); a pin twice showed the item twice
    edit(project, path, old, new)
    out = refused(project, capsys, f"{path}:")
    assert message in out, out
