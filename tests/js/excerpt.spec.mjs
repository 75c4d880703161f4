import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, excerpt as module, page, query } from "./modules.mjs";

const { excerpt, holds, text, together } = module;
const { parse } = query;
const words = (s) => s.split(" ");

test("indexed Chinese pairs read back as the text, without spaces between Chinese or around its punctuation", () => {
  assert.equal(text(words("Kinference ： 感知 知 KV 缓存 存的 的路 路由 由")), "Kinference：感知 KV 缓存的路由");
  assert.equal(text(words("端侧 侧与 与边 边缘 缘部 部署 署 —— 每一 一期 期")), "端侧与边缘部署——每一期");
  assert.equal(text(words("提升 升至 至 3.5 倍 ， 在共 共享 享前 前缀")), "提升至 3.5 倍，在共享前缀");
  assert.equal(text(words("论文 文 依据 据 ： 一篇 篇")), "论文 依据：一篇"); // a lone character ends a run
  assert.equal(text(words("vLLM supports Rubin NVL72 on day 0.")), "vLLM supports Rubin NVL72 on day 0.");
});

test("marked words are wrapped in <mark>, a marked pair both its characters; every word escaped", () => {
  const ws = words("感知 知 KV 缓存 存的 的路 路由 由");
  assert.equal(text(ws, (i) => i === 3), "感知 KV <mark>缓存</mark>的路由");
  assert.equal(text(ws, (i) => i === 2 || i === 3), "感知 <mark>KV</mark> <mark>缓存</mark>的路由");
  assert.equal(text(ws, (i) => i >= 3), "感知 KV <mark>缓存的路由</mark>");
  assert.equal(text(words('<b> & "co"'), (i) => i === 0), '<mark>&lt;b&gt;</mark> &amp; &quot;co&quot;');
});

const long = page(Array.from({ length: 100 }, (_, i) => (i === 39 ? "w39." : `w${i}`)).join(" "));

test("an excerpt of so many words around the match, starting after a clause that ends near before it", () => {
  const shown = excerpt(long, [50], parse("w50"), KNOBS.excerpt);
  assert.ok(shown.startsWith("w40 w41"), shown); // 8 words before w50 is w42; w39. ends a clause
  assert.equal(shown.replace(/<\/?mark>/g, "").split(" ").length, 30);
  assert.ok(shown.includes("<mark>w50</mark>") && shown.endsWith("w69"), shown);
  const further = excerpt(long, [70], parse("w70"), KNOBS.excerpt); // no clause end within 6 words before w62
  assert.ok(further.startsWith("w62 ") && further.endsWith("w91"), further);
  const last = excerpt(long, [98], parse("w98"), KNOBS.excerpt); // the page's end: the last words
  assert.ok(last.startsWith("w70 ") && last.endsWith("w99"), last);
  const knobs = { ...KNOBS.excerpt, words: 5, before: 2 };
  assert.equal(excerpt(long, [50], parse("w50"), knobs), "w48 w49 <mark>w50</mark> w51 w52");
});

test("the densest matches of a query of several words are the excerpt's centre", () => {
  const shown = excerpt(long, [5, 80, 81], parse("w80 w81"), KNOBS.excerpt);
  assert.ok(shown.includes("<mark>w80</mark> <mark>w81</mark>") && !shown.includes("w5 "), shown);
});

test("an excerpt never shows the aliases a record is found by, after its text", () => {
  const withNames = page("a text that says something . Moonshot AI Kimi", {
    anchors: [{ element: "h2", id: "kb-names", location: 1 }, { element: "p", id: "kb-names", location: 6 }] });
  assert.equal(withNames.text, 6); // the last paragraph with the id; a heading slugified alike is not it
  assert.equal(excerpt(withNames, [6, 7], parse("Moonshot AI"), KNOBS.excerpt), "a text that says something .");
  assert.equal(page("no names here").text, 3);
});

test("found by its versions metadata only, an excerpt shows where the version stands", () => {
  const release = page(`${"x ".repeat(60)}ships v0.33.0 today ${"y ".repeat(40)}`.trim());
  const shown = excerpt(release, [], parse("0.33"), KNOBS.excerpt);
  assert.ok(shown.includes("ships <mark>v0.33.0</mark> today"), shown);
});

test("holds: whether a page holds a term as Pagefind looked it up, not a fallback to a shorter word", () => {
  const english = page("vLLM caching for 0.33.0 and FP4 kernels", { meta: { title: "Release", issue: "7" } });
  assert.ok(holds(english, "llm", true)); // "vLLM" is indexed split at its case change too
  assert.ok(holds(english, "vllm", true));
  assert.ok(holds(english, "cache", true)); // stemmed: a stem-long start
  assert.ok(!holds(english, "cache", false));
  assert.ok(holds(english, "0.33", true)); // a version begins with it
  assert.ok(!holds(english, "0.3", true)); // 0.3 is not 0.33
  assert.ok(holds(english, "release", true)); // the metadata counts
  assert.ok(!holds(english, "qzxv", true));
  const chinese = page("感知 知 KV 缓存 存的 的路 路由 由");
  assert.ok(holds(chinese, "缓存", false) && holds(chinese, "存的", false));
  assert.ok(!holds(chinese, "缓路", false));
});

test("holds: a record's kind (its meta, kb.search.records.KINDS) is no word of the page", () => {
  const hub = page("routing of requests", { meta: { title: "Routing", kind: "topic" } });
  assert.ok(!holds(hub, "topic", true));
  assert.ok(holds(hub, "routing", true));
});

test("a page holds a query's words together where one excerpt's width holds every one", () => {
  const far = page(["kv", ...Array.from({ length: 40 }, (_, i) => `w${i}`), "cache"].join(" "));
  assert.ok(!together(far, [0, 41], parse("kv cache"), 30, true));
  assert.ok(together(far, [0, 41], parse("kv cache"), 50, true));
  const near = page("kv w1 caching w2");
  assert.ok(together(near, [0, 2], parse("kv cache"), 30, true)); // stemmed: "caching" holds "cache"
  assert.ok(!together(near, [0], parse("kv cache"), 30, true)); // a word not among the matched positions
  const han = page("缓存 存压 压缩 缩");
  assert.ok(together(han, [0, 1, 2], parse("缓存压缩"), 30, false));
});
