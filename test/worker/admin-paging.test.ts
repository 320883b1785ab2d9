import { beforeAll, describe, expect, it } from 'vitest'
import { buildSeason, createTenant, insertGame } from '../helpers/factories'

// The admin lists' optional season, search and page parameters
// (docs/decisions/2026-11-25-admin-paging.md): GET /api/teams, /api/games and /api/playersv2.
// Without them every answer is the one the specification's client has always had.

type Tenant = Awaited<ReturnType<typeof createTenant>>
type Built = Awaited<ReturnType<typeof buildSeason>>

let a: Tenant
let b: Tenant
let c: Tenant
let old: Built
let current: Built
let other: Built
let teamless: { id: number; name: string }
const oldGames: number[] = []
const currentGames: number[] = []

const rename = async (t: Tenant, teamId: number, name: string) =>
  expect((await t.staffClient.put(`/api/teams/${teamId}`, { name })).status).toBe(200)
const namesOf = (body: { teams: { name: string }[] }) => body.teams.map((t) => t.name)
const expectBad = (res: { status: number; body: { message?: string; fields?: Record<string, string> } }, field: string) => {
  expect(res.status).toBe(400)
  expect(res.body.message).toMatch(/\w/)
  expect(res.body.fields?.[field]).toBe(res.body.message)
}

beforeAll(async () => {
  a = await createTenant()
  b = await createTenant()
  c = await createTenant()
  // Organization A: an old season (3 teams × 2 players), then the active one (2 teams × 2 players).
  old = await buildSeason(a.staffClient, a.org.id, { teamCount: 3, playersPerTeam: 2, active: false })
  current = await buildSeason(a.staffClient, a.org.id, { teamCount: 2, playersPerTeam: 2 })
  await rename(a, old.teams[0].id, 'Anaheim Falcons')
  await rename(a, old.teams[1].id, 'Brea Bulls')
  await rename(a, old.teams[2].id, 'Costa Mesa Comets')
  await rename(a, current.teams[0].id, 'Irvine FALCONS')
  await rename(a, current.teams[1].id, 'Tustin Tigers')
  teamless = (await a.staffClient.post('/api/teams', { name: 'Yorba Linda Yaks' })).body.team
  // Games: three of the old season, two of the active one (dated so the order is known).
  for (const [i, [home, away]] of [
    [0, 1],
    [1, 2],
    [2, 0],
  ].entries()) {
    const game = await insertGame(
      a.org.id,
      old.season.id,
      old.league.id,
      old.teams[home].id,
      old.teams[away].id,
      [50, 40],
      'completed',
      `2024-03-0${i + 1}`,
    )
    oldGames.push(game.id)
  }
  for (const date of ['2025-10-01', '2025-10-08']) {
    const game = await insertGame(
      a.org.id,
      current.season.id,
      current.league.id,
      current.teams[0].id,
      current.teams[1].id,
      [0, 0],
      'scheduled',
      date,
    )
    currentGames.push(game.id)
  }
  // Organization B: a team, a game and players whose names match every search below.
  other = await buildSeason(b.staffClient, b.org.id, { teamCount: 2, playersPerTeam: 1 })
  await rename(b, other.teams[0].id, 'Anaheim Falcons')
  await insertGame(b.org.id, other.season.id, other.league.id, other.teams[0].id, other.teams[1].id, [0, 0], 'scheduled')
  // Organization C: a season, none of them active.
  await buildSeason(c.staffClient, c.org.id, { teamCount: 1, playersPerTeam: 1, active: false })
}, 180_000)

