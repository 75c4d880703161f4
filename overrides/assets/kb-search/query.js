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
// words of the names the site writes (none with a digit: 0.3x is no misspelt 0.33).
export const vocabularyOf = (json) => ({
  terms: new Map(Object.entries(json.terms || {})),
  synonyms: Object.entries(json.synonyms || {}).sort((a, b) => b[0].length - a[0].length),
  names: (json.names || []).filter((name) => !/\d/u.test(name)),
});

// A glossary name typed whole ("time to first token", "首 token 延迟") that no page writes out is searched as its
// abbreviation (kb/search/text.py: glossary_names), matched as kb.search.text.squashed writes it.
export const squash = (text) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

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

// Chinese writes a factor as "3.3 倍", readers often as "3.3x": a query of such a factor that finds nothing as
// typed is searched as the page's language writes it, with `word` (null where the query has none, or the
// language writes it as typed: no `word`).
export const asFactor = (query, word) => {
  const text = word && query.replace(/(\d+(?:\.\d+)?)\s*[x×](?![\p{L}\p{N}])/giu, `$1 ${word}`);
  return text && text !== query ? text : null;
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
