import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../worker/index'
import { cards } from '../../worker/routes/cards'
import { type Client, workerFetch } from '../helpers/client'
import { d1Of } from '../helpers/factories'
import { expectOf, fillPath, type Params, paramsOf, ROUTES, type Row } from '../helpers/route-table'
import {
  ACTORS,
  type Actor,
  buildWorld,
  changedKeys,
  cloneClient,
  DirectClient,
  expectUnchanged,
  isMemberActor,
  routeKeys,
  snapshot,
  spareMember,
  unique,
  type World,
} from '../helpers/security-world'

vi.setConfig({ testTimeout: 30_000 })

let w: World
beforeAll(async () => {
  w = await buildWorld()
}, 120_000)

const is2xx = (status: number) => status >= 200 && status < 300
const ALL_ROUTES = routeKeys(api.routes)

/** One call as an actor: A's ids (or the row's fresh target) in the path, the row's body, extra query. */
async function send(key: string, row: Row, actor: Actor, p: Params, extraQuery: string[], client?: Client) {
  const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)]
  const c = client ?? cloneClient(w.clients[actor])
  const q = [row.query?.(w, p), ...extraQuery].filter(Boolean).join('&')
  const url = `/api${fillPath(path, (n) => p[n])}${q ? `?${q}` : ''}`
  const body = row.body?.(w, p)
  const res = await c.request(method, url, body === undefined ? {} : { json: body })
  return { ...res, label: `${actor} ${method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}` }
}

async function signedInFresh(actor: Exclude<Actor, 'anon'>): Promise<Client> {
  // A member's fresh session is a spare member of the actor's organization (its account may go).
  if (isMemberActor(actor)) return spareMember(actor === 'bMember' ? w.b.org : w.org)
  const { username, password, slug } = w.spareCredentials[actor]
  const client = new DirectClient()
  await client.signIn(username, password, slug ? { slug } : {})
  return client
}

async function runRow(key: string, row: Row) {
  const A = w.org.id
  const refusedStatuses = row.refusedStatuses ?? [401, 403, 404]
  const target = row.prepare ? await row.prepare(w) : {}
  const p = paramsOf(w, key, target)

  // 1. Refusals first (anonymous without a tenant on public reads too): nothing may change, not a row.
  const refusals: [Actor, string][] = []
  for (const actor of ACTORS) {
    const expected = expectOf(row, actor)
    if (expected === 'public' && actor === 'anon') refusals.push([actor, ''])
    if (expected !== 'refused') continue
    // Naming A's tenant (slug) or A's organization_id never opens an admin call to outsiders; a
    // member session never opens one either, whatever it names.
    const variants =
      actor === 'anon' || actor === 'aMember' || actor === 'aCaptain'
        ? ['', `slug=${w.org.slug}`]
        : actor === 'bStaff' || actor === 'bOwner' || actor === 'bMember'
          ? ['', `organization_id=${A}`, ...(row.who.anon === 'refused' ? [`slug=${w.org.slug}`] : [])]
          : ['']
    for (const variant of variants) refusals.push([actor, variant])
  }
  if (refusals.length > 0) {
    const labels: string[] = []
    const before = await snapshot()
    for (const [actor, variant] of refusals) {
      const res = await send(key, row, actor, p, [variant])
      labels.push(res.label)
      expect(refusedStatuses, res.label).toContain(res.status)
      expect(typeof res.body?.message, res.label).toBe('string')
    }
    expectUnchanged(before, await snapshot(), labels.join('\n'))
  }
  // 2. The actor's own organization: a 2xx that carries nothing of A and changes nothing of A.
  const own = ACTORS.filter((a) => expectOf(row, a) === 'own')
  if (own.length > 0) {
    const labels: string[] = []
    const before = await snapshot()
    for (const actor of own) {
      for (const variant of ['', `organization_id=${A}`]) {
        const res = await send(key, row, actor, p, [variant])
        labels.push(res.label)
        expect(is2xx(res.status), res.label).toBe(true)
        expect(JSON.stringify(res.body ?? ''), `${res.label}: A's data leaked`).not.toContain(w.marker)
      }
    }
    expect(changedKeys(before, await snapshot(), A), `${labels.join('\n')}: A's rows changed`).toEqual([])
  }
  // 3. Public reads: naming A's tenant opens them.
  for (const actor of ACTORS.filter((a) => expectOf(row, a) === 'public')) {
    const res = await send(key, row, actor, p, [`slug=${w.org.slug}`])
    expect(is2xx(res.status), res.label).toBe(true)
  }
  // 4. Allowed calls last (each on a fresh target when the call consumes it).
  for (const actor of ACTORS.filter((a) => expectOf(row, a) === 'ok' || typeof expectOf(row, a) === 'number')) {
    const fresh = row.prepare ? paramsOf(w, key, await row.prepare(w)) : p
    const client = row.freshSession && actor !== 'anon' ? await signedInFresh(actor) : undefined
    const res = await send(key, row, actor, fresh, actor === 'superAdmin' ? [`organization_id=${A}`] : [], client)
    const expected = expectOf(row, actor)
    if (typeof expected === 'number') expect(res.status, res.label).toBe(expected)
    else expect(is2xx(res.status), res.label).toBe(true)
  }
}