describe('GET /api/teams', () => {
  it('answers as before without the new parameters: every team of the organization, no page fields', async () => {
    const res = await a.staffClient.get('/api/teams')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['teams'])
    expect(namesOf(res.body)).toEqual([
      'Anaheim Falcons',
      'Brea Bulls',
      'Costa Mesa Comets',
      'Irvine FALCONS',
      'Tustin Tigers',
      'Yorba Linda Yaks',
    ])
  })

  it('scopes to the active season, with its roster as the player count', async () => {
    const res = await a.staffClient.get('/api/teams?seasonId=active')
    expect(res.status).toBe(200)
    expect(namesOf(res.body)).toEqual(['Irvine FALCONS', 'Tustin Tigers'])
    expect(res.body).toMatchObject({ total: 2, limit: 50, offset: 0, seasonId: current.season.id })
    expect(res.body.teams[0]).toMatchObject({ id: current.teams[0].id, playersCount: 2, version: expect.any(Number) })
    const byId = await a.staffClient.get(`/api/teams?seasonId=${old.season.id}`)
    expect(namesOf(byId.body)).toEqual(['Anaheim Falcons', 'Brea Bulls', 'Costa Mesa Comets'])
    // A team in no season is in none of them, and in the list of every season.
    expect(res.body.teams.map((t: { id: number }) => t.id)).not.toContain(teamless.id)
    expect((await a.staffClient.get('/api/teams?q=yaks')).body.teams[0]).toMatchObject({ id: teamless.id, playersCount: 0 })
    expect(byId.body.seasonId).toBe(old.season.id)
  })

  it('searches names anywhere, in any case, in every season unless one is named', async () => {
    const all = await a.staffClient.get('/api/teams?q=falcon')
    expect(namesOf(all.body)).toEqual(['Anaheim Falcons', 'Irvine FALCONS'])
    expect(all.body).toMatchObject({ total: 2, seasonId: null })
    expect(namesOf((await a.staffClient.get('/api/teams?q=FALC&seasonId=active')).body)).toEqual(['Irvine FALCONS'])
    expect(namesOf((await a.staffClient.get('/api/teams?q=%20lind')).body)).toEqual(['Yorba Linda Yaks'])
    // LIKE's wildcards are plain characters.
    expect(namesOf((await a.staffClient.get('/api/teams?q=%25')).body)).toEqual([])
    expect(namesOf((await a.staffClient.get('/api/teams?q=_')).body)).toEqual([])
    // Blank is no search.
    expect((await a.staffClient.get('/api/teams?q=%20%20')).body.total).toBe(6)
  })

  it('pages in name order with the total', async () => {
    const first = await a.staffClient.get('/api/teams?limit=4')
    expect(namesOf(first.body)).toEqual(['Anaheim Falcons', 'Brea Bulls', 'Costa Mesa Comets', 'Irvine FALCONS'])
    expect(first.body).toMatchObject({ total: 6, limit: 4, offset: 0 })
    const second = await a.staffClient.get('/api/teams?limit=4&offset=4')
    expect(namesOf(second.body)).toEqual(['Tustin Tigers', 'Yorba Linda Yaks'])
    expect((await a.staffClient.get('/api/teams?limit=4&offset=40')).body).toMatchObject({ teams: [], total: 6 })
  })

  it('refuses bad parameters with a 400 that names them', async () => {
    expectBad(await a.staffClient.get('/api/teams?limit=0'), 'limit')
    expectBad(await a.staffClient.get('/api/teams?limit=501'), 'limit')
    expectBad(await a.staffClient.get('/api/teams?limit=ten'), 'limit')
    expectBad(await a.staffClient.get('/api/teams?offset=-1'), 'offset')
    expectBad(await a.staffClient.get('/api/teams?offset=1.5'), 'offset')
    expectBad(await a.staffClient.get('/api/teams?seasonId=last'), 'seasonId')
    expectBad(await a.staffClient.get('/api/teams?seasonId=0'), 'seasonId')
    expectBad(await a.staffClient.get(`/api/teams?q=${'x'.repeat(101)}`), 'q')
    expect((await a.staffClient.get('/api/teams?limit=0')).body.message).toBe('limit must be a number from 1 to 500')
  })

  it('never reads another organization: its season is not found, its teams never match', async () => {
    const res = await a.staffClient.get(`/api/teams?seasonId=${other.season.id}`)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Season not found')
    expect(namesOf((await b.staffClient.get('/api/teams?q=falcons')).body)).toEqual(['Anaheim Falcons'])
    expect((await b.staffClient.get('/api/teams?q=falcons')).body.teams[0].id).toBe(other.teams[0].id)
    // An organization without an active season has nothing in it.
    expect((await c.staffClient.get('/api/teams?seasonId=active')).body).toMatchObject({ teams: [], total: 0, seasonId: null })
  })

  it('stays a signed-in list', async () => {
    const { Client } = await import('../helpers/client')
    expect((await new Client().get(`/api/teams?seasonId=active&slug=${a.org.slug}`)).status).toBe(401)
  })
})

