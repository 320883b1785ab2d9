import { Hono } from 'hono'
import { z } from 'zod'
import { type ActiveLeague, activeLeagueList, leagueList, seasonsLeagueList } from '../contract/seasons'
import {
  activeSeasonId,
  listLeagues,
  listSeasonsLeagues,
  seasonLeaguesQuery,
  seasonRows,
  toSeasonLeagues,
} from '../db/queries/seasons'
import type { AppEnv } from '../env'
import { answers } from '../lib/openapi'
import { namesTenant, readerOrgId, writerOrgId } from '../middleware/tenant'

/** The active season's leagues, labelled with the season (the public filters use these). */
async function activeLeagues(db: AppEnv['Variables']['db'], orgId: number): Promise<ActiveLeague[]> {
  const [[season], rows] = await db.batch([seasonRows(db, orgId), seasonLeaguesQuery(db, orgId, activeSeasonId(orgId))])
  if (!season) return []
  return toSeasonLeagues(rows).map((l) => ({ ...l, season: { id: season.id, name: season.name }, season_id: season.id }))
}

/** GET /api/leagues: the dashboard's leagues; with a tenant named (?domain=), the public ones. */
export const leaguesRoutes = new Hono<AppEnv>().get(
  '/',
  answers("The leagues: every one by name, or the active season's for a named organization", {
    200: z.union([activeLeagueList, leagueList]),
  }),
  async (c) => {
    if (namesTenant(c) || !c.var.user) return c.json({ leagues: await activeLeagues(c.var.db, await readerOrgId(c)) })
    return c.json({ leagues: await listLeagues(c.var.db, writerOrgId(c)) })
  },
)

/** GET /api/leaguesv2: the active season's leagues of the named organization. */
export const leaguesV2 = new Hono<AppEnv>().get(
  '/',
  answers("The active season's leagues", { 200: activeLeagueList }),
  async (c) => c.json({ leagues: await activeLeagues(c.var.db, await readerOrgId(c)) }),
)

/** GET /api/seasonsleagues: every season↔league link of the organization. */
export const seasonsLeaguesRoutes = new Hono<AppEnv>().get(
  '/',
  answers('Every season↔league link', { 200: seasonsLeagueList }),
  async (c) => c.json({ seasonsLeagues: await listSeasonsLeagues(c.var.db, writerOrgId(c)) }),
)
