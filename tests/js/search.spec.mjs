import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, page, query, search } from "./modules.mjs";

// A search over a fake Pagefind: `table`, a query as Pagefind is given it -> its results ({ id, score, words });
// `pages`, id -> the page of its fragment.
const searcher = (table, pages, { vocabulary = {}, stemmed = true, filters = () => ({}) } = {}) => {
  const calls = [];
  let gate = null; // a promise the next Pagefind search waits for
  const pagefind = {
    search: async (q, options) => {
      calls.push([q, options.filters]);
      const waiting = gate;
      gate = null;
      await waiting;
      return { results: (table[q] || []).map((r) => ({ words: [], ...r })), filters: { topic: { a: 1 } } };
    },
    filters: async () => ({ topic: { a: 1 } }),
  };
  const loaded = { pagefind, hidden: new Set(["stand-in"]), vocabulary: query.vocabularyOf(vocabulary) };
  const s = search.createSearch({ load: async () => loaded, fragment: async (id) => pages[id], knobs: KNOBS, stemmed, filters });
  return Object.assign(s, { calls, hold: () => { let open; gate = new Promise((resolve) => { open = resolve; }); return open; } });
};
const ids = (found) => found.results.map((r) => r.result.id);
const ticks = async (n = 20) => { for (let i = 0; i < n; i++) await new Promise(setImmediate); };

test("results rank by Pagefind's score, words side by side counting double; the first rows come with their pages", async () => {
  const pages = { apart: page("kv x x x x x cache"), together: page("kv cache") };
  const s = searcher({ "kv cache": [{ id: "apart", score: 1.5, words: [0, 6] }, { id: "together", score: 1, words: [0, 1] },
    { id: "stand-in", score: 9 }] }, pages);
  const found = await s.search("KV Cache");
  assert.deepEqual(ids(found), ["together", "apart"]); // 1 × 2 against 1.5 × 1; the run's stand-in never shown
  assert.deepEqual(found.shown.map((r) => r.page), [pages.together, pages.apart]);
  assert.deepEqual(found.groups, [["kv"], ["cache"]]);
  assert.equal(found.query, "KV Cache");
  assert.equal(found.spelled, null);
  assert.deepEqual(found.counts, { topic: { a: 1 } });
});

test("only the first rows are fetched; all results are counted", async () => {
  const table = { w: Array.from({ length: 25 }, (_, i) => ({ id: `p${i}`, score: 25 - i })) };
  const pages = Object.fromEntries(table.w.map(({ id }) => [id, page(`w ${id}`)]));
  const found = await searcher(table, pages).search("w");
  assert.equal(found.results.length, 25);
  assert.deepEqual(found.shown.map((r) => r.result.id), ids(found).slice(0, KNOBS.shown));
});

test("a result the best page does not hold is Pagefind's fallback to a shorter word: nothing is found", async () => {
  const found = await searcher({ qzxv: [{ id: "q", score: 1 }] }, { q: page("q is a letter") }).search("qzxv");
  assert.deepEqual([found.results, found.shown], [[], []]);
});

test("pages found by a version in their metadata only: the one whose title names it first", async () => {
  const pages = { hub: page("all releases", { meta: { title: "Releases", versions: "0.33.0" } }),
    release: page("the release", { meta: { title: "vLLM v0.33.0", versions: "0.33.0" } }) };
  const found = await searcher({ "0.33": [{ id: "hub", score: 1 }, { id: "release", score: 1 }] }, pages).search("0.33");
  assert.deepEqual(found.shown.map((r) => r.result.id), ["release", "hub"]);
});

test("nothing as typed: a glossary name as its abbreviation, an alias as the site writes the term, a factor as the language writes it", async () => {
  const pages = { ttft: page("TTFT drops"), spec: page("投机 机解 解码 码"), factor: page("3.3 倍") };
  const table = { ttft: [{ id: "ttft", score: 1 }], "投机 机解 解码": [{ id: "spec", score: 1 }], "3.3 倍": [{ id: "factor", score: 1 }] };
  const s = searcher(table, pages, { vocabulary: { terms: { timetofirsttoken: "TTFT" },
    synonyms: { "推测解码": "投机解码" }, factor: { written: "{n} 倍", typed: ["x", "×"] } } });
  assert.deepEqual(ids(await s.search("time to first token")), ["ttft"]);
  assert.deepEqual(ids(await s.search("推测解码")), ["spec"]);
  assert.deepEqual(ids(await s.search("3.3x")), ["factor"]);
  const english = searcher(table, pages); // no factor word: 3.3x is searched as typed only
  assert.deepEqual(ids(await english.search("3.3x")), []);
});