describe('GET /api/games (admin)', () => {
  const ids = (body: { games: { id: number }[] }) => body.games.map((g) => g.id)

  it('answers as before without the new parameters', async () => {
    const res = await a.staffClient.get('/api/games')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['games'])
    expect(ids(res.body)).toEqual(currentGames)
    const league = await a.staffClient.get(`/api/games?leagueId=${old.league.id}&scope=all`)
    expect(Object.keys(league.body)).toEqual(['games'])
    expect(ids(league.body)).toEqual(oldGames)
  })

  it('pages a season by date with the total; the active one unless named', async () => {
    const first = await a.staffClient.get(`/api/games?seasonId=${old.season.id}&limit=2`)
    expect(ids(first.body)).toEqual(oldGames.slice(0, 2))
    expect(first.body).toMatchObject({ total: 3, limit: 2, offset: 0, seasonId: old.season.id })
    const second = await a.staffClient.get(`/api/games?seasonId=${old.season.id}&limit=2&offset=2`)
    expect(ids(second.body)).toEqual(oldGames.slice(2))
    const active = await a.staffClient.get('/api/games?limit=50')
    expect(ids(active.body)).toEqual(currentGames)
    expect(active.body.seasonId).toBe(current.season.id)
    expect((await a.staffClient.get('/api/games?seasonId=active&offset=0')).body.seasonId).toBe(current.season.id)
    // The league page: one league in one season, or every season of it with scope=all.
    const league = await a.staffClient.get(`/api/games?leagueId=${old.league.id}&seasonId=${old.season.id}&limit=1&offset=1`)
    expect(ids(league.body)).toEqual([oldGames[1]])
    expect(league.body.total).toBe(3)
    const all = await a.staffClient.get(`/api/games?scope=all&limit=10`)
    expect(ids(all.body)).toEqual([...oldGames, ...currentGames])
    expect(all.body.seasonId).toBeNull()
  })

  it('searches either team’s name', async () => {
    const res = await a.staffClient.get(`/api/games?seasonId=${old.season.id}&q=BREA`)
    // Brea Bulls play the first two games (away, then home).
    expect(ids(res.body)).toEqual(oldGames.slice(0, 2))
    expect(res.body.total).toBe(2)
    expect((await a.staffClient.get('/api/games?q=tigers')).body.total).toBe(2)
    expect((await a.staffClient.get('/api/games?q=nobody')).body).toMatchObject({ games: [], total: 0 })
  })

  it('refuses bad parameters with a 400 that names them', async () => {
    expectBad(await a.staffClient.get('/api/games?limit=-5'), 'limit')
    expectBad(await a.staffClient.get('/api/games?offset=abc'), 'offset')
    expectBad(await a.staffClient.get('/api/games?seasonId=soon&limit=5'), 'seasonId')
    expectBad(await a.staffClient.get(`/api/games?q=${'y'.repeat(101)}`), 'q')
  })

  it('never reads another organization', async () => {
    const res = await a.staffClient.get(`/api/games?seasonId=${other.season.id}&limit=5`)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Season not found')
    // B's game is between a team named like A's and another: A's search never finds it.
    expect((await a.staffClient.get('/api/games?scope=all&q=anaheim&limit=50')).body.total).toBe(2)
    expect((await b.staffClient.get('/api/games?scope=all&q=anaheim&limit=50')).body.total).toBe(1)
    expect((await c.staffClient.get('/api/games?limit=5')).body).toMatchObject({ games: [], total: 0, seasonId: null })
  })
})

