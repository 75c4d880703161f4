// The tuned values of search: how results rank, how much of a page a row shows, when a query is read another
// way. The page carries them (data-kb-ranking on the search box, written from kb.search.ranking), so they have
// one source, beside the index they were tuned against; the modules take them as parameters.

// What each knob is: a number, or an object of knobs. `pagefind` is Pagefind's own ranking options, passed as is.
const SHAPE = {
  pagefind: "options",
  adjacency: { weight: "number", slack: "number", slack_weight: "number" },
  shown: "number",
  excerpt: { words: "number", before: "number", clause: "number", sections: "number" },
  split: { shortest: "number", longest: "number" },
  respell: { shortest: "number", two_slips: "number" },
  partial: { words: "number", tries: "number" },
  facet_values: "number",
};

const check = (value, shape, path) => {
  if (shape === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${path} must be a number, not ${JSON.stringify(value)}`);
  } else if (shape === "options") {
    if (!value || typeof value !== "object" || Object.values(value).some((v) => typeof v !== "number")) {
      throw new Error(`${path} must be an object of numbers (Pagefind's ranking options), not ${JSON.stringify(value)}`);
    }
  } else {
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(`${path} must be an object of knobs`);
    for (const [name, inner] of Object.entries(shape)) check(value[name], inner, `${path}.${name}`);
    const unknown = Object.keys(value).filter((name) => !(name in shape));
    if (unknown.length) throw new Error(`${path} has knobs the script does not read: ${unknown.join(", ")}`);
  }
};

// The knobs of `json` (the attribute's text, or its value parsed), every one checked: a knob missing or misspelt
// would otherwise rank by NaN without a word.
export const readKnobs = (json) => {
  if (json === undefined || json === null) throw new Error("the search box carries no data-kb-ranking (overrides/partials/search.html)");
  const knobs = typeof json === "string" ? JSON.parse(json) : json;
  check(knobs, SHAPE, "data-kb-ranking (kb.search.ranking)");
  return knobs;
};
