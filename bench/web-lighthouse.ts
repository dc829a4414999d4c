/** One Lighthouse performance run, for the first-page benchmark (web.bench.ts). */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Audit {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * One Lighthouse run in a fresh headless Chromium (its own profile: a cold cache). A run whose trace Lighthouse could
 * not read (NO_NAVSTART, now and then on this Chromium) measured nothing: it is run again, at most twice.
 */
export async function lighthouseRun(url: string, attempt = 1): Promise<Audit> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  } finally {
    chrome.kill();
  }
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 3) {
    console.log(`  Lighthouse could not read its trace of ${url} (NO_NAVSTART): that run again`);
    return lighthouseRun(url, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}
