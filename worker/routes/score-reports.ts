// Captains report their games' final scores; staff settle what does not settle itself
// (docs/members.md "Score reports", docs/decisions/2026-11-28-score-reports.md).
//
// A report is one row per game per team (`score_reports`). When the two teams' reports agree, the
// report that makes them agree writes the final in its own batch through the desk's write path
// (saveFinal, worker/routes/games.ts): standings, clinch marks and brackets follow from the game
// row as they do for a desk save, and the data version moves in that one transaction. A report is
// settled when its game is final: the queue lists reports of games that are not.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { oneGame } from '../contract/games'
import {
  type MemberReport,
  memberReport,
  type QueuedGame,
  type ReportLine,
  type ReportState,
  reportBody,
  scoreReportQueue,
  settleBody,
} from '../contract/score-reports'
import { type Db, inOneTrip, runBatch } from '../db/client'
import { isGuardAbort } from '../db/guards'
import { allStatDefinitions, type BoxScoreRow, type Game, gameDetail, gameJson, gameRows, getGame } from '../db/queries/games'
import { gameEvents, games, players, rosters, scoreReports, seasonsLeagues, seasonsLeaguesTeams } from '../db/schema'
import type { AppEnv, SessionMember } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { requireMember } from '../middleware/member-session'
import { writerOrgId } from '../middleware/tenant'
import { saveFinal } from './games'
import { liveScore } from './live'

type Report = typeof scoreReports.$inferSelect
type Detail = NonNullable<Awaited<ReturnType<typeof gameDetail>>>

const FINAL_ALREADY = 'This game already has its final score: no report is needed.'
const LIVE_SCORED = 'This game was scored live: its final score comes from the scorer, no report is needed.'
const NOT_PLAYED = 'This game was cancelled or postponed: there is no score to report.'
const NOT_STARTED = 'This game has not started yet: report its score after tip-off.'
const NOT_CAPTAIN = "Only a captain of one of the two teams can report this game's score."

/** A report's plan no longer holds because the other team's report changed meanwhile: read again and decide again. */
class Replan extends ApiError {
  constructor() {
    super(409, 'The other captain reported at the same moment. Reload the game and send your report again.')
  }
}

const isFinal = (status: Game['status']) => status === 'completed' || status === 'forfeit'
const hasStarted = (game: Game, now = Date.now()) => game.gameDateTime !== null && Date.parse(game.gameDateTime) <= now
const agree = (a: { scoreTeam1: number; scoreTeam2: number }, b: { scoreTeam1: number; scoreTeam2: number }) =>
  a.scoreTeam1 === b.scoreTeam1 && a.scoreTeam2 === b.scoreTeam2

/**
 * Everything a report or a settle reads about its game, in one round trip: its reports, whether the
 * live scorer sent it events, the game page's detail (rosters, periods, stats) and every stat
 * definition (for the lines a final saves).
 */
/** A game's reports, whether it has live events, and every stat definition: batchable statements. */
function stateQueries(db: Db, orgId: number, gameId: number) {
  return [
    db
      .select()
      .from(scoreReports)
      .where(and(eq(scoreReports.organizationId, orgId), eq(scoreReports.gameId, gameId))),
    db
      .select({ one: sql<number>`1` })
      .from(gameEvents)
      .where(and(eq(gameEvents.organizationId, orgId), eq(gameEvents.gameId, gameId)))
      .limit(1),
    allStatDefinitions(db, orgId),
  ] as const
}

async function gameState(c: Context<AppEnv>, orgId: number, gameId: number) {
  const [[reports, events, definitions], detail] = await inOneTrip(c.var.db, (db) =>
    Promise.all([db.batch(stateQueries(db, orgId, gameId)), gameDetail(db, orgId, gameId)]),
  )
  if (!detail) throw notFound('Game')
  return { reports, liveScored: events.length > 0, definitions, detail }
}

