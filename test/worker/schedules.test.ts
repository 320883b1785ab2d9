import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { buildSeason, createTenant } from '../helpers/factories'

/** The scenario: a 7-team league over 12 Mondays with 3 slots; two teams cannot play at 18:00. */
async function fixture(teamCount = 7) {
  const tenant = await createTenant()
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount })
  for (const team of built.teams.slice(0, 2)) {
    const res = await tenant.staffClient.put(`/api/teams/${team.id}`, { unavailableSlots: '18:00' })
    expect(res.body.team.unavailableSlots).toEqual(['18:00'])
  }
  const created = await tenant.staffClient.post('/api/schedules', {
    name: 'Fall Mondays',
    leagueId: built.league.id,
    startDate: '2025-09-01',
    numWeeks: 12,
    gameDays: ['Monday'],
    sameSlot: true,
    timeSlots: ['18:00', '19:00', '20:00'],
  })
  expect(created.status).toBe(201)
  return { ...tenant, ...built, schedule: created.body.schedule }
}

const scheduleGames = async (scheduleId: number) =>
  (
    await env.DB.prepare(
      'SELECT id, week_index, date, time, team1_id, team2_id, score_team1 FROM games WHERE schedule_id = ? ORDER BY week_index, time',
    )
      .bind(scheduleId)
      .all<any>()
  ).results

