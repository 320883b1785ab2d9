// What the settings tables (stats, game periods, player attributes: docs/reference/league-admin.md) are read and
// written by alike: by id within a scope, ids in parts, and a new order applied in one batch.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { type Db, runBatch } from '../client'
import { inScope, type OrgScope } from '../scope'
import { chunks } from './organizations'
import type { ScopedTable } from './shared'

export interface OrderChange {
  id: number
  order: number
}

/**
 * The rows with these ids that are in the scope, read as `read` selects them (`where` the condition given). D1
 * binds at most 100 parameters per statement, so the ids go in parts of 90.
 */
export async function rowsByIds<Row>(
  db: Db,
  table: ScopedTable,
  scope: OrgScope,
  ids: number[],
  read: (where: ReturnType<typeof and>) => BatchItem<'sqlite'>,
): Promise<Row[]> {
  if (ids.length === 0) return []
  const reads = chunks(ids, 90).map((part) => read(and(inArray(table.id, part), inScope(table.organizationId, scope))))
  return (await runBatch(db, reads)).flat() as Row[]
}

/** Applies every order (`update` writes one) in one batch, then answers what `list` reads. */
export async function applyOrder<Row>(
  db: Db,
  changes: OrderChange[],
  update: (change: OrderChange) => BatchItem<'sqlite'>,
  list: BatchItem<'sqlite'>,
): Promise<Row[]> {
  const results = await runBatch(db, [...changes.map(update), list])
  return results.at(-1) as Row[]
}

/**
 * Reset to Default's deletes: the organization's rows with these ids, in parts, each only if `used` is still false
 * when the batch runs (a value recorded meanwhile keeps its row).
 */
export const deleteUnused = (db: Db, table: SQLiteTable & ScopedTable, orgId: number, ids: number[], used: SQL) =>
  chunks(ids, 90).map((part) =>
    db.delete(table).where(and(inArray(table.id, part), eq(table.organizationId, orgId), sql`not ${used}`)),
  )