describe('the expectations table', () => {
  it('has a row for every route of the router (a new route cannot be forgotten)', () => {
    const missing = ALL_ROUTES.filter((k) => !(k in ROUTES))
    expect(missing, 'routes without a row in test/helpers/route-table.ts').toEqual([])
  })
  it('has no row for a route that no longer exists', () => {
    expect(Object.keys(ROUTES).filter((k) => !ALL_ROUTES.includes(k))).toEqual([])
  })
})

describe("B never reaches A's rows through ids nested in its own calls", () => {
  const refusedAndUnchanged = async (label: string, call: () => Promise<{ status: number; body: any }>) => {
    const before = await snapshot()
    const res = await call()
    expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400)
    expect(res.status, label).toBeLessThan(500)
    expectUnchanged(before, await snapshot(), label)
  }
  it("A's player onto B's roster, A's team into B's game, A's ids in B's box score and scores", async () => {
    const b = w.clients.bOwner
    const B = w.B
    await refusedAndUnchanged('roster add of A player', () =>
      b.post(`/api/seasonsv2/${B.season}/leagues/${B.league}/teams/${B.team1}/players`, { player_id: w.p1 }),
    )
    await refusedAndUnchanged('game with A team', () =>
      b.post('/api/games', { season_id: B.season, leagueId: B.league, team1_id: B.team1, team2_id: w.team1 }),
    )
    await refusedAndUnchanged('game in A season', () =>
      b.post('/api/games', { season_id: w.season, leagueId: w.league, team1_id: w.team1, team2_id: w.team2 }),
    )
    await refusedAndUnchanged('B game moved onto A team', () => b.put(`/api/games/${B.game}`, { team1_id: w.team1 }))
    await refusedAndUnchanged('box score with A player', () =>
      b.put('/api/player-game-stats', { game_id: B.game, stats: [{ player_id: w.p1, stat_id: B.stat, value: 5 }] }),
    )
    await refusedAndUnchanged('box score with A stat', () =>
      b.put('/api/player-game-stats', { game_id: B.game, stats: [{ player_id: B.player1, stat_id: w.stat, value: 5 }] }),
    )
    await refusedAndUnchanged('scores with A period', () =>
      b.put(`/api/gamesv2/${B.game}/scores`, {
        score_home: 1,
        score_away: 2,
        periodScores: [{ game_period_id: w.period, team_id: B.team1, score: 1 }],
      }),
    )
    await refusedAndUnchanged('scores with A team', () =>
      b.put(`/api/gamesv2/${B.game}/scores`, {
        score_home: 1,
        score_away: 2,
        periodScores: [{ game_period_id: B.period, team_id: w.team1, score: 1 }],
      }),
    )
    await refusedAndUnchanged('swap with A game', () => b.put('/api/games/swap', { gameId1: B.game, gameId2: w.game }))
  })

  it("A's venue and court on B's games (docs/venues.md)", async () => {
    const b = w.clients.bOwner
    const B = w.B
    const court = (await w.clients.aOwner.get(`/api/venues/${w.venue}`)).body.venue.courts[0].id as number
    await refusedAndUnchanged('B game at A venue', () => b.put(`/api/games/${B.game}`, { venueId: w.venue }))
    await refusedAndUnchanged('new B game at A venue', () =>
      b.post('/api/games', { season_id: B.season, leagueId: B.league, team1_id: B.team1, team2_id: B.team2, venueId: w.venue }),
    )
    const own = (await b.post('/api/venues', { name: unique('B venue'), courts: [{ name: 'B court' }] })).body.venue.id as number
    await refusedAndUnchanged('B game on A court', () => b.put(`/api/games/${B.game}`, { venueId: own, courtId: court }))
  })

  it("A's ids in B's divisions, orders, copies, captains, attributes and deletes", async () => {
    const b = w.clients.bOwner
    const B = w.B
    const base = `/api/seasonsv2/${B.season}`
    const cases: [string, () => Promise<{ status: number; body: any }>][] = [
      ['division assign A slt', () => b.post(`/api/divisions/${B.division}/teams`, { seasons_leagues_teams_id: w.slt1 })],
      [
        'division order A slt',
        () => b.put(`/api/divisions/${B.division}/teams/order`, { orderedTeams: [{ slt_id: w.slt1, position: 0 }] }),
      ],
      ['division unassign A slt', () => b.delete(`/api/divisions/${B.division}/teams/${w.slt1}`)],
      ['league order A league', () => b.put(`${base}/leagues/order`, { orderedLeagues: [{ id: w.league, position: 0 }] })],
      [
        'division order A division',
        () => b.put(`${base}/divisions/order`, { orderedDivisions: [{ id: w.division, position: 0 }] }),
      ],
      ['stat reorder A stat', () => b.put('/api/statsv2/reorder', { stats: [{ id: w.stat, order: 1 }] })],
      [
        'stat reorder mixed',
        () =>
          b.put('/api/statsv2/reorder', {
            stats: [
              { id: B.stat, order: 1 },
              { id: w.stat, order: 2 },
            ],
          }),
      ],
      ['period reorder A period', () => b.put('/api/gamePeriods/reorder', { gamePeriods: [{ id: w.period, order: 1 }] })],
      [
        'period reorder mixed',
        () =>
          b.put('/api/gamePeriods/reorder', {
            gamePeriods: [
              { id: B.period, order: 1 },
              { id: w.period, order: 2 },
            ],
          }),
      ],
      [
        'attribute reorder A attribute',
        () => b.put('/api/playerAttributes/reorder', { attributes: [{ id: w.attribute, order: 1 }] }),
      ],
      [
        'attribute reorder mixed',
        () =>
          b.put('/api/playerAttributes/reorder', {
            attributes: [
              { id: B.attribute, order: 1 },
              { id: w.attribute, order: 2 },
            ],
          }),
      ],
      ['team moved to A league', () => b.put(`/api/teams/${B.team1}`, { leagueId: w.league })],
      ['team created in A league', () => b.post('/api/teams', { name: 'Sneaky', leagueId: w.league })],
      ['league copied from A', () => b.post(`${base}/leagues`, { copyFromSeasonId: w.season, copyFromLeagueId: w.league })],
      ['team copied from A', () => b.post(`${base}/leagues/${B.league}/teams`, { copyFromTeamId: w.team1 })],
      ['captain from A', () => b.put(`${base}/leagues/${B.league}/teams/${B.team1}`, { captainId: w.p1 })],
      ['roster remove A player', () => b.delete(`${base}/leagues/${B.league}/teams/${B.team1}/players/${w.p1}`)],
      ['attribute value of A attribute', () => b.put(`/api/playersv2/${B.player1}`, { attributes: { [w.attribute]: '7' } })],
      ['week-off in A season', () => b.post('/api/week-offs', { season_id: w.season, league_id: w.league, date: '2026-02-02' })],
      ['week-off for A league', () => b.post('/api/week-offs', { season_id: B.season, league_id: w.league, date: '2026-02-02' })],
      ['schedule for A league', () => b.post('/api/schedules', { ...scheduleFor(w.league), season_id: B.season })],
      ['schedule in A season', () => b.post('/api/schedules', { ...scheduleFor(B.league), season_id: w.season })],
      ['players delete with A id', () => b.post('/api/playersv2/delete', { ids: [B.player1, w.p1] })],
      ['teams delete with A id', () => b.post('/api/teams/delete', { ids: [w.team3] })],
      ['seasons delete with A id', () => b.post('/api/seasonsv2/delete', { ids: [w.season] })],
      ['leagues delete with A id', () => b.post(`${base}/leagues/delete`, { ids: [w.league] })],
      ['season teams delete with A id', () => b.post(`${base}/leagues/${B.league}/teams/delete`, { ids: [w.team1] })],
      ['period for A user', () => b.post('/api/gamePeriods', { sportId: w.sport, name: unique('P'), userId: w.aUser.id })],
      ['periods reset for A user', () => b.post(`/api/gamePeriods/reset/${w.sport}`, { userId: w.aUser.id })],
    ]
    for (const [label, call] of cases) await refusedAndUnchanged(label, call)
    const periods = await b.get(`/api/gamePeriods/${w.sport}?userId=${w.aUser.id}`)
    expect(periods.status).toBe(404)
    const weekly = await b.get(`/api/games/weekly-games?scheduleId=${w.schedule}&weekIndex=0`)
    expect(weekly.status).toBe(404)
  })
})

