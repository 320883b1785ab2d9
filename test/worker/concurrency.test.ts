import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, withBasketballDefaults } from '../helpers/factories'
import { interleavedEnv } from '../helpers/interleave'

// Every acknowledged write is still there afterwards, or the conflicting request was refused with
// 409 (docs/api-concurrency.md). Each race is run twice over: once forced into its worst
// interleaving (the other write lands between a request's read and its write batch), once as
// many truly parallel requests.

async function scheduled(teamCount = 6) {
  const tenant = await createTenant()
  const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount })
  const created = await tenant.ownerClient.post('/api/schedules', {
    name: 'Mondays',
    leagueId: built.league.id,
    startDate: '2025-09-01',
    numWeeks: 5,
    gameDays: ['Monday'],
    sameSlot: true,
    timeSlots: ['18:00', '19:00', '20:00'],
  })
  expect(created.status).toBe(201)
  const generated = await tenant.ownerClient.post('/api/games/generate-full-schedule', { scheduleId: created.body.schedule.id })
  expect(generated.status).toBe(200)
  return { ...tenant, ...built, schedule: created.body.schedule as { id: number } }
}

const gamesOf = async (scheduleId: number) =>
  (
    await env.DB.prepare(
      'SELECT id, team1_id, team2_id, score_team1, score_team2, version FROM games WHERE schedule_id = ? ORDER BY id',
    )
      .bind(scheduleId)
      .all<{ id: number; team1_id: number; team2_id: number; score_team1: number; score_team2: number; version: number }>()
  ).results

const gameRow = (id: number) =>
  env.DB.prepare('SELECT id, team1_id, team2_id, score_team1, score_team2, location FROM games WHERE id = ?').bind(id).first<{
    id: number
    team1_id: number
    team2_id: number
    score_team1: number
    score_team2: number
    location: string | null
  }>()

/** The same signed-in user, on other bindings (an interleaved D1). */
function onBindings(client: Client, bindings: Cloudflare.Env) {
  const copy = new Client(client.origin)
  for (const [k, v] of client.cookies) copy.cookies.set(k, v)
  copy.bindings = bindings
  return copy
}

describe('schedule regeneration against score saves', () => {
  it('refuses with 409, deleting nothing, when a game is scored between the plan and its write', async () => {
    const { ownerClient, staffClient, schedule } = await scheduled()
    const [target] = await gamesOf(schedule.id)
    let saved = 0
    const racing = interleavedEnv(/delete from "games"/i, async () => {
      const res = await staffClient.put(`/api/gamesv2/${target.id}/scores`, { score_home: 51, score_away: 48 })
      saved = res.status
    })
    const res = await onBindings(ownerClient, racing.env).post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(racing.fired()).toBe(true)
    expect(saved).toBe(200)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.message).toMatch(/changed while the schedule was being generated/)
    expect(await gameRow(target.id)).toMatchObject({ score_team1: 51, score_team2: 48 })
    // Generating again keeps the scored game.
    const again = await ownerClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(again.status).toBe(200)
    expect(await gameRow(target.id)).toMatchObject({ score_team1: 51, score_team2: 48 })
  })

  it('never loses an acknowledged score when generation and saves run in parallel', async () => {
    const { ownerClient, staffClient, schedule } = await scheduled()
    for (let trial = 0; trial < 6; trial++) {
      const games = await gamesOf(schedule.id)
      const unplayed = games.filter((g) => g.score_team1 === 0 && g.score_team2 === 0).slice(0, 2)
      const saves = unplayed.map((g, i) =>
        staffClient.put(`/api/gamesv2/${g.id}/scores`, { score_home: 40 + trial, score_away: 30 + i }).then((r) => ({ g, r })),
      )
      const generate = ownerClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
      const [gen, ...done] = await Promise.all([generate, ...saves])
      expect([200, 409]).toContain(gen.status)
      for (const { g, r } of done) {
        if (r.status === 200) expect(await gameRow(g.id), `trial ${trial}`).toMatchObject({ score_team1: 40 + trial })
        else expect(r.status).toBe(404) // the game was replaced before the save read it: nothing acknowledged
      }
    }
  })
})

