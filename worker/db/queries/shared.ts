import { type AnyColumn, and, eq, getTableName, or, type SQL, sql, type Table } from 'drizzle-orm'
import type { AnySQLiteColumn, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '../client'
import { games, playerGameStats, seasonsLeagues, seasonsLeaguesTeams } from '../schema'
import { inScope, type OrgScope } from '../scope'

/**
 * `"table"."column"`. drizzle leaves columns unqualified in a single-table select, so inside a
 * correlated subquery a bare `"id"` would bind to the inner table: qualify outer references.
 */
export const qualified = (table: Table, column: AnyColumn) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`

/**
 * A game that is part of the record: scored, completed or forfeited, or with any box-score row.
 * Deletes refuse to take these with them (docs/architecture.md "Data": deleting never silently destroys history).
 */
export const isPlayedGame = sql`(${games.scoreTeam1} > 0 or ${games.scoreTeam2} > 0 or ${games.status} in ('completed', 'forfeit') or exists (select 1 from ${playerGameStats} where ${playerGameStats.gameId} = ${qualified(games, games.id)}))`

export const mediaUrl = (key: string | null) => (key ? `/media/${key}` : null)

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * A column under a unique alias. D1's batch returns rows as objects, so two selected columns with
 * the same name (`id`, `name` of joined tables) would collapse into one and shift the rest —
 * every joined column read inside `db.batch` goes through this.
 */
export const aliased = <T extends AnySQLiteColumn>(column: T, alias: string) =>
  sql<T['_']['data']>`${column}`.mapWith(column).as(alias)

/**
 * A team's games of one organization. `+organization_id` keeps the planner off the organization's
 * index (every game since 1984) so it reads the two team indexes instead (docs/reference/performance.md).
 */
export const teamGamesOf = (orgId: number, teamId: number) =>
  and(sql`+${qualified(games, games.organizationId)} = ${orgId}`, or(eq(games.team1Id, teamId), eq(games.team2Id, teamId)))

/** A table with its own id and its organization's. */
export interface ScopedTable {
  id: SQLiteColumn
  organizationId: SQLiteColumn
}

/** The row with this id, if it is in the scope (one organization's, or any for a super admin). */
export const idInScope = (table: ScopedTable, id: number, scope: OrgScope) =>
  and(eq(table.id, id), inScope(table.organizationId, scope))

/** The organization's row with this id as a row list (0 or 1), batchable (see sessionUserRows). */
export const rowInOrg = <T extends SQLiteTable & ScopedTable>(db: Db, table: T, orgId: number, id: number) =>
  db
    .select()
    .from(table)
    .where(idInScope(table, id, orgId))
    .limit(1)

/** A team's place (season-league-team) joined to its season-league. */
export const seasonLeagueOfPlace = eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId)

/** The season-league of this season, and of this league when one is given. */
export const ofSeasonLeague = (seasonId: number | SQL<number>, leagueId?: number | SQL<number>) =>
  and(eq(seasonsLeagues.seasonId, seasonId), leagueId === undefined ? undefined : eq(seasonsLeagues.leagueId, leagueId))
