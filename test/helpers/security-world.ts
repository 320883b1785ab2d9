import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { statDefinitions } from '../../worker/db/schema'
import { type ApiResponse, Client, workerFetch } from './client'
import {
  buildSeason,
  createOrg,
  createSuperAdmin,
  createTenant,
  createUser,
  d1Of,
  db,
  unique,
  withBasketballDefaults,
} from './factories'

/**
 * The world the security tests run against: organization A with one of everything (built through
 * the API as its owner would), organization B with a small league of its own, and a super admin.
 * Every name in A carries `marker`, so a response that leaks A's data into B is easy to spot.
 */

/**
 * Members (docs/members.md) are actors too: a member of A (not a captain), a captain of A's team 1
 * and a member of B, each signed in with a member session (never a staff one).
 */
export type MemberActor = 'aMember' | 'aCaptain' | 'bMember'
export type Actor = 'anon' | 'aStaff' | 'aOwner' | 'bStaff' | 'bOwner' | 'superAdmin' | MemberActor
export const MEMBER_ACTORS: MemberActor[] = ['aMember', 'aCaptain', 'bMember']
export const ACTORS: Actor[] = ['anon', 'aStaff', 'aOwner', 'bStaff', 'bOwner', 'superAdmin', ...MEMBER_ACTORS]
export const isMemberActor = (actor: Actor): actor is MemberActor => (MEMBER_ACTORS as Actor[]).includes(actor)

const sha256 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')

/**
 * A member session for the player (given `email` first), signed in from a sign-in link made straight
 * in D1 — the e-mail round trip is members-foundation.test.ts's business.
 */
export async function signedInMember(org: { id: number; slug: string }, playerId: number, email: string) {
  await d1Of(org.id).prepare('UPDATE players SET email = ? WHERE id = ?').bind(email, playerId).run()
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '')
  await d1Of(org.id)
    .prepare('INSERT INTO member_sign_in_links (token_hash, organization_id, email, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256(token), org.id, email, Date.now() + 600_000)
    .run()
  const client = new DirectClient()
  const res = await client.post(`/api/member/sign-in?slug=${org.slug}`, { token })
  if (res.status !== 200) throw new Error(`fixture: member sign-in answered ${res.status} ${JSON.stringify(res.body)}`)
  return client
}

/** A member of a new player of the organization (for calls that end or delete the member's account). */
export async function spareMember(org: { id: number; slug: string }) {
  const row = await d1Of(org.id)
    .prepare("INSERT INTO players (organization_id, first_name, last_name) VALUES (?, 'Spare', 'Member') RETURNING id")
    .bind(org.id)
    .first<{ id: number }>()
  return signedInMember(org, row?.id as number, `${unique('spare')}@members.example`)
}

