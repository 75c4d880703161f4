import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, page, query, results } from "./modules.mjs";

const WORDS = { issue: "Issue #", apart: "words found apart", more: "Show # more", narrow: "Narrow results",
  none: "No matching documents", one: "1 matching document", other: "# matching documents",
  facets: [["topic", "Topic"], ["category", "Category"], ["year", "Year"]],
  kinds: { issue: "Issue", item: "Item", topic: "Topic", entity: "Entity", record: "Record", page: "Page" } };
const html = results.resultsHtml({ words: WORDS, knobs: KNOBS, root: new URL("http://example.org/kb/") });
const { parse } = query;

const issue = page("Intro text . Kinference routes requests . More text about routing here", {
  url: "/en/issues/007/",
  meta: { title: "Issue 7 <of> the weekly", issue: "7", date: "2026-11-10", category: "Release" },
  anchors: [{ element: "h2", id: "kinference", text: "Kinference launch", location: 2 },
    { element: "h3", id: "more", text: "More", location: 7 }, { element: "h2", id: "", text: "No id", location: 9 }],
});

test("a row: the page's link and title, its line, its excerpt, and the sections holding matches", () => {
  const row = html.rows([{ page: issue, at: [4, 10], apart: false }], parse("routes routing"));
  assert.ok(row.includes('<a href="/kb/en/issues/007/" class="md-search-result__link">'), row);
  assert.ok(row.includes("<h1>Issue 7 &lt;of&gt; the weekly</h1>"), row); // escaped
  assert.ok(row.includes('<small class="kb-result-meta">Issue 7 · 2026-11-10 · Release</small>'), row);
  assert.ok(row.includes('href="/kb/en/issues/007/#kinference"') && row.includes("<h2>Kinference launch</h2>"), row);
  assert.ok(row.includes('href="/kb/en/issues/007/#more"'), row);
  assert.ok(row.includes("<mark>routes</mark>") && row.includes("<mark>routing</mark>"), row);
  assert.equal(row.match(/md-search-result__article--document/g).length, 1);
});

test("a row says when its words were found apart; an item lands on its anchor", () => {
  const item = page("text", { url: "/en/issues/007/_item/x/", meta: { title: "X", url: "/en/issues/007/#x" } });
  const row = html.rows([{ page: item, at: [0], apart: true }], parse("text"));
  assert.ok(row.includes('href="/kb/en/issues/007/#x"') && row.includes(">words found apart</small>"), row);
});

test("up to three sections, those holding most matches, the most first and ties in page order", () => {
  const anchors = [1, 2, 3, 4].map((n) => ({ element: "h2", id: `s${n}`, text: `S${n}`, location: n * 10 }));
  const long = page(Array.from({ length: 50 }, (_, i) => `w${i}`).join(" "), { anchors });
  const at = [11, 21, 22, 31, 32, 33, 41, 42];
  const ids = html.sections(long, at, parse("w")).map((s) => s.url.split("#")[1]);
  assert.deepEqual(ids, ["s3", "s2", "s4"]);
  const one = results.resultsHtml({ words: WORDS, knobs: { ...KNOBS, excerpt: { ...KNOBS.excerpt, sections: 1 } },
    root: new URL("http://example.org/") });
  assert.deepEqual(one.sections(long, at, parse("w")).map((s) => s.url), ["/a/#s3"]);
});

test("the button after the last row lists the next ten, or the rest", () => {
  assert.equal(html.moreRow(0), "");
  assert.ok(html.moreRow(25).includes(">Show 10 more</button>"));
  assert.ok(html.moreRow(3).includes(">Show 3 more</button>"));
});

test("facets: a button until asked; then each facet's values, most results first, years newest first", () => {
  const counts = { topic: { b: 2, a: 2, c: 5, none: 0 }, year: { 2025: 9, 2026: 1 }, category: {},
    unknown: { x: 1 } };
  assert.equal(html.facets(counts, {}, false), '<button type="button" data-kb-show-facets>Narrow results</button>');
  const shown = html.facets(counts, { topic: "a" }, true);
  const values = [...shown.matchAll(/data-facet="(\w+)" data-value="(\w+)" aria-pressed="(\w+)"/g)].map((m) => m.slice(1).join(" "));
  assert.deepEqual(values, ["topic c false", "topic a true", "topic b false", "year 2026 false", "year 2025 false"]);
  assert.ok(shown.includes('aria-label="Topic"') && !shown.includes("Category") && !shown.includes("unknown"), shown);
  const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`v${i}`, 12 - i]));
  assert.equal(html.facets({ topic: many }, {}, true).match(/data-facet=/g).length, KNOBS.facet_values);
  assert.ok(html.facets({ topic: { '<x y="1">': 1 } }, {}, true).includes('data-value="&lt;x y=&quot;1&quot;&gt;"'));
});

test("the count line", () => {
  assert.deepEqual([0, 1, 12].map(html.count), ["No matching documents", "1 matching document", "12 matching documents"]);
});

test("every row says what it is: its kind, in the panel's words, or a page where the record names none", () => {
  const row = (meta) => html.rows([{ page: page("text", { meta }), at: [0], apart: false }], parse("text"));
  assert.ok(row({ title: "T", kind: "topic" }).includes('<span class="kb-result-kind">Topic</span>'));
  assert.ok(row({ title: "T", kind: "item", issue: "3", date: "2026-10-14" }).includes(
    '<span class="kb-result-kind">Item</span> <small class="kb-result-meta">Issue 3 · 2026-10-14</small><br>'));
  assert.ok(row({ title: "T" }).includes('<span class="kb-result-kind">Page</span>'));
  assert.ok(row({ title: "T", kind: "<b>" }).includes('<span class="kb-result-kind">Page</span>')); // no unknown kind
});
