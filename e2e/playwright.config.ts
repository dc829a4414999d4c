import { defineConfig } from '@playwright/test';

const appPort = Number(process.env.E2E_PORT ?? 3310);
const mailPort = appPort + 1;

export default defineConfig({
  testDir: 'tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: the app, its database and one browser at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx tsx support/stack.ts`,
    url: `http://127.0.0.1:${appPort}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(appPort), E2E_MAIL_PORT: String(mailPort) },
    // SIGTERM rather than the default SIGKILL: the stack stops the app, which stops its embedded database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});

export const MAIL_API = `http://127.0.0.1:${mailPort}`;
