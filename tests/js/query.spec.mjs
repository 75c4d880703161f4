import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, query } from "./modules.mjs";

const { asFactor, asTwoWords, asWritten, parse, squash, vocabularyOf } = query;

test("a Chinese run is its overlapping character pairs, as the index holds it", () => {
  assert.deepEqual(parse("前缀缓存"), [["前缀", "缀缓", "缓存"]]);
  assert.deepEqual(parse("缓存"), [["缓存"]]);
  assert.deepEqual(parse("量"), [["量"]]); // a lone character stays one
  // Chinese runs are words of their own, wherever the spaces are; punctuation between them ends a run
  assert.deepEqual(parse("KV缓存压缩"), [["kv"], ["缓存", "存压", "压缩"]]);
  assert.deepEqual(parse("端侧，部署"), [["端侧"], ["部署"]]);
  assert.deepEqual(parse("前缀 缓存"), [["前缀"], ["缓存"]]);
});

test("other words are lower-cased without the characters Pagefind drops", () => {
  assert.deepEqual(parse("  vLLM  llm-d SG/Lang "), [["vllm"], ["llmd"], ["sglang"]]);
  assert.deepEqual(parse("prefill/decode"), [["prefilldecode"]]);
  assert.deepEqual(parse("!!! ---"), []); // nothing left to search
  assert.deepEqual(parse(""), []);
});

test("versions and factors keep their dots and ×; 3.3x is 3.3×; British -isation is -ization", () => {
  assert.deepEqual(parse("v0.5.23 0.33 b12180"), [["v0.5.23"], ["0.33"], ["b12180"]]);
  assert.deepEqual(parse("3.3x 3.3× 3.3X"), [["3.3×"], ["3.3×"], ["3.3×"]]);
  assert.deepEqual(parse("x86 max"), [["x86"], ["max"]]); // an x after a letter is a letter
  assert.deepEqual(parse("quantisation optimisations"), [["quantization"], ["optimizations"]]);
});

test("a glossary name is squashed as kb.search_text.squashed writes it", () => {
  assert.equal(squash("Time-to-First Token"), "timetofirsttoken");
  assert.equal(squash("首 token 延迟"), squash("首token延迟"));
  assert.equal(squash("ＴＴＦＴ"), "ttft"); // NFKC: full-width letters
});

test("the vocabulary: synonyms longest first, names without digits, terms in a Map", () => {
  const vocabulary = vocabularyOf({ terms: { timetofirsttoken: "TTFT" }, synonyms: { ab: "x", abc: "y", a: "z" },
    names: ["vLLM", "B200", "llama.cpp"] });
  assert.deepEqual(vocabulary.synonyms.map(([alias]) => alias), ["abc", "ab", "a"]);
  assert.deepEqual(vocabulary.names, ["vLLM", "llama.cpp"]);
  assert.equal(vocabulary.terms.get("timetofirsttoken"), "TTFT");
  assert.equal(vocabulary.terms.get("constructor"), undefined); // no object's own field is a name
  assert.deepEqual(vocabularyOf({}), { terms: new Map(), synonyms: [], names: [] });
});

test("another way of writing a term is read as the site writes it, a Latin one only as a whole word", () => {
  const { synonyms } = vocabularyOf({ synonyms: { "推测解码": "投机解码", "speculative sampling": "speculative decoding",
    kv: "KV cache" } });
  assert.equal(asWritten("推测解码 加速", synonyms), "投机解码 加速");
  assert.equal(asWritten("Speculative Sampling", synonyms), "speculative decoding"); // NFKC, lower case
  assert.equal(asWritten("kvcache", synonyms), null); // "kv" runs on into a longer word
  assert.equal(asWritten("kv 压缩", synonyms), "KV cache 压缩");
  assert.equal(asWritten("kv压缩", synonyms), null); // a letter of any script runs on
  assert.equal(asWritten("nothing here", synonyms), null);
  // the term as written is inserted as text, never as a replacement pattern
  assert.equal(asWritten("kv", vocabularyOf({ synonyms: { kv: "$& $1" } }).synonyms), "$& $1");
});

test("a factor is searched as the language writes it", () => {
  assert.equal(asFactor("3.3x", "倍"), "3.3 倍");
  assert.equal(asFactor("提速 3.3 × 以上", "倍"), "提速 3.3 倍 以上");
  assert.equal(asFactor("3.3xl", "倍"), null); // a letter follows: no factor
  assert.equal(asFactor("3.3x", undefined), null); // English writes 3.3×: searched as typed
  assert.equal(asFactor("3.3 倍", "倍"), null);
});

test("a run of 4 to 7 characters is also searched as two words, at each join, without the pair across it", () => {
  const splits = (q) => asTwoWords(parse(q), KNOBS.split);
  assert.deepEqual(splits("端侧部署"), [[["端侧"], ["部署"]]]);
  assert.deepEqual(splits("端侧大模型"), [[["端侧"], ["大模", "模型"]], [["端侧", "侧大"], ["模型"]]]);
  assert.deepEqual(splits("vLLM 端侧部署"), [[["vllm"], ["端侧"], ["部署"]]]); // the words around stay
  assert.deepEqual(splits("控制面"), []); // 3 characters: too short
  assert.deepEqual(splits("一二三四五六七八"), []); // 8: a phrase copied from a page
  assert.equal(splits("一二三四五六七").length, 4); // each half two characters at least
  assert.deepEqual(splits("端侧部署 限流挽救"), [[["端侧"], ["部署"], ["限流", "流挽", "挽救"]]]); // the first run only
  assert.deepEqual(asTwoWords(parse("一二三四五"), { shortest: 6, longest: 7 }), []); // as the knobs say
});
