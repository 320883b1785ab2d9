import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { games, playerGameStats, players, statDefinitions } from '../schema'

/**
 * Season totals of one stat per player, highest first; ties by name so the order is stable
 * (spec 01 §9: leaderboards list the top 20, banners the top 3).
 */
export async function topPlayersBy(db: Db, orgId: number, seasonId: number, abbreviation: string, limit: number) {
  const total = sql<number>`sum(${playerGameStats.value})`
  return db
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, imageKey: players.imageKey, total })
    .from(playerGameStats)
    .innerJoin(statDefinitions, eq(statDefinitions.id, playerGameStats.statId))
    .innerJoin(games, eq(games.id, playerGameStats.gameId))
    .innerJoin(players, eq(players.id, playerGameStats.playerId))
    .where(
      and(
        eq(playerGameStats.organizationId, orgId),
        eq(games.seasonId, seasonId),
        eq(statDefinitions.abbreviation, abbreviation),
      ),
    )
    .groupBy(players.id)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), players.lastName, players.firstName, players.id)
    .limit(limit)
}