describe('GET /api/playersv2 (dashboard)', () => {
  const ids = (body: { players: { id: number }[] }) => body.players.map((p) => p.id).sort((x, y) => x - y)
  const roster = (built: Built) => built.teams.flatMap((t) => t.players.map((p) => p.id)).sort((x, y) => x - y)

  it('answers as before without the new parameters', async () => {
    const res = await a.staffClient.get('/api/playersv2')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['players', 'truncated'])
    expect(res.body.players).toHaveLength(10)
    const limited = await a.staffClient.get('/api/playersv2?limit=3')
    expect(Object.keys(limited.body).sort()).toEqual(['players', 'truncated'])
    expect(limited.body.truncated).toBe(true)
  })

  it('scopes to a season and pages with the total', async () => {
    const active = await a.staffClient.get('/api/playersv2?seasonId=active')
    expect(active.status).toBe(200)
    expect(ids(active.body)).toEqual(roster(current))
    expect(active.body).toMatchObject({ total: 4, limit: 50, offset: 0, seasonId: current.season.id, truncated: false })
    const oldOnes = await a.staffClient.get(`/api/playersv2?seasonId=${old.season.id}&limit=4`)
    expect(oldOnes.body).toMatchObject({ total: 6, limit: 4, truncated: true })
    const rest = await a.staffClient.get(`/api/playersv2?seasonId=${old.season.id}&limit=4&offset=4`)
    expect(rest.body.players).toHaveLength(2)
    expect(ids({ players: [...oldOnes.body.players, ...rest.body.players] })).toEqual(roster(old))
    // Every season: paged over the whole organization.
    expect((await a.staffClient.get('/api/playersv2?offset=0&limit=1')).body).toMatchObject({ total: 10, seasonId: null })
  })

  it('combines the season with the search and the team', async () => {
    const player = current.teams[1].players[0]
    const found = await a.staffClient.get(`/api/playersv2?seasonId=active&search=${encodeURIComponent(player.lastName)}`)
    expect(ids(found.body)).toEqual([player.id])
    const team = await a.staffClient.get(`/api/playersv2?seasonId=active&teamId=${current.teams[1].id}&offset=0`)
    expect(ids(team.body)).toEqual(current.teams[1].players.map((p) => p.id).sort((x, y) => x - y))
    // The old season's team has no players in the active season.
    expect((await a.staffClient.get(`/api/playersv2?seasonId=active&teamId=${old.teams[0].id}`)).body.total).toBe(0)
  })

  it('flags a name shared with another player of the organization, whichever page or season', async () => {
    const [mine] = old.teams[0].players
    const [namesake] = current.teams[0].players
    const rename = (id: number) => {
      const form = new FormData()
      form.set('firstName', 'Sam')
      form.set('lastName', 'Same')
      return a.staffClient.putForm(`/api/playersv2/${id}`, form)
    }
    expect((await rename(mine.id)).status).toBe(200)
    expect((await rename(namesake.id)).status).toBe(200)
    // Only one of the two is in the active season's page: it is still flagged.
    const page = await a.staffClient.get('/api/playersv2?seasonId=active')
    const flagged = page.body.players.filter((p: { duplicate: boolean }) => p.duplicate).map((p: { id: number }) => p.id)
    expect(flagged).toEqual([namesake.id])
    // B has a "Sam Same" too: another organization's player is nobody's namesake.
    const [theirs] = other.teams[0].players
    const form = new FormData()
    form.set('firstName', 'SAM')
    form.set('lastName', 'same')
    expect((await b.staffClient.putForm(`/api/playersv2/${theirs.id}`, form)).status).toBe(200)
    const bPage = await b.staffClient.get('/api/playersv2?seasonId=active')
    expect(bPage.body.players.some((p: { duplicate: boolean }) => p.duplicate)).toBe(false)
    // Case does not matter within one organization; the old season's page flags the other one.
    const shouted = new FormData()
    shouted.set('firstName', 'SAM')
    shouted.set('lastName', 'SAME')
    expect((await a.staffClient.putForm(`/api/playersv2/${namesake.id}`, shouted)).status).toBe(200)
    const oldPage = await a.staffClient.get(`/api/playersv2?seasonId=${old.season.id}`)
    expect(oldPage.body.players.filter((p: { duplicate: boolean }) => p.duplicate).map((p: { id: number }) => p.id)).toEqual([
      mine.id,
    ])
  })

  it('refuses bad parameters with a 400 that names them', async () => {
    expectBad(await a.staffClient.get('/api/playersv2?offset=-1'), 'offset')
    expectBad(await a.staffClient.get('/api/playersv2?offset=x'), 'offset')
    expectBad(await a.staffClient.get('/api/playersv2?seasonId=2025'.replace('2025', 'fall')), 'seasonId')
  })

  it('never reads another organization', async () => {
    const res = await a.staffClient.get(`/api/playersv2?seasonId=${other.season.id}`)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Season not found')
    const theirs = await b.staffClient.get('/api/playersv2?seasonId=active&offset=0')
    expect(ids(theirs.body)).toEqual(roster(other))
    expect((await c.staffClient.get('/api/playersv2?seasonId=active')).body).toMatchObject({
      players: [],
      total: 0,
      seasonId: null,
    })
  })
})
