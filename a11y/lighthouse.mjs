// Lighthouse on the given pages, mobile and desktop, in one Chromium (the system's: CHROME_PATH).
// Prints one JSON line per run (scores 0-100, CLS, audits below full marks) and writes each full report
// to OUT_DIR. tests/test_accessibility.py runs it for `make a11y`, and judges the scores.
//
//   CHROME_PATH=/usr/bin/chromium node a11y/lighthouse.mjs OUT_DIR URL...
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const [out, ...urls] = process.argv.slice(2);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const presets = { mobile: undefined, desktop: desktopConfig };  // Lighthouse's default is a mid-range phone

fs.mkdirSync(out, { recursive: true });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const url of urls) {
    for (const [preset, config] of Object.entries(presets)) {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories };
      const { lhr, report } = await lighthouse(url, flags, config);
      const name = new URL(url).pathname.replace(/\//g, '_').replace(/^_|_$/g, '') || 'home';
      fs.writeFileSync(`${out}/${name}.${preset}.json`, report);
      const below = Object.fromEntries(categories.map(c => [c, lhr.categories[c].auditRefs
        .map(ref => lhr.audits[ref.id])
        .filter(a => a.score !== null && a.score < 1 && !['manual', 'informative', 'notApplicable'].includes(a.scoreDisplayMode))
        .map(a => a.id)]));
      console.log(JSON.stringify({
        url, preset,
        scores: Object.fromEntries(categories.map(c => [c, Math.round(lhr.categories[c].score * 100)])),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        below,
      }));
    }
  }
} finally {
  await chrome.kill();
}