describe('swaps against score saves', () => {
  it('refuses a swap with 409 when one of its games is scored between the check and the write', async () => {
    const { ownerClient, staffClient, schedule } = await scheduled()
    const games = await gamesOf(schedule.id)
    const [a, b] = games
    const racing = interleavedEnv(/update "games" set "team1_id"/i, () =>
      staffClient.put(`/api/gamesv2/${a.id}/scores`, { score_home: 60, score_away: 55 }),
    )
    const res = await onBindings(ownerClient, racing.env).put('/api/games/swap', { gameId1: a.id, gameId2: b.id })
    expect(racing.fired()).toBe(true)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(await gameRow(a.id)).toMatchObject({ team1_id: a.team1_id, team2_id: a.team2_id, score_team1: 60 })
    expect(await gameRow(b.id)).toMatchObject({ team1_id: b.team1_id, team2_id: b.team2_id })
  })
})

/** Two teams of two players and one game, with the basketball stats. */
async function oneGame() {
  const tenant = await createTenant()
  const defaults = await withBasketballDefaults(tenant.org.id)
  const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 2, playersPerTeam: 2 })
  const [home, away] = built.teams
  const game = (
    await tenant.ownerClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: home.id,
      team2_id: away.id,
      date: '2025-11-02',
      time: '18:00',
    })
  ).body.game
  return { ...tenant, ...defaults, home, away, game }
}

const ptsOf = (detail: any, stat: (a: string) => number, player: number) =>
  detail.playerStats.find((r: any) => r.player_id === player && r.stat_id === stat('PTS'))?.value

describe('box scores, line by line', () => {
  it('refuses a stale save of a line someone else saved, and keeps their value', async () => {
    const { ownerClient, staffClient, game, home, stat } = await oneGame()
    const p = home.players[0].id
    const q = home.players[1].id
    const ownerCopy = (await ownerClient.get(`/api/gamesv2/${game.id}`)).body
    const staffCopy = (await staffClient.get(`/api/gamesv2/${game.id}`)).body
    const line = (player: number, pts: number) => [{ player_id: player, game_id: game.id, stat_id: stat('PTS'), value: pts }]
    const owner = await ownerClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: line(p, 33),
      lineVersions: { [p]: ownerCopy.lineVersions[p] ?? 0 },
    })
    expect(owner.status).toBe(200)
    // Staff save the whole box score from their older copy: p's line is stale.
    const stale = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [...line(p, 10), ...line(q, 12)],
      lineVersions: { [p]: staffCopy.lineVersions[p] ?? 0, [q]: staffCopy.lineVersions[q] ?? 0 },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toContain(home.players[0].firstName)
    expect(stale.body.players).toHaveLength(1)
    expect(ptsOf(stale.body.current, stat, p)).toBe(33)
    expect(stale.body.changedBy?.username).toBeTruthy()
    const now = (await ownerClient.get(`/api/gamesv2/${game.id}`)).body
    expect(ptsOf(now, stat, p)).toBe(33)
    expect(ptsOf(now, stat, q)).toBeUndefined() // the refused save wrote nothing at all
    // Another player's line, from the same old copy, does not conflict.
    const other = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: line(q, 12),
      lineVersions: { [q]: staffCopy.lineVersions[q] ?? 0 },
    })
    expect(other.status).toBe(200)
    expect(ptsOf(other.body, stat, p)).toBe(33)
    expect(ptsOf(other.body, stat, q)).toBe(12)
  })

  it('in parallel, every acknowledged line save is present or was refused with 409', async () => {
    const { ownerClient, staffClient, game, home, away, stat } = await oneGame()
    const everyone = [...home.players, ...away.players].map((pl) => pl.id)
    for (let trial = 0; trial < 5; trial++) {
      const copy = (await ownerClient.get(`/api/gamesv2/${game.id}`)).body
      const attempts = [ownerClient, staffClient, ownerClient, staffClient].map((client, i) => {
        const player = everyone[(trial + i) % everyone.length]
        const value = trial * 10 + i
        return client
          .put('/api/player-game-stats', {
            game_id: game.id,
            stats: [{ player_id: player, game_id: game.id, stat_id: stat('PTS'), value }],
            lineVersions: { [player]: copy.lineVersions[player] ?? 0 },
          })
          .then((res) => ({ res, player, value, at: i }))
      })
      const results = await Promise.all(attempts)
      const now = (await ownerClient.get(`/api/gamesv2/${game.id}`)).body
      for (const player of everyone) {
        const won = results.filter((r) => r.player === player && r.res.status === 200)
        // One copy, one version: at most one save of a line goes through, and it is what is stored.
        expect(won.length, `trial ${trial}`).toBeLessThanOrEqual(1)
        if (won[0]) expect(ptsOf(now, stat, player)).toBe(won[0].value)
      }
      for (const r of results) expect([200, 409]).toContain(r.res.status)
    }
  })

  it('keeps the original whole-box-score call working without versions', async () => {
    const { staffClient, game, home, stat } = await oneGame()
    const res = await staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [{ player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 7 }],
    })
    expect(res.status).toBe(200)
    expect(res.body.lineVersions[home.players[0].id]).toBeGreaterThan(0)
  })
})