type GameValue = number | SQL<number>

/**
 * The team the member captains in a game (its season, league and two teams, given as values or as
 * subqueries on the game): at most one row. Scoped to the member's organization and roster.
 */
function captainedTeamQuery(
  db: Db,
  orgId: number,
  playerId: number,
  game: { seasonId: GameValue; leagueId: GameValue; team1Id: GameValue; team2Id: GameValue },
) {
  return db
    .select({ teamId: seasonsLeaguesTeams.teamId })
    .from(rosters)
    .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
    .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
    .where(
      and(
        eq(rosters.organizationId, orgId),
        eq(rosters.playerId, playerId),
        eq(rosters.captain, true),
        eq(seasonsLeagues.seasonId, game.seasonId),
        eq(seasonsLeagues.leagueId, game.leagueId),
        sql`${seasonsLeaguesTeams.teamId} in (${game.team1Id}, ${game.team2Id})`,
      ),
    )
    .limit(1)
}

/** The team of the game the member captains (in the game's season and league), or null. */
async function captainedTeam(c: Context<AppEnv>, member: SessionMember, game: Game): Promise<number | null> {
  const [row] = await captainedTeamQuery(c.var.db, member.organizationId, member.playerId, {
    seasonId: game.seasonId ?? -1,
    leagueId: game.leagueId ?? -1,
    team1Id: game.team1Id,
    team2Id: game.team2Id,
  })
  return row?.teamId ?? null
}

/**
 * The captain's report screen's reads in one round trip after the member's session
 * (docs/members.md "Score reports"): the game, the team the member captains in it (read through
 * subqueries on the game), and the game's state (`gameState`). 404 for another organization's game,
 * 403 for anyone but its captains — the same answers as `captainsGame`.
 */
async function captainsGameState(c: Context<AppEnv>, gameId: number) {
  const member = await requireMember(c)
  const orgId = member.organizationId
  const ofGame = (column: 'season_id' | 'league_id' | 'team1_id' | 'team2_id') =>
    sql<number>`coalesce((select ${sql.raw(column)} from ${games} where ${games.id} = ${gameId} and ${games.organizationId} = ${orgId}), -1)`
  const [[[row], [captain], reports, events, definitions], detail] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      db.batch([
        gameRows(db, orgId, gameId),
        captainedTeamQuery(db, orgId, member.playerId, {
          seasonId: ofGame('season_id'),
          leagueId: ofGame('league_id'),
          team1Id: ofGame('team1_id'),
          team2Id: ofGame('team2_id'),
        }),
        ...stateQueries(db, orgId, gameId),
      ]),
      gameDetail(db, orgId, gameId),
    ]),
  )
  if (!row || !detail) throw notFound('Game')
  if (!captain) throw new ApiError(403, NOT_CAPTAIN)
  return { game: row.game, teamId: captain.teamId, reports, liveScored: events.length > 0, detail, definitions }
}

/** The member's game and the team they captain in it: 404 for a game of another organization, 403 for anyone but its captains. */
async function captainsGame(c: Context<AppEnv>, gameId: number) {
  const member = await requireMember(c)
  const row = await getGame(c.var.db, member.organizationId, gameId)
  if (!row) throw notFound('Game')
  const teamId = await captainedTeam(c, member, row.game)
  if (teamId === null) throw new ApiError(403, NOT_CAPTAIN)
  return { member, orgId: member.organizationId, game: row.game, teamId }
}

function stateOf(game: Game, reports: Report[], teamId: number, liveScored: boolean): ReportState {
  if (isFinal(game.status)) {
    const [a, b] = reports
    return a && b && !agree(a, b) ? 'settled' : 'final'
  }
  if (game.status !== 'scheduled') return 'notPlayed'
  if (liveScored) return 'live'
  const mine = reports.find((r) => r.teamId === teamId)
  const other = reports.find((r) => r.teamId !== teamId)
  if (!mine) return 'open'
  if (!other) return 'waiting'
  return agree(mine, other) ? 'final' : 'differ'
}

