import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'

// GET /api/playersv2 and /api/playersv2/filters at full-history scale (docs/reference/performance.md §2): the server
// searches and filters, answers one page, and the public site sees the active season.

type Tenant = Awaited<ReturnType<typeof createTenant>>
type Built = Awaited<ReturnType<typeof buildSeason>>

const names = (body: { players: { firstName: string; lastName: string }[] }) =>
  body.players.map((p) => `${p.firstName} ${p.lastName}`)

async function rename(t: Tenant, id: number, firstName: string, lastName: string) {
  const res = await t.staffClient.put(`/api/playersv2/${id}`, { firstName, lastName })
  expect(res.status).toBe(200)
}

let a: Tenant
let b: Tenant
let old: Built
let current: Built
const visitor = new Client()
const pub = (query: string) => visitor.get(`/api/playersv2?slug=${a.org.slug}&${query}`)

beforeAll(async () => {
  a = await createTenant()
  b = await createTenant()
  // An old season first (inactive), then the active one: two teams of two players each.
  old = await buildSeason(a.staffClient, a.org.id, { teamCount: 1, playersPerTeam: 2, active: false })
  current = await buildSeason(a.staffClient, a.org.id, { teamCount: 2, playersPerTeam: 2 })
  await rename(a, old.teams[0].players[0].id, 'Oscar', 'Oldtimer')
  await rename(a, old.teams[0].players[1].id, 'Percy', 'Per%cent')
  await rename(a, current.teams[0].players[0].id, 'John', 'Smith')
  await rename(a, current.teams[0].players[1].id, 'Johanna', 'Jones')
  await rename(a, current.teams[1].players[0].id, 'Ann', 'A_b')
  await rename(a, current.teams[1].players[1].id, 'Anx', 'Axb')
  // A player on no roster (the dashboard lists them, the public site does not).
  expect((await a.staffClient.post('/api/playersv2', { firstName: 'John', lastName: 'Free' })).status).toBe(201)
  // Organization B: players whose names match every search below.
  const other = await buildSeason(b.staffClient, b.org.id, { teamCount: 1, playersPerTeam: 2 })
  await rename(b, other.teams[0].players[0].id, 'John', 'Smith')
  await rename(b, other.teams[0].players[1].id, 'Oscar', 'Oldtimer')
}, 120_000)

