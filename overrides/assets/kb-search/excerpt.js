// A page's indexed words back to text: excerpts around a query's matches, and whether the page holds a term.
import { HAN, IS_HAN } from "./query.js";
import { densest, span } from "./rank.js";

export const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

const PAIR = new RegExp(`^[${HAN}]{1,2}$`, "u"); // an indexed Chinese word
// glued to a Chinese character before them, and after them (the dash and ellipsis of Chinese text: ——, ……)
const OPENS = /^[，。、；：！？）」』》〉】,;:!?)\]"'—…]/u;
const CLOSES = /[，。、；：！？（「『《〈【,;:!?(\["'—…]$/u;
const CJK_OPENS = /^[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u; // no space around CJK punctuation
const CJK_CLOSES = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]$/u;

// Indexed words back to HTML: a pair stands for its first character (the last of a run is alone), Chinese is
// written without spaces, nor around punctuation; `marked` words (by their index) are wrapped in <mark> (a
// marked pair marks both its characters). Every word escaped.
export const text = (words, marked = () => false) => {
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

// Pagefind falls back to the longest indexed word that begins a query word it cannot find ("qzxv" -> "q",
// "0.3x" -> "0"): a term the best result does not hold was not found at all. `stemmed`: whether Pagefind stems
// the language searched (English, not the "qaa" index).
export const holds = (page, term, stemmed) => {
  // its meta but its kind (kb.search.records.KINDS: "item" is no word of the page)
  page.plain ??= text(page.words).replace(/<\/?mark>/g, "") + " " +
    Object.entries(page.meta || {}).filter(([name]) => name !== "kind").map(([, value]) => value).join(" ");
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

// Whether `page` holds every word of the query `groups` within `width` words (what one excerpt shows), among the
// matched positions `at`: a word's Chinese pairs or Latin term begin an indexed word there (English stemmed: the
// term's stem-long start).
export const together = (page, at, groups, width, stemmed) => {
  const begins = (word, term) => {
    const w = word.toLowerCase().replace(/[^\p{L}\p{N}._×]/gu, "");
    return w.startsWith(stemmed && /^\p{L}+$/u.test(term) ? term.slice(0, Math.max(3, term.length - 4)) : term);
  };
  const found = at.filter((p) => p < page.text)
    .map((p) => [p, groups.filter((group) => group.some((term) => begins(page.words[p] || "", term)))]);
  return found.some(([from]) => groups.every((group) =>
    found.some(([p, held]) => p >= from && p < from + width && held.includes(group))));
};

// A word that ends a clause or sentence: an excerpt starts after one where one is near.
const CLAUSE_END = /[。，、；：！？.,;:!?]$/u;

// An excerpt of `knobs.words` words (a Chinese character is a word) of `page` between the words `from` and `to`,
// around the closest of the matched positions `at` of the query `groups`, starting `knobs.before` words before
// them, or after the end of a clause up to `knobs.clause` words before that. `page.text`: where the page's text
// ends (the aliases it is found by follow: searched, never shown).
export const excerpt = (page, at, groups, knobs, from = 0, to = page.text) => {
  const mine = at.filter((p) => p >= from && p < to);
  let centre = densest(mine, span(groups))[1];
  if (!mine.length) { // matched in the meta only (a version alias): show where the version stands
    const latin = groups.flat().filter((t) => !IS_HAN.test(t));
    const i = page.words.findIndex((w, i) => i >= from && i < to && latin.some((t) => w.toLowerCase().includes(t)));
    if (i >= 0) { centre = i; mine.push(i); }
  }
  let start = Math.max(from, Math.min(centre - knobs.before, to - knobs.words));
  for (let i = start; i > Math.max(from, start - knobs.clause); i--) {
    if (CLAUSE_END.test(page.words[i - 1])) { start = i; break; } // 值得一提的是, not 得一提的是
  }
  if (start < to - 1 && CJK_OPENS.test(page.words[start])) start++; // nor a stray "："
  const end = Math.min(to, start + knobs.words);
  const set = new Set(mine);
  return text(page.words.slice(start, end), (i) => set.has(start + i));
};
