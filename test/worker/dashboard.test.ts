import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organizations, seasons } from '../../worker/db/schema'
import { localDateOf } from '../../worker/domain/time'
import { buildSeason, createSuperAdmin, createTenant, db, insertGame, unique } from '../helpers/factories'

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

// The dashboard home lists what needs fixing in the active season (docs/dashboard.md).
describe('GET /api/dashboard', () => {
  it("lists tonight's and overdue games without a result, small teams, unscheduled leagues and a pending domain", async () => {
    const { org, staffClient, ownerClient } = await createTenant()
    const built = await buildSeason(ownerClient, org.id, { teamCount: 3, playersPerTeam: 0 })
    const [a, b, c] = built.teams
    if (!a || !b || !c) throw new Error('three teams expected')
    // Five players on team a: it is not small.
    for (let i = 0; i < 5; i++) {
      const form = new FormData()
      form.append('firstName', `Five${i}`)
      form.append('lastName', unique('Roster'))
      const res = await ownerClient.postForm(
        `/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${a.id}/players`,
        form,
      )
      expect(res.status).toBeLessThan(300)
    }
    const today = localDateOf(new Date())
    const tonight = await insertGame(org.id, built.season.id, built.league.id, a.id, b.id, [0, 0], 'scheduled', today)
    const overdue = await insertGame(org.id, built.season.id, built.league.id, b.id, c.id, [0, 0], 'scheduled', shift(today, -3))
    await insertGame(org.id, built.season.id, built.league.id, a.id, c.id, [0, 0], 'scheduled', shift(today, 2)) // future
    await insertGame(org.id, built.season.id, built.league.id, a.id, c.id, [50, 40], 'completed', shift(today, -7)) // has a result
    await db()
      .update(organizations)
      .set({ domain: `${unique('dash')}.example.com` })
      .where(eq(organizations.id, org.id))

    // A second league of the season, with no game: it needs a schedule.
    const second = (await ownerClient.post(`/api/seasonsv2/${built.season.id}/leagues`, { name: unique('Unscheduled') })).body
      .league

    const res = await staffClient.get('/api/dashboard')
    expect(res.status).toBe(200)
    const d = res.body.dashboard
    expect(d.today).toBe(today)
    expect(d.season).toEqual({ id: built.season.id, name: built.season.name })
    expect(d.gamesWithoutResult.count).toBe(2)
    expect(d.gamesWithoutResult.games.map((g: { id: number }) => g.id)).toEqual([tonight.id, overdue.id])
    expect(d.gamesWithoutResult.games[0]).toMatchObject({ home: a.name, away: b.name, tonight: true })
    expect(d.gamesWithoutResult.games[1].tonight).toBe(false)
    expect(d.smallTeams.teams.map((t: { teamId: number }) => t.teamId).sort()).toEqual([b.id, c.id].sort())
    expect(d.smallTeams.teams[0]).toMatchObject({ leagueId: built.league.id, players: 0 })
    expect(d.leaguesWithoutSchedule).toEqual([{ leagueId: second.id, name: second.name }])
    expect(d.pendingDomains).toHaveLength(1)
    expect(d.pendingDomains[0]).toMatchObject({ organizationId: org.id, status: 'pending' })
  })

  it('shows an empty home to an organization with no active season, and nothing of other organizations', async () => {
    const other = await createTenant()
    await buildSeason(other.ownerClient, other.org.id, { teamCount: 2 })
    const { staffClient } = await createTenant()
    const res = await staffClient.get('/api/dashboard')
    expect(res.status).toBe(200)
    expect(res.body.dashboard).toMatchObject({
      season: null,
      gamesWithoutResult: { count: 0, games: [] },
      smallTeams: { count: 0, teams: [] },
      leaguesWithoutSchedule: [],
      pendingDomains: [],
    })
    // Naming another organization changes nothing for staff.
    const named = await staffClient.get(`/api/dashboard?organization_id=${other.org.id}`)
    expect(named.body.dashboard.season).toBeNull()
  })

  it('lets the super admin look at an organization and see every pending domain', async () => {
    const { org, ownerClient } = await createTenant()
    const built = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    const domain = `${unique('pending')}.example.com`
    await db().update(organizations).set({ domain }).where(eq(organizations.id, org.id))
    const { client } = await createSuperAdmin()
    const res = await client.get(`/api/dashboard?organization_id=${org.id}`)
    expect(res.status).toBe(200)
    expect(res.body.dashboard.season.id).toBe(built.season.id)
    expect(res.body.dashboard.pendingDomains.map((p: { domain: string }) => p.domain)).toContain(domain)
  })

  it('refuses anonymous callers and bad input', async () => {
    const { Client } = await import('../helpers/client')
    expect((await new Client().get('/api/dashboard')).status).toBe(401)
    const { staffClient } = await createTenant()
    const bad = await staffClient.get('/api/dashboard?organization_id=abc')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBeTruthy()
  })

  it('looks at every current and upcoming season: old games are not overdue; an upcoming season shows its small teams, unscheduled leagues and first game', async () => {
    const { org, staffClient, ownerClient } = await createTenant()
    const today = localDateOf(new Date())
    const current = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 5 })
    const [a, b] = current.teams
    if (!a || !b) throw new Error('two teams expected')
    // A game a year old without a result is not the week's work (docs/dashboard.md); last week's is.
    await insertGame(org.id, current.season.id, current.league.id, a.id, b.id, [0, 0], 'scheduled', shift(today, -365))
    const lastWeek = await insertGame(
      org.id,
      current.season.id,
      current.league.id,
      b.id,
      a.id,
      [0, 0],
      'scheduled',
      shift(today, -6),
    )

    // A second season running now by its dates (not the active one): also current.
    const running = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 5, active: false })
    await db()
      .update(seasons)
      .set({ startDate: shift(today, -20), finishDate: shift(today, 20) })
      .where(eq(seasons.id, running.season.id))
    const [c, d] = running.teams
    if (!c || !d) throw new Error('two teams expected')
    const runningGame = await insertGame(
      org.id,
      running.season.id,
      running.league.id,
      c.id,
      d.id,
      [0, 0],
      'scheduled',
      shift(today, -1),
    )

    // The season being prepared: starts in a month, one league with a first game, one without, short teams.
    const next = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 2, active: false })
    await db()
      .update(seasons)
      .set({ startDate: shift(today, 30) })
      .where(eq(seasons.id, next.season.id))
    const [e, f] = next.teams
    if (!e || !f) throw new Error('two teams expected')
    await insertGame(org.id, next.season.id, next.league.id, e.id, f.id, [0, 0], 'scheduled', shift(today, 33))
    await insertGame(org.id, next.season.id, next.league.id, f.id, e.id, [0, 0], 'scheduled', shift(today, 40))
    const empty = (await ownerClient.post(`/api/seasonsv2/${next.season.id}/leagues`, { name: unique('Empty') })).body.league

    // A finished season that is not active: nothing of it.
    const old = await buildSeason(ownerClient, org.id, { teamCount: 2, active: false })
    await db()
      .update(seasons)
      .set({ finishDate: shift(today, -200) })
      .where(eq(seasons.id, old.season.id))

    const res = await staffClient.get('/api/dashboard')
    expect(res.status).toBe(200)
    const dash = res.body.dashboard
    expect(dash.season).toEqual({ id: current.season.id, name: current.season.name })
    expect(dash.currentSeasons.map((s: { id: number }) => s.id).sort()).toEqual([current.season.id, running.season.id].sort())
    expect(dash.gamesWithoutResult.games.map((g: { id: number }) => g.id)).toEqual([runningGame.id, lastWeek.id])
    expect(dash.gamesWithoutResult.count).toBe(2)
    expect(dash.gamesWithoutResult.games[0]).toMatchObject({ seasonId: running.season.id, season: running.season.name })
    expect(dash.smallTeams.count).toBe(0)
    expect(dash.upcoming).toHaveLength(1)
    const upcoming = dash.upcoming[0]
    expect(upcoming).toMatchObject({
      id: next.season.id,
      name: next.season.name,
      startDate: shift(today, 30),
      firstGame: shift(today, 33),
    })
    expect(upcoming.smallTeams.teams.map((t: { teamId: number }) => t.teamId).sort()).toEqual([e.id, f.id].sort())
    expect(upcoming.smallTeams.teams[0]).toMatchObject({ leagueId: next.league.id, players: 2 })
    expect(upcoming.leaguesWithoutSchedule).toEqual([{ leagueId: empty.id, name: empty.name }])
  })
})
