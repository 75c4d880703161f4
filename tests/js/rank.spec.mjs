import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, page, query, rank } from "./modules.mjs";

const { adjacency, densest, itemsBeforeTheirIssue, nameKey, namesOf, nearlyNamed, phraseFirst, scored, span, tieBroken } = rank;
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

test("a name's key: Chinese pairs back to their characters, Latin lower case without marks", () => {
  assert.equal(nameKey("KV 缓存 存压 压缩 缩".split(" ")), "kv缓存压缩"); // a title as indexed
  assert.equal(nameKey(parse("KV 缓存压缩").flat()), "kv缓存压缩"); // the query's terms
  assert.equal(nameKey(parse("kv缓存压缩").flat()), "kv缓存压缩");
  assert.equal(nameKey(parse("SG-Lang").flat()), nameKey(["SGLang"]));
  assert.equal(nameKey(parse("llama.cpp").flat()), nameKey(["llama.cpp"]));
  assert.notEqual(nameKey(parse("缓存压").flat()), nameKey("KV 缓存 存压 压缩 缩".split(" ")));
});

test("a record's names: its title, and a hub's or an entity page's own other names; never an item's", () => {
  const names = { id: "kb-names", element: "p", location: 3 };
  const entity = page("Qwen is models Tongyi Qianwen · 千问 问 .", { meta: { title: "Qwen", kind: "entity" }, anchors: [names] });
  assert.deepEqual(namesOf(entity), ["qwen", "tongyiqianwen", "千问"]);
  // an item's other names are its topics' and entities': it is not named by them
  const item = page("Text of it SGLang · vLLM", { meta: { title: "An item", kind: "item" }, anchors: [names] });
  assert.deepEqual(namesOf(item), ["anitem"]);
});

test("the page the query names first: the hub above an item scored higher for the hub's own name", () => {
  const names = { id: "kb-names", element: "p", location: 4 };
  // Pagefind scores the item above the hub: the item's title holds the name too, and its text again
  const item = { score: 3, at: [0, 1, 2, 5, 6], page: page("KV 缓存 存压 压缩 缩 的 新方法 KV 缓存 存压 压缩", {
    meta: { title: "KV 缓存 存压 压缩 缩 的 新方法", kind: "item" } }) };
  const hub = { score: 2, at: [0, 1], page: page("KV 缓存 存压 压缩 缩 专题", { meta: { title: "KV 缓存 存压 压缩 缩", kind: "topic" } }) };
  const other = { score: 1, at: [0], page: page("another page", { meta: { title: "Other", kind: "page" } }) };
  assert.deepEqual(tieBroken([item, other, hub], parse("KV 缓存压缩").flat()), [hub, item, other]);
  assert.deepEqual(tieBroken([item, other, hub], parse("kv缓存压缩").flat()), [hub, item, other]);
  // a query that names no page keeps the score order
  assert.deepEqual(tieBroken([other, hub, item], parse("缓存").flat()), [item, hub, other]);
  // an entity by one of its own other names; not an item that names it among its entities
  const entity = { score: 1, at: [5], page: page("DeepSeek is a family 深度 度求 求索 索", {
    meta: { title: "DeepSeek", kind: "entity" }, anchors: [names] }) };
  const mentions = { score: 5, at: [3], page: page("an item about 深度 度求 求索 索", {
    meta: { title: "V4", kind: "item" }, anchors: [{ ...names, location: 3 }] }) };
  assert.deepEqual(tieBroken([mentions, entity], parse("深度求索").flat()), [entity, mentions]);
});

test("a hub or entity the query nearly names comes after one it names, before the rest; an item never", () => {
  assert.ok(nearlyNamed("路由与推理控制面", nameKey(parse("路由控制面").flat())));
  assert.ok(nearlyNamed("fp4nvfp4内核", nameKey(parse("FP4 内核").flat())));
  assert.ok(!nearlyNamed("kv缓存压缩", nameKey(parse("缓存").flat()))); // a word of a longer name
  assert.ok(!nearlyNamed("路由与推理控制面", nameKey(parse("控制面路由").flat()))); // not in the name's order
  assert.ok(!nearlyNamed("ab", "a")); // one character names nothing
  const row = (title, kind, score) => ({ score, at: [0], page: page(title, { meta: { title, kind } }) });
  const hub = row("路由 由与 与推 推理 理控 控制 制面 面", "topic", 1);
  const watch = row("盯梢 清单", "page", 3);
  const item = row("路由 由控 控制 制面 面 的 新 进展", "item", 2);
  assert.deepEqual(tieBroken([watch, item, hub], parse("路由控制面").flat()), [hub, watch, item]);
  const exact = row("路由 由控 控制 制面 面", "topic", 0.5);
  assert.deepEqual(tieBroken([watch, hub, exact], parse("路由控制面").flat()), [exact, hub, watch]);
});

test("an item before its issue's page found with it; an issue page the query names stays first", () => {
  const row = (title, kind, issue, score) => ({ score, at: [0], page: page(title, { meta: { title, kind, issue } }) });
  const issue = row("Issue 3 summary", "issue", "3", 3);
  const other = row("Another issue", "issue", "7", 2);
  const item = row("An item of issue 3", "item", "3", 1);
  assert.deepEqual(itemsBeforeTheirIssue([issue, other, item], () => false), [other, item, issue]);
  assert.deepEqual(itemsBeforeTheirIssue([issue, other, item], (r) => r === issue), [issue, other, item]);
  const lone = row("An item of issue 9", "item", "9", 1);
  assert.deepEqual(itemsBeforeTheirIssue([issue, lone], () => false), [issue, lone]); // none of its own: stays
});

test("an issue page whose title holds every word of the query stays before its items", () => {
  const row = (title, kind, issue, score) => ({ score, at: [0], page: page(title, { meta: { title, kind, issue } }) });
  const issue = row("第 3 期 ： KV 压缩 缩 的 拐点", "issue", "3", 3);
  const item = row("Dual-QK", "item", "3", 1);
  assert.deepEqual(tieBroken([issue, item], parse("KV 压缩").flat()), [issue, item]);
  assert.deepEqual(tieBroken([issue, item], parse("Dual").flat()), [item, issue]);
});