const ok = <T = any>(res: { status: number; body: T }, what: string): T => {
  if (res.status < 200 || res.status >= 300)
    throw new Error(`fixture: ${what} answered ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** The test client of test/helpers/client.ts, sending through `workerFetch`. */
export class DirectClient extends Client {
  override async request<T = any>(
    method: string,
    path: string,
    init: { json?: unknown; form?: FormData; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<ApiResponse<T>> {
    const headers = new Headers(init.headers)
    const write = !['GET', 'HEAD'].includes(method)
    if (write && init.xsrf !== false) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/auth/check-auth')
      headers.set('X-XSRF-TOKEN', this.cookies.get('XSRF-TOKEN') ?? '')
    }
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) body = init.form
    const response = await workerFetch(new Request(new URL(path, this.origin), { method, headers, body }), this.bindings)
    this.keepCookies(response)
    const text = await response.text()
    let parsed: unknown = text
    if ((response.headers.get('Content-Type') ?? '').includes('application/json') && text) parsed = JSON.parse(text)
    return { status: response.status, body: parsed as T, headers: response.headers }
  }

  keepCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

export async function buildWorld() {
  const marker = `zqa${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const a = await createTenant({ name: `League ${marker}`, slug: `a-${marker}`, domain: `${marker}.example` })
  const defaults = await withBasketballDefaults(a.org.id)
  const sport = defaults.sport.id
  const aUser = await createUser(a.org.id, 'staff', { username: `user-${marker}` })
  const owner = cloneClient(a.ownerClient)

  const season = ok(
    await owner.post('/api/seasonsv2', { name: `Season ${marker}`, active: true, startDate: '2025-09-01' }),
    'season',
  ).season.id as number
  const league = ok(await owner.post(`/api/seasonsv2/${season}/leagues`, { name: `League ${marker}` }), 'league').league
    .id as number
  const league2 = ok(await owner.post(`/api/seasonsv2/${season}/leagues`, { name: `Scratch ${marker}` }), 'league2').league
    .id as number
  const teams: number[] = []
  for (let i = 1; i <= 4; i++) {
    teams.push(
      ok(await owner.post(`/api/seasonsv2/${season}/leagues/${league}/teams`, { name: `Team${i} ${marker}` }), 'team').team.id,
    )
  }
  const [team1, team2, team3] = teams
  const players: number[] = []
  for (const team of [team1, team2]) {
    for (let p = 0; p < 2; p++) {
      const body = { firstName: `P${players.length} ${marker}`, lastName: `Last ${marker}` }
      players.push(
        ok(await owner.post(`/api/seasonsv2/${season}/leagues/${league}/teams/${team}/players`, body), 'player').player.id,
      )
    }
  }
  const [p1] = players
  const game = ok(
    await owner.post('/api/games', {
      season_id: season,
      leagueId: league,
      team1_id: team1,
      team2_id: team2,
      date: '2025-10-06',
      time: '20:30',
      location: `Gym ${marker}`,
    }),
    'game',
  ).game.id as number
  // A stat definition of A's own (the API only resets to defaults): inserted as a migration would.
  const [stat] = await db()
    .insert(statDefinitions)
    .values({ organizationId: a.org.id, sportId: sport, name: `Hustle ${marker}`, abbreviation: 'HUS', order: 99 })
    .returning()
  const pts = defaults.stat('PTS')
  const period = ok(await owner.post('/api/gamePeriods', { sportId: sport, name: `OT ${marker}` }), 'period').period.id as number
  // A box score line and a period score: used stats and periods survive a reset to defaults.
  ok(
    await owner.put('/api/player-game-stats', {
      game_id: game,
      stats: [
        { player_id: p1, stat_id: pts, value: 10 },
        { player_id: p1, stat_id: stat.id, value: 1 },
      ],
    }),
    'box score',
  )
  ok(
    await owner.put(`/api/gamesv2/${game}/scores`, {
      score_home: 10,
      score_away: 8,
      periodScores: [{ game_period_id: period, team_id: team1, score: 10 }],
    }),
    'scores',
  )
  const division = ok(await owner.post(`/api/seasonsv2/${season}/divisions`, { name: `Div ${marker}` }), 'division').division
    .id as number
  const slt = async (team: number) =>
    (
      await env.DB.prepare('SELECT id FROM seasons_leagues_teams WHERE organization_id = ? AND team_id = ?')
        .bind(a.org.id, team)
        .first<{ id: number }>()
    )?.id as number
  const [slt1, slt2, slt3] = [await slt(team1), await slt(team2), await slt(team3)]
  ok(await owner.post(`/api/divisions/${division}/teams`, { seasons_leagues_teams_id: slt1 }), 'assign')
  const schedule = ok(
    await owner.post('/api/schedules', {
      name: `Sched ${marker}`,
      leagueId: league,
      season_id: season,
      startDate: '2025-09-01',
      numWeeks: 3,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00', '19:00'],
    }),
    'schedule',
  ).schedule.id as number
  ok(await owner.post('/api/games/generate-full-schedule', { scheduleId: schedule }), 'generate')
  const weekOff = ok(
    await owner.post('/api/week-offs', { season_id: season, league_id: league, date: '2025-12-22', reason: `Holiday ${marker}` }),
    'week-off',
  ).weekOff.id as number
  const business = ok(await owner.post('/api/businesses', { name: `Biz ${marker}` }), 'business').business.id as number
  // A venue with a court and a closure (docs/venues.md), and the game played there.
  const venue = ok(
    await owner.post('/api/venues', {
      name: `Venue ${marker}`,
      address: `1 ${marker} St`,
      courts: [{ name: `Court ${marker}`, hours: [{ day: 'Monday', from: '18:00', to: '22:00' }] }],
      closures: [{ court: null, date: '2026-01-19', reason: `Closed ${marker}` }],
    }),
    'venue',
  ).venue.id as number
  ok(await owner.put(`/api/games/${game}`, { venueId: venue }), 'game venue')
  const attribute = ok(await owner.post('/api/playerAttributes', { name: `Jersey ${marker}`, type: 'number' }), 'attribute')
    .attribute.id as number
  ok(await owner.put(`/api/playersv2/${p1}`, { attributes: { [attribute]: '23' } }), 'attribute value')
  await env.DB.prepare('INSERT INTO site_pages (organization_id, page_key, content) VALUES (?, ?, ?)')
    .bind(a.org.id, 'home', JSON.stringify({ title: `Home ${marker}` }))
    .run()

  // Organization B: its own season, two teams with a player each, a game and a division — on
  // another database than A's, so every row of the matrix also proves that a request never
  // reaches another database's organization (docs/scaling.md "Past one database").
  const b = await createTenant({ name: `Other ${unique('b')}` }, 'DB_2')
  const bOwner = cloneClient(b.ownerClient)
  const bDefaults = await withBasketballDefaults(b.org.id)
  const bBuilt = await buildSeason(bOwner, b.org.id, { teamCount: 2, playersPerTeam: 1 })
  const [bTeam1, bTeam2] = bBuilt.teams
  const bGame = ok(
    await bOwner.post('/api/games', {
      season_id: bBuilt.season.id,
      leagueId: bBuilt.league.id,
      team1_id: bTeam1.id,
      team2_id: bTeam2.id,
      date: '2025-10-06',
      time: '19:00',
    }),
    'b game',
  ).game.id as number
  const bDivision = ok(await bOwner.post(`/api/seasonsv2/${bBuilt.season.id}/divisions`, { name: 'B Div' }), 'b division')
    .division.id as number
  const bSlt = (
    await d1Of(b.org.id)
      .prepare('SELECT id FROM seasons_leagues_teams WHERE organization_id = ? AND team_id = ?')
      .bind(b.org.id, bTeam1.id)
      .first<{ id: number }>()
  )?.id as number
  const bPeriod = bDefaults.periods[0].id
  const bStat = bDefaults.stat('PTS')
  const bAttribute = ok(await bOwner.post('/api/playerAttributes', { name: 'B Number', type: 'number' }), 'b attribute').attribute
    .id as number

  // Members (docs/members.md): A's team-1 captain, a member of A's team 2, a member of B's team 1.
  const [, captainPlayer, memberPlayer] = players
  await env.DB.prepare('UPDATE rosters SET captain = 1 WHERE organization_id = ? AND player_id = ?')
    .bind(a.org.id, captainPlayer)
    .run()
  const memberClients = {
    aMember: await signedInMember(a.org, memberPlayer as number, `member-${marker}@members.example`),
    aCaptain: await signedInMember(a.org, captainPlayer as number, `captain-${marker}@members.example`),
    bMember: await signedInMember(b.org, bTeam1.players[0].id, `${unique('b-member')}@members.example`),
  }

  const sa = await createSuperAdmin()
  const anon = new DirectClient()
  await anon.get('/api/auth/check-auth') // the anti-forgery cookie, as the SPA would have

  const clients: Record<Actor, Client> = {
    anon,
    aStaff: cloneClient(a.staffClient),
    aOwner: owner,
    bStaff: cloneClient(b.staffClient),
    bOwner,
    superAdmin: cloneClient(sa.client),
    ...memberClients,
  }
  const credentials: Record<Exclude<Actor, 'anon' | MemberActor>, { username: string; password: string; slug?: string }> = {
    aStaff: { ...a.staff, slug: a.org.slug },
    aOwner: { ...a.owner, slug: a.org.slug },
    bStaff: { ...b.staff, slug: b.org.slug },
    bOwner: { ...b.owner, slug: b.org.slug },
    superAdmin: { username: sa.admin.username, password: sa.admin.password },
  }
  // Signing out ends every session of the user (docs/reference/trust-and-security.md), so calls that sign out use a spare user of
  // the same role and organization: the actors' own sessions live on for the rest of the run.
  const spare = async (orgId: number, role: 'staff' | 'org_owner' | 'super_admin', slug?: string) => {
    const user = await createUser(orgId, role)
    return { username: user.username, password: user.password, slug }
  }
  const spareCredentials: typeof credentials = {
    aStaff: await spare(a.org.id, 'staff', a.org.slug),
    aOwner: await spare(a.org.id, 'org_owner', a.org.slug),
    bStaff: await spare(b.org.id, 'staff', b.org.slug),
    bOwner: await spare(b.org.id, 'org_owner', b.org.slug),
    superAdmin: await spare(sa.org.id, 'super_admin'),
  }

  // A playoff bracket of A's league (docs/playoffs.md): its two best teams, one game.
  const bracket = ok(
    await owner.post('/api/brackets', {
      seasonId: season,
      leagueId: league,
      teams: 2,
      nights: [{ date: '2026-03-09', times: ['18:00'] }],
    }),
    'bracket',
  ).bracket.id as number
  return {
    marker,
    a,
    b,
    sa,
    clients,
    credentials,
    spareCredentials,
    org: a.org,
    sport,
    pts,
    aUser,
    season,
    league,
    league2,
    team1,
    team2,
    team3,
    team4: teams[3],
    players,
    p1,
    game,
    stat: stat.id,
    period,
    division,
    slt1,
    slt2,
    slt3,
    schedule,
    weekOff,
    business,
    venue,
    attribute,
    siteKey: 'home',
    bracket,
    captainPlayer: captainPlayer as number,
    memberPlayer: memberPlayer as number,
    B: {
      season: bBuilt.season.id as number,
      league: bBuilt.league.id as number,
      team1: bTeam1.id,
      team2: bTeam2.id,
      player1: bTeam1.players[0].id,
      game: bGame,
      division: bDivision,
      slt: bSlt,
      period: bPeriod,
      stat: bStat,
      attribute: bAttribute,
    },
  }
}
export type World = Awaited<ReturnType<typeof buildWorld>>

/** A copy of the actor's client: a call never changes the actor's own cookies. */
export function cloneClient(base: Client): DirectClient {
  const copy = new DirectClient(base.origin)
  for (const [k, v] of base.cookies) copy.cookies.set(k, v)
  return copy
}

/** Sends a raw body (malformed JSON and the like) with the client's cookies and anti-forgery header. */
export async function rawRequest(client: Client, method: string, path: string, body?: string, contentType = 'application/json') {
  const headers = new Headers()
  if (client.cookies.size > 0) headers.set('Cookie', [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
  if (!['GET', 'HEAD'].includes(method)) headers.set('X-XSRF-TOKEN', client.cookies.get('XSRF-TOKEN') ?? '')
  if (body !== undefined) headers.set('Content-Type', contentType)
  const response = await workerFetch(new Request(new URL(path, client.origin), { method, headers, body }))
  const text = await response.text()
  let parsed: any = text
  const type = response.headers.get('Content-Type') ?? ''
  if (type.includes('application/json') && text) parsed = JSON.parse(text)
  return { status: response.status, body: parsed, text, type, headers: response.headers }
}

// ---------------------------------------------------------------------------------------------
// Database snapshots: every row of every table, grouped by the organization that owns it.

let tableInfo: { name: string; orgColumn: boolean }[] | undefined
async function tables() {
  if (tableInfo) return tableInfo
  const names = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'login_failures') ORDER BY name",
    ).all<{ name: string }>()
  ).results.map((r) => r.name)
  const info = await env.DB.batch(names.map((n) => env.DB.prepare(`SELECT name FROM pragma_table_info('${n}')`)))
  tableInfo = names.map((name, i) => ({
    name,
    orgColumn: (info[i].results as { name: string }[]).some((c) => c.name === 'organization_id'),
  }))
  return tableInfo
}

/** `table:owner` → the rows' JSON, sorted; owner is the organization id (or `global`). */
export async function snapshot(): Promise<Map<string, string>> {
  const list = await tables()
  const groups = new Map<string, string[]>()
  // Every database (the world's organizations live on several, docs/scaling.md).
  for (const d1 of [env.DB, env.DB_2, env.DB_3]) {
    const results = await d1.batch(list.map((t) => d1.prepare(`SELECT * FROM "${t.name}"`)))
    list.forEach((t, i) => {
      for (const row of results[i].results as Record<string, unknown>[]) {
        const owner = t.orgColumn ? row.organization_id : t.name === 'organizations' ? row.id : 'global'
        const key = `${t.name}:${owner}`
        if (!groups.has(key)) groups.set(key, [])
        groups.get(key)?.push(JSON.stringify(row))
      }
    })
  }
  const snap = new Map<string, string>()
  for (const [key, rows] of groups) snap.set(key, rows.sort().join('\n'))
  return snap
}

/** The keys whose rows differ (optionally only those of one organization). */
export function changedKeys(before: Map<string, string>, after: Map<string, string>, orgId?: number): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  return [...keys].filter((k) => (orgId === undefined || k.endsWith(`:${orgId}`)) && before.get(k) !== after.get(k))
}

export function expectUnchanged(before: Map<string, string>, after: Map<string, string>, label: string, orgId?: number) {
  expect(changedKeys(before, after, orgId), `${label}: the database changed`).toEqual([])
}

/** Route paths as the router knows them, each method + path once (middleware entries left out). */
export function routeKeys(routes: { method: string; path: string }[]): string[] {
  return [...new Set(routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))]
}

export { createOrg, createUser, unique }
