import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { gameEvents, games, teams } from '../schema'

/**
 * Games being scored now (docs/live-scoring.md): events in the last 6 hours, no final whistle,
 * status still `scheduled` — the "Live now" strip and the live scoreboard widget (docs/widgets.md).
 */
export function liveNowQuery(db: Db, orgId: number, now = Date.now()) {
  const since = new Date(now - 6 * 3600_000).toISOString()
  const team = (column: typeof games.team1Id | typeof games.team2Id) =>
    sql<string>`(select name from ${teams} where ${teams.id} = ${column} and ${teams.organizationId} = ${orgId})`
  return db
    .select({
      id: games.id,
      homeTeam: team(games.team1Id),
      awayTeam: team(games.team2Id),
      date: games.date,
      time: games.time,
      lastEventAt: sql<string>`max(${gameEvents.receivedAt})`,
    })
    .from(gameEvents)
    .innerJoin(games, eq(games.id, gameEvents.gameId))
    .where(
      and(
        eq(gameEvents.organizationId, orgId),
        gt(gameEvents.receivedAt, since),
        eq(games.organizationId, orgId),
        eq(games.status, 'scheduled'),
        sql`not exists (select 1 from ${gameEvents} e where e.game_id = ${games.id} and e.organization_id = ${orgId} and e.action = 'end')`,
      ),
    )
    .groupBy(games.id)
    .orderBy(desc(sql`max(${gameEvents.receivedAt})`))
    .limit(20)
}
