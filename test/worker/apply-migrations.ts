import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'

// Applied once per test file's storage; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
// Every database has the same schema (docs/scaling.md "Past one database").
await applyD1Migrations(env.DB_2, env.TEST_MIGRATIONS)
await applyD1Migrations(env.DB_3, env.TEST_MIGRATIONS)
