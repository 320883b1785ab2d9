import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { newPeriod, onePeriod, periodList, userIdField } from '../contract/settings'
import {
  createGamePeriod,
  findPeriodByName,
  gamePeriodsByIds,
  listGamePeriods,
  periodJson,
  reorderGamePeriods,
  resetGamePeriods,
  setPeriodHidden,
} from '../db/queries/game-periods'
import { getUser } from '../db/queries/users'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { idParam, validate } from '../lib/validate'
import { actingOrganization, requireUser, rowScope, userScope } from '../middleware/tenant'
import { orderList, reorderInOneOrganization, sportAndDefaults, sportIdsOf, sportOf, sportParam } from './stats'

const periodOrder = z.object({ gamePeriods: orderList })

/**
 * docs/reference/league-admin.md Game Periods: a `userId` lets the screen act for another user, i.e. on that user's
 * organization — one of the caller's own users, or anyone's for a super admin. Anyone else's is 404.
 */
async function periodsOrganization(c: Context<AppEnv>, userId: number | undefined): Promise<number> {
  requireUser(c)
  if (!userId) return actingOrganization(c)
  const target = await getUser(c.var.db, userScope(c), userId)
  if (!target) throw notFound('User')
  return target.organizationId
}

async function hideOrShow(c: Context<AppEnv>, hidden: boolean) {
  const period = await setPeriodHidden(c.var.db, rowScope(c), Number(c.req.param('id')), hidden)
  if (!period) throw notFound('Game period')
  return c.json({ period: periodJson(period) })
}

// Roles: staff and organization owners manage their organization's game periods alike (docs/reference/league-admin.md §6).
export const gamePeriodsRoutes = new Hono<AppEnv>()
  .get(
    '/:sportId{[0-9]+}',
    answers("A sport's game periods, in the screen's order", { 200: periodList }),
    validate('param', sportParam),
    validate('query', z.object({ userId: userIdField })),
    async (c) => {
      const orgId = await periodsOrganization(c, c.req.valid('query').userId)
      const periods = await listGamePeriods(c.var.db, orgId, c.req.valid('param').sportId)
      if (!periods) throw notFound('Sport')
      return c.json({ periods: periods.map(periodJson) })
    },
  )
  .put('/hide/:id{[0-9]+}', answers('Hide a game period', { 200: onePeriod }), validate('param', idParam), (c) =>
    hideOrShow(c, true),
  )
  .put('/unhide/:id{[0-9]+}', answers('Show a hidden game period', { 200: onePeriod }), validate('param', idParam), (c) =>
    hideOrShow(c, false),
  )
  .post('/', answers('Add a game period', { 201: onePeriod }), validate('json', newPeriod), async (c) => {
    const input = c.req.valid('json')
    const orgId = await periodsOrganization(c, input.userId)
    await sportOf(c, input.sportId)
    if (await findPeriodByName(c.var.db, orgId, input.sportId, input.name)) {
      throw new ApiError(409, 'A game period with this name already exists', { name: 'Already exists' })
    }
    const period = await createGamePeriod(c.var.db, orgId, input.sportId, input.name)
    return c.json({ period: periodJson(period) }, 201)
  })
  .put('/reorder', answers('Reorder game periods', { 200: periodList }), validate('json', periodOrder), async (c) => {
    const { gamePeriods: changes } = c.req.valid('json')
    const periods = await reorderInOneOrganization(c, changes, 'Game period', gamePeriodsByIds, (orgId, found) =>
      reorderGamePeriods(c.var.db, orgId, changes, sportIdsOf(found)),
    )
    return c.json({ periods: periods.map(periodJson) })
  })
  .post(
    '/reset/:sportId{[0-9]+}',
    answers("Reset a sport's game periods to the defaults", { 200: periodList }),
    validate('param', sportParam),
    validate('json', z.object({ userId: userIdField })),
    async (c) => {
      const orgId = await periodsOrganization(c, c.req.valid('json').userId)
      // The defaults in the organization's language (docs/decisions/2026-11-28-default-names-language.md).
      const { sport, defaults } = await sportAndDefaults(c, orgId, c.req.valid('param').sportId)
      const periods = await resetGamePeriods(c.var.db, orgId, sport, defaults)
      return c.json({ periods: periods.map(periodJson) })
    },
  )
