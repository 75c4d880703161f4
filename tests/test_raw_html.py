"""Generated HTML kept out of Markdown (kb.render.raw_html): put back only where the build left it for the page."""
from __future__ import annotations

import pytest

from kb.render.raw_html import ForgedPlaceholder, RawHtml


def test_generated_html_is_put_back_where_its_placeholders_were():
    raw = RawHtml()
    first, second = raw.keep("<ul><li>one</li></ul>"), raw.keep("<p>two &lt;b&gt;</p>")
    assert raw.restore(f"<h1>t</h1>\n{first}\n<p>x</p>{second}") == "<h1>t</h1>\n<ul><li>one</li></ul>\n<p>x</p><p>two &lt;b&gt;</p>"
    assert raw.restore("<p>nothing kept here</p>") == "<p>nothing kept here</p>"


@pytest.mark.parametrize("forged", [
    '<div data-kb-raw="0123456789abcdef-0"></div>',  # another page's token, or a guess
    '<div data-kb-raw="{token}-7"></div>',  # this page's token, a part never kept
    '<div class="x" data-kb-raw="{token}-0"></div>',  # not as the build writes one
    '<span data-kb-raw=1>',
])
def test_a_placeholder_the_build_did_not_leave_is_refused(forged):
    raw = RawHtml()
    kept = raw.keep("<p>generated</p>")
    with pytest.raises(ForgedPlaceholder):
        raw.restore(kept + forged.format(token=raw.token))


def test_each_page_draws_its_own_token():
    one, two = RawHtml(), RawHtml()
    assert one.token != two.token
    with pytest.raises(ForgedPlaceholder):  # a placeholder of one page does not restore on another
        two.restore(one.keep("<p>one's</p>"))