test("a misspelt name: searched as the name, and the results say what was searched", async () => {
  const s = searcher({ "llama.cpp": [{ id: "l", score: 1 }] }, { l: page("llama.cpp b12180") },
    { vocabulary: { names: ["llama.cpp"] } });
  const found = await s.search("lama.cpp");
  assert.deepEqual([ids(found), found.spelled, found.query], [["l"], "llama.cpp", "lama.cpp"]);
  assert.equal((await s.search("llama.cpp")).spelled, null);
});

test("a phrase finding few pages: its words apart follow, marked so, the phrase's pages first", async () => {
  const pages = { phrase: page("端侧 侧部 部署 署"), hub: page("端侧 侧与 与边 边缘 缘部 部署 署"), other: page("端侧 侧和 和部 部署 署") };
  const table = { "端侧 侧部 部署": [{ id: "phrase", score: 0.5 }],
    "端侧 部署": [{ id: "hub", score: 3 }, { id: "phrase", score: 1 }, { id: "other", score: 2 }] };
  const found = await searcher(table, pages).search("端侧部署");
  assert.deepEqual(found.results.map((r) => [r.result.id, Boolean(r.apart)]), [["phrase", false], ["hub", true], ["other", true]]);
  assert.deepEqual(found.groups, [["端侧"], ["部署"]]);
});

test("only the newest query is scored; an older one gives null", async () => {
  const s = searcher({ a: [{ id: "a", score: 1 }], abc: [{ id: "abc", score: 1 }] }, { a: page("a"), abc: page("abc") });
  const open = s.hold();
  const first = s.search("a");
  await ticks();
  assert.equal(s.calls.length, 1); // being scored
  const second = s.search("ab");
  const third = s.search("abc");
  open();
  assert.deepEqual(await Promise.all([first, second]), [null, null]);
  assert.deepEqual(ids(await third), ["abc"]);
  assert.deepEqual(s.calls.map(([q]) => q), ["a", "abc"]); // "ab" waited and was never scored
  assert.ok(s.isLatest((await s.search("a")).mine));
});

test("facets: the chosen values filter the search, and once asked for they load before it", async () => {
  const selected = { category: "Paper" };
  const s = searcher({ a: [{ id: "a", score: 1 }] }, { a: page("a") },
    { filters: () => Object.fromEntries(Object.entries(selected).map(([f, v]) => [f, [v]])) });
  assert.equal(s.facetsAsked(), false);
  assert.deepEqual(await s.askFacets(), { topic: { a: 1 } });
  assert.equal(s.facetsAsked(), true);
  await s.search("a");
  assert.deepEqual(s.calls, [["a", { category: ["Paper"] }]]);
});

test("an empty query searches nothing", async () => {
  const s = searcher({}, {});
  const found = await s.search("");
  assert.deepEqual([found.results, found.shown, s.calls], [[], [], []]);
});

test("a query is searched without its stop words, then as typed, then with the fewest words dropped, the commonest first", async () => {
  const pages = { pd: page("PD 分离 引擎"), hub: page("PD 分离"), other: page("支持 引擎") };
  const table = {
    "引擎 擎支 支持 pd 分离": [], "引擎": [{ id: "pd", score: 1 }, { id: "other", score: 1 }], "支持": [{ id: "other", score: 1 }],
    pd: [{ id: "pd", score: 1 }, { id: "hub", score: 1 }], "分离": [{ id: "pd", score: 1 }, { id: "hub", score: 1 }],
    "引擎 pd 分离": [{ id: "pd", score: 2 }], "支持 pd 分离": [], "pd 分离": [{ id: "pd", score: 1 }, { id: "hub", score: 1 }],
  };
  const s = searcher(table, pages, { vocabulary: { stop_words: ["哪个"] } });
  const found = await s.search("哪个引擎支持 PD 分离");
  assert.deepEqual([ids(found), found.dropped], [["pd"], ["支持"]]); // 支持 finds fewer pages alone than 引擎: kept last
  assert.equal(s.calls[0][0], "引擎 擎支 支持 pd 分离"); // without 哪个 first, whole
  assert.equal(s.calls[1][0], "哪个 个引 引擎 擎支 支持 pd 分离"); // then as typed; words are dropped from the first only
  assert.ok(!s.calls.slice(2).some(([q]) => q.includes("哪个")));
  assert.deepEqual((await s.search("PD 分离")).dropped, []); // found whole: nothing dropped
});

