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
  assert.deepEqual(vocabularyOf({}), { terms: new Map(), synonyms: [], names: [], stopWords: new Set(), factor: null, percent: null, topics: [], fold: null });
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

const ZH_FACTOR = { written: "{n} 倍", typed: ["x", "×", "times", "fold", "倍"] }; // kb/search/words.py
const EN_FACTOR = { written: "{n}×", typed: ["x", "×", "times", "fold", "倍"] };

test("a factor is searched as the language writes it, however the query writes it", () => {
  assert.equal(asFactor("3.3x", ZH_FACTOR), "3.3 倍");
  assert.equal(asFactor("提速 3.3 × 以上", ZH_FACTOR), "提速 3.3 倍 以上");
  assert.equal(asFactor("3 times faster", ZH_FACTOR), "3 倍 faster");
  assert.equal(asFactor("3.3xl", ZH_FACTOR), null); // a letter follows: no factor
  assert.equal(asFactor("3.3x", null), null); // no factor spellings (a preview): searched as typed only
  assert.equal(asFactor("3.3 倍", ZH_FACTOR), null); // written as the pages write it
  for (const typed of ["3x", "3 x", "3 times", "3-fold", "3 倍", "3X"]) assert.equal(asFactor(typed, EN_FACTOR), "3×", typed);
  assert.equal(asFactor("3×", EN_FACTOR), null);
  assert.equal(asFactor("3 timesheets", EN_FACTOR), null);
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

test("traditional characters and regional phrases fold to the simplified ones the pages write, longest phrase first", () => {
  const table = query.foldTable({ chars: "張张並并記记憶忆體体論论", phrases: { "記憶體": "内存", "視訊記憶體": "显存" } });
  assert.equal(query.fold("張量並行", table), "张量并行");
  assert.equal(query.fold("記憶體 不足", table), "内存 不足"); // OpenCC's phrase (TWPhrasesRev), not 记忆体
  assert.equal(query.fold("視訊記憶體", table), "显存"); // the longest phrase at a place
  assert.equal(query.fold("推論 記", table), "推论 记");
  assert.equal(query.fold("vLLM 𠀋", table), "vLLM 𠀋"); // beyond the table: as typed (a character outside the BMP too)
  assert.equal(query.fold("張量", null), "張量"); // no table (the English edition, a preview)
});

test("a question's stop words are set aside: Latin words that are one, and Chinese ones cut out of a run", () => {
  const stop = new Set(["哪个", "哪些", "的", "which", "the", "does"]);
  assert.equal(query.withoutStopWords("哪个引擎支持 PD 分离", stop), "引擎支持 PD 分离");
  assert.equal(query.withoutStopWords("Which engines support the speculative decoding", stop), "engines support speculative decoding");
  assert.equal(query.withoutStopWords("端侧的部署", stop), "端侧 部署");
  assert.equal(query.withoutStopWords("which", stop), "which"); // nothing else: searched as typed
  assert.equal(query.withoutStopWords("whichever", stop), "whichever"); // a whole word only
  assert.equal(query.withoutStopWords("哪个", new Set()), "哪个");
});

test("the words a query that finds nothing whole may drop: Latin words, Chinese runs in the dictionary's words", () => {
  assert.deepEqual(query.droppable("引擎支持 PD 分离"), ["引擎", "支持", "PD", "分离"]);
  assert.deepEqual(query.droppable("手机上跑大模型"), ["手机", "上跑大", "模型"]); // characters alone joined again
  assert.deepEqual(query.droppable("路由控制面"), ["路由", "控制", "面"]);
  assert.deepEqual(query.droppable("0.3 倍"), ["0.3", "倍"]);
  assert.deepEqual(query.droppable("engines support"), ["engines", "support"]);
  // a browser without a Chinese dictionary: words of two, an odd run ending with a word of three
  assert.deepEqual(query.droppable("推理引擎支", null), ["推理", "引擎支"]);
  assert.deepEqual(query.droppable("大模型", null), ["大模型"]);
  assert.deepEqual(query.droppable("手机上跑大模型", null), ["手机", "上跑", "大模型"]);
});

test("a glossary name among other words is read as its abbreviation; figures and versions are told from words", () => {
  const terms = new Map([["timetofirsttoken", "TTFT"], ["首字延迟", "TTFT"]]);
  assert.equal(query.asAbbreviated("time to first token 3.3x faster", terms), "TTFT 3.3x faster");
  assert.equal(query.asAbbreviated("首字延迟", terms), "TTFT");
  assert.equal(query.asAbbreviated("first token", terms), null);
  assert.deepEqual(["0.33", "v0.5.23", "3.3×", "3x", "50%", "1-bit", "fp4", "K3.1-Pro"].map((w) => query.FIGURE.test(w)),
    [true, true, true, true, true, false, false, false]);
});
