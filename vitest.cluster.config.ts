import { defineConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * `npm run test:cluster`: the two-instance test (tests/cluster), which starts production servers,
 * nginx and an S3 server of its own. Not part of `npm test`: it needs a PostgreSQL server
 * (TEST_DATABASE_URL), nginx and the production build, and CI runs it after the build.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    ...base.test,
    include: ['tests/cluster/**/*.test.ts'],
    // The cluster test makes its own databases; no migrated template.
    globalSetup: [],
    exclude: ['node_modules/**'],
    testTimeout: 120_000,
  },
})
