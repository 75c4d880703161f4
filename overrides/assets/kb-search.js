// Search with Pagefind in Material's own search box.
// Nothing is fetched until the reader opens the search; then Pagefind loads the
// index of the page's language in small pieces, as queries need them.
//
// Every page and every item of an issue is a record with filters (topic, category, year,
// entity, source kind) and metadata (issue, date, category; kb/search/records.py).
//
// Chinese pages are indexed (kb/search/text.py) with each Han character as the word
// "that character + the next one" (a run's last character alone), under the private-use
// language code "qaa", so that neither Pagefind's indexer (jieba) nor the browser
// (Intl.Segmenter) splits them again. A Chinese run of the query becomes its overlapping
// character pairs (前缀缓存: 前缀 缀缓 缓存), searched as ordinary ranked terms: every pair
// must be on the page, and Pagefind ranks pages by BM25 with title and heading weights.
(() => {
  const box = document.querySelector("[data-kb-search]");
  if (!box) return;
  const toggle = document.getElementById("__search");
  const form = box.querySelector("form");
  const input = box.querySelector("input[name=query]");
  const meta = box.querySelector(".md-search-result__meta");
  const list = box.querySelector(".md-search-result__list");
  // The site's root is where this script's folder is: right on every page, the 404 page
  // (served at any address) and under a sub-path (a GitHub Pages project site).
  const root = new URL("../", document.currentScript?.src || new URL(box.dataset.kbSearch || "./", location.href));
  const SHOWN = 10;
  const EXCERPT = 30; // words (a Chinese character is a word)
  const INDEXED_AS = { zh: "qaa" }; // <html lang> -> the language code its pages are indexed under
  // Issue pages are long by nature (items, figures): a softer length penalty than Pagefind's
  // default (0.75) keeps them from ranking below short pages (best of the sweep at 520 issues).
  const RANKING = { pageLength: 0.2 };
  const ADJACENCY = 1; // extra weight of a page holding the query's words side by side (doubles its score)
  // Pagefind 1.5 searches in a web worker by default: 41 KB more script for a search that takes ~20 ms
  const NO_WORKER = true;
  // The language searched: the one whose folder the address is in (kb.search.records.search_box: homes), else
  // the page's. They differ only on the 404 page, one page in the default language's frame served for every
  // missing address: under /en/ it searches the English pages.
  const address = decodeURI(location.pathname).slice(root.pathname.length);
  const HOMES = JSON.parse(box.dataset.kbHomes || "{}"); // language -> its home, site-relative
  const pageLang = Object.entries(HOMES)
    .find(([, home]) => home && address.startsWith(home))?.[0] ||
    (document.documentElement.getAttribute("lang") || "").split("-")[0].toLowerCase();
  const indexLang = INDEXED_AS[pageLang] || pageLang;
  // What the panel says, in the language searched (kb.search.records.panel_labels and Material's result lines):
  // a page carries its own language's; the 404 page, served at every missing address, each language's.
  const WORDS = JSON.parse(box.dataset.kbWords || "{}");
  const words = WORDS[pageLang] || Object.values(WORDS)[0];
  if (words.input) { // the 404 page: its box, in the default language's frame, in the language searched
    input.placeholder = words.input;
    input.setAttribute("aria-label", words.input);
  }
  const stemmed = !INDEXED_AS[pageLang]; // Pagefind stems English words, not the "qaa" index
  let pagefind = null;
  let hidden = new Set();
  // What a query that finds nothing as typed is read by (kb.search.records.search_vocabulary): fetched as the
  // search opens, not carried by every page (at 14 entities it was 1.6 KB of each Chinese page).
  let TERMS = new Map(); // a glossary name, squashed -> its abbreviation (a Map: `constructor` is no name)
  let SYNONYMS = []; // [another way readers write a term, the term as written], longest first
  let NAMES = []; // the words of the names the site writes

  const load = () => {
    // Each language is indexed in runs of bounded size (kb/search/index.py); the first is the bundle at
    // pagefind/, the others are merged into it, and Pagefind searches them all and sorts by score.
    pagefind ??= Promise.all([
      import(new URL("pagefind/pagefind.js", root).href),
      // revalidated, as a new build may change it; without it (a preview) a query is searched only as typed
      fetch(new URL(box.dataset.kbVocabulary.replace("{lang}", pageLang), root), { cache: "no-cache" })
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}))
        .then((vocabulary) => {
          TERMS = new Map(Object.entries(vocabulary.terms || {}));
          SYNONYMS = Object.entries(vocabulary.synonyms || {}).sort((a, b) => b[0].length - a[0].length);
          NAMES = (vocabulary.names || []).filter((name) => !/\d/u.test(name));
        }),
      // revalidated: it names the index's files, which a new build renames
      fetch(new URL("pagefind/kb-shards.json", root), { cache: "no-cache" }).then((response) => response.json())
        .then((shards) => {
          // every file Pagefind needs before it can search, asked for at once (it would fetch them one after
          // another); Pagefind's own requests for them are then served by these
          for (const file of shards.preload[indexLang] || []) {
            const link = Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous" });
            link.href = new URL(`pagefind/${file}`, root).href;
            document.head.append(link);
          }
          return shards;
        }),
    ]).then(async ([module, , shards]) => {
      const options = { baseUrl: root.pathname, ranking: RANKING, metaCacheTag: shards.tag };
      await module.options({ ...options, noWorker: NO_WORKER });
      // Pagefind takes its index, and whether to segment queries, from <html lang> when it
      // starts (synchronously, inside init), and has no option for it: show it the indexing code.
      const html = document.documentElement;
      const lang = html.getAttribute("lang");
      html.setAttribute("lang", indexLang);
      try {
        module.init();
      } finally {
        html.setAttribute("lang", lang);
      }
      const folders = shards.runs[indexLang] || [];
      await Promise.all(folders.map((folder) => module.mergeIndex(new URL(`pagefind/${folder}`, root).pathname, options)));
      hidden = new Set(shards.hidden); // each run's stand-in for the words it lacks (kb/search/index.py: STAND_IN)
      return module;
    });
    return pagefind;
  };

  // Facets: Pagefind filters (data-pagefind-filter), counted over the results of each search, once the
  // reader asks for them. Once its filters are loaded, Pagefind counts them on every search: at 520
  // issues a later query took 950 ms with them and 340 ms without, the first 950 and 650 ms (bench).
  const FACET_LIST = words.facets; // [facet, its name], in the panel's order
  const FACETS = FACET_LIST.map(([facet]) => facet);
  const FACET_NAMES = Object.fromEntries(FACET_LIST);
  let facetTotals = null;
  const selected = {}; // facet -> value
  const note = Object.assign(document.createElement("p"), { className: "kb-respelled", hidden: true });
  meta.after(note);
  const away = Object.assign(document.createElement("p"), { className: "kb-elsewhere", hidden: true });
  note.after(away);
  const facetBar = document.createElement("div");
  facetBar.className = "kb-facets";
  note.after(facetBar);
  facetBar.addEventListener("click", (event) => {
    if (event.target.closest("[data-kb-show-facets]")) {
      facetTotals = load().then((module) => module.filters());
      search().then(() => facetBar.querySelector("button")?.focus());
      return;
    }
    const chip = event.target.closest("[data-facet]");
    if (!chip) return;
    const { facet, value } = chip.dataset;
    if (selected[facet] === value) delete selected[facet];
    else selected[facet] = value;
    search();
  });
  const narrow = () => `<button type="button" data-kb-show-facets>${escape(words.narrow)}</button>`;
  const renderFacets = (counts) => !facetTotals ? narrow() :
    FACETS.filter((f) => counts?.[f])
      .map((f) => {
        const values = Object.entries(counts[f]).filter(([, n]) => n > 0)
          // newest year first; otherwise most results first, ties by name (the same order from one index or runs)
          .sort((a, b) => (f === "year" ? b[0].localeCompare(a[0]) : b[1] - a[1] || a[0].localeCompare(b[0]))).slice(0, 8);
        return values.length ? `<p role="group" aria-label="${escape(FACET_NAMES[f])}" data-kb-facet="${f}">` +
          `<span class="kb-facet-name">${escape(FACET_NAMES[f])}</span> ${values.map(([v, n]) =>
          `<button type="button" data-facet="${f}" data-value="${escape(v)}" aria-pressed="${selected[f] === v}">` +
          `${escape(v)} <small>${n}</small></button>`).join(" ")}</p>` : "";
      }).join("");

  // A result's page (url, content, meta, anchors), fetched and read here rather than with
  // result.data(): Pagefind would build an excerpt for every heading holding a match, each
  // one re-splitting the whole page (a second on the watch list of a 520-issue archive).
  const fragments = new Map();
  const fragment = (id) => {
    if (!fragments.has(id)) {
      fragments.set(id, fetch(new URL(`pagefind/fragment/${id}.pf_fragment`, root))
        .then((response) => response.arrayBuffer())
        .then((bytes) => { // gzip, unless a server already unpacked it; then "pagefind_dcd" and JSON
          const plain = new Uint8Array(bytes, 0, 2).join() !== "31,139";
          return new Response(plain ? bytes : new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
        })
        .then((text) => {
          const page = JSON.parse(text.slice(text.indexOf("{")));
          page.words = page.content.split(" ");
          // where the record's aliases start (kb.search.records.NAMES_ANCHOR, the last element of its record, a
          // paragraph: a heading of the page slugified alike is not it): searched, never shown as its text
          page.text = (page.anchors || []).findLast((a) => a.id === box.dataset.kbNamesAnchor && a.element === "p")
            ?.location ?? page.words.length;
          return page;
        }));
    }
    return fragments.get(id);
  };

  // A glossary name typed whole ("time to first token", "首 token 延迟") that no page writes out is searched
  // as its abbreviation (kb/search/text.py: glossary_names), matched as kb.search.text.squashed writes it.
  const squash = (text) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

  // Other ways readers write a term (data/terms.yml: kb.search.records.term_aliases), longest first: a query
  // holding one that finds nothing as typed is searched with the term as the site writes it (推测解码: 投机解码).
  const WORD_END = /[\p{Script=Latin}\p{N}]/u; // where an alias must not run on into a longer word
  const asWritten = (query) => { // null if the query holds no alias
    const typed = query.normalize("NFKC").toLowerCase();
    const text = SYNONYMS.reduce((text, [alias, written]) => {
      const chars = [...alias];
      const pattern = (WORD_END.test(chars[0]) ? "(?<![\\p{L}\\p{N}])" : "") + alias.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") +
        (WORD_END.test(chars[chars.length - 1]) ? "(?![\\p{L}\\p{N}])" : "");
      return text.replace(new RegExp(pattern, "gu"), () => written);
    }, typed);
    return text === typed ? null : text;
  };

  // Chinese writes a factor as "3.3 倍", readers often as "3.3x": a query of such a factor that finds nothing
  // as typed is searched as the page's language writes it (null where the query has none, or the language
  // writes it as typed).
  const FACTOR_WORD = { zh: "倍" };
  const asFactor = (query) => {
    const word = FACTOR_WORD[pageLang];
    const text = word && query.replace(/(\d+(?:\.\d+)?)\s*[x×](?![\p{L}\p{N}])/giu, `$1 ${word}`);
    return text && text !== query ? text : null;
  };

  const count = (n) => (n === 0 ? words.none : n === 1 ? words.one : words.other.replace("#", n));

  const HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  const HAN_RUN = new RegExp(`[${HAN}]+`, "gu");
  const IS_HAN = new RegExp(`^[${HAN}]+$`, "u");
  const PAIR = new RegExp(`^[${HAN}]{1,2}$`, "u");

  // A query that finds nothing here, written in the script of another language's pages (Han: the pages indexed
  // as Chinese; Latin only: the others), links to a search of those (opened by ?q=, below).
  const HAS_HAN = new RegExp(`[${HAN}]`, "u");
  const otherEdition = (query) => Object.keys(HOMES).find((lang) => lang !== pageLang &&
    (HAS_HAN.test(query) ? Boolean(INDEXED_AS[lang]) : !INDEXED_AS[lang] && /\p{Script=Latin}/u.test(query)));
  const searchOf = (lang, query) => {
    const url = new URL(HOMES[lang], root);
    url.searchParams.set("q", query);
    return url.pathname + url.search;
  };

  // A query that finds nothing, even as the site writes its terms, is searched again with each word that is one
  // letter off a word of a name the site writes (kb.search.records.spelling_words) read as that word: lama.cpp
  // as llama.cpp, 深度求素 as 深度求索; one more letter off in a Latin word of 8 or more. Only where exactly one
  // word is closest, and never a word with a digit (0.3x is not 0.33) or a short one, where one letter makes
  // another word (控制器 is no misspelt 控制面, nor VLM of vLLM).
  const SPELLABLE = new RegExp(`^(?:[${HAN}]{4,}|[\\p{Script=Latin}._-]{4,})$`, "u");
  const slips = (word) => (IS_HAN.test(word) || [...word].length < 8 ? 1 : 2);
  // letters changed, added, left out or swapped with their neighbour (optimal string alignment), or more than
  // `most` as soon as every way exceeds it
  const distance = (a, b, most) => {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    let before = null;
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) next[j] = Math.min(next[j], before[j - 2] + 1);
      }
      if (Math.min(...next) > most) return most + 1;
      [before, row] = [row, next];
    }
    return row[b.length];
  };
  // Words a reader set apart that a name writes as one (SG Lang: SGLang, llama cpp: llama.cpp), read as the name.
  const joined = (query) => {
    const parts = query.normalize("NFKC").split(/(\s+)/u); // words, with the spaces between them
    let changed = false;
    for (let i = 0; i + 2 < parts.length; i += 2) {
      const [a, b] = [parts[i].toLowerCase(), parts[i + 2].toLowerCase()];
      const name = /\p{Script=Latin}/u.test(a + b) && NAMES.find((n) => [a + b, `${a}.${b}`, `${a}-${b}`].includes(n.toLowerCase()));
      if (name) {
        parts.splice(i, 3, name);
        changed = true;
      }
    }
    return changed ? parts.join("") : null;
  };
  const respelled = (typed) => { // null where no word is respelled
    const merged = joined(typed);
    const query = merged ?? typed;
    let changed = merged !== null;
    const text = query.normalize("NFKC").split(new RegExp(`(\\s+|[${HAN}]+)`, "u")).map((word) => {
      const typed = [...word.toLowerCase()];
      if (!SPELLABLE.test(word) || NAMES.some((name) => name.toLowerCase() === word.toLowerCase())) return word;
      const most = slips(word);
      const near = NAMES.map((name) => [name, distance(typed, [...name.toLowerCase()], most)])
        .filter(([name, d]) => d <= most && IS_HAN.test(name) === IS_HAN.test(word));
      const least = Math.min(...near.map(([, d]) => d));
      const closest = [...new Set(near.filter(([, d]) => d === least).map(([name]) => name.toLowerCase()))];
      if (closest.length !== 1) return word;
      changed = true;
      return near.find(([name]) => name.toLowerCase() === closest[0])[0];
    }).join("");
    return changed ? text : null;
  };

  // The query as the indexer makes words: each Chinese run as its character pairs, every other
  // word lower-cased without the characters Pagefind drops ("llm-d" is "llmd"); "×" and "."
  // are kept (--include-characters), "3.3x" is read as "3.3×", and the British "-isation" as the
  // "-ization" the site writes (quantisation).
  const parse = (query) => {
    const groups = []; // the terms of each word of the query
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

  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  // glued to a Chinese character before them, and after them (the dash and ellipsis of Chinese text: ——, ……)
  const OPENS = /^[，。、；：！？）」』》〉】,;:!?)\]"'—…]/u;
  const CLOSES = /[，。、；：！？（「『《〈【,;:!?(\["'—…]$/u;
  const CJK_OPENS = /^[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u; // no space around CJK punctuation
  const CJK_CLOSES = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]$/u;

  // Indexed words back to text: a pair stands for its first character (the last of a run is
  // alone), Chinese is written without spaces, nor around punctuation; `marked` words are
  // wrapped in <mark> (a marked pair marks both its characters).
  const text = (words, marked = () => false) => {
    let html = "";
    let open = false;
    let carry = false; // the previous word was a marked pair: this character is its second
    let prev = null;
    const put = (piece, mark, space) => {
      if (space) html += open ? ((open = false), "</mark> ") : " ";
      if (mark !== open) html += mark ? "<mark>" : "</mark>";
      open = mark;
      html += escape(piece);
    };
    words.forEach((word, i) => {
      const pair = PAIR.test(word);
      // a lone character ends a run: a Chinese word right after it stood apart (论文 依据: a label, then text)
      const apart = pair && prev !== null && PAIR.test(prev) && [...prev].length === 1;
      const space = prev !== null && (apart || !(PAIR.test(prev) && (pair || OPENS.test(word))) &&
        !(CLOSES.test(prev) && pair) && !CJK_OPENS.test(word) && !CJK_CLOSES.test(prev));
      const mark = marked(i);
      if (pair) {
        const chars = [...word];
        put(chars[0], mark || carry, space);
        const next = words[i + 1];
        if (chars.length === 2 && !(next && PAIR.test(next) && [...next][0] === chars[1])) put(chars[1], mark, false);
        carry = mark && chars.length === 2;
      } else if (word) {
        put(word, mark, space);
        carry = false;
      }
      if (word) prev = word;
    });
    return open ? html + "</mark>" : html;
  };

  // Pagefind falls back to the longest indexed word that begins a query word it cannot find
  // ("qzxv" -> "q", "0.3x" -> "0"): a term the best result does not hold was not found at all.
  const holds = (page, term) => {
    page.plain ??= text(page.words).replace(/<\/?mark>/g, "") + " " + Object.values(page.meta || {}).join(" ");
    if (IS_HAN.test(term)) return page.plain.includes(term);
    // where Pagefind stems (English), "caching" is looked up as "cach": ask for a stem-long start only
    const start = stemmed && /^\p{L}+$/u.test(term) ? term.slice(0, Math.max(3, term.length - 4)) : term;
    // a number is held whole or as the start of a version (0.33 by 0.33.0), not by a longer number (0.3 by 0.33)
    const end = /^[\d.]+$/u.test(term) ? "(?!\\d)" : "";
    const at = new RegExp(`(^|\\s)${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${end}`, "u");
    // Pagefind indexes "vLLM" both whole and split at the case change ("v", "llm")
    return [page.plain.toLowerCase(), page.plain.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2").toLowerCase()].some((lower) => [
      lower.replace(/[^\p{L}\p{N}._×\s]/gu, ""),
      lower.replace(/[^\p{L}\p{N}._×\s]/gu, " "),
      lower.replace(/[^\p{L}\p{N}\s]/gu, " "),
    ].some((form) => at.test(form)));
  };

  // Where the query's words stand closest together: Pagefind gives a result's matched
  // positions (not which word is where). Set as a phrase, the query spans its terms, plus
  // one pair across each join of two Chinese words (前缀|缓存: 前缀 缀缓 缓存).
  const span = (groups) => {
    let width = groups.reduce((n, g) => n + g.length, 0);
    for (let i = 1; i < groups.length; i++) if (IS_HAN.test(groups[i - 1][0]) && IS_HAN.test(groups[i][0])) width++;
    return width;
  };
  const densest = (at, width) => { // [most positions within `width`, first of them]
    let best = [0, at[0] ?? 0];
    for (let i = 0, j = 0; i < at.length; i++) {
      while (j < at.length && at[j] - at[i] < width) j++;
      if (j - i > best[0]) best = [j - i, at[i]];
    }
    return best;
  };
  // 1 when the words of a query of several words stand together (or for one word), down to 0;
  // with a little slack (的, a comma) half.
  const adjacency = (at, groups) => {
    if (groups.length < 2) return 1;
    const m = groups.reduce((n, g) => n + g.length, 0);
    const single = Math.max(...groups.map((g) => g.length));
    const share = (width) => Math.max(0, (Math.min(densest(at, width)[0], m) - single) / (m - single || 1));
    return Math.max(share(span(groups)), share(span(groups) + 3) / 2);
  };

  // A word that ends a clause or sentence: an excerpt starts after one where one is near.
  const CLAUSE_END = /[。，、；：！？.,;:!?]$/u;

  // An excerpt of EXCERPT words around the closest matches between `from` and `to`.
  const excerpt = (page, at, groups, from = 0, to = page.text) => {
    const mine = at.filter((p) => p >= from && p < to);
    let centre = densest(mine, span(groups))[1];
    if (!mine.length) { // matched in the meta only (a version alias): show where the version stands
      const latin = groups.flat().filter((t) => !IS_HAN.test(t));
      const i = page.words.findIndex((w, i) => i >= from && i < to && latin.some((t) => w.toLowerCase().includes(t)));
      if (i >= 0) { centre = i; mine.push(i); }
    }
    let start = Math.max(from, Math.min(centre - 8, to - EXCERPT));
    for (let i = start; i > Math.max(from, start - 6); i--) {
      if (CLAUSE_END.test(page.words[i - 1])) { start = i; break; } // 值得一提的是, not 得一提的是
    }
    if (start < to - 1 && CJK_OPENS.test(page.words[start])) start++; // nor a stray "："
    const end = Math.min(to, start + EXCERPT);
    const set = new Set(mine);
    return text(page.words.slice(start, end), (i) => set.has(start + i));
  };

  const href = (page, anchor) => {
    const url = new URL((page.meta?.url || page.url).replace(/^\//, ""), root);
    if (anchor) url.hash = anchor;
    return url.pathname + url.hash;
  };

  // Up to three headings of the page that hold the most matches, in page order.
  const sections = (page, at, groups) => {
    const heads = (page.anchors || []).filter((a) => /^h[2-6]$/i.test(a.element) && a.text && a.id)
      .sort((a, b) => a.location - b.location);
    return heads
      .map((a, i) => {
        const to = heads[i + 1]?.location ?? page.text;
        return { a, to, hits: at.filter((p) => p >= a.location && p < to).length };
      })
      .filter((s) => s.hits)
      .sort((x, y) => y.hits - x.hits)
      .slice(0, 3)
      .sort((x, y) => x.a.location - y.a.location)
      .map(({ a, to }) => ({
        url: href(page, a.id),
        title: text(a.text.split(" ")),
        excerpt: excerpt(page, at, groups, a.location, to),
      }));
  };

  const article = (url, title, body, isDocument) => `
    <a href="${escape(url)}" class="md-search-result__link">
      <article class="md-search-result__article${isDocument ? " md-search-result__article--document" : ""} md-typeset">
        ${isDocument ? '<div class="md-search-result__icon md-icon"></div>' : ""}
        <h${isDocument ? 1 : 2}>${title}</h${isDocument ? 1 : 2}>
        <p>${body}</p>
      </article>
    </a>`;

  const render = (shown, groups) =>
    shown
      .map(({ page, at, apart }) => {
        const title = page.meta.title ? text(page.meta.title.split(" ")) : escape(page.url);
        const subs = sections(page, at, groups).map((s) => article(s.url, s.title, s.excerpt, false));
        const m = page.meta;
        // metadata is written as is (kb/search/index.py), not as indexed words
        const line = [m.issue && words.issue.replace("#", m.issue), m.date, m.category, apart && words.apart]
          .filter(Boolean).map(escape).join(" · ");
        const body = (line ? `<small class="kb-result-meta">${line}</small><br>` : "") + excerpt(page, at, groups);
        return `<li class="md-search-result__item">${article(href(page), title, body, true)}${subs.join("")}</li>`;
      })
      .join("");

  // The rest of a query's results, SHOWN at a time: a button after the last row, pressed by the reader or by
  // scrolling near it (as Material's own search lists its results while the panel scrolls).
  let listed = null; // { found, mine }: the query whose rows are on screen
  const moreRow = (left) => (left > 0 ? `<li class="kb-more"><button type="button" data-kb-list-more>` +
    `${escape(words.more.replace("#", Math.min(left, SHOWN)))}</button></li>` : "");
  const rowsListed = () => list.querySelectorAll(":scope > .md-search-result__item").length;
  const nearEnd = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && listMore(),
    { root: box.querySelector(".md-search__scrollwrap"), rootMargin: "0px 0px 200px 0px" });
  const watchMore = () => {
    nearEnd.disconnect();
    const row = list.querySelector(".kb-more");
    if (row) nearEnd.observe(row);
  };
  const listMore = async () => {
    const row = list.querySelector(".kb-more");
    if (!listed || !row || row.dataset.loading) return;
    row.dataset.loading = "true";
    const { found, mine } = listed;
    const from = rowsListed();
    const batch = await Promise.all(found.results.slice(from, from + SHOWN)
      .map(async (r) => ({ ...r, page: await fragment(r.result.id) })));
    if (mine !== latest) return; // the reader typed on
    const pressed = row.contains(document.activeElement);
    row.remove();
    list.insertAdjacentHTML("beforeend", render(batch, found.groups) + moreRow(found.results.length - from - batch.length));
    if (pressed) list.querySelectorAll(":scope > .md-search-result__item")[from]?.querySelector("a")?.focus();
    watchMore();
  };
  list.addEventListener("click", (event) => event.target.closest("[data-kb-list-more]") && listMore());

  let latest = 0;
  // Pagefind scores one query at a time on this thread, and a common word takes it a while (a 520-issue
  // archive: 20–110 ms). While it does, only the newest query waits: typing 前缀缓存 scores 前 and then
  // 前缀缓存, not 前缀 and 前缀缓 as well (at 520 issues a later query took 512 ms with them, bench).
  let scoring = Promise.resolve();
  // The pages of the query words `groups` (parse), best first, and the facets counted over them; null once
  // the query numbered `mine` is no longer the newest.
  const rank = async (groups, mine) => {
    const pf = await load();
    await facetTotals;
    await scoring.catch(() => null);
    if (mine !== latest) return null; // a newer query waits too: only it is scored
    const filters = Object.fromEntries(Object.entries(selected).map(([f, v]) => [f, [v]]));
    scoring = pf.search(groups.flat().join(" "), { filters });
    const found = await scoring;
    if (mine !== latest) return null; // the reader typed on: this query's results would only be overwritten
    const results = found.results
      .filter((result) => !hidden.has(result.id))
      .map((result) => {
        const at = [...new Set(result.words)].sort((a, b) => a - b);
        return { result, at, score: result.score * (1 + ADJACENCY * adjacency(at, groups)) };
      })
      .sort((a, b) => b.score - a.score);
    return { groups, results, counts: found.filters };
  };

  // The first SHOWN of `ranked` with their pages; none at all if the best does not hold every term.
  const show = async (ranked, mine) => {
    const terms = ranked.groups.flat();
    let { results } = ranked;
    let shown = await Promise.all(results.slice(0, SHOWN).map(async (r) => ({ ...r, page: await fragment(r.result.id) })));
    if (mine !== latest) return null;
    // Pages found by their versions metadata only tie: the one whose title names the version goes first (the
    // release, not the hubs that mention it), then the one naming it most; never the order of the index.
    const naming = (w) => terms.some((t) => !IS_HAN.test(t) && w.toLowerCase().includes(t));
    const titled = ({ page }) => Number((page.meta?.title || "").split(/\s+/u).some(naming));
    const named = ({ page, at }) => at.length || page.words.filter(naming).length;
    shown.sort((a, b) => b.score - a.score || titled(b) - titled(a) || named(b) - named(a));
    if (shown.length && !terms.every((term) => holds(shown[0].page, term))) results = shown = [];
    return { ...ranked, results, shown };
  };

  const find = async (groups, mine) => {
    const ranked = await rank(groups, mine);
    return ranked && show(ranked, mine);
  };

  // Readers write Chinese words without a space between them (端侧部署 for 端侧 + 部署), and a run of the
  // query is searched as a phrase: all its pairs. Where that finds few pages, the run is also searched as two
  // words, without the pair across their join (端侧 部署: the topic writes 端侧与边缘部署); those pages are the
  // phrase's and more, the phrase's first. Each place the join may be is tried, in the first Chinese run of 4
  // to 7 characters only (a longer one is a phrase copied from a page), and the one finding most pages kept.
  const asTwoWords = (groups) => {
    const at = groups.findIndex((g) => IS_HAN.test(g[0]) && g.length >= 3 && g.length <= 6);
    if (at < 0) return [];
    const pairs = groups[at];
    return pairs.slice(1, -1).map((_, i) =>
      [...groups.slice(0, at), pairs.slice(0, i + 1), pairs.slice(i + 2), ...groups.slice(at + 1)]);
  };
  // `found` (a phrase's results, fewer than SHOWN) with the records holding its words apart after its own, each
  // saying so on its row; `found` itself if no split finds more; null once a newer query is on its way. A split
  // is judged by what it shows: a half that is no word (侧大 of 端侧大模型) finds pages through Pagefind's
  // fallback to a shorter word, which the check of the best result then empties.
  const widen = async (found, mine) => {
    let best = found;
    for (const split of asTwoWords(found.groups)) {
      const wider = await rank(split, mine);
      if (!wider) return null;
      if (wider.results.length <= best.results.length) continue;
      const phrase = new Map(found.results.map((r) => [r.result.id, r.score]));
      const top = wider.results.reduce((max, r) => Math.max(max, r.score), 0);
      for (const r of wider.results) {
        if (phrase.has(r.result.id)) r.score = top + phrase.get(r.result.id); // the phrase's first, in its order
        else r.apart = true;
      }
      wider.results.sort((a, b) => b.score - a.score);
      const more = await show(wider, mine);
      if (!more) return null;
      if (more.results.length > best.results.length) best = more;
    }
    return best;
  };

  const search = async () => {
    const query = input.value.trim();
    const mine = ++latest;
    const groups = parse(query);
    let spelled = null; // the query as respelled, when only that finds pages
    let found = { groups, results: [], shown: [], counts: null };
    if (groups.length) {
      found = await find(groups, mine);
      if (found && !found.results.length) {
        // nothing as typed: a glossary name that no page writes out is searched as its abbreviation (they write
        // TTFT, not "time to first token"), another way of writing a term or a factor as the site writes it
        const other = TERMS.get(squash(query)) ?? asWritten(query) ?? asFactor(query);
        if (other) found = await find(parse(other), mine);
      }
      if (found && !found.results.length && (spelled = respelled(query))) {
        found = await find(parse(asWritten(spelled) ?? spelled), mine);
      }
      if (found && found.results.length < SHOWN) found = await widen(found, mine);
    }
    if (!found || mine !== latest) return; // a newer query is on its way
    meta.textContent = query ? count(found.results.length) : words.placeholder;
    // one pass: the query itself may hold "{shown}" or "$&"
    note.textContent = spelled && found.results.length
      ? words.respelled.replace(/\{(typed|shown)\}/g, (_, part) => (part === "typed" ? query : spelled)) : "";
    note.hidden = !note.textContent;
    const other = query && !found.results.length ? otherEdition(query) : null;
    // target="_self" (where a link opens anyway): Material's script takes a click on any link into another
    // language's site to that language's version of this page, dropping ?q=, once it has read that
    // language's sitemap, and it leaves a link with a target alone
    away.innerHTML = other ? `<a href="${escape(searchOf(other, query))}" hreflang="${escape(other)}" target="_self">${escape(
      words.elsewhere.replace(/\{(language|query)\}/g, (_, part) => (part === "query" ? query : words.languages[other])))}</a>` : "";
    away.hidden = !other;
    list.innerHTML = render(found.shown, found.groups) + moreRow(found.results.length - found.shown.length);
    listed = { found, mine };
    watchMore();
    facetBar.innerHTML = found.results.length ? renderFacets(found.counts) : "";
    if (query) { // for tests: the results of this query are on screen
      box.dataset.kbQuery = query;
      box.dataset.kbResults = String(found.results.length);
    }
  };

  // A search asked for in the address (?q=, as another language's panel links here) opens with its results.
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) {
    input.value = asked;
    toggle.checked = true;
    load();
    search();
  }
  input.addEventListener("focus", load, { once: true });
  input.addEventListener("focus", () => { toggle.checked = true; }); // opens the results panel, as Material's does
  // While an input method composes (拼音 letters), wait for the characters it commits.
  input.addEventListener("input", (event) => event.isComposing || search());
  input.addEventListener("compositionend", search);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    list.querySelector("a")?.click();
  });
  form.addEventListener("reset", () => setTimeout(search));
  toggle.addEventListener("change", () => toggle.checked && input.focus());
  document.addEventListener("keydown", (event) => {
    const typing = /input|textarea|select/i.test(document.activeElement?.tagName || "");
    if (toggle.checked && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      // arrows move between the query and the results (Tab reaches them too); Enter opens one
      const links = [...list.querySelectorAll("a.md-search-result__link")];
      const at = links.indexOf(document.activeElement);
      if (at < 0 && document.activeElement !== input) return;
      event.preventDefault();
      const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
      (next < 0 ? input : links[next])?.focus();
    } else if (event.key === "Escape" && toggle.checked) {
      toggle.checked = false;
      input.blur();
    } else if (!typing && (event.key === "/" || event.key === "s" || event.key === "f")) {
      event.preventDefault();
      toggle.checked = true;
      input.focus();
    }
  });
})();
