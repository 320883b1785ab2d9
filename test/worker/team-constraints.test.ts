// Team constraints (docs/venues.md "Team constraints"): blackout dates (hard) and requests (soft),
// each with its reason, entered by staff and by the team's own captains.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, memberClient } from '../helpers/members'

async function league() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 2, playersPerTeam: 2 })
  const [home, away] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0]]
  const venue = (await t.ownerClient.post('/api/venues', { name: unique('Gym'), courts: [{ name: 'Court 1', hours: [] }] })).body
    .venue
  const slt = async (teamId: number) =>
    (
      await env.DB.prepare(
        'SELECT slt.id FROM seasons_leagues_teams slt JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id WHERE sl.season_id = ? AND sl.league_id = ? AND slt.team_id = ?',
      )
        .bind(built.season.id, built.league.id, teamId)
        .first<{ id: number }>()
    )?.id as number
  const captainOf = async (team: typeof home) => {
    const player = team.players[0] as { id: number }
    const path = `/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${team.id}/players/${player.id}/captain`
    expect((await t.ownerClient.put(path, { captain: true })).status).toBe(200)
    const email = `${unique('cap')}@example.com`
    await giveEmail(player.id, email)
    return { client: await memberClient(t.org.slug, email), sltId: await slt(team.id) }
  }
  return { ...t, built, home, away, venue, captainOf }
}

const rows = async (teamId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM team_constraints WHERE team_id = ?').bind(teamId).first<{ n: number }>())
    ?.n as number

const someConstraints = (venueId: number) => ({
  blackouts: [{ date: '2027-01-12', reason: 'Tournament away' }],
  requests: [
    { kind: 'earliestStart', time: '19:00', reason: 'Players work late' },
    { kind: 'preferredVenue', venueId, reason: 'Closest gym' },
    { kind: 'oneGameANight', reason: 'Small roster' },
  ],
})

describe('team constraints: staff', () => {
  it('saves and reads the whole set, each with its reason, under one version', async () => {
    const { ownerClient, home, venue } = await league()
    const empty = await ownerClient.get(`/api/teams/${home.id}/constraints`)
    expect(empty.status, JSON.stringify(empty.body)).toBe(200)
    expect(empty.body.constraints).toMatchObject({ teamId: home.id, blackouts: [], requests: [] })
    const saved = await ownerClient.put(`/api/teams/${home.id}/constraints`, {
      ...someConstraints(venue.id),
      version: empty.body.constraints.version,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.constraints.blackouts).toEqual([expect.objectContaining({ date: '2027-01-12', reason: 'Tournament away' })])
    expect(saved.body.constraints.requests).toEqual([
      expect.objectContaining({ kind: 'earliestStart', time: '19:00', venueId: null, reason: 'Players work late' }),
      expect.objectContaining({ kind: 'preferredVenue', venueId: venue.id, venue: venue.name, reason: 'Closest gym' }),
      expect.objectContaining({ kind: 'oneGameANight', reason: 'Small roster' }),
    ])
    expect(await rows(home.id)).toBe(4)
    // A stale version: 409 with the current set, nothing changed.
    const stale = await ownerClient.put(`/api/teams/${home.id}/constraints`, {
      blackouts: [],
      requests: [],
      version: empty.body.constraints.version,
    })
    expect(stale.status).toBe(409)
    expect(stale.body.current.blackouts).toHaveLength(1)
    expect(await rows(home.id)).toBe(4)
  })

  it('refuses bad input with field errors, the database unchanged', async () => {
    const { ownerClient, home, venue } = await league()
    const version = (await ownerClient.get(`/api/teams/${home.id}/constraints`)).body.constraints.version
    const bad = await ownerClient.put(`/api/teams/${home.id}/constraints`, {
      blackouts: [
        { date: '2027-02-30', reason: 'x' },
        { date: '2027-01-05', reason: '' },
      ],
      requests: [
        { kind: 'latestStart', reason: 'Early bus' },
        { kind: 'preferredVenue', reason: 'Close' },
      ],
      version,
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(
      expect.arrayContaining(['blackouts.0.date', 'blackouts.1.reason', 'requests.0.time', 'requests.1.venueId']),
    )
    const otherOrgVenue = await createTenant()
    const foreign = (
      await otherOrgVenue.ownerClient.post('/api/venues', { name: unique('Gym'), courts: [{ name: 'C', hours: [] }] })
    ).body.venue
    const notOurs = await ownerClient.put(`/api/teams/${home.id}/constraints`, {
      blackouts: [],
      requests: [{ kind: 'preferredVenue', venueId: foreign.id, reason: 'Close' }],
      version,
    })
    expect(notOurs.status).toBe(400)
    expect(notOurs.body.fields['requests.0.venueId']).toBeTruthy()
    expect(await rows(home.id)).toBe(0)
    void venue
  })

  it("another organization's team is not found", async () => {
    const { home } = await league()
    const other = await createTenant()
    expect((await other.ownerClient.get(`/api/teams/${home.id}/constraints`)).status).toBe(404)
    expect((await other.ownerClient.put(`/api/teams/${home.id}/constraints`, { blackouts: [], requests: [] })).status).toBe(404)
    expect(await rows(home.id)).toBe(0)
  })
})

describe('team constraints: captains', () => {
  it("a captain enters their own team's, and is refused on another team's", async () => {
    const { home, away, venue, captainOf, ownerClient } = await league()
    const captain = await captainOf(home)
    const otherCaptain = await captainOf(away)
    const mine = await captain.client.get(`/api/member/teams/${captain.sltId}/constraints`)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    const saved = await captain.client.put(`/api/member/teams/${captain.sltId}/constraints`, {
      ...someConstraints(venue.id),
      version: mine.body.constraints.version,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.constraints.requests).toHaveLength(3)
    // The captain of another team: 403, nothing changed.
    const refused = await otherCaptain.client.put(`/api/member/teams/${captain.sltId}/constraints`, {
      blackouts: [],
      requests: [],
      version: saved.body.constraints.version,
    })
    expect(refused.status).toBe(403)
    expect((await otherCaptain.client.get(`/api/member/teams/${captain.sltId}/constraints`)).status).toBe(403)
    expect(await rows(home.id)).toBe(4)
    // Staff see what the captain entered.
    expect((await ownerClient.get(`/api/teams/${home.id}/constraints`)).body.constraints.blackouts).toHaveLength(1)
  })

  it("gives the captain's screen the organization's venues to choose from and whether the league is scheduled", async () => {
    const { home, venue, captainOf, built, org } = await league()
    const other = await createTenant()
    await other.ownerClient.post('/api/venues', { name: unique('Elsewhere'), courts: [{ name: 'Court 1', hours: [] }] })
    const captain = await captainOf(home)
    const before = await captain.client.get(`/api/member/teams/${captain.sltId}/constraints`)
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    // Only this organization's venues, by id and name; nothing else about them.
    expect(before.body.venues).toEqual([{ id: venue.id, name: venue.name }])
    expect(before.body.scheduled).toBe(false)
    // Once the league has games, the screen says changes count from the next generation.
    await env.DB.prepare(
      "INSERT INTO games (organization_id, season_id, league_id, team1_id, team2_id, date, time, status) VALUES (?, ?, ?, ?, ?, '2027-01-04', '18:00', 'scheduled')",
    )
      .bind(org.id, built.season.id, built.league.id, home.id, (built.teams[1] as { id: number }).id)
      .run()
    const after = await captain.client.get(`/api/member/teams/${captain.sltId}/constraints`)
    expect(after.body.scheduled).toBe(true)
  })
})
