// A query as the index holds words, and the other ways a query that finds nothing as typed is read.
//
// Chinese pages are indexed (kb/search/text.py) with each Han character as the word "that character + the next
// one" (a run's last character alone), under the private-use language code "qaa", so that neither Pagefind's
// indexer (jieba) nor the browser (Intl.Segmenter) splits them again. A Chinese run of the query becomes its
// overlapping character pairs (前缀缓存: 前缀 缀缓 缓存), searched as ordinary ranked terms: every pair must be on
// the page, and Pagefind ranks pages by BM25 with title and heading weights.

export const HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
const HAN_RUN = new RegExp(`[${HAN}]+`, "gu");
export const IS_HAN = new RegExp(`^[${HAN}]+$`, "u");
export const HAS_HAN = new RegExp(`[${HAN}]`, "u");

// The query as the indexer makes words, as groups (the terms of each word of the query): each Chinese run as its
// character pairs, every other word lower-cased without the characters Pagefind drops ("llm-d" is "llmd"); "×"
// and "." are kept (--include-characters), "3.3x" is read as "3.3×", and the British "-isation" as the
// "-ization" the site writes (quantisation).
export const parse = (query) => {
  const groups = [];
  for (const word of query.replace(HAN_RUN, " $& ").split(/\s+/)) {
    if (IS_HAN.test(word)) {
      const chars = [...word];
      groups.push(chars.length === 1 ? chars : chars.slice(1).map((c, i) => chars[i] + c));
    } else {
      const term = word.toLowerCase().replace(/(\d)x$/u, "$1×").replace(/(\p{L})isation(s?)$/u, "$1ization$2")
        .replace(/[^\p{L}\p{N}._×]/gu, "");
      if (term) groups.push([term]);
    }
  }
  return groups;
};

// What a query that finds nothing as typed is read by (kb.search.records.search_vocabulary), from the JSON of
// search/vocabulary.<lang>.json: `terms`, a glossary name squashed -> its abbreviation (a Map: `constructor` is
// no name); `synonyms`, [another way readers write a term, the term as written], longest first; `names`, the
// words of the names the site writes (none with a digit: 0.3x is no misspelt 0.33); `stopWords`, the words a
// query may set aside (kb/search/words.py); `factor` and `percent`, how the pages write a factor or a percentage
// and how a query may; `topics`,
// [title, site-relative URL] of each topic, which an empty result suggests; `fold`, where the pages are Chinese:
// traditional characters and regional phrases -> the simplified ones the pages write (kb/search/folding.py).
export const vocabularyOf = (json) => ({
  terms: new Map(Object.entries(json.terms || {})),
  synonyms: Object.entries(json.synonyms || {}).sort((a, b) => b[0].length - a[0].length),
  names: (json.names || []).filter((name) => !/\d/u.test(name)),
  stopWords: new Set(json.stop_words || []),
  factor: json.factor || null,
  percent: json.percent || null,
  topics: json.topics || [],
  fold: foldTable(json.fold),
});

// The fold table of the vocabulary's `fold` ({ chars: pairs of characters, phrases }), as { chars: Map, phrases:
// Map, longest }; null without one.
export const foldTable = (fold) => {
  if (!fold) return null;
  const pairs = [...(fold.chars || "")];
  const chars = new Map();
  for (let i = 0; i + 1 < pairs.length; i += 2) chars.set(pairs[i], pairs[i + 1]);
  const phrases = new Map(Object.entries(fold.phrases || {}));
  return { chars, phrases, longest: Math.max(0, ...[...phrases.keys()].map((p) => [...p].length)) };
};

// `text` with its traditional characters and regional phrases as the pages write them (記憶體: 内存, 張量並行:
// 张量并行): at each place the longest phrase of the table, else the character, as OpenCC segments a text.
export const fold = (text, table) => {
  if (!table) return text;
  const chars = [...text];
  let out = "";
  for (let at = 0; at < chars.length;) {
    let size = Math.min(table.longest, chars.length - at);
    for (; size > 1; size--) {
      const simple = table.phrases.get(chars.slice(at, at + size).join(""));
      if (simple !== undefined) { out += simple; break; }
    }
    if (size > 1) { at += size; continue; }
    out += table.chars.get(chars[at]) ?? chars[at];
    at += 1;
  }
  return out;
};

