import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    alias: {
      // The marker import is replaced by the Start build; outside it, it is an empty module.
      '@tanstack/react-start/server-only': fileURLToPath(
        new URL('./tests/support/empty-module.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'tests/cluster/**', 'node_modules/**'],
    environment: 'node',
    // One migrated database per run, copied by every test file (tests/support/database-template.ts).
    globalSetup: ['tests/support/database-template.ts'],
    // A ceiling for a test that hangs, not a speed goal: on a two-core machine at load 12-17 (CI
    // beside its PostgreSQL pass, or `npm run busy`), the heaviest tests (the authorisation matrix's
    // static walk of every endpoint, a payment that waits for its expiry job) took 20-22 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The suites assert English words; Persian is asserted where a test sets fa (lib/i18n).
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEFAULT_LOCALE: 'en' },
  },
})
