// A query's results: searched as typed, else as the site writes its terms, else respelled, and widened where
// a phrase finds few pages. No page is touched here: Pagefind and the pages of results come from `load` and
// `fragment` (pagefind.js), the facets chosen from `filters`.
import { holds } from "./excerpt.js";
import { asFactor, asTwoWords, asWritten, parse, squash } from "./query.js";
import { phraseFirst, scored, tieBroken } from "./rank.js";
import { respelled } from "./spelling.js";

// `knobs`: the page's (knobs.js); `stemmed`: whether Pagefind stems the language searched; `factorWord`: how it
// writes a factor (query.js: asFactor); `filters()`: Pagefind's filters for the facet values chosen.
export const createSearch = ({ load, fragment, knobs, stemmed, factorWord, filters }) => {
  let latest = 0;
  // Pagefind scores one query at a time on this thread, and a common word takes it a while in a big archive.
  // While it does, only the newest query waits: typing 前缀缓存 scores 前 and then 前缀缓存, not 前缀 and 前缀缓 as
  // well, whose results would only be overwritten (measured: bench/README.md, overrides/assets/kb-search/search.js).
  let scoring = Promise.resolve();
  // Facets: Pagefind filters (data-pagefind-filter), counted over the results of each search, once the reader
  // asks for them. Once its filters are loaded, Pagefind counts them on every search, which costs a query more
  // than the rest of its search (measured: bench/README.md, overrides/assets/kb-search/search.js).
  let facetTotals = null;

  const withPages = (results) => Promise.all(results.map(async (r) => ({ ...r, page: await fragment(r.result.id) })));

  // The pages of the query words `groups` (query.js: parse), best first, and the facets counted over them; null
  // once the query numbered `mine` is no longer the newest.
  const rank = async (groups, mine) => {
    const { pagefind, hidden } = await load();
    await facetTotals;
    await scoring.catch(() => null);
    if (mine !== latest) return null; // a newer query waits too: only it is scored
    scoring = pagefind.search(groups.flat().join(" "), { filters: filters() });
    const found = await scoring;
    if (mine !== latest) return null; // the reader typed on: this query's results would only be overwritten
    return { groups, results: scored(found.results, groups, hidden, knobs.adjacency), counts: found.filters };
  };

  // The first `knobs.shown` of `ranked` with their pages; none at all if the best does not hold every term.
  const show = async (ranked, mine) => {
    const terms = ranked.groups.flat();
    let { results } = ranked;
    let shown = await withPages(results.slice(0, knobs.shown));
    if (mine !== latest) return null;
    tieBroken(shown, terms);
    if (shown.length && !terms.every((term) => holds(shown[0].page, term, stemmed))) results = shown = [];
    return { ...ranked, results, shown };
  };

  const find = async (groups, mine) => {
    const ranked = await rank(groups, mine);
    return ranked && show(ranked, mine);
  };

  // `found` (a phrase's results, fewer than shown) with the records holding its words apart after its own, each
  // saying so on its row; `found` itself if no split finds more; null once a newer query is on its way. A split
  // is judged by what it shows: a half that is no word (侧大 of 端侧大模型) finds pages through Pagefind's
  // fallback to a shorter word, which the check of the best result then empties.
  const widen = async (found, mine) => {
    let best = found;
    for (const split of asTwoWords(found.groups, knobs.split)) {
      const wider = await rank(split, mine);
      if (!wider) return null;
      if (wider.results.length <= best.results.length) continue;
      phraseFirst(found.results, wider.results);
      const more = await show(wider, mine);
      if (!more) return null;
      if (more.results.length > best.results.length) best = more;
    }
    return best;
  };

  // The results of `query` as { query, groups, results (every one, best first), shown (the first, with their
  // pages), counts (the facets'), spelled (the query as respelled, when only that finds pages), mine }; null
  // once a newer query is on its way.
  const search = async (query) => {
    const mine = ++latest;
    const groups = parse(query);
    let spelled = null;
    let found = { groups, results: [], shown: [], counts: null };
    if (groups.length) {
      const { vocabulary } = await load();
      found = await find(groups, mine);
      if (found && !found.results.length) {
        // nothing as typed: a glossary name that no page writes out is searched as its abbreviation (they write
        // TTFT, not "time to first token"), another way of writing a term or a factor as the site writes it
        const other = vocabulary.terms.get(squash(query)) ?? asWritten(query, vocabulary.synonyms) ?? asFactor(query, factorWord);
        if (other) found = await find(parse(other), mine);
      }
      if (found && !found.results.length && (spelled = respelled(query, vocabulary.names, knobs.respell))) {
        found = await find(parse(asWritten(spelled, vocabulary.synonyms) ?? spelled), mine);
      }
      if (found && found.results.length < knobs.shown) found = await widen(found, mine);
    }
    if (!found || mine !== latest) return null;
    return { ...found, query, spelled, mine };
  };

  return {
    search,
    withPages,
    isLatest: (mine) => mine === latest,
    facetsAsked: () => facetTotals !== null,
    askFacets: () => (facetTotals = load().then(({ pagefind }) => pagefind.filters())),
  };
};
