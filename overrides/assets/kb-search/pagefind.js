// Pagefind, loaded as the search opens, with the index of the language searched, and the pages of results.
//
// Each language is indexed in runs of bounded size (kb/search/index.py); the first is the bundle at pagefind/,
// the others are merged into it, and Pagefind searches them all and sorts by score. Nothing here runs before
// `load` is called: the module touches no page as it is imported.
import { vocabularyOf } from "./query.js";

// Pagefind 1.5 searches in a web worker by default: more script to fetch than the search takes on this thread
// (measured: bench/README.md, overrides/assets/kb-search/pagefind.js)
const NO_WORKER = true;

// A result's page (url, content, meta, anchors) from the text of its fragment file: `words`, its indexed words,
// and `text`, where its text ends: where the record's aliases start (kb.search.records.NAMES_ANCHOR, the id
// `namesAnchor`: the last element of its record, a paragraph; a heading of the page slugified alike is not it),
// searched, never shown as its text.
export const readFragment = (text, namesAnchor) => {
  const page = JSON.parse(text.slice(text.indexOf("{")));
  page.words = page.content.split(" ");
  page.text = (page.anchors || []).findLast((a) => a.id === namesAnchor && a.element === "p")?.location ?? page.words.length;
  return page;
};

// The text of a fragment file's bytes: gzip, unless a server already unpacked it; then "pagefind_dcd" and JSON.
export const unpack = (bytes) => {
  const plain = new Uint8Array(bytes, 0, 2).join() !== "31,139";
  return new Response(plain ? bytes : new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
};

// `load()`: once, Pagefind with the index of `indexLang` (its runs merged), the records never shown (`hidden`)
// and the language's search vocabulary (at `vocabulary`), as { pagefind, hidden, vocabulary }. `fragment(id)`:
// a result's page, fetched once. `root`: the site's root (a URL); `ranking`: Pagefind's ranking options;
// `page`: the document, whose head takes the preloads and whose <html lang> Pagefind reads as it starts.
export const createLoader = ({ root, indexLang, vocabulary, ranking, namesAnchor, page }) => {
  let loading = null;
  const load = () => {
    loading ??= Promise.all([
      import(new URL("pagefind/pagefind.js", root).href),
      // revalidated, as a new build may change it; without it (a preview) a query is searched only as typed
      fetch(vocabulary, { cache: "no-cache" })
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}))
        .then(vocabularyOf),
      // revalidated: it names the index's files, which a new build renames
      fetch(new URL("pagefind/kb-shards.json", root), { cache: "no-cache" }).then((response) => response.json())
        .then((shards) => {
          // every file Pagefind needs before it can search, asked for at once (it would fetch them one after
          // another); Pagefind's own requests for them are then served by these
          for (const file of shards.preload[indexLang] || []) {
            const link = Object.assign(page.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous" });
            link.href = new URL(`pagefind/${file}`, root).href;
            page.head.append(link);
          }
          return shards;
        }),
    ]).then(async ([module, words, shards]) => {
      const options = { baseUrl: root.pathname, ranking, metaCacheTag: shards.tag };
      await module.options({ ...options, noWorker: NO_WORKER });
      // Pagefind takes its index, and whether to segment queries, from <html lang> when it starts
      // (synchronously, inside init), and has no option for it: show it the indexing code.
      const html = page.documentElement;
      const lang = html.getAttribute("lang");
      html.setAttribute("lang", indexLang);
      try {
        module.init();
      } finally {
        html.setAttribute("lang", lang);
      }
      const folders = shards.runs[indexLang] || [];
      await Promise.all(folders.map((folder) => module.mergeIndex(new URL(`pagefind/${folder}`, root).pathname, options)));
      // each run's stand-in for the words it lacks (kb/search/bundle.py: STAND_IN)
      return { pagefind: module, hidden: new Set(shards.hidden), vocabulary: words };
    });
    return loading;
  };

  // Read here rather than with result.data(): Pagefind would build an excerpt for every heading holding a match,
  // each one re-splitting the whole page: slowest on the longest pages, the watch list (measured: bench/README.md,
  // overrides/assets/kb-search/pagefind.js).
  const fragments = new Map();
  const fragment = (id) => {
    if (!fragments.has(id)) {
      fragments.set(id, fetch(new URL(`pagefind/fragment/${id}.pf_fragment`, root))
        .then((response) => response.arrayBuffer())
        .then(unpack)
        .then((text) => readFragment(text, namesAnchor)));
    }
    return fragments.get(id);
  };
  return { load, fragment };
};
