// Runs the browser journeys when a Chromium is found; with REQUIRE_BROWSER=1 a missing browser fails the run.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let browser = candidates.find((p) => existsSync(p));
if (!browser) {
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) browser = own;
  } catch {
    /* no bundled browser */
  }
}
if (!browser) {
  const message = 'No Chromium found (set CHROMIUM_PATH, or apt-get install chromium).';
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`${message} REQUIRE_BROWSER=1, so this is a failure.`);
    process.exit(1);
  }
  console.log(`${message} Browser journeys skipped.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
process.exit(result.status ?? 1);