function memberAnswer(game: Game, detail: Detail, reports: Report[], teamId: number, liveScored: boolean): MemberReport {
  const wire = detail.game
  const home = teamId === game.team1Id
  const mine = reports.find((r) => r.teamId === teamId)
  return {
    game: {
      id: game.id,
      date: game.date,
      time: game.time,
      game_dateTime: game.gameDateTime,
      status: game.status,
      homeTeam: wire.homeTeam,
      awayTeam: wire.awayTeam,
      score_home: game.scoreTeam1,
      score_away: game.scoreTeam2,
      started: hasStarted(game),
    },
    team: { ...(home ? wire.homeTeam : wire.awayTeam), side: home ? 'home' : 'away' },
    report: mine
      ? {
          version: mine.version,
          score_home: mine.scoreTeam1,
          score_away: mine.scoreTeam2,
          reportedBy: mine.reportedBy,
          reportedAt: mine.createdAt,
          lines: mine.lines as ReportLine[],
        }
      : null,
    otherReported: reports.some((r) => r.teamId !== teamId),
    state: stateOf(game, reports, teamId, liveScored),
    roster: (home ? detail.homeRoster : detail.awayRoster)
      .filter((p) => !p.former)
      .map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName })),
    stats: detail.allStats,
  }
}

/** Why a game takes no report (409), or null when it may be reported. */
function refusal(game: Game, liveScored: boolean): string | null {
  if (isFinal(game.status)) return FINAL_ALREADY
  if (game.status !== 'scheduled') return NOT_PLAYED
  if (liveScored) return LIVE_SCORED
  if (!hasStarted(game)) return NOT_STARTED
  return null
}

/** Decided inside the write (docs/api-concurrency.md): the game is still open — not final, not scored live — when the batch runs. */
function expectStillOpen(c: Context<AppEnv>, orgId: number, gameId: number) {
  c.var.guards.add({
    changed:
      "EXISTS (SELECT 1 FROM games WHERE id = ? AND organization_id = ? AND status <> 'scheduled') OR EXISTS (SELECT 1 FROM game_events WHERE game_id = ? AND organization_id = ?)",
    params: [gameId, orgId, gameId, orgId],
    conflict: async () => {
      const row = await getGame(c.var.db, orgId, gameId)
      if (row && row.game.status === 'scheduled') return new ApiError(409, LIVE_SCORED)
      return new ApiError(409, row && !isFinal(row.game.status) ? NOT_PLAYED : FINAL_ALREADY)
    },
  })
}

/** A team's report still has the version read (0: none yet). */
function expectReportVersion(
  c: Context<AppEnv>,
  orgId: number,
  gameId: number,
  teamId: number,
  version: number,
  conflict: () => Promise<ApiError>,
) {
  c.var.guards.add({
    changed: 'coalesce((SELECT version FROM score_reports WHERE game_id = ? AND team_id = ? AND organization_id = ?), 0) <> ?',
    params: [gameId, teamId, orgId, version],
    conflict,
  })
}

/** Both reports' lines as the box score they make: each report names its own team's players. */
function boxScoreOf(definitions: { id: number; abbreviation: string }[], reports: { teamId: number; lines: unknown }[]) {
  const rows: BoxScoreRow[] = reports.flatMap((r) =>
    (r.lines as ReportLine[]).map((l) => ({ playerId: l.player_id, teamId: r.teamId, statId: l.stat_id, value: l.value })),
  )
  if (rows.length === 0) return undefined
  return { rows, definitions, players: [...new Set(rows.map((r) => r.playerId))] }
}

