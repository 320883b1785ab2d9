import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'
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
  env.DB.prepare('SELECT id, team1_id, team2_id, score_team1, score_team2, location FROM games WHERE id = ?')
    .bind(id)
    .first<{
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
