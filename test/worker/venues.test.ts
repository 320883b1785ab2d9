// Venues, courts and closures (docs/venues.md): the API, games that name them, and calendar feeds.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createSuperAdmin, createTenant, unique } from '../helpers/factories'

const gym = (fields: Record<string, unknown> = {}) => ({
  name: unique('Gym'),
  address: '12 Hoop St, Springfield',
  mapUrl: 'https://maps.example/gym',
  courts: [
    { name: 'Court 1', hours: [{ day: 'Monday', from: '18:00', to: '22:00' }] },
    { name: 'Court 2', hours: [] },
  ],
  closures: [
    { court: 'Court 2', date: '2026-01-12', reason: 'Floor refinishing' },
    { court: null, date: '2026-01-19', from: '18:00', to: '20:00', reason: 'School event' },
  ],
  ...fields,
})

const count = async (table: string, orgId: number) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`).bind(orgId).first<{ n: number }>())?.n

async function tenantWithGame() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 2 })
  const venue = (await t.ownerClient.post('/api/venues', gym())).body.venue
  const newGame = (fields: Record<string, unknown>) =>
    t.ownerClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: built.teams[0]?.id,
      team2_id: built.teams[1]?.id,
      date: '2026-01-05',
      time: '19:00',
      ...fields,
    })
  return { ...t, built, venue, newGame }
}

describe('venues: create, read, change', () => {
  it('creates a venue with its courts, weekly hours and closures, for staff and owner alike', async () => {
    const { staffClient, ownerClient } = await createTenant()
    const res = await staffClient.post('/api/venues', gym({ name: 'North Gym' }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const venue = res.body.venue
    expect(venue).toMatchObject({
      name: 'North Gym',
      address: '12 Hoop St, Springfield',
      mapUrl: 'https://maps.example/gym',
      games: 0,
      version: 1,
    })
    expect(venue.courts.map((c: { name: string }) => c.name)).toEqual(['Court 1', 'Court 2'])
    expect(venue.courts[0].hours).toEqual([{ day: 'Monday', from: '18:00', to: '22:00' }])
    expect(venue.closures).toEqual([
      expect.objectContaining({ court: 'Court 2', courtId: venue.courts[1].id, date: '2026-01-12', from: null, to: null }),
      expect.objectContaining({
        court: null,
        courtId: null,
        date: '2026-01-19',
        from: '18:00',
        to: '20:00',
        reason: 'School event',
      }),
    ])
    const list = await ownerClient.get('/api/venues')
    expect(list.body.venues).toEqual([venue])
  })

  it('refuses bad input with field errors and writes nothing', async () => {
    const { ownerClient, org } = await createTenant()
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ mapUrl: 'javascript:alert(1)' }, 'mapUrl'],
      [{ courts: [{ name: 'A' }, { name: 'a' }] }, 'courts.1.name'],
      [{ courts: [{ name: 'A', hours: [{ day: 'Monday', from: '22:00', to: '18:00' }] }] }, 'courts.0.hours.0.to'],
      [{ courts: [{ name: 'A', hours: [{ day: 'Funday', from: '18:00', to: '19:00' }] }] }, 'courts.0.hours.0.day'],
      [{ closures: [{ court: 'Nope', date: '2026-01-01', reason: 'x' }] }, 'closures.0.court'],
      [{ closures: [{ date: '2026-02-30', reason: 'x' }] }, 'closures.0.date'],
      [{ closures: [{ date: '2026-02-03', from: '18:00', reason: 'x' }] }, 'closures.0.to'],
      [{ closures: [{ date: '2026-02-03', reason: '' }] }, 'closures.0.reason'],
    ]
    for (const [fields, field] of cases) {
      const res = await ownerClient.post('/api/venues', gym(fields))
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect(typeof res.body.message).toBe('string')
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field)
    }
    expect(await count('venues', org.id)).toBe(0)
    expect(await count('courts', org.id)).toBe(0)
  })

  it('refuses a second venue of the same name (any case) with a field error', async () => {
    const { ownerClient, org } = await createTenant()
    await ownerClient.post('/api/venues', gym({ name: 'East Gym' }))
    const res = await ownerClient.post('/api/venues', gym({ name: 'east gym' }))
    expect(res.status).toBe(400)
    expect(res.body.fields).toHaveProperty('name')
    expect(await count('venues', org.id)).toBe(1)
  })

  it('saves the whole venue: keeps courts by id (swapping names too), adds and removes, keeps unchanged closures', async () => {
    const { ownerClient } = await createTenant()
    const venue = (await ownerClient.post('/api/venues', gym())).body.venue
    const [one, two] = venue.courts
    const res = await ownerClient.put(`/api/venues/${venue.id}`, {
      version: venue.version,
      name: venue.name,
      address: null,
      mapUrl: '',
      courts: [
        { id: two.id, name: 'Court 1', hours: [] },
        { id: one.id, name: 'Court 2', hours: [{ day: 'Friday', from: '17:00', to: '21:00' }] },
        { name: 'Court 3' },
      ],
      closures: [{ court: null, date: '2026-01-19', from: '18:00', to: '20:00', reason: 'School event' }],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const saved = res.body.venue
    expect(saved.address).toBeNull()
    expect(saved.mapUrl).toBeNull()
    expect(saved.version).toBeGreaterThan(venue.version)
    expect(saved.courts.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [two.id, 'Court 1'],
      [one.id, 'Court 2'],
      [expect.any(Number), 'Court 3'],
    ])
    // The unchanged closure is the same row; the other is gone.
    expect(saved.closures).toEqual([venue.closures[1]])
  })

  it('refuses a stale save with 409 and the current venue, and changes nothing', async () => {
    const { ownerClient, staffClient } = await createTenant()
    const venue = (await ownerClient.post('/api/venues', gym())).body.venue
    const first = await staffClient.put(`/api/venues/${venue.id}`, { ...gym({ name: 'Renamed' }), version: venue.version })
    expect(first.status).toBe(200)
    const stale = await ownerClient.put(`/api/venues/${venue.id}`, { ...gym({ name: 'Mine' }), version: venue.version })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/This venue was changed by .* after you opened it/)
    expect(stale.body.current.name).toBe('Renamed')
    expect((await ownerClient.get(`/api/venues/${venue.id}`)).body.venue.name).toBe('Renamed')
  })

  it("never shows or changes another organization's venue (404), and refuses visitors", async () => {
    const a = await createTenant()
    const b = await createTenant()
    const venue = (await a.ownerClient.post('/api/venues', gym())).body.venue
    expect((await b.ownerClient.get(`/api/venues/${venue.id}`)).status).toBe(404)
    expect((await b.ownerClient.put(`/api/venues/${venue.id}`, gym({ name: 'Stolen' }))).status).toBe(404)
    expect((await b.ownerClient.delete(`/api/venues/${venue.id}`)).status).toBe(404)
    expect((await b.ownerClient.get(`/api/venues?organization_id=${a.org.id}`)).body.venues).toEqual([])
    expect((await new Client().get(`/api/venues?slug=${a.org.slug}`)).status).toBe(401)
    expect((await a.ownerClient.get(`/api/venues/${venue.id}`)).body.venue.name).toBe(venue.name)
    const { client } = await createSuperAdmin()
    expect((await client.get(`/api/venues?organization_id=${a.org.id}`)).body.venues.map((v: { id: number }) => v.id)).toEqual([
      venue.id,
    ])
  })
})

describe('venues: games', () => {
  it('a game takes a venue and court on create and update, and answers their names', async () => {
    const { venue, newGame, ownerClient } = await tenantWithGame()
    const made = await newGame({ venueId: venue.id, courtId: venue.courts[1].id })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.game.venue).toEqual({ id: venue.id, name: venue.name, address: venue.address, mapUrl: venue.mapUrl })
    expect(made.body.game.court).toEqual({ id: venue.courts[1].id, name: 'Court 2' })
    // Changing only the court keeps the venue; clearing the venue clears the court.
    const moved = await ownerClient.put(`/api/games/${made.body.game.id}`, { courtId: venue.courts[0].id })
    expect(moved.body.game.court.name).toBe('Court 1')
    expect(moved.body.game.venue.id).toBe(venue.id)
    const cleared = await ownerClient.put(`/api/games/${made.body.game.id}`, { venueId: null })
    expect(cleared.body.game.venue).toBeNull()
    expect(cleared.body.game.court).toBeNull()
    // A game without a venue answers null for both, and its other fields as before.
    const plain = await newGame({ location: 'Old gym' })
    expect(plain.body.game).toMatchObject({ venue: null, court: null, location: 'Old gym' })
  })

  it("refuses another organization's venue, a court of another venue, and a court without its venue; nothing is written", async () => {
    const { venue, newGame, ownerClient, org } = await tenantWithGame()
    const other = await tenantWithGame()
    const second = (await ownerClient.post('/api/venues', gym())).body.venue
    const before = await count('games', org.id)
    const foreign = await newGame({ venueId: other.venue.id })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Venue not found')
    const wrongCourt = await newGame({ venueId: venue.id, courtId: second.courts[0].id })
    expect(wrongCourt.status).toBe(400)
    expect(wrongCourt.body.fields).toHaveProperty('courtId')
    const noVenue = await newGame({ courtId: venue.courts[0].id })
    expect(noVenue.status).toBe(400)
    expect(noVenue.body.fields).toHaveProperty('venueId')
    expect(await count('games', org.id)).toBe(before)
    const game = (await newGame({})).body.game
    const foreignEdit = await ownerClient.put(`/api/games/${game.id}`, { venueId: other.venue.id, time: '20:00' })
    expect(foreignEdit.status).toBe(404)
    expect((await ownerClient.get(`/api/gamesv2/${game.id}`)).body.game).toMatchObject({ time: '19:00', venue: null })
  })

  it('deleting a venue games use needs confirmation naming how many; then the games keep its name as their location', async () => {
    const { venue, newGame, ownerClient } = await tenantWithGame()
    const game = (await newGame({ venueId: venue.id, courtId: venue.courts[0].id })).body.game
    await newGame({ venueId: venue.id, location: 'Side door' })
    const refused = await ownerClient.delete(`/api/venues/${venue.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.games).toBe(2)
    expect(refused.body.message).toContain('2 games')
    expect((await ownerClient.get(`/api/venues/${venue.id}`)).status).toBe(200)
    const removingCourt = await ownerClient.put(`/api/venues/${venue.id}`, {
      ...gym({ name: venue.name }),
      courts: [],
      closures: [],
    })
    expect(removingCourt.status).toBe(409)
    expect(removingCourt.body.message).toContain('Court 1')
    const done = await ownerClient.delete(`/api/venues/${venue.id}?confirm=true&version=${venue.version}`)
    expect(done.status).toBe(204)
    expect((await ownerClient.get(`/api/venues/${venue.id}`)).status).toBe(404)
    expect((await ownerClient.get(`/api/gamesv2/${game.id}`)).body.game).toMatchObject({
      venue: null,
      court: null,
      location: venue.name,
    })
  })

  it('deletes an unused venue with its courts and closures', async () => {
    const { ownerClient, org } = await createTenant()
    const venue = (await ownerClient.post('/api/venues', gym())).body.venue
    expect((await ownerClient.delete(`/api/venues/${venue.id}`)).status).toBe(204)
    expect(await count('courts', org.id)).toBe(0)
    expect(await count('court_closures', org.id)).toBe(0)
  })

  it("the calendar feed's LOCATION names the venue, court and address", async () => {
    const { venue, newGame, built, org } = await tenantWithGame()
    await newGame({ venueId: venue.id, courtId: venue.courts[1].id })
    const res = await new Client().get(`/api/calendar/leagues/${built.league.id}.ics?slug=${org.slug}`)
    expect(res.status).toBe(200)
    const text = String(res.body)
    expect(text.replace(/\r\n /g, '')).toContain(`LOCATION:${venue.name}\\, Court 2\\, 12 Hoop St\\, Springfield`)
  })
})

