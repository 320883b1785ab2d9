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