/** The lines a captain sent, checked: their own team's players, the game's stats, one value per cell. */
function checkedLines(lines: { player_id: number; stat_id: number; value: number }[], detail: Detail, home: boolean) {
  const roster = new Set((home ? detail.homeRoster : detail.awayRoster).map((p) => p.id))
  const stats = new Set(detail.allStats.map((s) => s.id))
  const seen = new Set<string>()
  for (const line of lines) {
    if (!roster.has(line.player_id))
      throw new ApiError(400, "Lines only for your own team's players", { lines: `Player ${line.player_id} is not on your team` })
    if (!stats.has(line.stat_id)) throw notFound('Stat')
    const key = `${line.player_id}:${line.stat_id}`
    if (seen.has(key)) throw new ApiError(400, 'One value per player and stat', { lines: 'A stat sent twice' })
    seen.add(key)
  }
  return lines.filter((l) => l.value > 0)
}

/** The organization's games waiting for staff: reports that differ, or one report past the league's deadline. */
async function queue(c: Context<AppEnv>, orgId: number, now = Date.now()): Promise<QueuedGame[]> {
  const { results } = await c.var.db.$client
    .prepare(
      `SELECT g.id, g.date, g.time, g.game_date_time AS at, g.team1_id AS home_id, g.team2_id AS away_id,
        t1.name AS home, t2.name AS away, l.name AS league, coalesce(l.report_deadline_hours, 48) AS hours,
        (SELECT count(*) FROM score_reports r WHERE r.game_id = g.id) AS reports,
        (SELECT count(*) FROM game_events e WHERE e.game_id = g.id) AS live
      FROM games g JOIN teams t1 ON t1.id = g.team1_id JOIN teams t2 ON t2.id = g.team2_id
      LEFT JOIN leagues l ON l.id = g.league_id
      WHERE g.organization_id = ? AND g.status = 'scheduled'
        AND g.id IN (SELECT game_id FROM score_reports WHERE organization_id = ?)
      ORDER BY g.game_date_time, g.id`,
    )
    .bind(orgId, orgId)
    .all<{
      id: number
      date: string | null
      time: string | null
      at: string | null
      home_id: number
      away_id: number
      home: string
      away: string
      league: string | null
      hours: number
      reports: number
      live: number
    }>()
  const waiting = results.filter((g) => g.reports >= 2 || (g.at !== null && Date.parse(g.at) + g.hours * 3_600_000 <= now))
  if (waiting.length === 0) return []
  const ids = waiting.map((g) => g.id)
  const reports = await c.var.db
    .select()
    .from(scoreReports)
    .where(and(eq(scoreReports.organizationId, orgId), inArray(scoreReports.gameId, ids)))
  const playerIds = [...new Set(reports.flatMap((r) => (r.lines as ReportLine[]).map((l) => l.player_id)))]
  const names = new Map(
    playerIds.length === 0
      ? []
      : (
          await c.var.db
            .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
            .from(players)
            .where(and(eq(players.organizationId, orgId), inArray(players.id, playerIds)))
        ).map((p) => [p.id, `${p.firstName} ${p.lastName}`]),
  )
  const [definitions] = await c.var.db.batch([allStatDefinitions(c.var.db, orgId)])
  const abbreviations = new Map(definitions.map((d) => [d.id, d.abbreviation]))
  return Promise.all(
    waiting.map(async (g) => {
      const own = reports
        .filter((r) => r.gameId === g.id)
        .sort((a, b) => (a.teamId === g.home_id ? -1 : b.teamId === g.home_id ? 1 : 0))
      const live = g.live ? await liveScore(c, orgId, { id: g.id, team1Id: g.home_id, team2Id: g.away_id }) : null
      return {
        game: {
          id: g.id,
          date: g.date,
          time: g.time,
          homeTeam: { id: g.home_id, name: g.home },
          awayTeam: { id: g.away_id, name: g.away },
          league: g.league,
        },
        reason: own.length >= 2 ? ('differ' as const) : ('overdue' as const),
        reports: own.map((r) => ({
          teamId: r.teamId,
          teamName: r.teamId === g.home_id ? g.home : g.away,
          version: r.version,
          score_home: r.scoreTeam1,
          score_away: r.scoreTeam2,
          reportedBy: r.reportedBy,
          reportedAt: r.createdAt,
          lines: (r.lines as ReportLine[]).map((l) => ({
            ...l,
            name: names.get(l.player_id) ?? `Player ${l.player_id}`,
            stat: abbreviations.get(l.stat_id) ?? '',
          })),
        })),
        live: live
          ? { home: live.home, away: live.away, final: live.final, events: g.live }
          : g.live
            ? { home: 0, away: 0, final: false, events: g.live }
            : null,
      }
    }),
  )
}

