// A load hook for the tests: the search box's files (overrides/assets/kb-search/) are ES modules in a folder
// with no package.json (it would be published with the theme), which Node before 20.19 reads as CommonJS.
// The claims ledger's script (overrides/assets/kb-claims.js) is a module too.
const FOLDER = new URL("../../overrides/assets/kb-search/", import.meta.url).href;
const CLAIMS = new URL("../../overrides/assets/kb-claims.js", import.meta.url).href;

export async function load(url, context, nextLoad) {
  return url.startsWith(FOLDER) || url === CLAIMS
    ? { ...(await nextLoad(url, { ...context, format: "module" })), format: "module" } : nextLoad(url, context);
}
