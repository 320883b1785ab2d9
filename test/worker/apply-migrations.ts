import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

// Applied once per test file's storage; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
