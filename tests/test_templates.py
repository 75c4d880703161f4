"""Template syntax in content: text made only of well-formed refs is checked without Jinja's parser
(kb.markup.templates), and must be found exactly as the parser finds it."""
from __future__ import annotations

import random

import pytest

from kb.markup.templates import FRONT_MATTER_MACROS, MACROS, _parsed_problems, _refs_only, prose_template_problems, \
    template_problems

# Pieces a text is made of: refs written well and badly, braces and the other template openers, escapes, quotes,
# what a macro's arguments may not hold, Han and Latin prose, line ends.
PIECES = [
    '{{ ref("vllm") }}', "{{ref('sglang')}}", '{{ ref("vllm", "vLLM 0.6") }}', '{{  ref( "a-b" ,  "它" )  }}',
    '{{ ref("x", "") }}', '{{ ref("a\\x3cb") }}', '{{ ref("a\\\\") }}', '{{ ref("a}}b") }}', '{{ ref("a{b") }}',
    '{{ ref("<b>") }}', '{{ ref("a\u202eb") }}', '{{ ref("a", "b", "c") }}', '{{ ref() }}', '{{ ref(x) }}',
    '{{ ref("a") | upper }}', '{{- ref("a") -}}', '{{ Ref("a") }}', '{{ other("a") }}', '{{ ref("a"\n) }}',
    '{{ ref("it\'s") }}', "{{ ref('say \"hi\"') }}", '{{ ref("a")}}', "{", "}", "{{", "}}", "{%", "%}", "{#", "#}",
    "{% if x %}", "{# note #}", "{% raw %}", "{%- raw %}", "{% endraw %}", "\\", '"', "'", "(", ")", ",", " ", "\n", "\u3000", "推理引擎", "vLLM 0.6 ", "见",
    "`{{ ref(\"a\") }}`", "&lt;", "ref(", "x",
]


def _texts(count: int, seed: int = 38) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 8))) for _ in range(count)]


@pytest.mark.parametrize("allowed", [FRONT_MATTER_MACROS, set(MACROS), {"issue_page"}], ids=["front matter", "pages", "no ref"])
def test_text_of_refs_alone_is_found_as_jinja_finds_it(allowed):
    texts = _texts(4000)
    fast = [text for text in texts if _refs_only(text, allowed)]
    for text in texts:
        assert template_problems(text, allowed) == _parsed_problems(text, allowed), repr(text)
    if "ref" in allowed:  # both ways were taken, and the short one only for texts Jinja finds nothing wrong in
        assert 200 < len(fast) < len(texts) - 200
        assert all(_parsed_problems(text, allowed) == [] for text in fast)
    else:
        assert fast == []


@pytest.mark.parametrize("text", [
    '{{{ ref("x") }}',  # the block opens a brace early: a set, then a syntax error
    '{{ ref("a\\x3cb") }}',  # Jinja decodes the escape into markup
    '{{ ref("a", "b", "c") }}',
    '{{ ref("a") }} {% if x %}{% endif %}',
    'a {% raw %}{{ x }}{% endraw %} b',  # a statement, parsed into plain text: its markers vanish
    '见 {{ ref("a") }} {% raw %}',  # left open at the end: Jinja drops it without a word
])
def test_what_looks_like_a_ref_but_is_not_one_is_refused(text):
    assert template_problems(text, FRONT_MATTER_MACROS)
    assert prose_template_problems(text)


def test_well_formed_refs_pass():
    text = '见 {{ ref("vllm") }} 与 {{ ref("sglang", "SGLang 的调度器") }}，另见 }} 与 %}。'
    assert _refs_only(text, FRONT_MATTER_MACROS)
    assert prose_template_problems(text) == []
