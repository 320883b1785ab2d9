import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, unique } from '../helpers/factories'

// Seasons published ahead (docs/published-seasons.md): a flag of their own, null meaning "not
// given"; the public lists and the team page read the upcoming season when asked for it.
describe('seasons published ahead', () => {
  it('takes published on create and edit, with null as "not given"', async () => {
    const { org, ownerClient } = await createTenant()
    await buildSeason(ownerClient, org.id, { teamCount: 0 })
    const made = await ownerClient.post('/api/seasonsv2', { name: unique('Next'), active: false, published: null })
    expect(made.status).toBe(201)
    expect(made.body.season.published).toBe(false)
    const published = await ownerClient.put(`/api/seasonsv2/${made.body.season.id}`, {
      published: true,
      version: made.body.season.version,
    })
    expect(published.status).toBe(200)
    expect(published.body.season.published).toBe(true)
    const renamed = await ownerClient.put(`/api/seasonsv2/${made.body.season.id}`, {
      name: unique('Renamed'),
      published: null,
      version: published.body.season.version,
    })
    expect(renamed.body.season.published).toBe(true)
    const bad = await ownerClient.put(`/api/seasonsv2/${made.body.season.id}`, {
      published: 'yes',
      version: renamed.body.season.version,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBeTruthy()
    // The public list carries the flag.
    const list = await new Client().get(`/api/seasonsv2?slug=${org.slug}`)
    expect(list.body.seasons.find((s: { id: number }) => s.id === made.body.season.id).published).toBe(true)
  })

  it("shows a team in the upcoming season when asked, the active season's place otherwise", async () => {
    const { org, ownerClient } = await createTenant()
    const current = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    const [home, away] = current.teams
    if (!home || !away) throw new Error('two teams expected')
    const next = (
      await ownerClient.post('/api/seasonsv2', {
        name: unique('Upcoming'),
        active: false,
        published: true,
        startDate: '2027-03-01',
      })
    ).body.season
    const league = (await ownerClient.post(`/api/seasonsv2/${next.id}/leagues`, { name: unique('Spring league') })).body.league
    for (const team of [home, away]) {
      const res = await ownerClient.post(`/api/seasonsv2/${next.id}/leagues/${league.id}/teams`, { copyFromTeamId: team.id })
      expect(res.status).toBeLessThan(300)
    }
    const upcomingGame = await insertGame(org.id, next.id, league.id, home.id, away.id, [0, 0], 'scheduled', '2027-03-08')
    await insertGame(org.id, current.season.id, current.league.id, home.id, away.id, [40, 30], 'completed', '2025-10-01')

    const visitor = new Client()
    const now = await visitor.get(`/api/teamsv2/${home.id}?slug=${org.slug}`)
    expect(now.status).toBe(200)
    expect(now.body.team.season.id).toBe(current.season.id)
    expect(now.body.team.games.map((g: { id: number }) => g.id)).not.toContain(upcomingGame.id)
    expect(now.body.team.places.map((p: { season: { published: boolean } }) => p.season.published)).toContain(true)

    const ahead = await visitor.get(`/api/teamsv2/${home.id}?slug=${org.slug}&seasonId=${next.id}`)
    expect(ahead.status).toBe(200)
    expect(ahead.body.team.season.id).toBe(next.id)
    expect(ahead.body.team.league.id).toBe(league.id)
    expect(ahead.body.team.games.map((g: { id: number }) => g.id)).toEqual([upcomingGame.id])

    // The public schedule of the upcoming season lists its game; the default stays the active season.
    const games = await visitor.get(`/api/gamesv2?slug=${org.slug}&seasonId=${next.id}`)
    expect(games.body.games.map((g: { id: number }) => g.id)).toEqual([upcomingGame.id])
    const defaults = await visitor.get(`/api/gamesv2?slug=${org.slug}`)
    expect(defaults.body.games.map((g: { id: number }) => g.id)).not.toContain(upcomingGame.id)

    expect((await visitor.get(`/api/teamsv2/${home.id}?slug=${org.slug}&seasonId=abc`)).status).toBe(400)
  })
  it("offers the upcoming season's leagues and teams to the public players page when asked, the active season's otherwise", async () => {
    const { org, ownerClient } = await createTenant()
    const current = await buildSeason(ownerClient, org.id, { teamCount: 2 })
    const [home] = current.teams
    if (!home) throw new Error('a team expected')
    const next = (
      await ownerClient.post('/api/seasonsv2', {
        name: unique('Upcoming'),
        active: false,
        published: true,
        startDate: '2027-03-01',
      })
    ).body.season
    const league = (await ownerClient.post(`/api/seasonsv2/${next.id}/leagues`, { name: unique('Spring league') })).body.league
    expect(
      (await ownerClient.post(`/api/seasonsv2/${next.id}/leagues/${league.id}/teams`, { copyFromTeamId: home.id })).status,
    ).toBeLessThan(300)

    const visitor = new Client()
    const ahead = await visitor.get(`/api/playersv2/filters?slug=${org.slug}&seasonId=${next.id}`)
    expect(ahead.status).toBe(200)
    expect(ahead.body.leagues.map((l: { id: number }) => l.id)).toEqual([league.id])
    expect(ahead.body.teams.map((t: { id: number; leagueId: number }) => [t.id, t.leagueId])).toEqual([[home.id, league.id]])
    const now = await visitor.get(`/api/playersv2/filters?slug=${org.slug}`)
    expect(now.body.leagues.map((l: { id: number }) => l.id)).toEqual([current.league.id])
    expect((await visitor.get(`/api/playersv2/filters?slug=${org.slug}&seasonId=abc`)).status).toBe(400)
  })
})