/** The staff's side (docs/members.md "Score reports"): the queue and the one-click settle. */
const staffRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers('Games whose score reports wait for staff: the reports differ, or one team is past the deadline', {
      200: scoreReportQueue,
    }),
    async (c) => {
      const games = await queue(c, writerOrgId(c))
      return c.json({ games, count: games.length })
    },
  )
  .get(
    '/count',
    answers('How many games wait in the score reports queue (the sidebar badge)', {
      200: z.object({ count: z.number().int().min(0) }),
    }),
    async (c) => {
      // The queue's own rule (`queue`), counted in one statement: the dashboard asks on every screen.
      const orgId = writerOrgId(c)
      const row = await c.var.db.$client
        .prepare(
          `SELECT count(*) AS n FROM games g LEFT JOIN leagues l ON l.id = g.league_id
          WHERE g.organization_id = ? AND g.status = 'scheduled'
            AND g.id IN (SELECT game_id FROM score_reports WHERE organization_id = ?)
            AND ((SELECT count(*) FROM score_reports r WHERE r.game_id = g.id) >= 2
              OR (g.game_date_time IS NOT NULL
                AND julianday(g.game_date_time) + coalesce(l.report_deadline_hours, 48) / 24.0 <= julianday(?)))`,
        )
        .bind(orgId, orgId, new Date().toISOString())
        .first<{ n: number }>()
      return c.json({ count: row?.n ?? 0 })
    },
  )
  .post(
    '/:gameId/settle',
    answers("Settle a game with one team's report: the game becomes final with its score", { 200: oneGame }),
    validate('param', z.object({ gameId: id })),
    validate('json', settleBody),
    async (c) => {
      const orgId = writerOrgId(c)
      const { teamId, version } = c.req.valid('json')
      const row = await getGame(c.var.db, orgId, c.req.valid('param').gameId)
      if (!row) throw notFound('Game')
      const game = row.game
      const { reports, detail, definitions } = await gameState(c, orgId, game.id)
      const chosen = reports.find((r) => r.teamId === teamId)
      if (!chosen) throw notFound('Score report')
      if (isFinal(game.status)) throw new ApiError(409, FINAL_ALREADY)
      if (game.status !== 'scheduled') throw new ApiError(409, NOT_PLAYED)
      expectStillOpen(c, orgId, game.id)
      expectReportVersion(c, orgId, game.id, teamId, version, async () => {
        return new ApiError(409, 'This report was changed by its captain after you opened it. Review it and settle again.')
      })
      const saved = await saveFinal(c, orgId, game, {
        score: { home: chosen.scoreTeam1, away: chosen.scoreTeam2 },
        periods: [],
        gamePeriods: detail.gamePeriods,
        boxScore: boxScoreOf(definitions, reports),
      })
      return c.json({ game: saved?.game ?? gameJson(row) })
    },
  )

