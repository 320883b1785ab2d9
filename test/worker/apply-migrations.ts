import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { applyIdRange } from '../../worker/db/id-ranges'

// Applied once per test file's storage; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
// Every database has the same schema (docs/scaling.md "Past one database").
await applyD1Migrations(env.DB_2, env.TEST_MIGRATIONS)
await applyD1Migrations(env.DB_3, env.TEST_MIGRATIONS)
// Each database hands out ids from its own range (worker/db/id-ranges.ts).
await applyIdRange(env.DB_2, 'DB_2')
await applyIdRange(env.DB_3, 'DB_3')
