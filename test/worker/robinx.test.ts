// GET /api/schedules/{id}/robinx (docs/robinx.md): a generated schedule as a RobinX instance and
// solution, re-checked by the validator; another organization's schedule is not found.
import { describe, expect, it } from 'vitest'
import { validateRobinx } from '../../worker/domain/robinx-validate'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'

describe('RobinX export of a schedule', () => {
  it('exports a generated four-team round robin, and the validator finds nothing', async () => {
    const t = await createTenant()
    const { season, league, teams } = await buildSeason(t.ownerClient, t.org.id, { teamCount: 4 })
    const blocked = teams[0]
    if (!blocked) throw new Error('no team')
    const made = await t.ownerClient.post('/api/schedules', {
      name: 'Winter & spring',
      leagueId: league.id,
      season_id: season.id,
      startDate: '2026-01-05',
      numWeeks: 3,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00', '19:00'],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const scheduleId = made.body.schedule.id
    const generated = await t.ownerClient.post('/api/games/generate-full-schedule', { scheduleId })
    expect(generated.status, JSON.stringify(generated.body)).toBeLessThan(300)

    const res = await t.staffClient.get(`/api/schedules/${scheduleId}/robinx`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.instance).toContain('<InstanceName>Winter &amp; spring</InstanceName>')
    expect(res.body.instance).toContain('<numberRoundRobin>1</numberRoundRobin>')
    expect(res.body.solution.match(/<ScheduledMatch /g)).toHaveLength(6)
    expect(res.body.report).toEqual({ violations: [], objective: 0, notChecked: {}, games: 6 })
    expect(validateRobinx(res.body.instance, res.body.solution).violations).toEqual([])

    const other = await createTenant()
    expect((await other.ownerClient.get(`/api/schedules/${scheduleId}/robinx`)).status).toBe(404)
    expect((await new Client().get(`/api/schedules/${scheduleId}/robinx?slug=${t.org.slug}`)).status).toBe(401)
  })
})

describe("RobinX export of a schedule with its teams' constraints (docs/robinx.md)", () => {
  it('carries a blackout as a hard CA1 and requests as soft CA1s; the validator flags a game moved onto the blackout', async () => {
    const { env } = await import('cloudflare:workers')
    const t = await createTenant()
    const { season, league, teams } = await buildSeason(t.ownerClient, t.org.id, { teamCount: 4 })
    const [a, b] = teams as [(typeof teams)[0], (typeof teams)[0]]
    const evening = [{ day: 'Monday', from: '18:00', to: '20:00' }]
    const venue = await t.ownerClient.post('/api/venues', { name: 'Gym', courts: [{ name: 'Court 1', hours: evening }] })
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    const made = await t.ownerClient.post('/api/schedules', {
      name: 'Mondays',
      leagueId: league.id,
      season_id: season.id,
      startDate: '2027-01-04',
      numWeeks: 6,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00', '19:00'],
    })
    const scheduleId = made.body.schedule.id
    const saved = await t.ownerClient.put(`/api/teams/${a.id}/constraints`, {
      blackouts: [{ date: '2027-01-11', reason: 'Tournament' }],
      requests: [
        { kind: 'earliestStart', time: '19:00', reason: 'Work' },
        { kind: 'oneGameANight', reason: 'Young players' },
      ],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    await t.ownerClient.put(`/api/teams/${b.id}/constraints`, {
      blackouts: [],
      requests: [{ kind: 'latestStart', time: '18:00', reason: 'Babysitter' }],
    })
    const generated = await t.ownerClient.post(`/api/schedules/${scheduleId}/generate-on-courts`, {})
    expect(generated.status, JSON.stringify(generated.body)).toBe(200)

    const res = await t.ownerClient.get(`/api/schedules/${scheduleId}/robinx`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // Slots: 0, 1 the first Monday (18:00, 19:00); 2, 3 the second (2027-01-11): team a's blackout.
    const teamA = teams.findIndex((x) => x.id === a.id)
    const teamB = teams.findIndex((x) => x.id === b.id)
    expect(res.body.instance).toContain(`<CA1 teams="${teamA}" slots="2;3" min="0" max="0" mode="HA" type="HARD" penalty="1"/>`)
    // Requests where RobinX has a type: a start time as a soft CA1 on the slots it misses, one game a night per night.
    expect(res.body.instance).toContain(
      `<CA1 teams="${teamA}" slots="0;2;4;6;8;10" min="0" max="0" mode="HA" type="SOFT" penalty="3"/>`,
    )
    expect(res.body.instance).toContain(`<CA1 teams="${teamA}" slots="0;1" min="0" max="1" mode="HA" type="SOFT" penalty="4"/>`)
    expect(res.body.instance).toContain(
      `<CA1 teams="${teamB}" slots="1;3;5;7;9;11" min="0" max="0" mode="HA" type="SOFT" penalty="3"/>`,
    )
    expect(res.body.report.violations).toEqual([])
    expect(validateRobinx(res.body.instance, res.body.solution).violations).toEqual([])

    // One of team a's games moved onto its blackout night by hand: the validator names the CA1.
    const game = await env.DB.prepare(
      'SELECT id FROM games WHERE schedule_id = ? AND (team1_id = ? OR team2_id = ?) ORDER BY date LIMIT 1',
    )
      .bind(scheduleId, a.id, a.id)
      .first<{ id: number }>()
    await env.DB.prepare("UPDATE games SET date = '2027-01-11', week_index = 1, time = '19:00' WHERE id = ?").bind(game?.id).run()
    const moved = await t.ownerClient.get(`/api/schedules/${scheduleId}/robinx`)
    expect(moved.status).toBe(200)
    expect(moved.body.report.violations).toContainEqual(
      expect.objectContaining({ rule: 'CA1', type: 'HARD', message: expect.stringContaining('slots 2;3; at most 0') }),
    )
  })
})
