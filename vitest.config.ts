import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

// Three projects: the Worker's tests inside workerd against real local D1/KV/R2, pure-rule unit
// tests in Node, and browser journeys (playwright-core + system Chromium against the local server).
export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations')
  return {
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                // Live games (docs/live-scoring.md): a small fan cap to test it, and D1 writes only when a test runs the alarm.
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  PLATFORM_HOSTS: 'localhost,127.0.0.1',
                  LIVE_MAX_FANS: '4',
                  LIVE_FLUSH_MS: '600000',
                  // Organizations made through the API stay on DB unless a test places them
                  // (test/worker/directory.test.ts): existing tests read DB directly.
                  DB_PLACEMENT: 'DB',
                },
                // The routing seam's second database (worker/db/routing.ts) and the directory's third
                // (worker/db/directory.ts); wrangler.toml declares DB_2 and DB_3 too.
                d1Databases: { DB_2: 'courtside-second', DB_3: 'courtside-third' },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts'],
            setupFiles: ['test/worker/apply-migrations.ts'],
          },
        },
        {
          test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
        },
        {
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['test/e2e/global-setup.ts'],
            testTimeout: 120_000,
            hookTimeout: 240_000,
            // Each journey starts its own server on its own port and state folder, so two run at once:
            // most of a journey is waiting on a server or a browser, not computing
            // (docs/decisions/2026-11-29-parallel-journeys.md). E2E_WORKERS=1 runs them one by one.
            maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }
})
