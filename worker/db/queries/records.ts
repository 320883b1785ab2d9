import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { playerSeasonTotals, players, statDefinitions } from '../schema'

/**
 * Season totals of one stat per player, highest first; ties by name so the order is stable
 * (spec 01 §9: leaderboards list the top 20, banners the top 3). Read from the season totals the
 * box-score triggers keep (issue 7), never from the raw stat rows; a player who changed teams
 * mid-season has one line per team there, added up here. A statement, not a promise: the routes
 * batch it with the rest of their reads (the season may be the `activeSeasonId` subquery).
 */
export function topPlayersBy(db: Db, orgId: number, seasonId: number | SQL<number>, abbreviation: string, limit: number) {
  // Added up inside the covering index (organization, season, stat, player, total) in its order:
  // no table row and no sort of the season's lines (issue 7 §3).
  const sums = db
    .select({ playerId: playerSeasonTotals.playerId, total: sql<number>`sum(${playerSeasonTotals.total})`.as('sum_total') })
    .from(playerSeasonTotals)
    .where(
      and(
        eq(playerSeasonTotals.organizationId, orgId),
        eq(playerSeasonTotals.seasonId, seasonId),
        // A subquery, not a join: the index (organization, season, stat, …) is then used whole, so
        // one stat's rows of the season are read, not every stat's.
        inArray(
          playerSeasonTotals.statId,
          db
            .select({ id: statDefinitions.id })
            .from(statDefinitions)
            .where(and(eq(statDefinitions.organizationId, orgId), eq(statDefinitions.abbreviation, abbreviation))),
        ),
      ),
    )
    .groupBy(playerSeasonTotals.playerId)
    .as('sums')
  return db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      imageKey: players.imageKey,
      total: sql<number>`${sums.total}`.mapWith(Number),
    })
    .from(sums)
    .innerJoin(players, eq(players.id, sums.playerId))
    .where(sql`${sums.total} > 0`)
    .orderBy(desc(sums.total), players.lastName, players.firstName, players.id)
    .limit(limit)
}
