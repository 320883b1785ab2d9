import type { BatchItem } from 'drizzle-orm/batch'
import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema })
}

export type Db = ReturnType<typeof createDb>

/** Runs any number of statements as one atomic D1 batch (one round trip); nothing when empty. */
export async function runBatch(db: Db, items: BatchItem<'sqlite'>[]) {
  if (items.length === 0) return []
  return db.batch(items as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
}
