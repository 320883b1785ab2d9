import type { Context } from 'hono'
import type { Db } from '../db/client'
import { expectVersion, type VersionedTable } from '../db/guards'
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

/**
 * An owned row that an edit names by version (docs/api-concurrency.md): `expect` makes the request's
 * next write go through only while the row still has the version the client read (a 409 with the
 * `current` copy else); `toEdit` is `toWrite` with that check.
 */
export function versionedRow<Row extends { id: number }>(
  what: string,
  get: (db: Db, orgId: number, id: number) => Promise<Row | null | undefined>,
  table: VersionedTable,
  current: (db: Db, orgId: number, id: number) => Promise<unknown>,
) {
  const row = ownedRow(what, get)
  const expect = (c: Context<AppEnv>, orgId: number, id: number, version: number | null | undefined) =>
    expectVersion(c.var, { table, orgId, id, version }, () => current(c.var.db, orgId, id))
  const toEdit = async (c: Context<AppEnv>, id: number, version: number | null | undefined) => {
    const found = await row.toWrite(c, id)
    expect(c, found.orgId, found.row.id, version)
    return found
  }
  return { ...row, expect, toEdit }
}
