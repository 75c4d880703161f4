// How results rank beyond Pagefind's score (BM25, titles and headings weighing more; its own options are the
// knobs' `pagefind`): pages holding the query's words side by side higher, ties in a fixed order, and the
// pages of a phrase before those holding its words apart.
import { IS_HAN } from "./query.js";

// Where the query's words stand closest together: Pagefind gives a result's matched positions (not which word
// is where). Set as a phrase, the query spans its terms, plus one pair across each join of two Chinese words
// (前缀|缓存: 前缀 缀缓 缓存).
export const span = (groups) => {
  let width = groups.reduce((n, g) => n + g.length, 0);
  for (let i = 1; i < groups.length; i++) if (IS_HAN.test(groups[i - 1][0]) && IS_HAN.test(groups[i][0])) width++;
  return width;
};

// [most of the sorted positions `at` within `width`, the first of them]
export const densest = (at, width) => {
  let best = [0, at[0] ?? 0];
  for (let i = 0, j = 0; i < at.length; i++) {
    while (j < at.length && at[j] - at[i] < width) j++;
    if (j - i > best[0]) best = [j - i, at[i]];
  }
  return best;
};

// 1 when the words of a query of several words stand together (or for one word), down to 0; with a little
// slack (的, a comma: `slack` more words) `slack_weight` of that.
export const adjacency = (at, groups, { slack, slack_weight }) => {
  if (groups.length < 2) return 1;
  const m = groups.reduce((n, g) => n + g.length, 0);
  const single = Math.max(...groups.map((g) => g.length));
  const share = (width) => Math.max(0, (Math.min(densest(at, width)[0], m) - single) / (m - single || 1));
  return Math.max(share(span(groups)), share(span(groups) + slack) * slack_weight);
};

// Pagefind's `results` for the query `groups`, best first, each as { result, at (its matched positions, sorted),
// score }: a page holding the query's words side by side weighs up to 1 + `adjacency.weight` times its score.
// The records in `hidden` (each run's stand-in for the words it lacks, kb/search/bundle.py: STAND_IN) are dropped.
export const scored = (results, groups, hidden, knobs) => results
  .filter((result) => !hidden.has(result.id))
  .map((result) => {
    const at = [...new Set(result.words)].sort((a, b) => a - b);
    return { result, at, score: result.score * (1 + knobs.weight * adjacency(at, groups, knobs)) };
  })
  .sort((a, b) => b.score - a.score);

// Indexed words (a Chinese pair stands for its first character where the next pair goes on from its second:
// kb/search/text.py) as one lower-case string of letters and digits: 缓存 存压 压缩 缩 and the query's 缓存 存压 压缩
// are both 缓存压缩, "SG-Lang" and "sglang" both sglang.
export const nameKey = (words) => words.map((w, i) => {
  if (!IS_HAN.test(w)) return w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  const chars = [...w];
  const next = words[i + 1];
  return chars.length === 2 && next && IS_HAN.test(next) && [...next][0] === chars[1] ? chars[0] : w;
}).join("");

// The names a record is called by, as nameKey: its title, and on a hub or an entity page (meta `kind`,
// kb.search.records.KINDS) its own other names, indexed after its text (pagefind.js: readFragment) one after
// another with a "·" between them. An item's other names are its topics' and entities', not its own.
export const namesOf = (page) => {
  const names = [(page.meta?.title || "").split(/\s+/u)];
  if (page.meta?.kind === "topic" || page.meta?.kind === "entity") {
    let name = [];
    for (const word of page.words.slice(page.text)) {
      if (word === "·") names.push(name.splice(0));
      else name.push(word);
    }
    names.push(name);
  }
  return names.map(nameKey).filter(Boolean);
};

// A hub's or an entity's name the query nearly writes: the query's characters in the name's order, making at
// least half of it (路由控制面 of 路由与推理控制面, fp4内核 of fp4nvfp4内核); a word or two of a long name (缓存 of
// kv缓存压缩) names nothing. Both as nameKey.
export const nearlyNamed = (name, query) => {
  const chars = [...query];
  if (chars.length < 2 || [...name].length > 2 * chars.length) return false;
  let at = 0;
  for (const c of name) if (c === chars[at]) at++;
  return at === chars.length;
};

// The rows `shown` (each with its `page`) sorted: a page the query names (namesOf: the hub for its topic's name,
// the entity page for the entity's) first, then a hub or entity page it nearly names (nearlyNamed), whatever Pagefind scored it (an item holding the name in its title and
// again in its text outscores the hub whose title it is); then by score, and pages found by their versions
// metadata only, which tie, by whether their title names the version (the release, not the hubs that mention
// it), then by how often they name it; never the order of the index. `terms`: the query's.
export const tieBroken = (shown, terms) => {
  const query = nameKey(terms);
  const isNamed = ({ page }) => {
    const names = namesOf(page);
    if (names.includes(query)) return 2;
    const own = page.meta?.kind === "topic" || page.meta?.kind === "entity";
    return Number(own && names.some((name) => nearlyNamed(name, query)));
  };
  const naming = (w) => terms.some((t) => !IS_HAN.test(t) && w.toLowerCase().includes(t));
  const titled = ({ page }) => Number((page.meta?.title || "").split(/\s+/u).some(naming));
  const named = ({ page, at }) => at.length || page.words.filter(naming).length;
  shown.sort((a, b) => isNamed(b) - isNamed(a) || b.score - a.score || titled(b) - titled(a) || named(b) - named(a));
  const inTitle = ({ page }) => {
    const title = nameKey((page.meta?.title || "").split(/\s+/u)).toLowerCase();
    return terms.every((term) => title.includes(nameKey([term]).toLowerCase()));
  };
  return itemsBeforeTheirIssue(shown, (row) => isNamed(row) === 2 || inTitle(row));
};

// `shown` with an issue's page after the first of its own items found with it (changed in place): the item is
// the answer, the page around it (its summary retells the item) the context; an issue page the query names, or
// whose title holds every word of it, stays where it is.
export const itemsBeforeTheirIssue = (shown, named) => {
  const issueOf = (row, kind) => (row.page.meta?.kind === kind ? row.page.meta.issue : undefined);
  for (let i = 0; i < shown.length; i++) {
    const issue = issueOf(shown[i], "issue");
    if (issue === undefined || named(shown[i])) continue;
    const item = shown.findIndex((row, j) => j > i && issueOf(row, "item") === issue);
    if (item > i) { shown.splice(item, 0, ...shown.splice(i, 1)); i--; }
  }
  return shown;
};

// The results of a phrase's words searched apart (`wider`, changed in place) with the phrase's own results
// (`phrase`) first, in the phrase's order; the others marked `apart`, for their rows to say so.
export const phraseFirst = (phrase, wider) => {
  const scores = new Map(phrase.map((r) => [r.result.id, r.score]));
  const top = wider.reduce((max, r) => Math.max(max, r.score), 0);
  for (const r of wider) {
    if (scores.has(r.result.id)) r.score = top + scores.get(r.result.id);
    else r.apart = true;
  }
  return wider.sort((a, b) => b.score - a.score);
};