// A query without its stop words (kb/search/words.py): a Latin word that is one, and each one written inside a
// run of Chinese characters (哪个引擎: 引擎); the query itself if it holds only stop words.
export const withoutStopWords = (query, stopWords) => {
  if (!stopWords.size) return query;
  const han = [...stopWords].filter((w) => IS_HAN.test(w)).sort((a, b) => b.length - a.length);
  const cut = han.length ? new RegExp(han.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gu") : null;
  const kept = query.normalize("NFKC").split(/\s+/u)
    .map((word) => (stopWords.has(word.toLowerCase()) ? "" : cut && HAS_HAN.test(word) ? word.replace(cut, " ") : word))
    .join(" ").split(/\s+/u).filter(Boolean).join(" ");
  return kept || query;
};

// The words of a query that searching may drop, one at a time, when it finds nothing whole: each Latin word, and
// a run of Chinese characters cut in words by the browser's dictionary (Intl.Segmenter: 手机上跑大模型 is 手机 上 跑
// 大 模型), its characters standing alone joined again (路 由 is 路由, a word the dictionary lacks); where the
// browser has none, in words of two (a word of three ends an odd run: 推理引擎支持 is 推理 引擎 支持).
const WORDS = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("zh", { granularity: "word" }) : null;
export const hanWords = (run, segmenter = WORDS) => {
  const chars = [...run];
  if (!segmenter) {
    const words = [];
    for (let at = 0; at < chars.length;) {
      const size = chars.length - at === 3 ? 3 : Math.min(2, chars.length - at);
      words.push(chars.slice(at, at + size).join(""));
      at += size;
    }
    return words;
  }
  const words = [];
  let alone = "";
  for (const { segment } of segmenter.segment(run)) {
    if ([...segment].length === 1) { alone += segment; continue; }
    if (alone) words.push(alone);
    alone = "";
    words.push(segment);
  }
  if (alone) words.push(alone);
  return words;
};
export const droppable = (query, segmenter = WORDS) => query.replace(HAN_RUN, " $& ").split(/\s+/u).filter(Boolean)
  .flatMap((word) => (IS_HAN.test(word) ? hanWords(word, segmenter) : [word]));

// A glossary name typed whole ("time to first token", "首 token 延迟") that no page writes out is searched as its
// abbreviation (kb/search/text.py: glossary_names), matched as kb.search.text.squashed writes it.
export const squash = (text) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

// A glossary name written among other words ("time to first token 3.3x faster"): the longest run of the query's
// words that is one, as its abbreviation; null where no run is.
export const asAbbreviated = (query, terms) => {
  const words = query.trim().split(/\s+/u);
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    for (let j = words.length; j > i; j--) {
      const abbreviation = terms.get(squash(words.slice(i, j).join(" ")));
      if (abbreviation !== undefined && squash(abbreviation) !== squash(words.slice(i, j).join(" "))) {
        words.splice(i, j - i, abbreviation);
        changed = true;
        break;
      }
    }
  }
  return changed ? words.join(" ") : null;
};

// A figure or a version (0.33, v0.5.23, 3.3×, 50%): what a reader asks for, never dropped from a query.
export const FIGURE = /^v?\d+(?:\.\d+)*[×x%]?$/iu;

// Other ways readers write a term (data/terms.yml: kb.search.records.term_aliases), longest first: a query holding
// one that finds nothing as typed is searched with the term as the site writes it (推测解码: 投机解码). Null if the
// query holds no alias.
const WORD_END = /[\p{Script=Latin}\p{N}]/u; // where an alias must not run on into a longer word
export const asWritten = (query, synonyms) => {
  const typed = query.normalize("NFKC").toLowerCase();
  const text = synonyms.reduce((text, [alias, written]) => {
    const chars = [...alias];
    const pattern = (WORD_END.test(chars[0]) ? "(?<![\\p{L}\\p{N}])" : "") + alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") +
      (WORD_END.test(chars[chars.length - 1]) ? "(?![\\p{L}\\p{N}])" : "");
    return text.replace(new RegExp(pattern, "gu"), () => written);
  }, typed);
  return text === typed ? null : text;
};

// A factor written "3.3x", "3.3×", "3.3 times", "3.3-fold" or "3.3 倍" (`factor.typed`): a query of one that finds
// nothing as typed is searched as the pages write it (`factor.written`, "{n} 倍" on the Chinese pages, "{n}×" on
// the English ones); null where the query has none, or writes it so already.
export const asFactor = (query, factor) => {
  if (!factor) return null;
  const typed = factor.typed.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const text = query.replace(new RegExp(`(\\d+(?:\\.\\d+)?)\\s*-?\\s*(?:${typed})(?![\\p{L}\\p{N}])`, "giu"),
    (_, n) => factor.written.replace("{n}", n));
  return text !== query ? text : null;
};

// Readers write Chinese words without a space between them (端侧部署 for 端侧 + 部署), and a run of the query is
// searched as a phrase: all its pairs. Where that finds few pages, the run is also searched as two words, without
// the pair across their join (端侧 部署: the topic writes 端侧与边缘部署). The ways to split the first Chinese run of
// `split.shortest` to `split.longest` characters (a longer one is a phrase copied from a page), each as groups.
export const asTwoWords = (groups, split) => {
  const at = groups.findIndex((g) => IS_HAN.test(g[0]) && g.length >= split.shortest - 1 && g.length <= split.longest - 1);
  if (at < 0) return [];
  const pairs = groups[at];
  return pairs.slice(1, -1).map((_, i) =>
    [...groups.slice(0, at), pairs.slice(0, i + 1), pairs.slice(i + 2), ...groups.slice(at + 1)]);
};
