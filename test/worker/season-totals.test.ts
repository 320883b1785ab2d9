import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db/client'
import { meteredD1, type RowsReadMeter } from '../../worker/db/rows-read'
import { leagues } from '../../worker/db/schema'
import worker from '../../worker/index'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, withBasketballDefaults } from '../helpers/factories'

// docs/reference/performance.md: player_season_totals and team_season_totals (kept by the triggers of migration 0006)
// must always equal a fresh aggregate of the raw box-score rows, whatever sequence of saves, edits
// and deletes made them.

type TotalRow = {
  season_id: number
  stat_id: number
  league_id: number
  team_id: number
  player_id: number
  total: number
  games: number
}

const ORDER = 'ORDER BY season_id, stat_id, league_id, team_id, player_id'

async function rowsOf<T>(query: string, orgId: number) {
  const { results } = await env.DB.prepare(query).bind(orgId).all<T>()
  return results
}

/** Both tables as stored, the team rows shaped like player rows (player 0) so one compare covers both. */
async function storedTotals(orgId: number) {
  return rowsOf<TotalRow>(
    `SELECT * FROM (
       SELECT season_id, stat_id, league_id, team_id, player_id, total, games FROM player_season_totals WHERE organization_id = ?1
       UNION ALL
       SELECT season_id, stat_id, league_id, team_id, 0, total, stat_rows FROM team_season_totals WHERE organization_id = ?1
     ) ${ORDER}`,
    orgId,
  )
}

/** The same, added up afresh from player_game_stats. */
async function freshAggregate(orgId: number) {
  const rows = `FROM player_game_stats s INNER JOIN games g ON g.id = s.game_id WHERE s.organization_id = ?1 AND g.season_id IS NOT NULL`
  return rowsOf<TotalRow>(
    `SELECT * FROM (
       SELECT g.season_id AS season_id, s.stat_id AS stat_id, coalesce(g.league_id, 0) AS league_id, s.team_id AS team_id,
         s.player_id AS player_id, sum(s.value) AS total, count(*) AS games ${rows} GROUP BY 1, 2, 3, 4, 5
       UNION ALL
       SELECT g.season_id, s.stat_id, coalesce(g.league_id, 0), s.team_id, 0, sum(s.value), count(*) ${rows} GROUP BY 1, 2, 3, 4
     ) ${ORDER}`,
    orgId,
  )
}