const scheduleFor = (leagueId: number) => ({
  name: unique('Sched'),
  leagueId,
  startDate: '2026-01-05',
  numWeeks: 2,
  gameDays: ['Monday'],
  sameSlot: true,
  timeSlots: ['18:00'],
})

describe('fields a role may not set are ignored or refused, never mass-assigned', () => {
  // A user is read from the database that holds the organization it should belong to (B is on DB_2).
  const userRow = (id: number, organizationId: number = w.org.id) =>
    d1Of(organizationId)
      .prepare('SELECT id, organization_id, role FROM users WHERE id = ?')
      .bind(id)
      .first<{ id: number; organization_id: number; role: string }>()

  it('an owner cannot create a super admin, nor a user in B, nor choose the id', async () => {
    const owner = w.clients.aOwner
    const before = await snapshot()
    const superAdmin = await owner.post('/api/usersv2', {
      username: unique('root'),
      role: 'super_admin',
      password: 'long-enough-pw',
    })
    expect(superAdmin.status).toBe(400)
    expectUnchanged(before, await snapshot(), 'role super_admin')
    const res = await owner.post('/api/usersv2', {
      username: unique('moved'),
      role: 'staff',
      password: 'long-enough-pw',
      organization_id: w.b.org.id,
      organizationId: w.b.org.id,
      id: w.b.owner.id,
    })
    expect(res.status).toBe(201)
    expect(res.body.user.id).not.toBe(w.b.owner.id)
    expect(await userRow(res.body.user.id)).toMatchObject({ organization_id: w.org.id, role: 'staff' })
    expect(await userRow(w.b.owner.id, w.b.org.id)).toMatchObject({ organization_id: w.b.org.id, role: 'org_owner' })
  })

  it('a user cannot raise their own role, nor move themselves', async () => {
    const superAdmin = await w.clients.aOwner.put(`/api/usersv2/${w.a.owner.id}`, { role: 'super_admin' })
    expect(superAdmin.status).toBe(400)
    const res = await w.clients.aStaff.put(`/api/usersv2/${w.a.staff.id}`, {
      role: 'org_owner',
      organization_id: w.b.org.id,
      organizationId: w.b.org.id,
      theme: 'dark',
    })
    expect(res.status).toBe(200)
    expect(await userRow(w.a.staff.id)).toMatchObject({ organization_id: w.org.id, role: 'staff' })
    const other = await w.clients.aOwner.put(`/api/usersv2/${w.aUser.id}`, { role: 'super_admin' })
    expect(other.status).toBe(400)
    expect(await userRow(w.aUser.id)).toMatchObject({ role: 'staff', organization_id: w.org.id })
  })

  it("an owner cannot change the organization's address, platform flag or id", async () => {
    const res = await w.clients.aOwner.put(`/api/organizations/${w.org.id}`, {
      slug: unique('stolen'),
      domain: 'stolen.example',
      isPlatform: true,
      is_platform: true,
      id: w.b.org.id,
      name: `League ${w.marker}`,
    })
    expect(res.status).toBe(200)
    const row = await env.DB.prepare('SELECT id, slug, domain, is_platform FROM organizations WHERE id = ?')
      .bind(w.org.id)
      .first<any>()
    expect(row).toMatchObject({ slug: w.org.slug, domain: w.org.domain, is_platform: 0 })
  })

  it("rows are always created in the caller's own organization, whatever the body or query says", async () => {
    const owner = w.clients.aOwner
    const owned = async (table: string, id: number) =>
      (await env.DB.prepare(`SELECT organization_id FROM ${table} WHERE id = ?`).bind(id).first<{ organization_id: number }>())
        ?.organization_id
    const foreign = { organization_id: w.b.org.id, organizationId: w.b.org.id }
    const biz = await owner.post(`/api/businesses?organization_id=${w.b.org.id}`, { name: unique('Biz'), ...foreign, id: 1 })
    expect(biz.status).toBe(201)
    expect(await owned('businesses', biz.body.business.id)).toBe(w.org.id)
    const player = await owner.post(`/api/playersv2?organization_id=${w.b.org.id}`, {
      firstName: 'A',
      lastName: unique('B'),
      ...foreign,
    })
    expect(player.status).toBe(201)
    expect(await owned('players', player.body.player.id)).toBe(w.org.id)
    const season = await w.clients.aStaff.post(`/api/seasonsv2?organization_id=${w.b.org.id}`, { name: unique('S'), ...foreign })
    expect(season.status).toBe(201)
    expect(await owned('seasons', season.body.season.id)).toBe(w.org.id)
    const team = await w.clients.aStaff.post(`/api/teams?organization_id=${w.b.org.id}`, { name: unique('T'), ...foreign })
    expect(team.status).toBe(201)
    expect(await owned('teams', team.body.team.id)).toBe(w.org.id)
    const attr = await owner.post(`/api/playerAttributes?organization_id=${w.b.org.id}`, {
      name: unique('At'),
      type: 'string',
      ...foreign,
    })
    expect(attr.status).toBe(201)
    expect(await owned('player_attributes', attr.body.attribute.id)).toBe(w.org.id)
  })
})

