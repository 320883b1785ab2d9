import { Hono } from 'hono'
import { topPlayersBy } from '../db/queries/records'
import { activeSeasonId } from '../db/queries/seasons'
import { mediaUrl } from '../db/queries/shared'
import { standings } from '../db/queries/teams'
import type { AppEnv } from '../env'
import { readerOrgId } from '../middleware/tenant'

const TOP = 20
const BANNER = 3

const playerTotal = (key: string) => (row: Awaited<ReturnType<typeof topPlayersBy>>[number]) => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  image: mediaUrl(row.imageKey),
  [key]: row.total,
})

/**
 * docs/reference/public-site.md §3 Records: top points, top threes, top team wins of the active season, read in one D1
 * round trip after the organization (the active season is a subquery: no season, no rows).
 */
export const recordsRoutes = new Hono<AppEnv>()
  .get('/top20Points', async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), 'PTS', TOP)
    return c.json({ records: rows.map(playerTotal('totalPoints')) })
  })
  .get('/top20Threes', async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), '3PM', TOP)
    return c.json({ records: rows.map(playerTotal('totalThrees')) })
  })
  .get('/top20TeamWins', async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await standings(c.var.db, orgId, activeSeasonId(orgId))
    const records = rows
      .filter((r) => r.wins > 0)
      .sort((a, b) => b.wins - a.wins || a.losses - b.losses || a.name.localeCompare(b.name))
      .slice(0, TOP)
      .map((r) => ({ teamId: r.id, name: r.name, wins: r.wins, losses: r.losses, league: r.leagueName }))
    return c.json({ records })
  })

/**
 * docs/reference/public-site.md §3 Stat leaders: the top 3 in points, threes, rebounds and assists. Decision: season
 * totals, like the Leaderboard, so the two pages always agree.
 */
export const statLeadersRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const orgId = await readerOrgId(c)
  const top = (abbreviation: string) => topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), abbreviation, BANNER)
  const [points, threes, rebounds, assists] = await c.var.db.batch([top('PTS'), top('3PM'), top('REB'), top('AST')])
  return c.json({
    points: points.map(playerTotal('pts')),
    threes: threes.map(playerTotal('three_pm')),
    rebounds: rebounds.map(playerTotal('reb')),
    assists: assists.map(playerTotal('ast')),
  })
})
