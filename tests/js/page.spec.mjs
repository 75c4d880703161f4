// What the search box reads from the page: its knobs and settings; Pagefind loaded, its runs merged; fragments.
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { test } from "node:test";
import { KNOBS, knobs, pagefind, settings } from "./modules.mjs";

test("the knobs: every one there, a number, none the script does not read", () => {
  assert.deepEqual(knobs.readKnobs(JSON.stringify(KNOBS)), KNOBS);
  const without = structuredClone(KNOBS);
  delete without.excerpt.words;
  assert.throws(() => knobs.readKnobs(without), /excerpt\.words must be a number, not undefined/);
  assert.throws(() => knobs.readKnobs({ ...KNOBS, shown: "10" }), /shown must be a number/);
  assert.throws(() => knobs.readKnobs({ ...KNOBS, adjacency: { ...KNOBS.adjacency, slak: 3 } }), /adjacency has knobs the script does not read: slak/);
  assert.throws(() => knobs.readKnobs({ ...KNOBS, pagefind: { pageLength: "0.2" } }), /pagefind must be an object of numbers/);
  assert.throws(() => knobs.readKnobs(undefined), /carries no data-kb-ranking/);
});

const HOMES = { zh: "", en: "en/" };
const WORDS = { zh: { none: "没有" }, en: { none: "No" } };
const dataset = { kbHomes: JSON.stringify(HOMES), kbWords: JSON.stringify(WORDS), kbRanking: JSON.stringify(KNOBS),
  kbNamesAnchor: "kb-names", kbVocabulary: "search/vocabulary.{lang}.json" };

test("the language searched: the page's, or on the 404 page (any address), the one whose folder the address is in", () => {
  const root = new URL("http://example.org/kb/");
  const zh = settings.settingsOf(dataset, { root, pathname: "/kb/issues/007/", htmlLang: "zh" });
  assert.deepEqual([zh.pageLang, zh.indexLang, zh.stemmed, zh.words], ["zh", "qaa", false, WORDS.zh]);
  assert.equal(zh.vocabulary.href, "http://example.org/kb/search/vocabulary.zh.json");
  assert.deepEqual(zh.knobs, KNOBS);
  const en = settings.settingsOf(dataset, { root, pathname: "/kb/en/no/such/", htmlLang: "zh" }); // the 404 page
  assert.deepEqual([en.pageLang, en.indexLang, en.stemmed, en.words], ["en", "en", true, WORDS.en]);
  const english = settings.settingsOf(dataset, { root, pathname: "/kb/en/", htmlLang: "en-GB" });
  assert.equal(english.pageLang, "en");
});

test("a query in the other edition's script leads to its search", () => {
  const root = new URL("http://example.org/kb/");
  const zh = settings.settingsOf(dataset, { root, pathname: "/kb/", htmlLang: "zh" });
  const en = settings.settingsOf(dataset, { root, pathname: "/kb/en/", htmlLang: "en" });
  assert.equal(settings.otherEdition("量化", en), "zh");
  assert.equal(settings.otherEdition("admission control", zh), "en");
  assert.equal(settings.otherEdition("admission control", en), undefined);
  assert.equal(settings.otherEdition("0.3", zh), undefined); // no script of any edition
  assert.equal(settings.searchOf("en", "a&b c", zh), "/kb/en/?q=a%26b+c");
  assert.equal(settings.searchOf("zh", "量化", en), "/kb/?q=%E9%87%8F%E5%8C%96");
});

