import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { playerSeasonTotals, players, statDefinitions } from '../schema'
import { shownFirstName, shownLastName } from './shown-names'

/**
 * Season totals of one stat per player, highest first; ties by name so the order is stable
 * (docs/reference/public-site.md §9: leaderboards list the top 20, banners the top 3). Read from the season totals the
 * box-score triggers keep (docs/reference/performance.md), never from the raw stat rows; a player who changed teams
 * mid-season has one line per team there, added up here. A statement, not a promise: the routes
 * batch it with their other reads, the season may be the `activeSeasonId` subquery. With `leagueId`,
 * one league's totals only (the stat leaders widget, docs/widgets.md).
 */
export function topPlayersBy(
  db: Db,
  orgId: number,
  seasonId: number | SQL<number>,
  abbreviation: string,
  limit: number,
  leagueId?: number,
  /** The public site's neutral word for a hidden name (worker/db/queries/shown-names.ts); staff: undefined. */
  hidden?: string,
) {
  const total = sql<number>`sum(${playerSeasonTotals.total})`
  return db
    .select({
      id: players.id,
      firstName: shownFirstName(hidden),
      lastName: shownLastName(hidden),
      imageKey: players.imageKey,
      total,
    })
    .from(playerSeasonTotals)
    .innerJoin(players, eq(players.id, playerSeasonTotals.playerId))
    .where(
      and(
        eq(playerSeasonTotals.organizationId, orgId),
        eq(playerSeasonTotals.seasonId, seasonId),
        leagueId ? eq(playerSeasonTotals.leagueId, leagueId) : undefined,
        // A subquery, not a join: the index (organization, season, stat) is then used whole, so
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
    .groupBy(players.id)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), players.lastName, players.firstName, players.id)
    .limit(limit)
}
