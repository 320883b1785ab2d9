import { Hono } from 'hono'
import { z } from 'zod'
import { getSport, listStats, reorderStats, resetStats, setStatVisibility, statJson, statsByIds } from '../db/queries/stats'
import { at } from '../domain/at'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
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

export const orderList = z
  .array(
    z.object({
      id: z.coerce.number('Each entry needs an id').int().positive().max(Number.MAX_SAFE_INTEGER),
      order: z.coerce.number('Each entry needs an order').int('Order must be a whole number').min(0).max(1_000_000),
    }),
    'Expected a list of { id, order }',
  )
  .min(1, 'Nothing to reorder')
  .max(500, 'At most 500 at a time')
  .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Each id may appear only once')

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
  .get('/:sportId{[0-9]+}', validate('param', sportParam), validate('query', visibleOnlyQuery), async (c) => {
    const orgId = await readerOrgId(c)
    const stats = await listStats(c.var.db, orgId, c.req.valid('param').sportId, c.req.valid('query').visibleOnly)
    if (!stats) throw notFound('Sport')
    return c.json({ stats: stats.map(statJson) })
  })
  .put('/reorder', validate('json', z.object({ stats: orderList })), async (c) => {
    const { stats: changes } = c.req.valid('json')
    const found = await statsByIds(
      c.var.db,
      rowScope(c),
      changes.map((s) => s.id),
    )
    const orgId = oneOrganization(found, changes.length, 'Stat')
    const stats = await reorderStats(c.var.db, orgId, changes, [...new Set(found.map((s) => s.sportId))])
    return c.json({ stats: stats.map(statJson) })
  })
  .put(
    '/:id{[0-9]+}/toggle-visibility',
    validate('param', idParam),
    validate('json', z.object({ hidden: z.boolean('hidden must be true or false') })),
    async (c) => {
      const stat = await setStatVisibility(c.var.db, rowScope(c), c.req.valid('param').id, !c.req.valid('json').hidden)
      if (!stat) throw notFound('Stat')
      return c.json({ stat: statJson(stat) })
    },
  )
  .post('/reset/:sportId{[0-9]+}', validate('param', sportParam), async (c) => {
    const orgId = await actingOrganization(c)
    const sport = await getSport(c.var.db, c.req.valid('param').sportId)
    if (!sport) throw notFound('Sport')
    const stats = await resetStats(c.var.db, orgId, sport)
    return c.json({ stats: stats.map(statJson) })
  })
