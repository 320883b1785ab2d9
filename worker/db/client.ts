import type { SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

/**
 * drizzle over a D1 binding or a D1 session (worker/db/sessions.ts): drizzle only calls prepare and
 * batch, which both have. Wrappers (counting in tests, auditing) pass the same shape on.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema })
}

export type Db = ReturnType<typeof createDb>

/** Runs any number of statements as one atomic D1 batch (one round trip); nothing when empty. */
export async function runBatch(db: Db, items: BatchItem<'sqlite'>[]) {
  if (items.length === 0) return []
  return db.batch(items as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
}

/**
 * A raw SQL statement that can sit inside `db.batch`. drizzle's own `db.run(sql)` has no prepared
 * D1 statement to bind parameters to when batched, so give it one.
 */
export function rawStatement(db: Db, query: SQL): BatchItem<'sqlite'> {
  const raw = db.run(query) as unknown as { getQuery(): { sql: string }; stmt?: D1PreparedStatement }
  raw.stmt = db.$client.prepare(raw.getQuery().sql)
  return raw as unknown as BatchItem<'sqlite'>
}