test("a word that finds nothing alone is dropped; a word with a digit never is", async () => {
  const pages = { a: page("engines speculative decoding"), b: page("3.3 倍") };
  const table = { engines: [{ id: "a", score: 1 }], speculative: [{ id: "a", score: 1 }], decoding: [{ id: "a", score: 1 }],
    "engines speculative decoding": [{ id: "a", score: 1 }], "倍": [{ id: "b", score: 1 }] };
  const s = searcher(table, pages, { vocabulary: { stop_words: ["which"] } });
  const found = await s.search("which engines qzxv speculative decoding");
  assert.deepEqual([ids(found), found.dropped], [["a"], ["qzxv"]]);
  const figure = await s.search("0.3 倍"); // 0.3 finds nothing: no result, rather than 倍 alone
  assert.deepEqual([ids(figure), figure.dropped], [[], []]);
  assert.deepEqual(ids(await s.search("qzxv")), []); // one word: nothing to drop
});

test("a traditional query is folded to simplified before it is searched, and says so", async () => {
  const s = searcher({ "张量 量并 并行": [{ id: "tp", score: 1 }] }, { tp: page("张量 量并 并行 行") },
    { vocabulary: { fold: { chars: "張张並并", phrases: {} } } });
  const found = await s.search("張量並行");
  assert.deepEqual([ids(found), found.folded], [["tp"], "张量并行"]);
  assert.equal((await s.search("张量并行")).folded, null);
});

test("a synonym of data/terms.yml (时延) and a reduction written otherwise are searched as the pages write them", async () => {
  const pages = { l: page("延迟 迟 减半 半") };
  const table = { "延迟": [{ id: "l", score: 1 }], "延迟 迟减 减半": [{ id: "l", score: 1 }] };
  const s = searcher(table, pages, { vocabulary: { synonyms: { "时延": "延迟", "降低一半": "减半" } } });
  assert.deepEqual(ids(await s.search("时延")), ["l"]);
  assert.deepEqual(ids(await s.search("时延降低一半")), ["l"]);
});

test("a glossary name whole keeps its stop words; an English factor in words is searched as the pages write it first", async () => {
  const pages = { ttft: page("TTFT"), f: page("3.3× faster") };
  const table = { ttft: [{ id: "ttft", score: 1 }], "3.3×": [{ id: "f", score: 1 }], "3.3 times": [{ id: "other", score: 1 }] };
  const s = searcher(table, { ...pages, other: page("3.3 times") }, { vocabulary: { terms: { timetofirsttoken: "TTFT" },
    stop_words: ["to"], factor: { written: "{n}×", typed: ["x", "times"], first: true } } });
  assert.deepEqual(ids(await s.search("time to first token")), ["ttft"]);
  assert.equal(s.calls[0][0], "time to first token");
  assert.deepEqual(ids(await s.search("3.3 times")), ["f"]);
});

test("of as many words kept, dropping common words only, the search finding the most pages wins", async () => {
  const pages = { hub: page("engines pd disaggregation"), a: page("support pd disaggregation"), b: page("x") };
  const many = (n) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, score: 1 }));
  const table = { engines: many(9), support: many(8), pd: many(3), disaggregation: many(3),
    "support pd disaggregation": [{ id: "a", score: 1 }], "engines pd disaggregation": [{ id: "hub", score: 1 }, { id: "a", score: 0.5 }],
    "engines support disaggregation": many(5) };
  const s = searcher(table, { ...pages, ...Object.fromEntries(many(9).map(({ id }) => [id, page("engines support pd disaggregation")])) });
  const found = await s.search("engines support PD disaggregation");
  assert.deepEqual([ids(found), found.dropped], [["hub", "a"], ["support"]]); // not PD, rarer, though that finds more
});

test("a percentage in words is searched as the pages write it first", async () => {
  // "95%" is searched as 95 (Pagefind keeps no "%"); "95 percent" would ask for "percent" too, which no page holds
  const s = searcher({ "95": [{ id: "p", score: 1 }] }, { p: page("TTFT 95%") },
    { vocabulary: { percent: { written: "{n}%", typed: ["percent", "per cent"], first: true } } });
  assert.deepEqual(ids(await s.search("95 percent")), ["p"]);
  assert.deepEqual(ids(await s.search("95 per cent")), ["p"]);
  assert.equal(s.calls[0][0], "95");
});

test("of as many words kept, a glossary abbreviation is kept before a rarer word", async () => {
  const pages = { k: page("cuts TTFT by 95%"), s: page("drops 95.4%") };
  const table = { ttft: [{ id: "k", score: 1 }, { id: "x1", score: 1 }, { id: "x2", score: 1 }], dropped: [{ id: "s", score: 1 }],
    "95": [{ id: "k", score: 1 }, { id: "s", score: 1 }], "ttft 95": [{ id: "k", score: 1 }], "dropped 95": [{ id: "s", score: 1 }] };
  const s = searcher(table, { ...pages, x1: page("TTFT"), x2: page("TTFT") }, { vocabulary: { terms: { timetofirsttoken: "TTFT" } } });
  const found = await s.search("ttft dropped 95");
  assert.deepEqual([ids(found), found.dropped], [["k"], ["dropped"]]);
});