describe('GET /api/playersv2 (public)', () => {
  it('lists only the active season’s players when nothing is asked, sorted by full name', async () => {
    const res = await pub('')
    expect(res.status).toBe(200)
    expect(names(res.body)).toEqual(['Ann A_b', 'Anx Axb', 'Johanna Jones', 'John Smith'])
    expect(res.body.truncated).toBe(false)
  })

  it('searches the start of a first, last or full name, in any case, across the history', async () => {
    expect(names((await pub('search=jo')).body)).toEqual(['Johanna Jones', 'John Smith'])
    expect(names((await pub('search=SMI')).body)).toEqual(['John Smith'])
    expect(names((await pub('search=john%20sm')).body)).toEqual(['John Smith'])
    // Someone who played in an old season is found by name; an unrostered player never is.
    expect(names((await pub('search=oscar')).body)).toEqual(['Oscar Oldtimer'])
    expect(names((await pub('search=free')).body)).toEqual([])
    // Not the middle of a name.
    expect(names((await pub('search=mith')).body)).toEqual([])
  })

  it('takes LIKE metacharacters literally', async () => {
    expect(names((await pub('search=a_')).body)).toEqual(['Ann A_b'])
    expect(names((await pub('search=per%25')).body)).toEqual(['Percy Per%cent'])
    expect(names((await pub('search=%25%25')).body)).toEqual([])
    expect(names((await pub(`search=${encodeURIComponent('a\\')}`)).body)).toEqual([])
  })

  it('filters by league and team of the active season only', async () => {
    expect(names((await pub(`leagueId=${current.league.id}`)).body)).toHaveLength(4)
    expect(names((await pub(`teamId=${current.teams[1].id}`)).body)).toEqual(['Ann A_b', 'Anx Axb'])
    expect(names((await pub(`teamId=${current.teams[1].id}&search=ann`)).body)).toEqual(['Ann A_b'])
    // The old season's league and team: their players are not of the active season.
    expect(names((await pub(`leagueId=${old.league.id}`)).body)).toEqual([])
    expect(names((await pub(`teamId=${old.teams[0].id}`)).body)).toEqual([])
  })

  it('answers one page and says when more players match', async () => {
    const page = await pub('limit=3')
    expect(names(page.body)).toEqual(['Ann A_b', 'Anx Axb', 'Johanna Jones'])
    expect(page.body.truncated).toBe(true)
    expect(page.body.players[0].rosters[0]).toMatchObject({ active: true, team: { id: current.teams[1].id } })
  })

  it('never returns another organization’s players', async () => {
    const smiths = (await pub('search=smith')).body.players.map((p: { id: number }) => p.id)
    expect(smiths).toEqual([current.teams[0].players[0].id])
    const bTeam = (await b.staffClient.get('/api/teams')).body.teams[0].id
    expect((await pub(`teamId=${bTeam}`)).body.players).toEqual([])
    // B's own public list has B's players only.
    const bList = await visitor.get(`/api/playersv2?slug=${b.org.slug}&search=o`)
    expect(bList.status).toBe(400)
    expect(names((await visitor.get(`/api/playersv2?slug=${b.org.slug}&search=os`)).body)).toEqual(['Oscar Oldtimer'])
  })

  it('refuses bad input with a clear message', async () => {
    const short = await pub('search=j')
    expect(short.status).toBe(400)
    expect(short.body.fields.search).toBe('Search needs at least 2 characters')
    expect((await pub(`search=${'x'.repeat(101)}`)).status).toBe(400)
    expect((await pub('leagueId=abc')).status).toBe(400)
    expect((await pub('teamId=-1')).status).toBe(400)
    expect((await pub('limit=0')).status).toBe(400)
    expect((await pub('limit=100000')).status).toBe(400)
    // An empty search is no search.
    expect(names((await pub('search=')).body)).toHaveLength(4)
  })
})

describe('GET /api/playersv2 (dashboard)', () => {
  it('lists every player, filters by a team of any season and searches', async () => {
    const all = await a.staffClient.get('/api/playersv2')
    expect(all.status).toBe(200)
    expect(names(all.body)).toEqual([
      'Ann A_b',
      'Anx Axb',
      'Johanna Jones',
      'John Free',
      'John Smith',
      'Oscar Oldtimer',
      'Percy Per%cent',
    ])
    expect(names((await a.staffClient.get(`/api/playersv2?teamId=${old.teams[0].id}`)).body)).toEqual([
      'Oscar Oldtimer',
      'Percy Per%cent',
    ])
    expect(names((await a.staffClient.get('/api/playersv2?search=john&limit=10')).body)).toEqual(['John Free', 'John Smith'])
    const bSmith = await b.staffClient.get('/api/playersv2?search=smith')
    expect(bSmith.body.players.map((p: { id: number }) => p.id)).not.toContain(current.teams[0].players[0].id)
  })
})

describe('GET /api/playersv2/filters', () => {
  it('offers the active season’s leagues and teams by name, of the named organization only', async () => {
    const res = await visitor.get(`/api/playersv2/filters?slug=${a.org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.leagues).toEqual([{ id: current.league.id, name: current.league.name }])
    const teams = current.teams.map((t) => ({ id: t.id, name: t.name, leagueId: current.league.id }))
    expect(res.body.teams).toEqual(teams.sort((x, y) => x.name.localeCompare(y.name)))
    const bChoices = (await visitor.get(`/api/playersv2/filters?slug=${b.org.slug}`)).body
    expect(bChoices.teams.map((t: { id: number }) => t.id)).not.toContain(current.teams[0].id)
  })
})