describe('venues on the public pages (docs/venues.md)', () => {
  it('the schedule widget names the venue and court of each game', async () => {
    const { venue, newGame, built, org } = await tenantWithGame()
    expect((await newGame({ venueId: venue.id, courtId: venue.courts[1].id, date: '2099-01-05' })).status).toBe(201)
    const res = await new Client().get(`/${org.slug}/widgets/schedule?league=${built.league.id}`)
    expect(res.status).toBe(200)
    expect(String(res.body)).toContain(`<span class="where">${venue.name} · Court 2</span>`)
  })
})

describe('venues: refusals in the language asked for', () => {
  it('says a taken name and a missing venue in Spanish when the request asks for it', async () => {
    const { ownerClient, org } = await createTenant()
    await env.DB.prepare("UPDATE organizations SET languages = 'en,es' WHERE id = ?").bind(org.id).run()
    await ownerClient.post('/api/venues', gym({ name: 'Sur' }))
    const taken = await ownerClient.request('POST', '/api/venues', {
      json: gym({ name: 'sur' }),
      headers: { 'Accept-Language': 'es' },
    })
    expect(taken.status).toBe(400)
    expect(taken.body.message).toBe('Otra instalación ya tiene este nombre')
    const missing = await ownerClient.request('GET', '/api/venues/999999999', { headers: { 'Accept-Language': 'es' } })
    expect(missing.status).toBe(404)
    expect(missing.body.message).not.toBe('Venue not found')
  })
})

describe("venues: the game page's details", () => {
  it('PUT /api/gamesv2/{id}/details sets and clears the venue and court, with the same checks', async () => {
    const { venue, newGame, ownerClient } = await tenantWithGame()
    const other = await tenantWithGame()
    const game = (await newGame({})).body.game
    const set = await ownerClient.put(`/api/gamesv2/${game.id}/details`, { venueId: venue.id, courtId: venue.courts[0].id })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.game.venue.name).toBe(venue.name)
    expect(set.body.game.court.name).toBe('Court 1')
    const foreign = await ownerClient.put(`/api/gamesv2/${game.id}/details`, { venueId: other.venue.id })
    expect(foreign.status).toBe(404)
    const cleared = await ownerClient.put(`/api/gamesv2/${game.id}/details`, { venueId: null })
    expect(cleared.body.game).toMatchObject({ venue: null, court: null })
  })
})
