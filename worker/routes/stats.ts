import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { oneStat, orderList, statList, statsOrder, statVisibility } from '../contract/stats'
import type { Db } from '../db/client'
import type { OrderChange } from '../db/queries/settings-rows'
import { getSport, listStats, reorderStats, resetStats, setStatVisibility, statJson, statsByIds } from '../db/queries/stats'
import { organizations, sports } from '../db/schema'
import type { OrgScope } from '../db/scope'
import { at } from '../domain/at'
import { SOURCE_LANGUAGE } from '../domain/i18n'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { defaultsInLanguage } from '../lib/i18n'
import { answers } from '../lib/openapi'
import { id, idParam, validate } from '../lib/validate'
import { actingOrganization, readerOrgId, rowScope } from '../middleware/tenant'

// Helpers shared by the league-settings routes (stats, game periods, player attributes, businesses).

/**
 * Reorder lists (docs/reference/league-admin.md drag-sortable screens): every id must be found in one organization — a
 * super admin's list cannot straddle two — else 404 and nothing changes.
 */
export function oneOrganization(rows: { organizationId: number }[], expected: number, what: string): number {
  if (rows.length !== expected || new Set(rows.map((r) => r.organizationId)).size !== 1) throw notFound(what)
  return at(rows, 0).organizationId
}

/**
 * A settings list's reorder: the rows of the ids sent, in one organization (oneOrganization), and that
 * organization's write of their new positions, which answers the reordered list.
 */
export async function reorderInOneOrganization<Row extends { organizationId: number }, Out>(
  c: Context<AppEnv>,
  changes: OrderChange[],
  what: string,
  byIds: (db: Db, scope: OrgScope, ids: number[]) => Promise<Row[]>,
  reorder: (orgId: number, found: Row[]) => Promise<Out>,
): Promise<Out> {
  const found = await byIds(
    c.var.db,
    rowScope(c),
    changes.map((change) => change.id),
  )
  return reorder(oneOrganization(found, changes.length, what), found)
}

/** The sports of a sport's settings rows (the lists a reorder answers). */
export const sportIdsOf = (rows: { sportId: number }[]) => [...new Set(rows.map((r) => r.sportId))]

/** A sport, or 404 "Sport not found". */
/**
 * A sport and the organization's default names in its language, read in one round trip (a reset
 * costs what it cost before the names followed the language; docs/reference/performance.md §2).
 */
export async function sportAndDefaults(c: Context<AppEnv>, orgId: number, sportId: number) {
  const db = c.var.db
  const [[org], [sport]] = await db.batch([
    db.select({ language: organizations.language }).from(organizations).where(eq(organizations.id, orgId)).limit(1),
    db.select().from(sports).where(eq(sports.id, sportId)).limit(1),
  ])
  if (!sport) throw notFound('Sport')
  return { sport, defaults: await defaultsInLanguage(c, org?.language ?? SOURCE_LANGUAGE) }
}

export async function sportOf(c: Context<AppEnv>, sportId: number) {
  const sport = await getSport(c.var.db, sportId)
  if (!sport) throw notFound('Sport')
  return sport
}

// The reorder list is the API's (worker/contract/stats.ts); the other settings lists take it too.
export { orderList }

export const sportParam = z.object({ sportId: id })

const visibleOnlyQuery = z.object({
  visibleOnly: z
    .enum(['true', 'false', '1', '0', ''], 'visibleOnly must be true or false')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
})

// Roles: staff and organization owners manage their organization's stats alike (docs/reference/league-admin.md §6 names none apart).
export const statsV2 = new Hono<AppEnv>()
  // Public too (stat columns of the public pages); the admin screen reads its own organization.
  .get(
    '/:sportId{[0-9]+}',
    answers("A sport's stats, in order", { 200: statList }),
    validate('param', sportParam),
    validate('query', visibleOnlyQuery),
    async (c) => {
      const orgId = await readerOrgId(c)
      const stats = await listStats(c.var.db, orgId, c.req.valid('param').sportId, c.req.valid('query').visibleOnly)
      if (!stats) throw notFound('Sport')
      return c.json({ stats: stats.map(statJson) })
    },
  )
  .put('/reorder', answers('Reorder stats', { 200: statList }), validate('json', statsOrder), async (c) => {
    const { stats: changes } = c.req.valid('json')
    const stats = await reorderInOneOrganization(c, changes, 'Stat', statsByIds, (orgId, found) =>
      reorderStats(c.var.db, orgId, changes, sportIdsOf(found)),
    )
    return c.json({ stats: stats.map(statJson) })
  })
  .put(
    '/:id{[0-9]+}/toggle-visibility',
    answers('Show or hide a stat', { 200: oneStat }),
    validate('param', idParam),
    validate('json', statVisibility),
    async (c) => {
      const stat = await setStatVisibility(c.var.db, rowScope(c), c.req.valid('param').id, !c.req.valid('json').hidden)
      if (!stat) throw notFound('Stat')
      return c.json({ stat: statJson(stat) })
    },
  )
  .post(
    '/reset/:sportId{[0-9]+}',
    answers("Reset a sport's stats to the defaults", { 200: statList }),
    validate('param', sportParam),
    async (c) => {
      const orgId = await actingOrganization(c)
      // The defaults in the organization's language (docs/decisions/2026-11-28-default-names-language.md).
      const { sport, defaults } = await sportAndDefaults(c, orgId, c.req.valid('param').sportId)
      const stats = await resetStats(c.var.db, orgId, sport, defaults)
      return c.json({ stats: stats.map(statJson) })
    },
  )
