import type { SQL } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

/**
 * drizzle over a D1 binding or a D1 session (worker/middleware/d1-sessions.ts): drizzle only calls prepare and
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

interface PendingBatch {
  items: BatchItem<'sqlite'>[]
  resolve: (results: unknown[]) => void
  reject: (error: unknown) => void
}

/**
 * Runs `work` with a db whose `batch` calls are gathered and sent to D1 as ONE batch (one round
 * trip, docs/reference/performance.md §2), each caller getting its own slice of the results. Lets independent readers
 * that each batch their own statements (standings, the season check, a roster…) share a trip
 * without knowing of each other. Only the batch calls `work` makes before it first waits are
 * merged; later ones go to D1 as usual.
 */
export async function inOneTrip<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const pending: PendingBatch[] = []
  const gathering = Object.create(db) as Db
  gathering.batch = ((items: BatchItem<'sqlite'>[]) =>
    new Promise<unknown[]>((resolve, reject) => pending.push({ items: [...items], resolve, reject }))) as unknown as Db['batch']
  const result = work(gathering)
  // Settled by the caller below; this only keeps an early failure from counting as unhandled.
  result.catch(() => {})
  gathering.batch = ((items: BatchItem<'sqlite'>[]) => runBatch(db, items)) as unknown as Db['batch']
  if (pending.length > 0) {
    try {
      const results = await runBatch(
        db,
        pending.flatMap((p) => p.items),
      )
      let at = 0
      for (const p of pending) {
        p.resolve(results.slice(at, at + p.items.length))
        at += p.items.length
      }
    } catch (error) {
      for (const p of pending) p.reject(error)
    }
  }
  return result
}
