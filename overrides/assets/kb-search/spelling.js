// A query that finds nothing, even as the site writes its terms, is searched again with each word that is one
// letter off a word of a name the site writes (kb.search.records.spelling_words) read as that word: lama.cpp as
// llama.cpp, 深度求素 as 深度求索; one more letter off in a Latin word of `respell.two_slips` letters or more.
// Only where exactly one word is closest, and never a word with a digit (0.3x is not 0.33: the vocabulary's
// names have none) or a short one (under `respell.shortest`), where one letter makes another word (控制器 is no
// misspelt 控制面, nor VLM of vLLM).
import { HAN, IS_HAN } from "./query.js";

// Letters changed, added, left out or swapped with their neighbour (optimal string alignment) between the
// arrays of letters `a` and `b`, or more than `most` as soon as every way exceeds it.
export const distance = (a, b, most) => {
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

// Words a reader set apart that a name writes as one (SG Lang: SGLang, llama cpp: llama.cpp), read as the name;
// null where none is.
export const joined = (query, names) => {
  const parts = query.normalize("NFKC").split(/(\s+)/u); // words, with the spaces between them
  let changed = false;
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const [a, b] = [parts[i].toLowerCase(), parts[i + 2].toLowerCase()];
    const name = /\p{Script=Latin}/u.test(a + b) && names.find((n) => [a + b, `${a}.${b}`, `${a}-${b}`].includes(n.toLowerCase()));
    if (name) {
      parts.splice(i, 3, name);
      changed = true;
    }
  }
  return changed ? parts.join("") : null;
};

// The query `typed` with its words set apart joined and its misspelt words respelled, by the vocabulary's
// `names`; null where no word is.
export const respelled = (typed, names, respell) => {
  const spellable = new RegExp(`^(?:[${HAN}]{${respell.shortest},}|[\\p{Script=Latin}._-]{${respell.shortest},})$`, "u");
  const slips = (word) => (IS_HAN.test(word) || [...word].length < respell.two_slips ? 1 : 2);
  const merged = joined(typed, names);
  const query = merged ?? typed;
  let changed = merged !== null;
  const text = query.normalize("NFKC").split(new RegExp(`(\\s+|[${HAN}]+)`, "u")).map((word) => {
    const typed = [...word.toLowerCase()];
    if (!spellable.test(word) || names.some((name) => name.toLowerCase() === word.toLowerCase())) return word;
    const most = slips(word);
    const near = names.map((name) => [name, distance(typed, [...name.toLowerCase()], most)])
      .filter(([name, d]) => d <= most && IS_HAN.test(name) === IS_HAN.test(word));
    const least = Math.min(...near.map(([, d]) => d));
    const closest = [...new Set(near.filter(([, d]) => d === least).map(([name]) => name.toLowerCase()))];
    if (closest.length !== 1) return word;
    changed = true;
    return near.find(([name]) => name.toLowerCase() === closest[0])[0];
  }).join("");
  return changed ? text : null;
};