/** Reads, checks and writes a captain's report; a plan the other captain's report overtook is made again. */
async function report(
  c: Context<AppEnv>,
  gameId: number,
  input: z.output<typeof reportBody>,
  attempt = 1,
): Promise<{ orgId: number; teamId: number }> {
  const { member, orgId, game, teamId } = await captainsGame(c, gameId)
  const { reports, liveScored, detail, definitions } = await gameState(c, orgId, game.id)
  const refused = refusal(game, liveScored)
  if (refused) throw new ApiError(409, refused)
  const lines = checkedLines(input.lines ?? [], detail, teamId === game.team1Id)
  const other = reports.find((r) => r.teamId !== teamId)
  // In this order, so a 409 says the most useful thing first: the game closed, then the captain's own report changed.
  expectStillOpen(c, orgId, game.id)
  expectReportVersion(c, orgId, game.id, teamId, input.version ?? 0, async () => {
    return new ApiError(
      409,
      "Your team's report was changed by another captain after you opened it. Review it and send it again.",
    )
  })
  const otherTeam = teamId === game.team1Id ? game.team2Id : game.team1Id
  expectReportVersion(c, orgId, game.id, otherTeam, other?.version ?? 0, async () => new Replan())
  const now = new Date().toISOString()
  const reportedBy = `${member.firstName} ${member.lastName}`.trim()
  const upsert = c.var.db
    .insert(scoreReports)
    .values({
      organizationId: orgId,
      gameId: game.id,
      teamId,
      memberId: member.id,
      reportedBy,
      scoreTeam1: input.score_home,
      scoreTeam2: input.score_away,
      lines,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [scoreReports.gameId, scoreReports.teamId],
      set: { memberId: member.id, reportedBy, scoreTeam1: input.score_home, scoreTeam2: input.score_away, lines, createdAt: now },
    })
  const sent = { teamId, scoreTeam1: input.score_home, scoreTeam2: input.score_away, lines }
  try {
    if (other && agree(other, sent)) {
      // Both captains agree: the game becomes final by itself, through the desk's own write path.
      await saveFinal(c, orgId, game, {
        score: { home: input.score_home, away: input.score_away },
        periods: [],
        gamePeriods: detail.gamePeriods,
        boxScore: boxScoreOf(definitions, [sent, other]),
        alsoWrite: [upsert as BatchItem<'sqlite'>],
      })
    } else {
      await runBatch(c.var.db, [upsert as BatchItem<'sqlite'>])
    }
  } catch (error) {
    if (!isGuardAbort(error)) throw error
    const conflict = await c.var.guards.conflict(c.var.db).catch(() => null)
    if (conflict instanceof Replan && attempt < 3) return report(c, gameId, input, attempt + 1)
    throw conflict ?? error
  }
  return { orgId, teamId }
}

/** The captains' side: their game's report. */
const memberGameRoutes = new Hono<AppEnv>()
  .get(
    '/:id/report',
    answers("A captain's game: its teams, the captain's report and where the reports stand", { 200: memberReport }),
    validate('param', z.object({ id })),
    async (c) => {
      // One round trip after the session (docs/members.md "Score reports").
      const { game, teamId, reports, liveScored, detail } = await captainsGameState(c, c.req.valid('param').id)
      return c.json(memberAnswer(game, detail, reports, teamId, liveScored))
    },
  )
  .put(
    '/:id/report',
    answers("Report a game's final score (and the team's box-score lines); both captains agreeing makes it final", {
      200: memberReport,
    }),
    validate('param', z.object({ id })),
    validate('json', reportBody),
    async (c) => {
      const gameId = c.req.valid('param').id
      const { orgId, teamId } = await report(c, gameId, c.req.valid('json'))
      const row = await getGame(c.var.db, orgId, gameId)
      if (!row) throw notFound('Game')
      const game = row.game
      const { reports, liveScored, detail } = await gameState(c, orgId, game.id)
      return c.json(memberAnswer(game, detail, reports, teamId, liveScored))
    },
  )

/** Mounted at /api: the staff queue under /score-reports, the captains' reports under /member/games. */
export const scoreReportRoutes = new Hono<AppEnv>().route('/score-reports', staffRoutes).route('/member/games', memberGameRoutes)
