// What the search box of a page is set to: the language searched, what the panel says, the knobs, where the
// vocabulary is. Read from the box's data attributes (overrides/partials/search.html, kb.search.records.search_box).
import { readKnobs } from "./knobs.js";
import { HAS_HAN } from "./query.js";

const INDEXED_AS = { zh: "qaa" }; // <html lang> -> the code its pages are indexed under (kb.search.text.INDEX_LANGUAGE)

// `dataset`: the box's data attributes; `root`: the site's root (a URL); `pathname`: the page's address;
// `htmlLang`: its <html lang>.
export const settingsOf = (dataset, { root, pathname, htmlLang }) => {
  // The language searched: the one whose folder the address is in (homes), else the page's. They differ only on
  // the 404 page, one page in the default language's frame served for every missing address: under /en/ it
  // searches the English pages.
  const address = decodeURI(pathname).slice(root.pathname.length);
  const homes = JSON.parse(dataset.kbHomes || "{}"); // language -> its home, site-relative
  const pageLang = Object.entries(homes).find(([, home]) => home && address.startsWith(home))?.[0] ||
    (htmlLang || "").split("-")[0].toLowerCase();
  // What the panel says, in the language searched: a page carries its own language's; the 404 page, served at
  // every missing address, each language's.
  const words = JSON.parse(dataset.kbWords || "{}");
  return {
    root,
    homes,
    pageLang,
    indexLang: INDEXED_AS[pageLang] || pageLang,
    stemmed: !INDEXED_AS[pageLang], // Pagefind stems English words, not the "qaa" index
    words: words[pageLang] || Object.values(words)[0],
    knobs: readKnobs(dataset.kbRanking),
    namesAnchor: dataset.kbNamesAnchor,
    // What a query that finds nothing as typed is read by (kb.search.records.search_vocabulary): fetched as the
    // search opens, not carried by every page, as it grows with every name the site writes (measured:
    // bench/README.md, overrides/assets/kb-search/settings.js).
    vocabulary: new URL(dataset.kbVocabulary.replace("{lang}", pageLang), root),
  };
};

// A query that finds nothing here, written in the script of another language's pages (Han: the pages indexed as
// Chinese; Latin only: the others): that language, whose search the panel links to (opened by ?q=); else undefined.
export const otherEdition = (query, { homes, pageLang }) => Object.keys(homes).find((lang) => lang !== pageLang &&
  (HAS_HAN.test(query) ? Boolean(INDEXED_AS[lang]) : !INDEXED_AS[lang] && /\p{Script=Latin}/u.test(query)));

// The address of a search of `query` in the pages of `lang`.
export const searchOf = (lang, query, { homes, root }) => {
  const url = new URL(homes[lang], root);
  url.searchParams.set("q", query);
  return url.pathname + url.search;
};
