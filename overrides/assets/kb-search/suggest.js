// What the panel shows for a query that finds nothing, even respelled, as the site writes its terms and with words
// dropped (search.js): the archive's topics, to go on from, and the page listing them. A string of HTML, every
// value escaped where it lands.
import { escape } from "./excerpt.js";

// `words`: what the panel says (words.suggest, words.topics_link, words.topics_url: kb.search.records.panel_labels);
// `topics`: [title, site-relative URL] of each topic (the search vocabulary's); `root`: the site's root, a URL.
export const suggestions = (words, topics, root) => `<p>${escape(words.suggest)}</p><ul>${topics.map(([title, url]) =>
  `<li><a href="${escape(new URL(url, root).pathname)}">${escape(title)}</a></li>`).join("")}</ul>` +
  `<p><a href="${escape(new URL(words.topics_url, root).pathname)}">${escape(words.topics_link)}</a></p>`;
