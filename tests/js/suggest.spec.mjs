import assert from "node:assert/strict";
import { test } from "node:test";
import { suggest } from "./modules.mjs";

test("a query that finds nothing leads to the archive's topics and the page listing them, every value escaped", () => {
  const words = { suggest: "Nothing found. Try a topic:", topics_link: "topics", topics_url: "en/topics/" };
  const html = suggest.suggestions(words, [["KV <cache>", "en/topics/kv/"], ["Routing", "en/topics/routing/"]],
    new URL("http://example.org/kb/"));
  assert.match(html, /^<p>Nothing found\. Try a topic:<\/p><ul><li><a href="\/kb\/en\/topics\/kv\/">KV &lt;cache&gt;<\/a><\/li>/);
  assert.match(html, /<li><a href="\/kb\/en\/topics\/routing\/">Routing<\/a><\/li><\/ul>/);
  assert.match(html, /<p><a href="\/kb\/en\/topics\/">topics<\/a><\/p>$/);
});
