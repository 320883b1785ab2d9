import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  filteredRecordBook,
  oneRecordSettings,
  pointsBoard,
  type RecordSettings,
  recordSettingsBody,
  statLeaders,
  teamHistory,
  teamWinsBoard,
  threesBoard,
} from '../contract/records'
import type { Db } from '../db/client'
import { expectVersion } from '../db/guards'
import { readRecordBook, recordBookStatements } from '../db/queries/record-book'
import { topPlayersBy } from '../db/queries/records'
import { activeSeasonId } from '../db/queries/seasons'
import { mediaUrl } from '../db/queries/shared'
import { readTeamHistory, teamHistoryStatements } from '../db/queries/team-history'
import { standings } from '../db/queries/teams'
import { organizations } from '../db/schema'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { idParam, validate } from '../lib/validate'
import { publicHiddenName } from '../members/privacy'
import { readerOrgId, requireUser, writerOrgId } from '../middleware/tenant'

const TOP = 20
const BANNER = 3

const optionalId = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null
      const n = Number(v)
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: `${what} must be a positive whole number` })
        return z.NEVER
      }
      return n
    })

const bookQuery = z.object({
  stat: optionalId('stat'),
  leagueId: optionalId('leagueId'),
  from: optionalId('from'),
  to: optionalId('to'),
})

const teamParam = z.object({ teamId: idParam.shape.id })

async function recordSettings(db: Db, orgId: number): Promise<RecordSettings> {
  const [row] = await db
    .select({
      minGames: organizations.recordMinGames,
      minAttempts: organizations.recordMinAttempts,
      version: organizations.version,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
  if (!row) throw notFound('Organization')
  return row
}

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
  .get('/top20Points', answers("The active season's top 20 in points", { 200: pointsBoard }), async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), 'PTS', TOP, undefined, await publicHiddenName(c))
    return c.json({ records: rows.map(playerTotal('totalPoints')) })
  })
  .get('/top20Threes', answers("The active season's top 20 in threes", { 200: threesBoard }), async (c) => {
    const orgId = await readerOrgId(c)
    const rows = await topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), '3PM', TOP, undefined, await publicHiddenName(c))
    return c.json({ records: rows.map(playerTotal('totalThrees')) })
  })
  // The record book (docs/records.md): one stat's single-game, single-season and career records,
  // averages or percentages of qualified players, filtered by league and season range. One D1
  // round trip after the organization: the stat choice (the first visible one without `stat`)
  // happens inside the SQL.
  .get('/book', answers("One stat's record book", { 200: filteredRecordBook }), validate('query', bookQuery), async (c) => {
    const orgId = await readerOrgId(c)
    const q = c.req.valid('query')
    const filters = { leagueId: q.leagueId, fromSeasonId: q.from, toSeasonId: q.to }
    const statements = recordBookStatements(c.var.db, orgId, q.stat, filters, await publicHiddenName(c))
    const book = readRecordBook(await c.var.db.$client.batch(statements))
    if (q.stat && book.statId !== q.stat) throw notFound('Stat')
    if (q.leagueId && !book.leagues.some((l) => l.id === q.leagueId)) throw notFound('League')
    for (const id of [q.from, q.to]) if (id && !book.seasons.some((s) => s.id === id)) throw notFound('Season')
    return c.json({ ...book, filters })
  })
  // A team's history (docs/records.md): seasons with record and finish, head-to-head, leaders.
  .get('/teams/:teamId{[0-9]+}', answers("A team's history", { 200: teamHistory }), validate('param', teamParam), async (c) => {
    const orgId = await readerOrgId(c)
    const teamId = c.req.valid('param').teamId
    const statements = teamHistoryStatements(c.var.db, orgId, teamId, await publicHiddenName(c))
    const history = readTeamHistory(await c.var.db.$client.batch(statements), teamId)
    if (!history) throw notFound('Team')
    return c.json(history)
  })
  // The organization's qualification minimums (docs/records.md), set in the dashboard's Record
  // book settings; staff and owners of the organization (a super admin: organization_id).
  .get('/settings', answers('The record book minimums', { 200: oneRecordSettings }), async (c) => {
    requireUser(c)
    return c.json({ settings: await recordSettings(c.var.db, writerOrgId(c)) })
  })
  .put(
    '/settings',
    answers('Change the record book minimums', { 200: oneRecordSettings }),
    validate('json', recordSettingsBody),
    async (c) => {
      requireUser(c)
      const orgId = writerOrgId(c)
      const body = c.req.valid('json')
      expectVersion(c.var, { table: 'organizations', orgId, id: orgId, version: body.version }, () =>
        recordSettings(c.var.db, orgId),
      )
      const updated = await c.var.db
        .update(organizations)
        .set({ recordMinGames: body.minGames, recordMinAttempts: body.minAttempts })
        .where(eq(organizations.id, orgId))
        .returning({ id: organizations.id })
      if (updated.length === 0) throw notFound('Organization')
      return c.json({ settings: await recordSettings(c.var.db, orgId) })
    },
  )
  .get('/top20TeamWins', answers("The active season's top 20 teams by wins", { 200: teamWinsBoard }), async (c) => {
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
export const statLeadersRoutes = new Hono<AppEnv>().get(
  '/',
  answers("The active season's top 3 in points, threes, rebounds and assists", { 200: statLeaders }),
  async (c) => {
    const orgId = await readerOrgId(c)
    const hidden = await publicHiddenName(c)
    const top = (abbreviation: string) =>
      topPlayersBy(c.var.db, orgId, activeSeasonId(orgId), abbreviation, BANNER, undefined, hidden)
    const [points, threes, rebounds, assists] = await c.var.db.batch([top('PTS'), top('3PM'), top('REB'), top('AST')])
    return c.json({
      points: points.map(playerTotal('pts')),
      threes: threes.map(playerTotal('three_pm')),
      rebounds: rebounds.map(playerTotal('reb')),
      assists: assists.map(playerTotal('ast')),
    })
  },
)
