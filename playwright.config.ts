import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`
/** Each run starts from a fresh, seeded folder; parallel runs on one machine need their own. */
const dataDir = process.env.E2E_DATA_DIR ?? `.e2e-data-${port}`

/**
 * Debian's Chromium; Playwright cannot download its own browsers on these machines. Its headless
 * shell (package chromium-headless-shell, the same engine without the browser's UI layers) is what
 * Playwright itself runs headless tests in, and it is the lighter of the two: 13 journeys took 89 s
 * in it against 124 s in the full browser on a quiet two-core machine (2026-12-02).
 */
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium'

const launchOptions = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port: shards of scripts/e2e.mjs run side by side, and Playwright empties this folder at start.
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  // Journeys wait for the page to hydrate before acting (tests/e2e/support/test.ts): actions made
  // before it were lost now and then on CI's two busy cores (3-4 journeys a run). The retries stay
  // for what a shared machine still does to timing; CI's list reporter names any journey that
  // needed one ("flaky").
  retries: process.env.CI ? 2 : 0,
  // A ceiling for a journey that hangs, not a speed goal: at load 13-17 on two cores (CI beside its
  // PostgreSQL pass, or `npm run busy`), a many-page journey with phone and desktop screenshots took
  // 54-66 s and passed (the admin's order page); the longest journeys set more themselves.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: `playwright-report-${port}` }]],
  use: {
    baseURL,
    // Recording a trace costs every journey its DOM snapshots (13 journeys: 158 s with, 124 s
    // without). On CI a failed journey is retried, and its first retry is recorded.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // The accessibility sweep runs on a server of its own (scripts/e2e.mjs, npm run test:a11y):
      // its signed-in runs add addresses, tickets and basket lines to the demo accounts.
      testIgnore: process.env.E2E_A11Y ? 'fa/**' : ['fa/**', 'a11y.spec.ts'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // The main journeys in Persian (issue #22): the locale cookie a visitor's choice sets.
      name: 'fa',
      testMatch: 'fa/**/*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions,
        locale: 'fa-IR',
        storageState: {
          cookies: [
            {
              name: 'locale',
              value: 'fa',
              domain: '127.0.0.1',
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [],
        },
      },
    },
  ],
  webServer: {
    // The production build on its own port, with a fresh data folder seeded at start.
    command: `rm -rf '${dataDir}' && node scripts/start.mjs`,
    // TRUST_PROXY lets a spec that exhausts rate limits on purpose count them under its own
    // X-Forwarded-For address, so the other specs (all from 127.0.0.1) are not throttled by it.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // The specs read English words; the Persian journeys ask for fa with the locale cookie.
      DEFAULT_LOCALE: 'en',
    },
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
