import { describe, expect, it } from 'vitest'
import { buildSeason, createTenant } from '../helpers/factories'

// The specification's calls replayed as its original client sends them: every field named, null
// for what the chosen mode does not use, no fields the specification does not name (docs/validation.md).
describe('POST /api/schedules as the original client sends it', () => {
  it('takes null for the time slots of the mode it does not use', async () => {
    const { ownerClient, org } = await createTenant()
    const { league } = await buildSeason(ownerClient, org.id, { teamCount: 4 })
    const same = await ownerClient.post('/api/schedules', {
      name: 'Same slots',
      leagueId: league.id,
      startDate: '2025-09-01',
      numWeeks: 3,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00', '19:00'],
      weeklyTimeSlots: null,
    })
    expect(same.status, JSON.stringify(same.body)).toBe(201)
    expect(same.body.schedule.timeSlots).toEqual(['18:00', '19:00'])
    const weekly = await ownerClient.post('/api/schedules', {
      name: 'Weekly slots',
      leagueId: league.id,
      startDate: '2025-09-01',
      numWeeks: 2,
      gameDays: ['Monday'],
      sameSlot: false,
      timeSlots: null,
      weeklyTimeSlots: [['18:00'], ['19:00', '20:00']],
    })
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(201)
    expect(weekly.body.schedule.weeklyTimeSlots).toEqual([['18:00'], ['19:00', '20:00']])
    const edited = await ownerClient.put(`/api/schedules/${same.body.schedule.id}`, { numWeeks: 4, weeklyTimeSlots: null })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.schedule.numWeeks).toBe(4)
  })

  it('files a schedule under the season that holds the league and the start date, active or not', async () => {
    const { ownerClient, org } = await createTenant()
    await buildSeason(ownerClient, org.id, { teamCount: 2 })
    // Next season, not active yet, with its own dates and league.
    const next = (
      await ownerClient.post('/api/seasonsv2', {
        name: 'Spring',
        active: false,
        startDate: '2026-03-01',
        finishDate: '2026-06-30',
      })
    ).body.season
    const league = (await ownerClient.post(`/api/seasonsv2/${next.id}/leagues`, { name: 'Spring League' })).body.league
    const res = await ownerClient.post('/api/schedules', {
      name: 'Spring Mondays',
      leagueId: league.id,
      startDate: '2026-03-02',
      numWeeks: 8,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00'],
      weeklyTimeSlots: null,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.schedule.season_id).toBe(next.id)
  })

  it('refuses a schedule with no game day, whether empty or null', async () => {
    const { ownerClient, org } = await createTenant()
    const { league } = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    for (const gameDays of [[], null]) {
      const res = await ownerClient.post('/api/schedules', {
        name: 'No days',
        leagueId: league.id,
        startDate: '2025-09-01',
        numWeeks: 3,
        gameDays,
        sameSlot: true,
        timeSlots: ['18:00'],
        weeklyTimeSlots: null,
      })
      expect(res.status).toBe(400)
      expect(res.body.fields.gameDays).toBe('Choose at least one game day')
    }
  })
})
