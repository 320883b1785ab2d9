import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { api } from '../../worker/index'
import type { ApiResponse } from '../helpers/client'
import { D1Counter } from '../helpers/d1-counter'
import { fillPath, type Params, paramsOf, ROUTES } from '../helpers/route-table'
import { type Actor, buildWorld, cloneClient, routeKeys, type World } from '../helpers/security-world'

vi.setConfig({ testTimeout: 60_000 })

// docs/architecture.md "Budgets" (docs/reference/performance.md §2): a public call ≤ 2 D1 round trips, a signed-in call ≤ 3.
const PUBLIC_BUDGET = 2
const ADMIN_BUDGET = 3
// Writes validate what they touch, write in one batch and answer with the saved row: a ceiling that
// still catches a loop over the rows of a request.
const WRITE_BUDGET = 5
/** Writes over that ceiling (most round trips seen), a ledger like OVER_BUDGET's: none today. */
const WRITES_OVER_BUDGET: Record<string, number> = {}

let w: World
const counter = new D1Counter()
beforeAll(async () => {
  w = await buildWorld()
}, 180_000)

const ALL_ROUTES = routeKeys(api.routes)
const split = (key: string) => [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)] as const

/** A fresh data version: the next anonymous read misses the edge cache and really asks D1. */
const bumpDataVersion = () =>
  env.DB.prepare('UPDATE organizations SET data_version = data_version + 1 WHERE id = ?').bind(w.org.id).run()

interface Counted {
  res: ApiResponse
  roundTrips: number
  statements: number
  label: string
}

/** One call as the actor with A's ids, its D1 work counted (middleware included). */
async function counted(key: string, actor: Actor, p: Params = paramsOf(w, key)): Promise<Counted> {
  const row = ROUTES[key]
  const [method, path] = split(key)
  const client = cloneClient(w.clients[actor])
  client.bindings = counter.env()
  const extra = actor === 'anon' ? `slug=${w.org.slug}` : actor === 'superAdmin' ? `organization_id=${w.org.id}` : ''
  const q = [row.query?.(w, p), extra].filter(Boolean).join('&')
  const url = `/api${fillPath(path, (n) => p[n])}${q ? `?${q}` : ''}`
  const body = row.body?.(w, p)
  await bumpDataVersion()
  counter.reset()
  const res = await client.request(method, url, body === undefined ? {} : { json: body })
  const label = `${actor} ${method} ${url} → ${res.status}: ${counter.roundTrips} round trips, ${counter.statements} statements\n  ${counter.log.join('\n  ')}`
  return { res, roundTrips: counter.roundTrips, statements: counter.statements, label }
}

/**
 * Routes still over their budget today, with the most round trips any actor's call makes: the
 * ledger of docs/reference/performance.md §2's remaining work. A listed route may not get worse, and the test fails
 * once it is within budget, so the entry gets deleted rather than forgotten.
 */
const OVER_BUDGET: Record<string, number> = {}

const is2xx = (status: number) => status >= 200 && status < 300
const signedIn: Actor[] = ['aStaff', 'aOwner', 'superAdmin']
/** Members (docs/members.md) on the rows that name them: their own calls, signed in as members. */
const members: Actor[] = ['aMember', 'aCaptain']
const GETS = ALL_ROUTES.filter((k) => k.startsWith('GET '))
const WRITES = ALL_ROUTES.filter((k) => !k.startsWith('GET '))

function expectWithinBudget(key: string, calls: { call: Counted; budget: number }[]) {
  const labels = calls.map(({ call }) => call.label).join('\n')
  const ledger = OVER_BUDGET[key] ?? WRITES_OVER_BUDGET[key]
  if (ledger === undefined) {
    for (const { call, budget } of calls) expect(call.roundTrips, call.label).toBeLessThanOrEqual(budget)
    return
  }
  for (const { call } of calls)
    expect(call.roundTrips, `${call.label}\n(worse than the ledger's ${ledger})`).toBeLessThanOrEqual(ledger)
  expect(
    calls.some(({ call, budget }) => call.roundTrips > budget),
    `${labels}\nwithin budget now: delete ${key} from the ledger`,
  ).toBe(true)
}

describe('every GET route of the router stays within its round-trip budget', () => {
  it('covers every GET route (the route table is the router)', () => {
    expect(GETS.length).toBeGreaterThan(40)
    expect(GETS.filter((k) => !(k in ROUTES))).toEqual([])
  })

  for (const key of GETS) {
    it(`${key}: anonymous ≤ ${PUBLIC_BUDGET}, signed-in ≤ ${ADMIN_BUDGET}`, async () => {
      const row = ROUTES[key]
      const calls: { call: Counted; budget: number }[] = []
      // A read whose row makes its target (a signed link, say) is measured on that target.
      const fresh = async () => (row.prepare ? paramsOf(w, key, await row.prepare(w)) : paramsOf(w, key))
      if (row.who.anon === 'public' || row.who.anon === 'ok') {
        const call = await counted(key, 'anon', await fresh())
        expect(call.res.headers.get('X-Cache'), call.label).not.toBe('HIT')
        calls.push({ call, budget: PUBLIC_BUDGET })
      }
      for (const actor of signedIn.filter((a) => row.who[a] === 'ok'))
        calls.push({ call: await counted(key, actor, await fresh()), budget: ADMIN_BUDGET })
      for (const actor of members.filter((a) => row.who[a as keyof typeof row.who] === 'ok'))
        calls.push({ call: await counted(key, actor, await fresh()), budget: ADMIN_BUDGET })
      expect(calls.length).toBeGreaterThan(0)
      for (const { call } of calls) expect(is2xx(call.res.status), call.label).toBe(true)
      expectWithinBudget(key, calls)
    })
  }
})

