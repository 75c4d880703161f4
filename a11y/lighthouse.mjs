// Lighthouse on the given pages, mobile and desktop, in one Chromium (the system's: CHROME_PATH).
// Prints one JSON line per page and device (scores 0-100, CLS, audits below full marks, and for mobile every
// run's performance and CPU benchmark) and writes the judged run's full report to OUT_DIR.
// tests/test_accessibility.py runs it for `make a11y`, and judges the scores.
//
//   CHROME_PATH=/usr/bin/chromium node a11y/lighthouse.mjs OUT_DIR RUNS MAX_RUNS URL...
//
// Mobile performance is judged on the median of RUNS runs of each page, as Lighthouse's own guidance on
// variability has it (docs/variability.md), chosen by Lighthouse's computeMedianRun (the run nearest the median
// first paint and time to interactive, not a median of scores). Lighthouse's simulated throttling multiplies the
// main thread's observed task times, so whatever else runs on a shared machine slows a run down as if the page
// did the work. Each run records Lighthouse's CPU benchmark index, taken just before the page loads, and only runs
// at or above Lighthouse's own threshold for a host fast enough to measure on count: a page is run again, in later
// passes, until RUNS of its runs count or it has had MAX_RUNS. A page that never got RUNS is judged on all its runs
// and marked as measured on a slow host. Passes go over every page still open in turn, so a burst of load on the
// machine falls on one run of several pages rather than on every run of one page. A first, unjudged run warms the
// browser up: the first page loaded in a fresh browser paid for its cold start, and in the order the test gives
// it was always the Chinese home page. The other categories do not vary from run to run: desktop runs once.
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as chromeLauncher from 'chrome-launcher';

const [out, runsArg, maxArg, ...urls] = process.argv.slice(2);
const [RUNS, MAX_RUNS] = [Number(runsArg), Number(maxArg)];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
// lighthouse/core/gather/driver/environment.js, SLOW_CPU_BENCHMARK_INDEX_THRESHOLD: below it Lighthouse warns
// that the host's CPU is slower than its throttling assumes
const SLOW_HOST = 1000;

fs.mkdirSync(out, { recursive: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
// a run's result: its report (what Lighthouse's JSON output holds), kept as an object rather than also as text
const run = async (url, config) => (await lighthouse(url, { port: chrome.port, logLevel: 'error',
  onlyCategories: categories }, config)).lhr;
const name = (url) => new URL(url).pathname.replace(/\//g, '_').replace(/^_|_$/g, '') || 'home';

const line = (url, preset, lhr, extra = {}) => {
  fs.writeFileSync(`${out}/${name(url)}.${preset}.json`, JSON.stringify(lhr, null, 2));
  const below = Object.fromEntries(categories.map(c => [c, lhr.categories[c].auditRefs
    .map(ref => lhr.audits[ref.id])
    .filter(a => a.score !== null && a.score < 1 && !['manual', 'informative', 'notApplicable'].includes(a.scoreDisplayMode))
    .map(a => a.id)]));
  console.log(JSON.stringify({
    url, preset,
    scores: Object.fromEntries(categories.map(c => [c, Math.round(lhr.categories[c].score * 100)])),
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    benchmark: lhr.environment.benchmarkIndex,
    below,
    ...extra,
  }));
};

try {
  await run(urls[0]); // warm-up, not judged
  const mobile = Object.fromEntries(urls.map(url => [url, []]));
  const fast = (url) => mobile[url].filter((lhr) => lhr.environment.benchmarkIndex >= SLOW_HOST);
  const open = () => urls.filter((url) => fast(url).length < RUNS && mobile[url].length < MAX_RUNS);
  for (let pass = open(); pass.length; pass = open()) {
    for (const url of pass) mobile[url].push(await run(url));
  }
  for (const url of urls) {
    const all = mobile[url];
    line(url, 'mobile', computeMedianRun(fast(url).length >= RUNS ? fast(url) : all), {
      runs: all.map((lhr) => ({ performance: Math.round(lhr.categories.performance.score * 100),
        tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
        benchmark: Math.round(lhr.environment.benchmarkIndex) })),
      slowHost: fast(url).length < RUNS,
    });
    line(url, 'desktop', await run(url, desktopConfig));
  }
} finally {
  await chrome.kill();
}