describe('authorization matrix (generated from api.routes)', () => {
  for (const key of ALL_ROUTES) {
    // A route whose row names a bug the worker still has: the case is expected to fail (see `bug`).
    const test = ROUTES[key]?.bug ? it.fails : it
    test(key, async () => {
      const row = ROUTES[key]
      expect(row, `no expectations row for ${key}`).toBeDefined()
      await runRow(key, row)
    }, 30_000)
  }
})

/**
 * Link cards (docs/link-cards.md) live under an organization's site, outside /api: the table below
 * has a row for each route of worker/routes/cards.ts, with A's ids in the path. A card is public:
 * every actor gets the same picture on A's site, and on B's site A's ids are a 404.
 */
const CARD_ROUTES = routeKeys(cards.routes)
const CARD_PATHS: Record<string, { path: (w: World) => string; namesId: boolean }> = {
  'GET /games/:file{[0-9]+\\.png}': { path: (w) => `/cards/games/${w.game}.png`, namesId: true },
  'GET /players/:file{[0-9]+\\.png}': { path: (w) => `/cards/players/${w.p1}.png`, namesId: true },
  'GET /standings.png': { path: () => '/cards/standings.png', namesId: false },
  'GET /records.png': { path: () => '/cards/records.png', namesId: false },
}