test("a fragment read: its words, and where its text ends (the last paragraph of the names anchor)", async () => {
  const record = { url: "/a/", content: "one two three kb four", meta: {},
    anchors: [{ element: "p", id: "kb-names", location: 1 }, { element: "h2", id: "kb-names", location: 2 },
      { element: "p", id: "kb-names", location: 3 }] };
  const text = `pagefind_dcd${JSON.stringify(record)}`;
  const read = pagefind.readFragment(text, "kb-names");
  assert.deepEqual([read.words, read.text], [["one", "two", "three", "kb", "four"], 3]);
  const bytes = (buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  assert.equal(await pagefind.unpack(bytes(gzipSync(text))), text); // as Pagefind writes it
  assert.equal(await pagefind.unpack(bytes(Buffer.from(text))), text); // as a server that unpacked it sends it
});

// A site with a Pagefind that says what it was asked, and what <html lang> was as it started, in a temporary
// folder; fetch answers the index's shards and, with `vocabulary(url)`, the search vocabulary.
const fakeSite = (t, vocabulary) => {
  const site = mkdtempSync(join(tmpdir(), "kb-search-site-"));
  t.after(() => rmSync(site, { recursive: true, force: true }));
  mkdirSync(join(site, "pagefind"));
  writeFileSync(join(site, "package.json"), '{"type": "module"}');
  writeFileSync(join(site, "pagefind", "pagefind.js"), `
    const seen = globalThis.pagefindSeen = { options: [], merged: [] };
    export const options = async (o) => { seen.options.push(o); };
    export const init = async () => { seen.lang = globalThis.page.documentElement.getAttribute("lang"); };
    export const mergeIndex = async (path, o) => { seen.merged.push([path, o]); };`);
  const root = pathToFileURL(`${site}/`);
  const shards = { tag: "t1", hidden: ["stand-in"], runs: { qaa: ["qaa-1", "qaa-2"], en: ["en-1"] },
    preload: { qaa: ["wasm.unknown.pagefind", "pagefind-entry.json?ts=t1"], en: ["wasm.en.pagefind"] } };
  const fetched = [];
  t.mock.method(globalThis, "fetch", async (url, init) => {
    fetched.push([String(url).slice(root.href.length), init?.cache]);
    return String(url).endsWith("kb-shards.json") ? new Response(JSON.stringify(shards)) : vocabulary(url);
  });
  let lang = "zh";
  const head = [];
  const page = globalThis.page = {
    createElement: (tag) => ({ tag }),
    head: { append: (node) => head.push(node) },
    documentElement: { getAttribute: () => lang, setAttribute: (_, value) => { lang = value; } },
  };
  t.after(() => delete globalThis.page);
  const loader = pagefind.createLoader({ root, indexLang: "qaa", vocabulary: new URL("search/vocabulary.zh.json", root),
    ranking: KNOBS.pagefind, namesAnchor: "kb-names", page });
  return { loader, root, fetched, head, lang: () => lang };
};

test("Pagefind loads once, with the index language's runs merged and its files asked for at once", async (t) => {
  const vocabulary = { synonyms: { "推测解码": "投机解码" }, names: ["vLLM"] };
  const { loader, root, fetched, head, lang } = fakeSite(t, async () => new Response(JSON.stringify(vocabulary)));
  const [loaded, again] = await Promise.all([loader.load(), loader.load()]);
  assert.equal(loaded, again);
  const seen = globalThis.pagefindSeen;
  assert.deepEqual(seen.options, [{ baseUrl: root.pathname, ranking: KNOBS.pagefind, metaCacheTag: "t1", noWorker: true }]);
  assert.equal(seen.lang, "qaa"); // Pagefind started with the index's language
  assert.equal(lang(), "zh"); // and the page's is back
  assert.deepEqual(seen.merged.map(([path, options]) => [path, options.metaCacheTag]),
    [[`${root.pathname}pagefind/qaa-1`, "t1"], [`${root.pathname}pagefind/qaa-2`, "t1"]]);
  assert.deepEqual(head.map((link) => [link.rel, link.as, link.crossOrigin, link.href.slice(root.href.length)]),
    [["preload", "fetch", "anonymous", "pagefind/wasm.unknown.pagefind"], ["preload", "fetch", "anonymous", "pagefind/pagefind-entry.json?ts=t1"]]);
  assert.deepEqual([...loaded.hidden], ["stand-in"]);
  assert.deepEqual(loaded.vocabulary.synonyms, [["推测解码", "投机解码"]]);
  assert.deepEqual(fetched, [["search/vocabulary.zh.json", "no-cache"], ["pagefind/kb-shards.json", "no-cache"]]); // revalidated
});

test("without its vocabulary (a preview), a query is searched as typed only", async (t) => {
  for (const missing of [async () => new Response("", { status: 404 }), async () => { throw new TypeError("offline"); },
    async () => new Response("not JSON")]) {
    const { loader } = fakeSite(t, missing);
    const { vocabulary } = await loader.load();
    assert.deepEqual(vocabulary, { terms: new Map(), synonyms: [], names: [], stopWords: new Set(), factor: null, percent: null, topics: [], fold: null });
  }
});