describe('game edits and deletes', () => {
  it('refuses an edit from a stale copy with the current game and who changed it', async () => {
    const { ownerClient, staffClient, game, owner } = await oneGame()
    const first = await ownerClient.put(`/api/gamesv2/${game.id}/details`, { location: 'North Gym', version: game.version })
    expect(first.status).toBe(200)
    expect(first.body.game.version).toBeGreaterThan(game.version)
    const stale = await staffClient.put(`/api/gamesv2/${game.id}/details`, { location: 'South Gym', version: game.version })
    expect(stale.status).toBe(409)
    expect(stale.body.current.game.location).toBe('North Gym')
    expect(stale.body.changedBy).toMatchObject({ username: owner.username, fields: expect.arrayContaining(['location']) })
    expect((await gameRow(game.id))?.location).toBe('North Gym')
    const scores = await staffClient.put(`/api/gamesv2/${game.id}/scores`, {
      score_home: 1,
      score_away: 2,
      version: game.version,
    })
    expect(scores.status).toBe(409)
    const fresh = await staffClient.put(`/api/gamesv2/${game.id}/scores`, {
      score_home: 1,
      score_away: 2,
      version: stale.body.current.game.version,
    })
    expect(fresh.status).toBe(200)
  })

  it('delete vs edit: an edit acknowledged after the delete was read is never deleted unseen', async () => {
    const { ownerClient, staffClient, game } = await oneGame()
    const edit = await staffClient.put(`/api/games/${game.id}`, { location: 'Annex', version: game.version })
    expect(edit.status).toBe(200)
    const del = await ownerClient.delete(`/api/games/${game.id}?version=${game.version}`)
    expect(del.status).toBe(409)
    expect(del.body.message).toMatch(/changed by/)
    expect((await gameRow(game.id))?.location).toBe('Annex')
    const delFresh = await ownerClient.delete(`/api/games/${game.id}?version=${edit.body.game.version}`)
    expect(delFresh.status).toBe(204)
  })

  it('in parallel, delete and edit never both succeed from the same copy', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const { ownerClient, staffClient, game } = await oneGame()
      const [edit, del] = await Promise.all([
        staffClient.put(`/api/games/${game.id}`, { location: `Gym ${trial}`, version: game.version }),
        ownerClient.delete(`/api/games/${game.id}?version=${game.version}`),
      ])
      const row = await gameRow(game.id)
      if (edit.status === 200) {
        expect(del.status, `trial ${trial}`).toBe(409)
        expect(row?.location).toBe(`Gym ${trial}`)
      } else {
        expect(del.status).toBe(204)
        expect([404, 409]).toContain(edit.status)
        expect(row).toBeNull()
      }
    }
  })
})

describe('deletes that keep history, against score saves', () => {
  it('a team delete refuses with 409 when one of its games is scored between the check and the delete', async () => {
    const { ownerClient, staffClient, game, home } = await oneGame()
    const racing = interleavedEnv(/delete from "games"/i, () =>
      staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: 70, score_away: 64 }),
    )
    const res = await onBindings(ownerClient, racing.env).delete(`/api/teams/${home.id}`)
    expect(racing.fired()).toBe(true)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(await gameRow(game.id)).toMatchObject({ score_team1: 70, score_team2: 64 })
  })

  it('a season delete refuses with 409 when one of its games is scored between the check and the delete', async () => {
    const tenant = await createTenant()
    const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 2, active: false })
    const game = (
      await tenant.ownerClient.post('/api/games', {
        season_id: built.season.id,
        leagueId: built.league.id,
        team1_id: built.teams[0].id,
        team2_id: built.teams[1].id,
      })
    ).body.game
    const racing = interleavedEnv(/delete from "games"/i, () =>
      tenant.staffClient.put(`/api/gamesv2/${game.id}/scores`, { score_home: 12, score_away: 10 }),
    )
    const res = await onBindings(tenant.ownerClient, racing.env).delete(`/api/seasonsv2/${built.season.id}`)
    expect(racing.fired()).toBe(true)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(await gameRow(game.id)).toMatchObject({ score_team1: 12 })
  })
})