/** mulberry32: the sequence is random-looking but the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0
  return (max: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max)
  }
}

async function league(client: Client, orgId: number) {
  const defaults = await withBasketballDefaults(orgId)
  const built = await buildSeason(client, orgId, { teamCount: 2, playersPerTeam: 3 })
  const newGame = async () =>
    (
      await client.post('/api/games', {
        season_id: built.season.id,
        leagueId: built.league.id,
        team1_id: built.teams[0].id,
        team2_id: built.teams[1].id,
        date: '2025-11-02',
        time: '18:00',
      })
    ).body.game as { id: number }
  return { ...defaults, ...built, newGame }
}

describe('player season totals', () => {
  it('always equal a fresh aggregate of the box scores through saves, one-player edits and game deletes', async () => {
    const { org, staffClient } = await createTenant()
    const { stat, teams, newGame } = await league(staffClient, org.id)
    // Another organization's box score must never leak into (or be touched by) these totals.
    const other = await createTenant()
    const otherLeague = await league(other.staffClient, other.org.id)
    const otherGame = await otherLeague.newGame()
    const otherSave = await other.staffClient.put('/api/player-game-stats', {
      game_id: otherGame.id,
      stats: [
        { player_id: otherLeague.teams[0].players[0].id, game_id: otherGame.id, stat_id: otherLeague.stat('PTS'), value: 40 },
      ],
    })
    expect(otherSave.status).toBe(200)
    const otherBefore = await storedTotals(other.org.id)
    expect(otherBefore).toEqual(await freshAggregate(other.org.id))

    const random = prng(7)
    const players = teams.flatMap((t) => t.players.map((p) => p.id))
    const abbreviations = ['PTS', 'REB', 'AST', '2PM', '2PA', '3PM', '3PA', 'FTM', 'FTA']
    const games = [await newGame(), await newGame(), await newGame()]
    const line = (gameId: number, playerId: number) =>
      abbreviations
        .filter(() => random(4) > 0)
        .map((a) => ({ player_id: playerId, game_id: gameId, stat_id: stat(a), value: random(15) }))
    const steps: string[] = []
    for (let step = 0; step < 14; step++) {
      const game = games[random(games.length)]
      const kind = random(5)
      if (kind <= 1) {
        // A whole box score (some players without a line), replacing the saved one.
        const stats = players.filter(() => random(3) > 0).flatMap((p) => line(game.id, p))
        expect((await staffClient.put('/api/player-game-stats', { game_id: game.id, stats })).status).toBe(200)
        steps.push(`save ${game.id}`)
      } else if (kind <= 3) {
        // One player's line edited on its own.
        const player = players[random(players.length)]
        const res = await staffClient.put('/api/player-game-stats', {
          game_id: game.id,
          player_id: player,
          stats: line(game.id, player),
        })
        expect(res.status).toBe(200)
        steps.push(`edit ${game.id}/${player}`)
      } else {
        expect((await staffClient.delete(`/api/games/${game.id}?confirm=true`)).status).toBe(204)
        games.splice(games.indexOf(game), 1, await newGame())
        steps.push(`delete ${game.id}`)
      }
      expect(await storedTotals(org.id), steps.join(', ')).toEqual(await freshAggregate(org.id))
    }
    expect((await storedTotals(org.id)).length).toBeGreaterThan(0)
    expect(await storedTotals(other.org.id)).toEqual(otherBefore)
  }, 60_000) // some thirty API calls on a machine shared with other test runs

  it('follow a game moved to another season or league, or out of every season', async () => {
    const { org, staffClient } = await createTenant()
    const { stat, teams, newGame, season } = await league(staffClient, org.id)
    const game = await newGame()
    const p = teams[0].players[0].id
    await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: p, game_id: game.id, stat_id: stat('PTS'), value: 12 },
        { player_id: p, game_id: game.id, stat_id: stat('REB'), value: 5 },
      ],
    })
    const later = await buildSeason(staffClient, org.id, { teamCount: 1, active: false })
    // No route moves a game between seasons today; the triggers still keep the totals right if one does.
    await env.DB.prepare('UPDATE games SET season_id = ?, league_id = ? WHERE id = ?')
      .bind(later.season.id, later.league.id, game.id)
      .run()
    const moved = await storedTotals(org.id)
    expect(moved).toEqual(await freshAggregate(org.id))
    expect(moved.length).toBeGreaterThan(0)
    expect(new Set(moved.map((r) => r.season_id))).toEqual(new Set([later.season.id]))
    expect(moved.some((r) => r.player_id === 0)).toBe(true) // the team's rows moved too
    await env.DB.prepare('UPDATE games SET league_id = NULL WHERE id = ?').bind(game.id).run()
    expect(await storedTotals(org.id)).toEqual(await freshAggregate(org.id))
    await env.DB.prepare('UPDATE games SET season_id = NULL WHERE id = ?').bind(game.id).run()
    expect(await storedTotals(org.id)).toEqual([])
    await env.DB.prepare('UPDATE games SET season_id = ?, league_id = ? WHERE id = ?').bind(season.id, null, game.id).run()
    expect(await storedTotals(org.id)).toEqual(await freshAggregate(org.id))
    const total = async (abbr: string) =>
      (await storedTotals(org.id)).find((r) => r.stat_id === stat(abbr) && r.player_id === p)?.total
    expect([await total('PTS'), await total('REB')]).toEqual([12, 5])
  }, 30_000)

  it('feed the leaderboard: season totals per player, highest first', async () => {
    const { org, staffClient } = await createTenant()
    const { stat, teams, newGame } = await league(staffClient, org.id)
    const first = await newGame()
    const second = await newGame()
    const [a, b] = teams[0].players
    const pts = (gameId: number, playerId: number, value: number) => ({
      player_id: playerId,
      game_id: gameId,
      stat_id: stat('PTS'),
      value,
    })
    await staffClient.put('/api/player-game-stats', {
      game_id: first.id,
      stats: [pts(first.id, a.id, 10), pts(first.id, b.id, 25)],
    })
    await staffClient.put('/api/player-game-stats', { game_id: second.id, stats: [pts(second.id, a.id, 20)] })
    const top = (await new Client().get(`/api/records/top20Points?slug=${org.slug}`)).body.records
    expect(top.map((r: { id: number; totalPoints: number }) => [r.id, r.totalPoints])).toEqual([
      [a.id, 30],
      [b.id, 25],
    ])
  }, 30_000)
})

describe('rows read (BENCH=1)', () => {
  const fetchWith = async (bindings: Record<string, unknown>, path: string, init?: RequestInit) => {
    const ctx = createExecutionContext()
    const response = await worker.fetch(
      new Request(`http://localhost${path}`, init) as Parameters<typeof worker.fetch>[0],
      { ...env, ...bindings } as typeof env,
      ctx,
    )
    await waitOnExecutionContext(ctx)
    return response
  }

  it('answers the D1 rows a request read only when BENCH=1, and meters a write without running it twice', async () => {
    const { org, staffClient } = await createTenant()
    const { teams, newGame, stat } = await league(staffClient, org.id)
    const game = await newGame()
    await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: teams[0].players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 8 }],
    })
    const path = `/api/records/top20Points?slug=${org.slug}&cold=${Date.now()}`
    expect((await fetchWith({}, path)).headers.get('X-Rows-Read')).toBeNull()
    const metered = await fetchWith({ BENCH: '1' }, `${path}-metered`)
    expect(metered.status).toBe(200)
    expect(Number(metered.headers.get('X-Rows-Read'))).toBeGreaterThan(0)
    // Through the metered binding, a read is counted and an insert … returning happens once.
    const meter: RowsReadMeter = { rowsRead: 0, statements: 0 }
    const db = createDb(meteredD1(env.DB, meter))
    const name = `Metered ${Date.now()}`
    await db.insert(leagues).values({ organizationId: org.id, name }).returning()
    const found = await db
      .select()
      .from(leagues)
      .where(and(eq(leagues.organizationId, org.id), eq(leagues.name, name)))
    expect(found).toHaveLength(1)
    expect(meter.rowsRead).toBeGreaterThan(0)
  }, 30_000)
})
