// The search box's modules, as the tests import them (as-module.mjs), and the knobs the tests rank with.
import { register } from "node:module";

register("./as-module.mjs", import.meta.url);
const module = (name) => import(new URL(`../../overrides/assets/kb-search/${name}.js`, import.meta.url).href);

export const [query, spelling, rank, excerpt, results, search, knobs, settings, pagefind, suggest] = await Promise.all(
  ["query", "spelling", "rank", "excerpt", "results", "search", "knobs", "settings", "pagefind", "suggest"].map(module));

// Knobs of the shape the page carries (kb/search_ranking.py), with values the tests' expectations are worked
// out for: the tests pin what each knob does, not the site's values (tests/test_search_script.py checks those).
export const KNOBS = knobs.readKnobs({
  pagefind: { pageLength: 0.2 },
  adjacency: { weight: 1, slack: 3, slack_weight: 0.5 },
  shown: 10,
  excerpt: { words: 30, before: 8, clause: 6, sections: 3 },
  split: { shortest: 4, longest: 7 },
  respell: { shortest: 4, two_slips: 8 },
  partial: { words: 6, tries: 12 },
  facet_values: 8,
});

// A page as a fragment file holds it (pagefind.js: readFragment): its indexed words, separated by spaces.
export const page = (content, { meta = { title: "A page" }, anchors = [], url = "/a/" } = {}) =>
  pagefind.readFragment(`pagefind_dcd${JSON.stringify({ url, content, meta, anchors })}`, "kb-names");
