import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { availability, games, memberPasskeys, memberSignInLinks, members, players, scoreReports } from '../db/schema'
import type { AppEnv } from '../env'
import { answers } from '../lib/openapi'
import { endMemberSession, requireMember } from '../middleware/member-session'
import { memberTeams } from './members'

// A member's own account (docs/members.md "Privacy"): their data as a JSON download, and deleting
// the account. The player record and its statistics belong to the league's history and stay.

const memberData = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number(),
    email: z.string(),
    language: z.string().nullable(),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  }),
  player: z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), hideName: z.boolean() }),
  teams: z.array(z.looseObject({ teamName: z.string(), leagueName: z.string(), seasonName: z.string(), captain: z.boolean() })),
  availability: z.array(
    z.object({ gameId: z.number(), date: z.string().nullable(), answer: z.string(), answeredAt: z.string() }),
  ),
  scoreReports: z.array(
    z.object({ gameId: z.number(), teamId: z.number(), scoreTeam1: z.number(), scoreTeam2: z.number(), createdAt: z.string() }),
  ),
  notificationChoices: z.record(z.string(), z.string()),
  passkeys: z.array(z.object({ name: z.string().nullable(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
})

const memberGames = z.object({
  games: z.array(
    z.object({
      id: z.number(),
      date: z.string().nullable(),
      time: z.string().nullable(),
      status: z.string(),
      location: z.string().nullable(),
      teamId: z.number(),
      team1: z.object({ id: z.number(), name: z.string() }),
      team2: z.object({ id: z.number(), name: z.string() }),
    }),
  ),
  /**
   * A captain's recent games (the last REPORT_DAYS days, today included) needing or holding a score
   * report, newest first, with where the reports stand (docs/members.md "Score reports"): `open` (the
   * captain's team has not reported), `waiting` (for the other captain), `differ` (the league settles
   * it) or `final`.
   */
  reports: z.array(
    z.object({
      id: z.number(),
      date: z.string().nullable(),
      time: z.string().nullable(),
      teamId: z.number(),
      team1: z.object({ id: z.number(), name: z.string() }),
      team2: z.object({ id: z.number(), name: z.string() }),
      state: z.enum(['open', 'waiting', 'differ', 'final']),
    }),
  ),
})

/** How many upcoming games the member page lists. */
const UPCOMING = 20
/** How far back the member page lists a captain's games to report (docs/decisions/2026-11-29-captains-past-games.md). */
const REPORT_DAYS = 14

/**
 * The games of every place on the member's rosters (joined through their season and league): the
 * FROM of the member's upcoming games and of the captain's games to report. Rows `r` (roster),
 * `slt`, `g` (game), `t1` and `t2` (its teams); the caller scopes `r` to the member's organization.
 */
const ROSTER_GAMES = sql`FROM rosters r
        JOIN seasons_leagues_teams slt ON slt.id = r.seasons_league_team_id
        JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
        JOIN games g ON g.organization_id = r.organization_id AND g.season_id = sl.season_id AND g.league_id = sl.league_id
          AND (g.team1_id = slt.team_id OR g.team2_id = slt.team_id)
        JOIN teams t1 ON t1.id = g.team1_id
        JOIN teams t2 ON t2.id = g.team2_id`

export const memberAccountRoutes = new Hono<AppEnv>()
  .get(
    '/games',
    answers("The signed-in member's upcoming games: their own teams' only, soonest first", { 200: memberGames }),
    async (c) => {
      const member = await requireMember(c)
      const today = new Date().toISOString().slice(0, 10)
      const since = new Date(Date.now() - REPORT_DAYS * 86_400_000).toISOString().slice(0, 10)
      // A game of a roster place of the member's player: the same season, league and team.
      type Upcoming = {
        id: number
        date: string | null
        time: string | null
        status: string
        location: string | null
        teamId: number
        team1Id: number
        team1Name: string
        team2Id: number
        team2Name: string
      }
      const upcoming = sql`SELECT g.id, g.date, g.time, g.status, g.location, slt.team_id AS teamId,
          g.team1_id AS team1Id, t1.name AS team1Name, g.team2_id AS team2Id, t2.name AS team2Name
        ${ROSTER_GAMES}
        WHERE r.organization_id = ${member.organizationId} AND r.player_id = ${member.playerId}
          AND g.status IN ('scheduled', 'postponed') AND (g.date IS NULL OR g.date >= ${today})
        ORDER BY g.date IS NULL, g.date, g.time, g.id
        LIMIT ${UPCOMING}`
      // The games of the places the member captains that tipped off in the last days: still to
      // report (scheduled), or final with a report of either team. Read in the same round trip.
      type ToReport = {
        id: number
        date: string | null
        time: string | null
        status: string
        teamId: number
        team1Id: number
        team1Name: string
        team2Id: number
        team2Name: string
        mine: string | null
        other: string | null
      }
      const toReport = sql`SELECT g.id, g.date, g.time, g.status, slt.team_id AS teamId,
          g.team1_id AS team1Id, t1.name AS team1Name, g.team2_id AS team2Id, t2.name AS team2Name,
          (SELECT s.score_team1 || '-' || s.score_team2 FROM score_reports s WHERE s.organization_id = g.organization_id AND s.game_id = g.id AND s.team_id = slt.team_id) AS mine,
          (SELECT s.score_team1 || '-' || s.score_team2 FROM score_reports s WHERE s.organization_id = g.organization_id AND s.game_id = g.id AND s.team_id <> slt.team_id) AS other
        ${ROSTER_GAMES}
        WHERE r.organization_id = ${member.organizationId} AND r.player_id = ${member.playerId} AND r.captain = 1
          AND g.date >= ${since} AND g.date <= ${today} AND (g.game_date_time IS NULL OR g.game_date_time <= ${new Date().toISOString()})
          AND (g.status = 'scheduled' OR (g.status IN ('completed', 'forfeit')
            AND EXISTS (SELECT 1 FROM score_reports s WHERE s.organization_id = g.organization_id AND s.game_id = g.id)))
        ORDER BY g.date DESC, g.time DESC, g.id DESC
        LIMIT ${UPCOMING}`
      // Both lists in one round trip (one D1 batch of the two statements).
      const statement = (query: SQL) => {
        // drizzle's raw query builds its SQL and parameters without running (as rawStatement, worker/db/client.ts).
        const raw = c.var.db.all(query) as unknown as { getQuery(): { sql: string; params: unknown[] } }
        const { sql: text, params } = raw.getQuery()
        return c.var.db.$client.prepare(text).bind(...params)
      }
      const [upcomingRows, reportRows] = await c.var.db.$client.batch([statement(upcoming), statement(toReport)])
      const rows = (upcomingRows?.results ?? []) as Upcoming[]
      const reported = (reportRows?.results ?? []) as ToReport[]
      const stateOf = (g: ToReport) =>
        g.status !== 'scheduled' ? 'final' : !g.mine ? 'open' : !g.other ? 'waiting' : g.mine === g.other ? 'final' : 'differ'
      return c.json({
        reports: reported.map((g) => ({
          id: g.id,
          date: g.date,
          time: g.time,
          teamId: g.teamId,
          team1: { id: g.team1Id, name: g.team1Name },
          team2: { id: g.team2Id, name: g.team2Name },
          state: stateOf(g),
        })),
        games: rows.map((g) => ({
          id: g.id,
          date: g.date,
          time: g.time,
          status: g.status,
          location: g.location,
          teamId: g.teamId,
          team1: { id: g.team1Id, name: g.team1Name },
          team2: { id: g.team2Id, name: g.team2Name },
        })),
      })
    },
  )
  .get(
    '/data',
    answers('The signed-in member\'s own data, as a JSON download (docs/members.md "Privacy")', { 200: memberData }),
    async (c) => {
      const member = await requireMember(c)
      const db = c.var.db
      const [[account], [player], answered, reports, passkeys] = await db.batch([
        db
          .select({
            id: members.id,
            email: members.email,
            language: members.language,
            notifications: members.notifications,
            createdAt: members.createdAt,
            lastSignInAt: members.lastSignInAt,
          })
          .from(members)
          .where(eq(members.id, member.id)),
        db
          .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, hideName: players.hideName })
          .from(players)
          .where(eq(players.id, member.playerId)),
        db
          .select({
            gameId: availability.gameId,
            date: games.date,
            answer: availability.answer,
            answeredAt: availability.answeredAt,
          })
          .from(availability)
          .innerJoin(games, eq(games.id, availability.gameId))
          .where(and(eq(availability.organizationId, member.organizationId), eq(availability.playerId, member.playerId)))
          .orderBy(asc(games.date), asc(availability.gameId)),
        db
          .select({
            gameId: scoreReports.gameId,
            teamId: scoreReports.teamId,
            scoreTeam1: scoreReports.scoreTeam1,
            scoreTeam2: scoreReports.scoreTeam2,
            createdAt: scoreReports.createdAt,
          })
          .from(scoreReports)
          .where(and(eq(scoreReports.organizationId, member.organizationId), eq(scoreReports.memberId, member.id)))
          .orderBy(asc(scoreReports.id)),
        db
          .select({ name: memberPasskeys.name, createdAt: memberPasskeys.createdAt, lastUsedAt: memberPasskeys.lastUsedAt })
          .from(memberPasskeys)
          .where(eq(memberPasskeys.memberId, member.id))
          .orderBy(asc(memberPasskeys.id)),
      ])
      const teams = await memberTeams(c, member.playerId)
      const { notifications, ...rest } = account ?? {
        id: member.id,
        email: member.email,
        language: member.language,
        notifications: {},
        createdAt: '',
        lastSignInAt: null,
      }
      const body = {
        exportedAt: new Date().toISOString(),
        account: rest,
        player: player ?? { id: member.playerId, firstName: member.firstName, lastName: member.lastName, hideName: false },
        teams,
        availability: answered,
        scoreReports: reports,
        notificationChoices: notifications as Record<string, string>,
        passkeys,
      }
      c.header('Content-Disposition', 'attachment; filename="my-courtside-data.json"')
      c.header('Cache-Control', 'no-store')
      return c.json(body)
    },
  )
  .delete(
    '/account',
    answers(
      "Delete the signed-in member's account: its passkeys and sessions go; the player record and its statistics stay, its e-mail cleared",
      { 204: null },
    ),
    async (c) => {
      const member = await requireMember(c)
      const db = c.var.db
      // One batch (docs/api.md: multi-row writes are atomic). The member's availability answers go
      // with the account: they are the member's own answers, not the league's history
      // (docs/decisions/2026-11-28-member-accounts.md).
      await db.batch([
        db
          .delete(availability)
          .where(and(eq(availability.organizationId, member.organizationId), eq(availability.playerId, member.playerId))),
        db
          .delete(memberSignInLinks)
          .where(and(eq(memberSignInLinks.organizationId, member.organizationId), eq(memberSignInLinks.email, member.email))),
        db.delete(members).where(and(eq(members.id, member.id), eq(members.organizationId, member.organizationId))),
        db
          .update(players)
          .set({ email: null })
          .where(and(eq(players.id, member.playerId), eq(players.organizationId, member.organizationId))),
      ])
      // This session ends now; any other one finds no member behind it and is refused (member-session.ts).
      await endMemberSession(c)
      return c.body(null, 204)
    },
  )
