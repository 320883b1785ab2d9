import type { Context } from 'hono'
import type { Db } from '../db/client'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { writerOrgId } from '../middleware/tenant'

/**
 * A row of the organization named by its id, or 404 "<what> not found" — another organization's
 * row answers the same (docs/reference/league-admin.md). `of` reads it for an organization already
 * known; `toWrite` for the writer's organization, which it returns with the row.
 */
export function ownedRow<Row>(what: string, get: (db: Db, orgId: number, id: number) => Promise<Row | null | undefined>) {
  const of = async (c: Context<AppEnv>, orgId: number, id: number): Promise<Row> => {
    const row = await get(c.var.db, orgId, id)
    if (!row) throw notFound(what)
    return row
  }
  const toWrite = async (c: Context<AppEnv>, id: number) => {
    const orgId = writerOrgId(c)
    return { orgId, row: await of(c, orgId, id) }
  }
  return { of, toWrite }
}
