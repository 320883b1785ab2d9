import { describe, expect, it } from 'vitest'
import type { ApiResponse } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'

// Optimistic concurrency on every edit someone else can make (docs/api-concurrency.md): the read
// carries `version`, an edit sends it back, and an edit from a stale copy is a 409 with the current
// state and who changed it — never a silent overwrite. No version: the original API's behaviour.

/** Two edits from the same copy: the first wins, the second is refused and told what is there now. */
async function staleSecond(
  first: () => Promise<ApiResponse>,
  second: () => Promise<ApiResponse>,
  current: (body: any) => unknown,
  expected: unknown,
  who: string,
) {
  const won = await first()
  expect(won.status, JSON.stringify(won.body)).toBe(200)
  const lost = await second()
  expect(lost.status, JSON.stringify(lost.body)).toBe(409)
  expect(lost.body.message).toMatch(/changed by|deleted by/)
  expect(current(lost.body.current)).toEqual(expected)
  expect(lost.body.changedBy?.username).toBe(who)
}

describe('versions on every edit', () => {
  it("a league's rename inside a season", async () => {
    const { ownerClient, staffClient, org, owner } = await createTenant()
    const { season, league } = await buildSeason(ownerClient, org.id)
    const listed = (await ownerClient.get(`/api/seasonsv2/${season.id}/leagues`)).body.leagues.find(
      (l: { id: number }) => l.id === league.id,
    )
    expect(listed.version).toBeGreaterThanOrEqual(1)
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}`
    await staleSecond(
      () => ownerClient.put(path, { name: 'Owner League', version: listed.version }),
      () => staffClient.put(path, { name: 'Staff League', version: listed.version }),
      (l) => l.name,
      'Owner League',
      owner.username,
    )
    // Without a version (the original API) the rename still goes through.
    expect((await staffClient.put(path, { name: 'Staff League' })).status).toBe(200)
  })

  it('seasons, and a season delete from a stale copy', async () => {
    const { ownerClient, staffClient, org, owner } = await createTenant()
    const { season } = await buildSeason(ownerClient, org.id)
    expect(season.version).toBeGreaterThanOrEqual(1)
    await staleSecond(
      () => ownerClient.put(`/api/seasonsv2/${season.id}`, { name: 'Owner Name', version: season.version }),
      () => staffClient.put(`/api/seasonsv2/${season.id}`, { name: 'Staff Name', version: season.version }),
      (s) => s.name,
      'Owner Name',
      owner.username,
    )
    const del = await staffClient.delete(`/api/seasonsv2/${season.id}?version=${season.version}`)
    expect(del.status).toBe(409)
    // Without a version (the original API) the edit still goes through.
    expect((await staffClient.put(`/api/seasonsv2/${season.id}`, { name: 'Legacy' })).status).toBe(200)
  })

  it('teams, in the global list and in a league of a season', async () => {
    const { ownerClient, staffClient, org, owner } = await createTenant()
    const { season, league, teams } = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    const listed = (await ownerClient.get('/api/teams')).body.teams.find((t: any) => t.id === teams[0].id)
    await staleSecond(
      () => ownerClient.put(`/api/teams/${teams[0].id}`, { name: 'Owners', version: listed.version }),
      () => staffClient.put(`/api/teams/${teams[0].id}`, { name: 'Staffers', version: listed.version }),
      (t) => t.name,
      'Owners',
      owner.username,
    )
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[1].id}`
    const read = (await ownerClient.get(path)).body.team
    expect(read.version).toBeGreaterThanOrEqual(1)
    await staleSecond(
      () => ownerClient.put(path, { name: 'Second Owners', version: read.version }),
      () => staffClient.put(path, { name: 'Second Staffers', version: read.version }),
      (t) => t.name,
      'Second Owners',
      owner.username,
    )
    expect((await staffClient.delete(`/api/teams/${teams[1].id}?version=${read.version}`)).status).toBe(409)
  })

  it('players (a multipart form)', async () => {
    const { ownerClient, staffClient, org, owner } = await createTenant()
    const { teams } = await buildSeason(ownerClient, org.id, { teamCount: 1, playersPerTeam: 1 })
    const player = teams[0].players[0] as any
    const read = (await ownerClient.get(`/api/playersv2/${player.id}`)).body.player
    const form = (first: string, version: number) => {
      const f = new FormData()
      f.append('firstName', first)
      f.append('version', String(version))
      return f
    }
    await staleSecond(
      () => ownerClient.putForm(`/api/playersv2/${player.id}`, form('Ada', read.version)),
      () => staffClient.putForm(`/api/playersv2/${player.id}`, form('Bea', read.version)),
      (p) => p.firstName,
      'Ada',
      owner.username,
    )
  })

  it('businesses, schedules, users and the organization', async () => {
    const { ownerClient, staffClient, org, owner, staff } = await createTenant()
    const { league } = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    const business = (await ownerClient.post('/api/businesses', { name: unique('Gym') })).body.business
    await staleSecond(
      () => ownerClient.put(`/api/businesses/${business.id}`, { phone: '111', version: business.version }),
      () => staffClient.put(`/api/businesses/${business.id}`, { phone: '222', version: business.version }),
      (b) => b.phone,
      '111',
      owner.username,
    )
    const schedule = (
      await ownerClient.post('/api/schedules', {
        name: 'Mondays',
        leagueId: league.id,
        startDate: '2025-09-01',
        numWeeks: 4,
        gameDays: ['Monday'],
        sameSlot: true,
        timeSlots: ['18:00'],
      })
    ).body.schedule
    await staleSecond(
      () => ownerClient.put(`/api/schedules/${schedule.id}`, { numWeeks: 6, version: schedule.version }),
      () => staffClient.put(`/api/schedules/${schedule.id}`, { numWeeks: 8, version: schedule.version }),
      (s) => s.numWeeks,
      6,
      owner.username,
    )
    const user = (await ownerClient.get(`/api/usersv2/${staff.id}`)).body.user
    await staleSecond(
      () => ownerClient.put(`/api/usersv2/${staff.id}`, { email: 'first@example.com', version: user.version }),
      () => ownerClient.put(`/api/usersv2/${staff.id}`, { email: 'second@example.com', version: user.version }),
      (u) => u.email,
      'first@example.com',
      owner.username,
    )
    const organization = (await ownerClient.get(`/api/organizations/slug/${org.slug}`)).body.organization
    expect(organization.version).toBeGreaterThanOrEqual(1)
    const first = await ownerClient.put(`/api/organizations/${org.id}`, {
      name: 'First Name League',
      version: organization.version,
    })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const stale = await ownerClient.put(`/api/organizations/${org.id}`, { name: 'Second', version: organization.version })
    expect(stale.status).toBe(409)
    expect(stale.body.current.name).toBe('First Name League')
  })
})
