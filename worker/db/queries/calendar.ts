// The subject of a calendar feed (docs/decisions/2026-11-24-calendar-feeds.md), batchable with the
// season's games, byes and week-offs.
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { leagues, seasonsLeagues, seasonsLeaguesTeams, teams } from '../schema'

export type FeedSubject = { kind: 'league' | 'team'; id: number }

/**
 * The league a feed follows: the league itself, or a team's league in the season (found in SQL; -1
 * for a team outside the season, whose calendar is empty but valid).
 */
export function feedLeagueId(orgId: number, subject: FeedSubject, season: SQL) {
  return subject.kind === 'league'
    ? subject.id
    : sql<number>`coalesce((select sl.league_id from ${seasonsLeaguesTeams} slt join ${seasonsLeagues} sl on sl.id = slt.seasons_league_id where slt.organization_id = ${orgId} and slt.team_id = ${subject.id} and sl.season_id = ${season} order by slt.id limit 1), -1)`
}

/** The feed's subject row (its name and league) within the organization: 0 or 1 row. */
export function feedSubjectRows(db: Db, orgId: number, subject: FeedSubject, season: SQL) {
  return subject.kind === 'league'
    ? db
        .select({ name: leagues.name, leagueId: leagues.id })
        .from(leagues)
        .where(and(eq(leagues.id, subject.id), eq(leagues.organizationId, orgId)))
        .limit(1)
    : db
        .select({ name: teams.name, leagueId: sql<number>`${feedLeagueId(orgId, subject, season)}`.as('league_id') })
        .from(teams)
        .where(and(eq(teams.id, subject.id), eq(teams.organizationId, orgId)))
        .limit(1)
}
