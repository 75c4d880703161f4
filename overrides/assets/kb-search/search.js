// A query's results: its traditional characters folded to simplified, searched as typed, else as the site writes
// its terms, else respelled, else without its stop words, else with the fewest of its words dropped; widened where
// a phrase finds few pages. No page is touched here: Pagefind and the pages of results come from `load` and
// `fragment` (pagefind.js), the facets chosen from `filters`.
import { holds, together } from "./excerpt.js";
import { FIGURE, IS_HAN, asAbbreviated, asFactor, asTwoWords, asWritten, droppable, fold, parse, squash, withoutStopWords } from "./query.js";
import { phraseFirst, scored, tieBroken } from "./rank.js";
import { respelled } from "./spelling.js";

// `knobs`: the page's (knobs.js); `stemmed`: whether Pagefind stems the language searched; `filters()`:
// Pagefind's filters for the facet values chosen.
export const createSearch = ({ load, fragment, knobs, stemmed, filters }) => {
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

  // `query` searched as typed, else as the site writes its terms or figures (a glossary name that no page writes
  // out as its abbreviation: they write TTFT, not "time to first token"; another way of writing a term; a factor),
  // else respelled: { found, spelled (the query as respelled, when only that was searched) }; null once a newer
  // query is on its way.
  const answer = async (query, vocabulary, mine) => {
    const groups = parse(query);
    if (!groups.length) return { found: { groups, results: [], shown: [], counts: null }, spelled: null };
    let spelled = null;
    let found = await find(groups, mine);
    if (found && !found.results.length) {
      // each way at once: 首字时延 is 首字延迟, a glossary name: TTFT
      let other = vocabulary.terms.get(squash(query)) ?? asWritten(query, vocabulary.synonyms) ?? query;
      other = asAbbreviated(other, vocabulary.terms) ?? other;
      other = asFactor(other, vocabulary.factor) ?? other;
      if (other !== query) found = await find(parse(other), mine);
    }
    if (found && !found.results.length && (spelled = respelled(query, vocabulary.names, knobs.respell))) {
      found = await find(parse(asWritten(spelled, vocabulary.synonyms) ?? spelled), mine);
    }
    return found && { found, spelled };
  };

  // `query` with the fewest of its words dropped (query.js: droppable, of the query as the site writes its terms),
  // and of as many the commonest: those finding the most pages alone; first with none dropped but its Chinese words
  // apart (推理 延迟 of 推理时延). A word that finds nothing alone is always dropped; a figure or a version never
  // (query.js: FIGURE; what the reader asks for: 0.3 倍 is not 倍). At most `knobs.partial.tries` searches of
  // up to `knobs.partial.words` words, each finding `more` than pages than `least`. { found, spelled, dropped } of
  // the first that does; { dropped: [] } if none does; null once a newer query is on its way.
  const partial = async (query, vocabulary, least, mine) => {
    const words = droppable(asWritten(query, vocabulary.synonyms) ?? query);
    if (words.length < 2 || words.length > knobs.partial.words) return { dropped: [] };
    const alone = [];
    for (const word of words) {
      const one = await answer(word, vocabulary, mine);
      if (!one) return null;
      alone.push(one.found.results.length);
    }
    const must = words.map((word) => FIGURE.test(word));
    if (must.some((needed, i) => needed && !alone[i])) return { dropped: [] };
    const masks = [];
    const apart = words.some((word, i) => i && IS_HAN.test(word) && IS_HAN.test(words[i - 1]));
    for (let mask = 1; mask < (1 << words.length) - (apart ? 0 : 1); mask++) {
      const kept = words.map((_, i) => Boolean(mask & (1 << i)));
      if (kept.every((k, i) => (k ? alone[i] > 0 : !must[i]))) masks.push(kept);
    }
    // an abbreviation of the glossary (TTFT, KV) names what the reader asks about: kept before other words
    const abbreviations = new Set([...vocabulary.terms.values()].map(squash));
    const named = words.map((word) => abbreviations.has(squash(word)));
    const count = (kept) => kept.filter(Boolean).length;
    const namedKept = (kept) => kept.filter((k, i) => k && named[i]).length;
    const common = (kept) => kept.reduce((n, k, i) => n + (k ? 0 : alone[i]), 0); // of the words dropped
    masks.sort((a, b) => count(b) - count(a) || namedKept(b) - namedKept(a) || common(b) - common(a));
    // of as many words kept, those dropping only common words (finding as many pages alone as the median word or
    // more, or none: those are dropped anyway) are all tried, and the one finding the most pages wins: "engines"
    // and "support" of a question are both common, and dropping either may find more; a rarer word, or one the
    // glossary names, is dropped only if that finds nothing
    const median = [...alone].sort((a, b) => a - b)[Math.floor(alone.length / 2)];
    const idle = (kept) => kept.every((k, i) => k || (!named[i] && (alone[i] >= median || !alone[i])));
    let tries = knobs.partial.tries;
    for (let size = words.length; size > 0 && tries > 0; size--) {
      const level = masks.filter((kept) => count(kept) === size);
      let best = null;
      for (const kept of [...level.filter(idle), ...level.filter((kept) => !idle(kept))]) {
        if (tries-- <= 0 || (best && !idle(kept))) break;
        const some = await answer(words.filter((_, i) => kept[i]).join(" "), vocabulary, mine);
        if (!some) return null;
        if (some.found.results.length > Math.max(least, best?.found.results.length ?? 0)) {
          best = { ...some, dropped: words.filter((_, i) => !kept[i]) };
        }
        if (best && !idle(kept)) break;
      }
      if (best) return best;
    }
    return { dropped: [] };
  };

  // The results of `wider` (a search of fewer of the query's words, changed in place) with those of the whole
  // query (`whole`) first, in their order, where one excerpt's width of the page holds every word; a long page
  // holding them far apart is ranked with the others, as `wider` ranks it. Every page of `whole` is one of
  // `wider`'s, so the facets count both.
  const wholeFirst = (whole, wider) => {
    const scores = new Map(whole.shown.filter((r) => together(r.page, r.at, whole.groups, knobs.excerpt.words, stemmed))
      .map((r) => [r.result.id, r.score]));
    const top = wider.results.reduce((max, r) => Math.max(max, r.score), 0);
    for (const r of wider.results) if (scores.has(r.result.id)) r.score = top + scores.get(r.result.id);
    wider.results.sort((a, b) => b.score - a.score);
    return wider;
  };

  // The results of `query` as { query, groups, results (every one, best first), shown (the first, with their
  // pages), counts (the facets'), spelled (the query as respelled, when only that finds pages), folded (the query
  // in simplified characters, when it is not so written), dropped (the words some results leave out: all of them
  // unless `partly`, when the first results hold every word), mine }; null once a newer query is on its way.
  const search = async (query) => {
    const mine = ++latest;
    let found = { groups: parse(query), results: [], shown: [], counts: null };
    let spelled = null;
    let folded = null;
    let dropped = [];
    let partly = false; // the first results hold every word
    if (found.groups.length) {
      const { vocabulary } = await load();
      const simple = fold(query, vocabulary.fold);
      if (simple !== query) folded = simple;
      // a percentage and a factor as the pages write them, where they write every one so (95 percent: 95%; 3.3
      // times: 3.3×)
      const percent = (vocabulary.percent?.first && asFactor(simple, vocabulary.percent)) || simple;
      const typed = (vocabulary.factor?.first && asFactor(percent, vocabulary.factor)) || percent;
      // a question's function words (哪个, which) name no page: searched without them, unless the query is a
      // glossary name whole (time to first token), then as typed
      const content = withoutStopWords(typed, vocabulary.stopWords);
      const whole = vocabulary.terms.has(squash(typed));
      let answered = await answer(whole ? typed : content, vocabulary, mine);
      if (answered && !answered.found.results.length && content !== typed && !whole) answered = await answer(typed, vocabulary, mine);
      // none, or few for a question (its other words may be as idle as its stop words): more with the fewest words
      // dropped, after those holding every word; the query's terms as the site writes them first, as a stop word
      // may be part of one (cut in half, time to first token)
      const least = answered?.found.results.length ?? 0;
      if (answered && (!least || (content !== typed && least < knobs.shown))) {
        const written = asWritten(typed, vocabulary.synonyms) ?? typed;
        const some = await partial(withoutStopWords(asAbbreviated(written, vocabulary.terms) ?? written, vocabulary.stopWords),
          vocabulary, least, mine);
        if (!some) return null;
        if (some.found) {
          partly = least > 0;
          dropped = some.dropped;
          answered = partly ? { ...answered, found: await show(wholeFirst(answered.found, some.found), mine) } : some;
          if (!answered.found) return null;
        }
      }
      found = answered?.found;
      spelled = answered?.spelled ?? null;
      if (found && found.results.length < knobs.shown) found = await widen(found, mine);
    }
    if (!found || mine !== latest) return null;
    return { ...found, query, spelled, folded, dropped, partly, mine };
  };

  return {
    search,
    withPages,
    isLatest: (mine) => mine === latest,
    facetsAsked: () => facetTotals !== null,
    askFacets: () => (facetTotals = load().then(({ pagefind }) => pagefind.filters())),
  };
};
