import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, page, query, rank } from "./modules.mjs";

const { adjacency, densest, phraseFirst, scored, span, tieBroken } = rank;
const { parse } = query;

test("a query set as a phrase spans its terms, and a pair across each join of two Chinese words", () => {
  assert.equal(span(parse("前缀缓存")), 3);
  assert.equal(span(parse("前缀 缓存")), 3); // 前缀 (缀缓) 缓存
  assert.equal(span(parse("KV 缓存")), 2);
  assert.equal(span(parse("kv cache compression")), 3);
});

test("densest: most positions within a width, and the first of them", () => {
  assert.deepEqual(densest([1, 2, 3, 10, 11], 3), [3, 1]);
  assert.deepEqual(densest([1, 5, 10, 11], 3), [2, 10]);
  assert.deepEqual(densest([4], 3), [1, 4]);
  assert.deepEqual(densest([], 3), [0, 0]);
});

test("adjacency: 1 for words side by side, the slack's share for words nearly so, 0 apart", () => {
  const groups = parse("限流 挽救"); // span 3: 限流 (流挽) 挽救
  const knobs = KNOBS.adjacency;
  assert.equal(adjacency([5, 7], groups, knobs), 1);
  assert.equal(adjacency([5, 10], groups, knobs), 0.5); // within 3 more words (的, a comma)
  assert.equal(adjacency([5, 50], groups, knobs), 0);
  assert.equal(adjacency([5, 50], parse("限流"), knobs), 1); // one word stands with itself
  assert.equal(adjacency([5, 10], groups, { ...knobs, slack_weight: 0.25 }), 0.25);
  assert.equal(adjacency([5, 10], groups, { ...knobs, slack: 0 }), 0);
});

test("scored: a page holding the words side by side weighs up to 1 + weight times its score; hidden records go", () => {
  const groups = parse("限流 挽救");
  const results = [
    { id: "apart", score: 1.5, words: [5, 50] },
    { id: "together", score: 1, words: [7, 5, 5] }, // positions as Pagefind gives them: unsorted, repeated
    { id: "stand-in", score: 9, words: [1, 2] },
  ];
  const ranked = scored(results, groups, new Set(["stand-in"]), KNOBS.adjacency);
  assert.deepEqual(ranked.map((r) => [r.result.id, r.score, r.at]), [["together", 2, [5, 7]], ["apart", 1.5, [5, 50]]]);
  assert.deepEqual(scored(results, groups, new Set(), { ...KNOBS.adjacency, weight: 0 }).map((r) => r.result.id),
    ["stand-in", "apart", "together"]);
});

test("ties: the page whose title names the version first, then the one naming it most, whatever the index's order", () => {
  const row = (title, content, at = []) => ({ score: 1, at, page: page(content, { meta: { title } }) });
  const hub = row("Serving engine releases", "vLLM 0.33 and vLLM 0.33 again, then 0.33.0");
  const release = row("vLLM v0.33.0 ships", "the release 0.33");
  const mention = row("A week", "it names 0.33 once");
  const scoredHigher = { ...row("Other", "no version"), score: 2 };
  for (const order of [[hub, release, mention, scoredHigher], [mention, scoredHigher, hub, release]]) {
    assert.deepEqual(tieBroken([...order], ["0.33"]).map((r) => r.page.meta.title),
      ["Other", "vLLM v0.33.0 ships", "Serving engine releases", "A week"]);
  }
  // matched in the text: its matches count, not the words naming the version
  const matched = row("B", "nothing", [1, 2, 3, 4]);
  assert.equal(tieBroken([hub, matched], ["0.33"])[0], matched);
  // Chinese terms name nothing: a tie stays in score order (a stable sort)
  assert.deepEqual(tieBroken([mention, release], ["缓存"]), [mention, release]);
});

test("a phrase's own results come first, in its order; the others are marked apart", () => {
  const r = (id, score) => ({ result: { id }, score });
  const phrase = [r("a", 1), r("b", 2)];
  const wider = phraseFirst(phrase, [r("a", 5), r("c", 10), r("b", 3), r("d", 0.5)]);
  assert.deepEqual(wider.map((x) => [x.result.id, x.score, Boolean(x.apart)]),
    [["b", 12, false], ["a", 11, false], ["c", 10, true], ["d", 0.5, true]]);
});