/** A card fetched as the actor (its cookies sent), the body kept as bytes. */
async function fetchCard(actor: Actor, url: string) {
  const cookies = [...w.clients[actor].cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const response = await workerFetch(new Request(url, { headers: cookies ? { Cookie: cookies } : {} }))
  return {
    status: response.status,
    type: response.headers.get('Content-Type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

describe('link cards (generated from the cards routes, outside /api)', () => {
  it('has a row for every card route and none for a route that no longer exists', () => {
    expect(CARD_ROUTES.filter((k) => !(k in CARD_PATHS))).toEqual([])
    expect(Object.keys(CARD_PATHS).filter((k) => !CARD_ROUTES.includes(k))).toEqual([])
  })
  for (const key of CARD_ROUTES) {
    it(key, async () => {
      const row = CARD_PATHS[key]
      expect(row, `no row for ${key}`).toBeDefined()
      if (!row) return
      const path = row.path(w)
      const before = await snapshot()
      const labels: string[] = []
      // 1. Every actor, on A's slug and A's domain: the same public picture.
      let picture: Uint8Array | undefined
      for (const actor of ACTORS) {
        for (const url of [`http://localhost/${w.org.slug}${path}`, `http://${w.org.domain}${path}`]) {
          const res = await fetchCard(actor, url)
          labels.push(`${actor} ${url} → ${res.status}`)
          expect(res.status, labels.at(-1)).toBe(200)
          expect(res.type).toBe('image/png')
          picture ??= res.bytes
          expect(res.bytes, `${labels.at(-1)}: a card never depends on who asks`).toEqual(picture)
        }
      }
      // 2. On B's site: A's ids are not found, whoever asks and whatever organization_id says;
      // a card without an id is B's own, not A's.
      for (const actor of ACTORS) {
        for (const query of ['', `?organization_id=${w.org.id}`, `?slug=${w.org.slug}`]) {
          const url = `http://localhost/${w.b.org.slug}${path}${query}`
          const res = await fetchCard(actor, url)
          labels.push(`${actor} ${url} → ${res.status}`)
          if (row.namesId) expect(res.status, labels.at(-1)).toBe(404)
          else {
            expect(res.status, labels.at(-1)).toBe(200)
            expect(res.bytes, `${labels.at(-1)}: B's card shows A's data`).not.toEqual(picture)
          }
        }
      }
      // 3. On the platform host without a slug there is no site: 404.
      expect((await fetchCard('anon', `http://localhost${path}`)).status).toBe(404)
      expectUnchanged(before, await snapshot(), labels.join('\n'))
    }, 60_000)
  }
})

/**
 * The operator's move endpoint (docs/scaling.md "Moving an organization", docs/security.md): outside
 * /api, authenticated by the Worker secret ORG_MOVE_TOKEN and nothing else. Without the secret it does
 * not exist (404); with it, no session of any role opens it (401) — only the right bearer token, and
 * then bad input is a 400 and a move to where the organization already lives is done at once.
 */
describe('the move endpoint (POST /internal/org-move, outside /api)', () => {
  const TOKEN = 'matrix-move-token'
  it('answers no session of any role, only the operator secret', async () => {
    const withSecret = { ...env, ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } as Cloudflare.Env
    const body = { slug: w.org.slug, binding: 'DB_2' }
    const before = await snapshot()
    const labels: string[] = []
    const call = async (actor: Actor, bindings: Cloudflare.Env, headers: Record<string, string>, json: unknown = body) => {
      const c = cloneClient(w.clients[actor])
      c.bindings = bindings
      const res = await c.request('POST', '/internal/org-move', { json, headers })
      labels.push(`${actor} ${JSON.stringify(headers)} → ${res.status}`)
      return res.status
    }
    for (const actor of ACTORS) {
      // No secret configured: the endpoint does not exist, whatever is sent.
      expect(await call(actor, env, {}), labels.at(-1)).toBe(404)
      expect(await call(actor, env, { Authorization: `Bearer ${TOKEN}` }), labels.at(-1)).toBe(404)
      // A secret configured: a session is not enough, nor a wrong token.
      expect(await call(actor, withSecret, {}), labels.at(-1)).toBe(401)
      expect(await call(actor, withSecret, { Authorization: 'Bearer wrong' }), labels.at(-1)).toBe(401)
    }
    expectUnchanged(before, await snapshot(), labels.join('\n'))
    // The right token: bad input is refused; a move to where A already lives is done at once, changing nothing.
    const right = { Authorization: `Bearer ${TOKEN}` }
    expect(await call('anon', withSecret, right, { slug: w.org.slug, binding: 'nowhere' })).toBe(400)
    const home = (await env.DB.prepare('SELECT binding FROM org_directory WHERE organization_id = ?').bind(w.org.id).first<{
      binding: string
    }>()) ?? { binding: 'DB' }
    expect(await call('anon', withSecret, right, { slug: w.org.slug, binding: home.binding })).toBe(200)
    expectUnchanged(before, await snapshot(), labels.join('\n'))
  }, 60_000)
})

/**
 * The operator's endpoints outside /api (docs/security.md "Operator endpoints"): moving and
 * restoring an organization answer only the Worker secret ORG_MOVE_TOKEN, never a session. Every
 * actor, with its cookies and without the token, is refused (404 where the secret is not set, 401
 * where it is), and nothing changes.
 */
const OPERATOR_ROUTES: Record<string, (w: World) => unknown> = {
  'POST /internal/org-move': (w) => ({ slug: w.org.slug, binding: 'DB_3' }),
  'POST /internal/org-restore': (w) => ({
    step: 'begin',
    binding: 'DB_3',
    organizationId: w.org.id,
    slug: w.org.slug,
    domain: null,
  }),
}

describe('operator endpoints (outside /api): the secret, never a session', () => {
  for (const [key, body] of Object.entries(OPERATOR_ROUTES)) {
    it(key, async () => {
      const path = key.slice(key.indexOf(' ') + 1)
      const before = await snapshot()
      const labels: string[] = []
      for (const actor of ACTORS) {
        const cookies = [...w.clients[actor].cookies].map(([k, v]) => `${k}=${v}`).join('; ')
        const xsrf = w.clients[actor].cookies.get('XSRF-TOKEN') ?? ''
        for (const [bindings, token, expected] of [
          [env, undefined, 404],
          [{ ...env, ORG_MOVE_TOKEN: 'the-operator-secret' }, undefined, 401],
          [{ ...env, ORG_MOVE_TOKEN: 'the-operator-secret' }, 'a-guess', 401],
        ] as const) {
          const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }
          if (cookies) headers.Cookie = cookies
          if (token) headers.Authorization = `Bearer ${token}`
          const res = await workerFetch(
            new Request(`http://localhost${path}`, { method: 'POST', headers, body: JSON.stringify(body(w)) }),
            bindings as Cloudflare.Env,
          )
          labels.push(`${actor} ${key} (${token ?? 'no token'}) → ${res.status}`)
          expect(res.status, labels.at(-1)).toBe(expected)
          expect(typeof ((await res.json()) as { message?: unknown }).message, labels.at(-1)).toBe('string')
        }
      }
      expectUnchanged(before, await snapshot(), labels.join('\n'))
    }, 60_000)
  }
})