describe('schedules', () => {
  it('creates a schedule with week dates of start + 7 days per week on the game day', async () => {
    const { schedule } = await fixture()
    expect(schedule).toMatchObject({ name: 'Fall Mondays', numWeeks: 12, sameSlot: true, timeSlots: ['18:00', '19:00', '20:00'] })
    expect(schedule.weeklyDates.slice(0, 3)).toEqual(['2025-09-01', '2025-09-08', '2025-09-15'])
  })

  it('validates the schedule form', async () => {
    const { staffClient, league } = await fixture(2)
    const res = await staffClient.post('/api/schedules', {
      name: '',
      leagueId: league.id,
      startDate: 'soon',
      numWeeks: 0,
      gameDays: ['Funday'],
      timeSlots: '6pm',
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['name', 'startDate', 'numWeeks']))
  })

  it('generates a fair schedule that keeps every hard rule, and reports its fairness', async () => {
    const { staffClient, schedule, teams } = await fixture()
    const res = await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/^Full schedule generated!/)
    const games = await scheduleGames(schedule.id)
    expect(games.length).toBeGreaterThan(0)
    const unavailable = new Set(teams.slice(0, 2).map((t) => t.id))
    for (const g of games) {
      expect(g.time === '18:00' && (unavailable.has(g.team1_id) || unavailable.has(g.team2_id))).toBe(false)
    }
    const fairness = (await staffClient.get(`/api/schedules/${schedule.id}/fairness`)).body.fairness
    expect(fairness.hardViolations).toEqual([])
    expect(fairness.spreads, JSON.stringify(fairness.spreads)).toBeDefined()
    expect(fairness.spreads.games, JSON.stringify(fairness.spreads)).toBeLessThanOrEqual(1)
    expect(fairness.spreads.byes, JSON.stringify(fairness.spreads)).toBeLessThanOrEqual(1)
    expect(fairness.spreads.slot.value, JSON.stringify(fairness.spreads)).toBeLessThanOrEqual(1)
    expect(fairness.spreads.homeAwayImbalance).toBeLessThanOrEqual(1)
    const week0 = (await staffClient.get(`/api/games/weekly-games?scheduleId=${schedule.id}&weekIndex=0`)).body.games
    expect(week0.every((g: any) => g.date === '2025-09-01')).toBe(true)
    const byes = (await staffClient.get(`/api/games/weekly-byes?scheduleId=${schedule.id}&weekIndex=0`)).body.byes
    expect(Array.isArray(byes)).toBe(true)
  })

  it('leaves a double-header slot open, and says so, when filling it would unbalance the season', async () => {
    // 5 teams, 3 slots: one double-header a night; two teams cannot play 18:30 so can never
    // double-head. Filling all 12 slots would give three teams 4 double-headers (spread 2).
    const { staffClient, org } = await createTenant()
    const { teams, league } = await buildSeason(staffClient, org.id, { teamCount: 5 })
    for (const team of teams.slice(0, 2)) await staffClient.put(`/api/teams/${team.id}`, { unavailableSlots: '18:30' })
    const created = await staffClient.post('/api/schedules', {
      name: 'Tuesdays',
      leagueId: league.id,
      startDate: '2025-09-02',
      numWeeks: 4,
      gameDays: ['Tuesday'],
      sameSlot: true,
      timeSlots: ['18:00', '18:30', '19:00'],
    })
    const schedule = created.body.schedule
    const res = await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Full schedule generated! 11 games scheduled, 1 slot left open.')
    expect(res.body.openSlots).toHaveLength(1)
    expect(res.body.openSlots[0]).toMatchObject({ reason: expect.stringMatching(/double-header/) })
    const games = await scheduleGames(schedule.id)
    expect(games).toHaveLength(11)
    const open = res.body.openSlots[0]
    expect(games.some((g) => g.week_index === open.weekIndex && g.time === open.time)).toBe(false)
    const fairness = (await staffClient.get(`/api/schedules/${schedule.id}/fairness`)).body.fairness
    expect(fairness.hardViolations).toEqual([])
    expect(fairness.spreads.games).toBeLessThanOrEqual(1)
    expect(fairness.spreads.doubleHeaders).toBeLessThanOrEqual(1)
  })

  it('swaps two matchups, and refuses a swap that breaks a hard rule', async () => {
    const { staffClient, schedule, teams } = await fixture()
    await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    const games = await scheduleGames(schedule.id)
    const unavailable = new Set(teams.slice(0, 2).map((t) => t.id))
    // A game of an 18:00-unavailable team moved into an 18:00 cell breaks a hard rule.
    const early = games.find((g) => g.time === '18:00')
    const blocked = games.find(
      (g) =>
        g.week_index !== early.week_index && g.time !== '18:00' && (unavailable.has(g.team1_id) || unavailable.has(g.team2_id)),
    )
    const refused = await staffClient.put('/api/games/swap', { gameId1: early.id, gameId2: blocked.id })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/^Swap refused: .*unavailable/)
    // Within one night only a slot a team cannot play can break: swap two games after 18:00.
    const sameNight = games.filter((g) => g.week_index === 0 && g.time !== '18:00')
    const ok = await staffClient.put('/api/games/swap', { gameId1: sameNight[0].id, gameId2: sameNight[1].id })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Matchups swapped!')
    const after = await scheduleGames(schedule.id)
    expect(after.find((g) => g.id === sameNight[0].id).team1_id).toBe(sameNight[1].team1_id)
  })

  it('regenerates without losing played or locked games, honouring a new week-off', async () => {
    const { staffClient, schedule, season, league } = await fixture()
    await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    const first = await scheduleGames(schedule.id)
    const played = first.filter((g) => g.week_index <= 1)
    for (const g of played) await staffClient.put(`/api/gamesv2/${g.id}/scores`, { score_home: 50, score_away: 40 })
    const locked = first.find((g) => g.week_index === 5)
    await staffClient.put(`/api/games/${locked.id}`, { locked: true })
    const off = await staffClient.post('/api/week-offs', {
      season_id: season.id,
      league_id: league.id,
      date: '2025-10-13',
      reason: '',
    })
    expect(off.status, JSON.stringify(off.body)).toBe(201)
    expect(off.body.weekOff.reason).toBe('Off Week')
    expect(off.body.gamesOnDate).toBeGreaterThan(0)
    const plan = (await staffClient.get(`/api/schedules/${schedule.id}`)).body.plan
    expect(plan.kept).toBe(played.length + 1)
    const again = await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(again.status).toBe(200)
    expect(again.body.message).toContain('kept')
    const second = await scheduleGames(schedule.id)
    for (const g of [...played, locked]) {
      const still = second.find((s) => s.id === g.id)
      expect(still).toMatchObject({ week_index: g.week_index, time: g.time, team1_id: g.team1_id, team2_id: g.team2_id })
    }
    expect(second.some((g) => g.date === '2025-10-13')).toBe(false)
    expect(
      (await staffClient.put('/api/games/swap', { gameId1: played[0].id, gameId2: second.find((g) => g.week_index === 8).id }))
        .status,
    ).toBe(409)
  })

  it('fails with a message naming what blocks an impossible schedule, leaving the old one intact', async () => {
    const { staffClient, schedule, teams } = await fixture(4)
    await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    const before = await scheduleGames(schedule.id)
    for (const team of teams) await staffClient.put(`/api/teams/${team.id}`, { unavailableSlots: ['18:00', '19:00', '20:00'] })
    const res = await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    expect(res.status).toBe(409)
    expect(res.body.message.length).toBeGreaterThan(10)
    expect(res.body.conflicts.length).toBeGreaterThan(0)
    expect(await scheduleGames(schedule.id)).toEqual(before)
  })

  it("refuses another organization's schedule and games everywhere", async () => {
    const { schedule, staffClient } = await fixture(4)
    await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    const games = await scheduleGames(schedule.id)
    const attacker = await createTenant()
    const c = attacker.ownerClient
    expect((await c.get(`/api/schedules/${schedule.id}`)).status).toBe(404)
    expect((await c.put(`/api/schedules/${schedule.id}`, { name: 'Pwned' })).status).toBe(404)
    expect((await c.delete(`/api/schedules/${schedule.id}`)).status).toBe(404)
    expect((await c.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })).status).toBe(404)
    expect((await c.get(`/api/games/weekly-games?scheduleId=${schedule.id}&weekIndex=0`)).status).toBe(404)
    expect((await c.put('/api/games/swap', { gameId1: games[0].id, gameId2: games[1].id })).status).toBe(404)
    expect((await c.get('/api/schedules')).body.schedules).toEqual([])
    expect(await scheduleGames(schedule.id)).toEqual(games)
  })

  it('edits and deletes a schedule, keeping played games', async () => {
    const { staffClient, schedule } = await fixture(4)
    const edited = await staffClient.put(`/api/schedules/${schedule.id}`, { name: 'Renamed', numWeeks: 6 })
    expect(edited.body.schedule).toMatchObject({ name: 'Renamed', numWeeks: 6 })
    await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })
    const games = await scheduleGames(schedule.id)
    await staffClient.put(`/api/gamesv2/${games[0].id}/scores`, { score_home: 30, score_away: 20 })
    expect((await staffClient.delete(`/api/schedules/${schedule.id}`)).status).toBe(204)
    const left = (await env.DB.prepare('SELECT id FROM games WHERE id IN (?, ?)').bind(games[0].id, games[1].id).all<any>())
      .results
    expect(left.map((g) => g.id)).toEqual([games[0].id])
  })
})