// Representative reads whose answer grows with the league: standings, schedule, box scores, rosters,
// leaderboards and the admin lists.
const GROWING: [string, Actor][] = [
  ['GET /seasonsv2/:id/leagues-with-teams-public', 'anon'],
  ['GET /gamesv2', 'anon'],
  ['GET /gamesv2/:id', 'anon'],
  ['GET /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players', 'anon'],
  ['GET /playersv2/:id/stats', 'anon'],
  ['GET /teamsv2/:id', 'anon'],
  ['GET /records/top20Points', 'anon'],
  ['GET /stat-leaders', 'anon'],
  ['GET /bye-dates/public', 'anon'],
  ['GET /week-offs/public', 'anon'],
  ['GET /teams', 'aStaff'],
  ['GET /games', 'aStaff'],
  ['GET /playersv2', 'aStaff'],
  ['GET /schedules/:id', 'aStaff'],
  ['GET /games/weekly-games', 'aStaff'],
]

/** More of everything in A's season: teams with rosters, scored games with box scores, byes, a week-off. */
async function growLeague() {
  const owner = cloneClient(w.clients.aOwner)
  const ok = (res: ApiResponse, what: string) => {
    if (!is2xx(res.status)) throw new Error(`grow: ${what} answered ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const teams = [w.team1, w.team2, w.team3, w.team4]
  const roster = new Map<number, number[]>()
  for (let t = 0; t < 4; t++) {
    const team = ok(await owner.post(`/api/seasonsv2/${w.season}/leagues/${w.league}/teams`, { name: `Grown ${t}` }), 'team').team
      .id as number
    teams.push(team)
  }
  for (const team of teams) {
    const ids: number[] = []
    for (let p = 0; p < 3; p++) {
      const body = { firstName: `Grown${p}`, lastName: `Roster ${team}` }
      ids.push(
        ok(await owner.post(`/api/seasonsv2/${w.season}/leagues/${w.league}/teams/${team}/players`, body), 'player').player.id,
      )
    }
    roster.set(team, ids)
  }
  for (let g = 0; g < 8; g++) {
    const [home, away] = [teams[g % teams.length], teams[(g + 3) % teams.length]]
    const game = ok(
      await owner.post('/api/games', {
        season_id: w.season,
        leagueId: w.league,
        team1_id: home,
        team2_id: away,
        date: `2025-11-${String(g + 3).padStart(2, '0')}`,
        time: '20:00',
      }),
      'game',
    ).game.id as number
    const stats = [...(roster.get(home) ?? []), ...(roster.get(away) ?? [])].map((player, i) => ({
      player_id: player,
      stat_id: w.pts,
      value: 2 + i,
    }))
    ok(await owner.put('/api/player-game-stats', { game_id: game, stats }), 'box score')
    ok(
      await owner.put(`/api/gamesv2/${game}/scores`, {
        score_home: 40 + g,
        score_away: 30 + g,
        periodScores: [{ game_period_id: w.period, team_id: home, score: 40 + g }],
      }),
      'scores',
    )
    await env.DB.prepare('INSERT INTO byes (organization_id, season_id, league_id, date, team_id) VALUES (?, ?, ?, ?, ?)')
      .bind(w.org.id, w.season, w.league, `2025-11-${String(g + 3).padStart(2, '0')}`, teams[(g + 5) % teams.length])
      .run()
  }
  ok(await owner.post('/api/week-offs', { season_id: w.season, league_id: w.league, date: '2026-01-12' }), 'week-off')
}

describe('round trips do not grow with the data', () => {
  it('the same reads make the same number of round trips and statements with twice the league', async () => {
    const before = []
    for (const [key, actor] of GROWING) before.push(await counted(key, actor))
    await growLeague()
    for (const [i, [key, actor]] of GROWING.entries()) {
      const after = await counted(key, actor)
      expect(is2xx(after.res.status), after.label).toBe(true)
      // The answer really is bigger for the lists, so equal counts mean no per-row queries.
      expect(after.roundTrips, `${before[i].label}\nthen\n${after.label}`).toBe(before[i].roundTrips)
      expect(after.statements, `${before[i].label}\nthen\n${after.label}`).toBe(before[i].statements)
    }
  })
})

describe('write routes stay within a loose ceiling', () => {
  for (const key of WRITES) {
    const row = ROUTES[key]
    const actor: Actor | undefined = row.who.aOwner === 'ok' ? 'aOwner' : row.who.superAdmin === 'ok' ? 'superAdmin' : undefined
    if (!actor || row.freshSession) continue
    it(`${key}: ≤ ${WRITE_BUDGET} round trips`, async () => {
      const p = paramsOf(w, key, row.prepare ? await row.prepare(w) : {})
      const call = await counted(key, actor, p)
      expect(call.res.status, call.label).toBeLessThan(500)
      expectWithinBudget(key, [{ call, budget: WRITE_BUDGET }])
    })
  }
})
