import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, withBasketballDefaults } from '../helpers/factories'

const count = async (table: string, where: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n

/** An organization with defaults, an active season with two teams of two players, and one game. */
async function fixture() {
  const tenant = await createTenant()
  const defaults = await withBasketballDefaults(tenant.org.id)
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 2, playersPerTeam: 2 })
  const [home, away] = built.teams
  const game = (
    await tenant.staffClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: home.id,
      team2_id: away.id,
      date: '2025-11-02',
      time: '18:00',
      location: 'Main Gym',
    })
  ).body.game
  return { ...tenant, ...defaults, ...built, home, away, game }
}

describe('games', () => {
  it('creates a single game as scheduled with its Los Angeles instant', async () => {
    const { game, home, away } = await fixture()
    expect(game).toMatchObject({
      status: 'scheduled',
      team1_id: home.id,
      team2_id: away.id,
      homeTeam: { id: home.id, name: home.name },
      date: '2025-11-02',
      time: '18:00',
      game_dateTime: '2025-11-03T02:00:00.000Z',
      score_team1: 0,
    })
  })

  it('refuses a game between the same team, a team outside the league, or a bad time', async () => {
    const { staffClient, season, league, home, org } = await fixture()
    const same = await staffClient.post('/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: home.id,
      team2_id: home.id,
    })
    expect(same.status).toBe(400)
    const other = await buildSeason(staffClient, org.id, { teamCount: 1, active: false })
    const outside = await staffClient.post('/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: home.id,
      team2_id: other.teams[0].id,
    })
    expect(outside.status).toBe(400)
    expect(outside.body.fields.team2_id).toBeDefined()
    const badTime = await staffClient.post('/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: home.id,
      team2_id: other.teams[0].id,
      time: '7pm',
    })
    expect(badTime.body.fields.time).toBe('Use a time like 19:00')
  })

  it('saves a whole box score atomically, deriving FGM/FGA and never storing percentages', async () => {
    const { staffClient, game, home, away, stat } = await fixture()
    const p = home.players[0].id
    const q = away.players[0].id
    const line = (player: number, values: Record<string, number | ''>) =>
      Object.entries(values).map(([abbr, value]) => ({ player_id: player, game_id: game.id, stat_id: stat(abbr), value }))
    const res = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        ...line(p, { PTS: 11, '2PM': 4, '2PA': 8, '3PM': 1, '3PA': 2, FTM: '', FTA: 0, 'FG%': 99, FGM: 50 }),
        ...line(q, { PTS: 3, '3PM': 1, '3PA': 1 }),
      ],
    })
    expect(res.status).toBe(200)
    const value = (player: number, abbr: string) =>
      res.body.playerStats.find((r: any) => r.player_id === player && r.stat_id === stat(abbr))?.value
    expect(value(p, 'FGM')).toBe(5)
    expect(value(p, 'FGA')).toBe(10)
    expect(value(p, 'FTM')).toBe(0)
    expect(value(p, 'FG%')).toBeUndefined()
    expect(value(q, 'FGM')).toBe(1)
    expect(res.body.playerStats.find((r: any) => r.player_id === q).team_id).toBe(away.id)
  })

  it('an unversioned box-score save touches only the lines it sends (docs/api-concurrency.md)', async () => {
    const { staffClient, game, home, away, stat } = await fixture()
    const everyone = [...home.players, ...away.players].map((p) => p.id)
    const pts = (player: number, value: number) => ({ player_id: player, game_id: game.id, stat_id: stat('PTS'), value })
    const reb = (player: number, value: number) => ({ player_id: player, game_id: game.id, stat_id: stat('REB'), value })
    const full = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: everyone.flatMap((p, i) => [pts(p, 10 + i), reb(p, i)]),
    })
    expect(full.status).toBe(200)
    const [first, ...others] = everyone
    // Neither player_id nor lineVersions nor version: one line sent, one line changed.
    const one = await staffClient.put('/api/player-game-stats', { game_id: game.id, stats: [pts(first, 30)] })
    expect(one.status).toBe(200)
    // FGM and FGA are derived rows of every line; the typed ones are PTS and REB.
    const rows = (one.body.playerStats as { player_id: number; stat_id: number; value: number }[]).filter((r) =>
      [stat('PTS'), stat('REB')].includes(r.stat_id),
    )
    // The sent line is replaced whole (its REB goes), every other line stays as it was.
    expect(rows.filter((r) => r.player_id === first)).toEqual([expect.objectContaining({ stat_id: stat('PTS'), value: 30 })])
    for (const [i, p] of others.entries()) {
      expect(
        rows
          .filter((r) => r.player_id === p)
          .map((r) => r.value)
          .sort((a, b) => a - b),
      ).toEqual([i + 1, 11 + i])
    }
  })

  it("a box-score save carrying the game's version is checked against it, and never removes a line it does not send", async () => {
    const { staffClient, ownerClient, game, home, away, stat } = await fixture()
    const [p, q] = [home.players[0].id, away.players[0].id]
    const pts = (player: number, value: number) => ({ player_id: player, game_id: game.id, stat_id: stat('PTS'), value })
    const points = (rows: { player_id: number; stat_id: number; value: number }[]) =>
      rows.filter((r) => r.stat_id === stat('PTS')).map((r) => [r.player_id, r.value])
    const version = (await staffClient.get(`/api/gamesv2/${game.id}`)).body.game.version
    // Someone else saves one line meanwhile (line versions, as the desk sends them).
    const other = await ownerClient.put('/api/player-game-stats', {
      game_id: game.id,
      lineVersions: { [q]: 0 },
      stats: [pts(q, 7)],
    })
    expect(other.status).toBe(200)
    // The game itself did not change: the save goes through, and the other line stays.
    const saved = await staffClient.put('/api/player-game-stats', { game_id: game.id, version, stats: [pts(p, 12)] })
    expect(saved.status).toBe(200)
    expect(points(saved.body.playerStats)).toEqual([
      [p, 12],
      [q, 7],
    ])
    // Once the game changed (its details), a save with the old version is refused and changes nothing.
    const edited = await ownerClient.put(`/api/gamesv2/${game.id}/details`, { location: 'Annex', version })
    expect(edited.status).toBe(200)
    const stale = await staffClient.put('/api/player-game-stats', { game_id: game.id, version, stats: [pts(p, 30)] })
    expect(stale.status).toBe(409)
    expect(stale.body.current.game.location).toBe('Annex')
    const after = (await staffClient.get(`/api/gamesv2/${game.id}`)).body
    expect(points(after.playerStats)).toEqual([
      [p, 12],
      [q, 7],
    ])
  })

  it("a box-score save carrying the box score's version is refused when any line changed since, naming who and which line", async () => {
    const { staffClient, ownerClient, game, home, away, stat } = await fixture()
    const [p, q] = [home.players[0], away.players[0]]
    const pts = (player: number, value: number) => ({ player_id: player, game_id: game.id, stat_id: stat('PTS'), value })
    const read = (await staffClient.get(`/api/gamesv2/${game.id}`)).body
    expect(read.boxScoreVersion).toBe(0)
    // Someone else saves another player's line meanwhile.
    const other = await ownerClient.put('/api/player-game-stats', {
      game_id: game.id,
      lineVersions: { [q.id]: 0 },
      stats: [pts(q.id, 7)],
    })
    expect(other.status).toBe(200)
    expect(other.body.boxScoreVersion).toBeGreaterThan(read.boxScoreVersion)
    // A save carrying the version read before that line edit is refused, and writes nothing.
    const stale = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      version: read.game.version,
      boxScoreVersion: read.boxScoreVersion,
      lineVersions: { [p.id]: 0 },
      stats: [pts(p.id, 12)],
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toContain(`${q.firstName} ${q.lastName}`)
    expect(stale.body.message).toContain(stale.body.changedBy.username)
    expect(stale.body.players).toEqual([`${q.firstName} ${q.lastName}`])
    expect(stale.body.current.boxScoreVersion).toBe(other.body.boxScoreVersion)
    expect(await count('player_game_stats', 'game_id = ? AND player_id = ?', game.id, p.id)).toBe(0)
    // Sent again with the version read now, it goes through; emptying a line still moves the version on.
    const again = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      boxScoreVersion: stale.body.current.boxScoreVersion,
      lineVersions: { [p.id]: 0 },
      stats: [pts(p.id, 12)],
    })
    expect(again.status).toBe(200)
    const emptied = await ownerClient.put('/api/player-game-stats', {
      game_id: game.id,
      boxScoreVersion: again.body.boxScoreVersion,
      lineVersions: { [q.id]: again.body.lineVersions[q.id] },
      stats: [],
    })
    expect(emptied.status).toBe(200)
    expect(emptied.body.boxScoreVersion).toBeGreaterThan(again.body.boxScoreVersion)
  })

  it('refuses a box score naming a player on neither roster, leaving the saved one intact', async () => {
    const { staffClient, game, home, stat, org } = await fixture()
    const ok = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 9 }],
    })
    expect(ok.status).toBe(200)
    const saved = await count('player_game_stats', 'game_id = ? AND organization_id = ?', game.id, org.id)
    const outsider = (await staffClient.post('/api/playersv2', { firstName: 'Out', lastName: 'Sider' })).body.player
    const refused = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: home.players[1].id, game_id: game.id, stat_id: stat('PTS'), value: 4 },
        { player_id: outsider.id, game_id: game.id, stat_id: stat('PTS'), value: 2 },
      ],
    })
    expect(refused.status).toBe(400)
    expect(await count('player_game_stats', 'game_id = ? AND organization_id = ?', game.id, org.id)).toBe(saved)
    const fractional = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 2.5 }],
    })
    expect(fractional.status).toBe(400)
  })

  it('saves final and period scores, keeps Final in step, and marks the game completed', async () => {
    const { staffClient, game, home, away, periods } = await fixture()
    const q1 = periods.find((p) => p.name === '1st Quarter')!
    const res = await staffClient.put(`/api/gamesv2/${game.id}/scores`, {
      score_home: 52,
      score_away: 48,
      periodScores: [
        { game_period_id: q1.id, team_id: home.id, score: 12 },
        { game_period_id: q1.id, team_id: away.id, score: 10 },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.game).toMatchObject({ score_team1: 52, score_team2: 48, status: 'completed' })
    const final = res.body.periodScores.filter((s: any) => s.gamePeriod.name === 'Final')
    expect(final.map((s: any) => [s.team_id, s.score]).sort()).toEqual(
      [
        [home.id, 52],
        [away.id, 48],
      ].sort(),
    )
    const negative = await staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: -1, score_away: 3 })
    expect(negative.status).toBe(400)
  })

  it('saves game details, storing a YouTube watch link as its embed link', async () => {
    const { staffClient, game } = await fixture()
    const res = await staffClient.put(`/api/gamesv2/${game.id}/details`, {
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      location: 'Court 2',
      date: '2025-11-09',
      time: '19:30',
      status: 'postponed',
    })
    expect(res.body.game).toMatchObject({
      video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      location: 'Court 2',
      status: 'postponed',
      game_dateTime: '2025-11-10T03:30:00.000Z',
    })
    const bad = await staffClient.put(`/api/gamesv2/${game.id}/details`, { status: 'abandoned' })
    expect(bad.status).toBe(400)
  })

  it('serves the public game page data and the game list by slug; another organization gets Game not found', async () => {
    const { org, game } = await fixture()
    const visitor = new Client()
    const detail = await visitor.get(`/api/gamesv2/${game.id}?slug=${org.slug}`)
    expect(detail.status).toBe(200)
    expect(detail.body.homeRoster).toHaveLength(2)
    expect(detail.body.allStats.map((s: any) => s.abbreviation).slice(0, 3)).toEqual(['PTS', 'AST', 'REB'])
    const list = await visitor.get(`/api/gamesv2?slug=${org.slug}`)
    expect(list.body.games.map((g: any) => g.id)).toEqual([game.id])
    const other = await createTenant()
    const foreign = await visitor.get(`/api/gamesv2/${game.id}?slug=${other.org.slug}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Game not found')
  })

  it("refuses another organization's staff on every game call, changing nothing", async () => {
    const { game, home, stat } = await fixture()
    const attacker = await createTenant()
    const c = attacker.ownerClient
    expect((await c.get(`/api/gamesv2/${game.id}`)).status).toBe(404)
    expect((await c.put(`/api/gamesv2/${game.id}/scores`, { score_home: 1, score_away: 0 })).status).toBe(404)
    expect((await c.put(`/api/gamesv2/${game.id}/details`, { location: 'X' })).status).toBe(404)
    expect((await c.put(`/api/games/${game.id}`, { location: 'X' })).status).toBe(404)
    expect((await c.delete(`/api/games/${game.id}?confirm=true`)).status).toBe(404)
    expect(
      (
        await c.put('/api/player-game-stats', {
          game_id: game.id,
          stats: [{ player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 5 }],
        })
      ).status,
    ).toBe(404)
    const row = await env.DB.prepare('SELECT score_team1, location FROM games WHERE id = ?').bind(game.id).first<any>()
    expect(row).toEqual({ score_team1: 0, location: 'Main Gym' })
    expect((await new Client().put(`/api/gamesv2/${game.id}/scores`, { score_home: 1, score_away: 0 })).status).toBe(401)
  })

  it('asks for confirmation before deleting a game with a box score', async () => {
    const { staffClient, game, home, stat } = await fixture()
    await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 5 }],
    })
    expect((await staffClient.delete(`/api/games/${game.id}`)).status).toBe(409)
    expect((await staffClient.delete(`/api/games/${game.id}?confirm=true`)).status).toBe(204)
    expect(await count('player_game_stats', 'game_id = ?', game.id)).toBe(0)
  })
})

describe('player stats, records and leaders', () => {
  it('agree with each other and with a hand calculation', async () => {
    const { staffClient, org, season, league, home, away, game, stat } = await fixture()
    const second = await insertGame(org.id, season.id, league.id, away.id, home.id, [0, 0], 'scheduled', '2025-11-09')
    const [p1, p2] = home.players.map((p) => p.id)
    const [q1] = away.players.map((p) => p.id)
    const save = (gameId: number, lines: [number, Record<string, number>][]) =>
      staffClient.put('/api/player-game-stats', {
        game_id: gameId,
        stats: lines.flatMap(([player, values]) =>
          Object.entries(values).map(([abbr, value]) => ({ player_id: player, game_id: gameId, stat_id: stat(abbr), value })),
        ),
      })
    await save(game.id, [
      [p1, { PTS: 20, '2PM': 4, '2PA': 9, '3PM': 3, '3PA': 6, FTM: 3, FTA: 4, REB: 5, AST: 2 }],
      [p2, { PTS: 8, '2PM': 4, '2PA': 4, REB: 9 }],
      [q1, { PTS: 15, '3PM': 5, '3PA': 10, AST: 7 }],
    ])
    await save(second.id, [[p1, { PTS: 10, '2PM': 2, '2PA': 5, '3PM': 2, '3PA': 3, FTM: 0, FTA: 2 }]])
    await staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: 28, score_away: 15 })

    const visitor = new Client()
    const basic = (await visitor.get(`/api/playersv2/${p1}/basic?slug=${org.slug}&scope=active`)).body
    expect(basic.gameStats).toHaveLength(2)
    expect(basic.summary.ppg).toBe(15)
    expect(basic.summary.ftPercentage).toBeCloseTo(3 / 6)
    expect(basic.summary.total3PM).toBe(5)
    const first = basic.gameStats.find((g: any) => g.game_id === game.id)
    expect(first.stats).toMatchObject({ FGM: 7, FGA: 15, PTS: 20 })
    expect(first.stats['FG%']).toBeCloseTo(7 / 15)
    expect(first.result).toBe('W 28-15')
    // Team names of the log come from their own statement of the same batch.
    expect(first).toMatchObject({
      home: true,
      team: { id: home.id, name: home.name },
      opponent: { id: away.id, name: away.name },
    })
    expect(first.matchup).toBe(`${home.name} vs ${away.name}`)
    const later = basic.gameStats.find((g: any) => g.game_id === second.id)
    expect(later).toMatchObject({
      home: false,
      opponent: { id: away.id, name: away.name },
      matchup: `${away.name} vs ${home.name}`,
    })
    expect(basic.summary.efgPercentage).toBeCloseTo((11 + 0.5 * 5) / 23)

    const stats = (await visitor.get(`/api/playersv2/${p1}/stats?slug=${org.slug}`)).body
    expect(stats.seasons).toHaveLength(1)
    expect(stats.seasons[0]).toMatchObject({ gamesPlayed: 2, season: { id: season.id } })

    const points = (await visitor.get(`/api/records/top20Points?slug=${org.slug}`)).body.records
    expect(points.map((r: any) => [r.id, r.totalPoints])).toEqual([
      [p1, 30],
      [q1, 15],
      [p2, 8],
    ])
    const threes = (await visitor.get(`/api/records/top20Threes?slug=${org.slug}`)).body.records
    expect(threes.map((r: any) => r.totalThrees)).toEqual([5, 5])
    expect(threes.map((r: any) => r.id).sort()).toEqual([p1, q1].sort())
    const wins = (await visitor.get(`/api/records/top20TeamWins?slug=${org.slug}`)).body.records
    expect(wins).toEqual([expect.objectContaining({ teamId: home.id, name: home.name, wins: 1 })])
    const leaders = (await visitor.get(`/api/stat-leaders?slug=${org.slug}`)).body
    expect(leaders.points[0]).toMatchObject({ firstName: expect.any(String), pts: 30 })
    expect(leaders.points).toHaveLength(3)
    expect(leaders.rebounds.map((r: any) => r.reb)).toEqual([9, 5])
    expect(leaders.assists.map((r: any) => r.ast)).toEqual([7, 2])
    const standings = (await visitor.get(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams?slug=${org.slug}`)).body.teams
    expect(standings[0]).toMatchObject({ id: home.id, wins: 1, losses: 0, total3PM: 5 })
    expect(standings[0].ftPercentage).toBeCloseTo(0.5)
  })

  it('lists byes and week-offs of the active season publicly', async () => {
    const { org, season, league, home } = await fixture()
    await env.DB.prepare('INSERT INTO byes (organization_id, season_id, league_id, date, team_id) VALUES (?, ?, ?, ?, ?)')
      .bind(org.id, season.id, league.id, '2025-11-16', home.id)
      .run()
    await env.DB.prepare('INSERT INTO week_offs (organization_id, season_id, league_id, date) VALUES (?, ?, ?, ?)')
      .bind(org.id, season.id, league.id, '2025-11-23')
      .run()
    const visitor = new Client()
    const byes = (await visitor.get(`/api/bye-dates/public?slug=${org.slug}`)).body.byes
    expect(byes).toEqual([
      expect.objectContaining({ date: '2025-11-16', league_id: league.id, teams: [{ id: home.id, name: home.name }] }),
    ])
    const offs = (await visitor.get(`/api/week-offs/public?slug=${org.slug}`)).body.weekOffs
    expect(offs).toEqual([expect.objectContaining({ date: '2025-11-23', reason: 'Off Week' })])
  })
})

describe('former players', () => {
  it('keeps the line of a player who left the roster editable', async () => {
    const { staffClient, game, home, stat, season, league } = await fixture()
    const player = home.players[0].id
    await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: player, game_id: game.id, stat_id: stat('PTS'), value: 4 }],
    })
    await staffClient.delete(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${home.id}/players/${player}`)
    const detail = (await staffClient.get(`/api/gamesv2/${game.id}`)).body
    expect(detail.homeRoster.find((p: any) => p.id === player)).toMatchObject({ former: true })
    const again = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: player, game_id: game.id, stat_id: stat('PTS'), value: 6 }],
    })
    expect(again.status).toBe(200)
    expect(again.body.playerStats.find((r: any) => r.stat_id === stat('PTS')).team_id).toBe(home.id)
  })
})
