import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { type ApiResponse, Client } from '../helpers/client'
import {
  buildSeason,
  createSuperAdmin,
  createTenant,
  createUser,
  insertGame,
  unique,
  withBasketballDefaults,
} from '../helpers/factories'
import { type Faults, faultyEnv } from '../helpers/faults'
import { GIF_1X1, PNG_1X1 } from '../helpers/images'

// docs/reference/trust-and-security.md §7: D1, KV and R2 fail mid-request. Every request must fail closed — a 5xx JSON
// `{ message }` without internals, the database exactly as before, no session accepted.

/** Points the client at wrappers of the real bindings; the faults can be switched on and off later. */
function breakBindings(client: Client, faults: Faults = {}) {
  const faulty = faultyEnv(faults)
  client.bindings = faulty.env
  return { faults, log: faulty.log }
}

function expectFailedClosed(res: ApiResponse, status?: number) {
  if (status) expect(res.status).toBe(status)
  expect(res.status).toBeGreaterThanOrEqual(500)
  expect(res.headers.get('Content-Type')).toContain('application/json')
  expect(typeof res.body.message).toBe('string')
  const text = JSON.stringify(res.body)
  // Nothing of the failure's internals reaches the client: no SQL, binding or stack.
  expect(text).not.toMatch(/injected|D1_ERROR|SQLITE|select |insert |update |delete from|\bat \w+ \(|\.ts:\d+|<html/i)
  expect(res.headers.getSetCookie().some((c) => c.startsWith('courtside_session=') && !/max-age=0/i.test(c))).toBe(false)
}

const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results
const dataVersion = async (orgId: number) =>
  (await env.DB.prepare('SELECT data_version FROM organizations WHERE id = ?').bind(orgId).first<{ data_version: number }>())
    ?.data_version
const objectsUnder = async (orgId: number) => (await env.LOGOS.list({ prefix: `org/${orgId}/` })).objects.map((o) => o.key).sort()

function imageForm(fields: Record<string, string>, field: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append(field, new File([bytes], 'upload.png', { type: 'image/png' }))
  return form
}

describe('the fault harness itself', () => {
  it('fails a batch after its earlier statements ran, and D1 rolls them back; separate round trips it cannot undo', async () => {
    const { org } = await createTenant()
    const { env: broken, log } = faultyEnv({ batchFailsAt: 1 })
    const rename = (name: string) => broken.DB.prepare('UPDATE organizations SET name = ? WHERE id = ?').bind(name, org.id)
    const nameNow = async () => (await rows('SELECT name FROM organizations WHERE id = ?', org.id))[0].name
    const before = await nameNow()
    await expect(broken.DB.batch([rename('Batched'), rename('Never')])).rejects.toThrow(/overflow/)
    expect(log.failed).toHaveLength(1)
    expect(await nameNow()).toBe(before)
    // The same two writes as two round trips: the first one stays. This is what the tests catch.
    const { env: brokenSecond } = faultyEnv({ statementFails: /^UPDATE organizations/, statementFailsAfter: 1 })
    const again = (name: string) => brokenSecond.DB.prepare('UPDATE organizations SET name = ? WHERE id = ?').bind(name, org.id)
    await again('Half done').run()
    await expect(again('Never').run()).rejects.toThrow(/injected/)
    expect(await nameNow()).toBe('Half done')
  })
})

// Each test builds a league and sends its write several times: give it time on a busy 2-core machine.
describe('D1 failing inside a batch', { timeout: 60_000 }, () => {
  async function boxScoreFixture() {
    const tenant = await createTenant()
    const { stat } = await withBasketballDefaults(tenant.org.id)
    const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 2, playersPerTeam: 2 })
    const [home, away] = built.teams
    const game = (
      await tenant.staffClient.post('/api/games', {
        season_id: built.season.id,
        leagueId: built.league.id,
        team1_id: home.id,
        team2_id: away.id,
      })
    ).body.game
    const boxScore = (points: number) => ({
      game_id: game.id,
      stats: [...home.players, ...away.players].flatMap((p, i) => [
        { player_id: p.id, game_id: game.id, stat_id: stat('PTS'), value: points + i },
        { player_id: p.id, game_id: game.id, stat_id: stat('2PM'), value: 2 },
        { player_id: p.id, game_id: game.id, stat_id: stat('2PA'), value: 5 },
        { player_id: p.id, game_id: game.id, stat_id: stat('REB'), value: i },
        { player_id: p.id, game_id: game.id, stat_id: stat('AST'), value: 1 },
      ]),
    })
    return { ...tenant, game, boxScore }
  }

  it('saving a box score fails whole at any statement of its batch: the saved box score stays as it was', async () => {
    const { org, staffClient, game, boxScore } = await boxScoreFixture()
    expect((await staffClient.put('/api/player-game-stats', boxScore(10))).status).toBe(200)
    const snapshot = () => rows('SELECT * FROM player_game_stats WHERE game_id = ? ORDER BY id', game.id)
    const before = await snapshot()
    const version = await dataVersion(org.id)
    expect(before.length).toBeGreaterThan(16) // more than one insert chunk: a multi-statement batch
    const { faults, log } = breakBindings(staffClient)
    for (const at of [1, 2, 3, 99]) {
      faults.batchFailsAt = at
      expectFailedClosed(await staffClient.put('/api/player-game-stats', boxScore(40)), 500)
      expect(await snapshot()).toEqual(before)
      expect(await dataVersion(org.id)).toBe(version)
    }
    // The batch really held the delete and every insert: the fault hit inside it, not before it.
    expect(Math.min(...log.batchSizes)).toBeGreaterThanOrEqual(4)
    faults.batchFailsAt = undefined
    const saved = await staffClient.put('/api/player-game-stats', boxScore(40))
    expect(saved.status).toBe(200)
    expect(await snapshot()).not.toEqual(before)
  })

  async function scheduleFixture() {
    const tenant = await createTenant()
    const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 5 })
    const schedule = (
      await tenant.staffClient.post('/api/schedules', {
        name: 'Faulty Mondays',
        leagueId: built.league.id,
        startDate: '2025-09-01',
        numWeeks: 5,
        gameDays: ['Monday'],
        sameSlot: false,
        timeSlots: ['18:00', '19:00'],
      })
    ).body.schedule
    expect((await tenant.staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id })).status).toBe(200)
    const snapshot = async () => ({
      games: await rows('SELECT * FROM games WHERE schedule_id = ? ORDER BY id', schedule.id),
      byes: await rows('SELECT * FROM byes WHERE organization_id = ? ORDER BY id', tenant.org.id),
    })
    return { ...tenant, schedule, snapshot }
  }

  it('regenerating a schedule that fails mid-batch keeps every game and bye as they were', async () => {
    const { org, staffClient, schedule, snapshot } = await scheduleFixture()
    const before = await snapshot()
    expect(before.games.length).toBeGreaterThan(0)
    const version = await dataVersion(org.id)
    const { faults, log } = breakBindings(staffClient)
    for (const at of [2, 5, 999]) {
      faults.batchFailsAt = at
      expectFailedClosed(await staffClient.post('/api/games/generate-full-schedule', { scheduleId: schedule.id }))
      expect(await snapshot()).toEqual(before)
      expect(await dataVersion(org.id)).toBe(version)
    }
    expect(Math.max(...log.batchSizes)).toBeGreaterThan(5)
  })

  it('a swap whose second update fails leaves both games untouched', async () => {
    const { staffClient, schedule, snapshot } = await scheduleFixture()
    const before = await snapshot()
    const [a, b] = before.games as { id: number; week_index: number; team1_id: number }[]
    const { faults } = breakBindings(staffClient, { statementFails: /^update "games"/, statementFailsAfter: 1 })
    expectFailedClosed(await staffClient.put('/api/games/swap', { gameId1: a.id, gameId2: b.id }), 500)
    expect(await snapshot()).toEqual(before)
    faults.statementFails = undefined
    const ok = await staffClient.put('/api/games/swap', { gameId1: a.id, gameId2: b.id })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((await snapshot()).games).not.toEqual(before.games)
    void schedule
  })

  it('a bulk team delete that fails after removing their games removes nothing', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 3 })
    await insertGame(org.id, season.id, league.id, teams[0].id, teams[1].id, [0, 0], 'scheduled')
    await insertGame(org.id, season.id, league.id, teams[1].id, teams[2].id, [0, 0], 'scheduled')
    const snapshot = async () => ({
      teams: await rows('SELECT * FROM teams WHERE organization_id = ? ORDER BY id', org.id),
      games: await rows('SELECT * FROM games WHERE organization_id = ? ORDER BY id', org.id),
      rosters: await rows('SELECT * FROM seasons_leagues_teams WHERE organization_id = ? ORDER BY id', org.id),
    })
    const before = await snapshot()
    const { faults } = breakBindings(staffClient, { batchFailsAt: 1 })
    const ids = teams.map((t) => t.id)
    expectFailedClosed(await staffClient.post('/api/teams/delete', { ids }), 500)
    expect(await snapshot()).toEqual(before)
    faults.batchFailsAt = undefined
    expect((await staffClient.post('/api/teams/delete', { ids })).status).toBe(204)
    expect((await snapshot()).teams).toEqual([])
  })

  it('a bulk season delete that fails at its last statement keeps the seasons and all their games', async () => {
    const { org, staffClient } = await createTenant()
    const first = await buildSeason(staffClient, org.id, { teamCount: 2 })
    const second = await buildSeason(staffClient, org.id, { teamCount: 2, active: false })
    for (const built of [first, second]) {
      await insertGame(org.id, built.season.id, built.league.id, built.teams[0].id, built.teams[1].id, [0, 0], 'scheduled')
    }
    const snapshot = async () => ({
      seasons: await rows('SELECT * FROM seasons WHERE organization_id = ? ORDER BY id', org.id),
      games: await rows('SELECT * FROM games WHERE organization_id = ? ORDER BY id', org.id),
      links: await rows('SELECT * FROM seasons_leagues WHERE organization_id = ? ORDER BY id', org.id),
    })
    const before = await snapshot()
    expect(before.games).toHaveLength(2)
    // Games, byes and week-offs are deleted inside the batch before the seasons' own statement fails.
    breakBindings(staffClient, { batchFailsAt: 3 })
    expectFailedClosed(await staffClient.post('/api/seasonsv2/delete', { ids: [first.season.id, second.season.id] }), 500)
    expect(await snapshot()).toEqual(before)
  })
})

describe('R2 and D1 failing around an upload', { timeout: 60_000 }, () => {
  it('an organization update whose logo cannot be stored changes nothing (503)', async () => {
    const { client } = await createSuperAdmin()
    const { org } = await createTenant()
    expect((await client.putForm(`/api/organizations/${org.id}`, imageForm({}, 'logo', PNG_1X1))).status).toBe(200)
    const row = () => rows('SELECT * FROM organizations WHERE id = ?', org.id)
    const before = await row()
    const objects = await objectsUnder(org.id)
    breakBindings(client, { r2: ['put'] })
    const res = await client.putForm(`/api/organizations/${org.id}`, imageForm({ name: 'Renamed' }, 'logo', GIF_1X1))
    expectFailedClosed(res, 503)
    expect(res.body.message).toBe('Images cannot be stored right now. Please try again in a moment.')
    expect(await row()).toEqual(before)
    expect(await objectsUnder(org.id)).toEqual(objects)
  })

  it('an organization update whose row write fails deletes the new logo object and keeps the old one', async () => {
    const { client } = await createSuperAdmin()
    const { org } = await createTenant()
    const first = await client.putForm(`/api/organizations/${org.id}`, imageForm({}, 'logo', PNG_1X1))
    const oldKey = first.body.organization.logo_url.replace('/media/', '')
    const row = () => rows('SELECT * FROM organizations WHERE id = ?', org.id)
    const before = await row()
    breakBindings(client, { statementFails: /^update "organizations"/ })
    expectFailedClosed(await client.putForm(`/api/organizations/${org.id}`, imageForm({ name: 'Renamed' }, 'logo', GIF_1X1)), 500)
    expect(await row()).toEqual(before)
    // The object put before the row write is gone again; the row's own object is still there.
    expect(await objectsUnder(org.id)).toEqual([oldKey])
    expect(await env.LOGOS.head(oldKey)).not.toBeNull()
  })

  it('an organization update with a logo and sports that fails mid-batch keeps the row, its sports and storage as they were', async () => {
    const { client } = await createSuperAdmin()
    const { org } = await createTenant()
    const sports = (await client.get('/api/sportsv2')).body.sports as { id: number }[]
    const snapshot = async () => ({
      org: await rows('SELECT * FROM organizations WHERE id = ?', org.id),
      sports: await rows('SELECT * FROM organization_sports WHERE organization_id = ? ORDER BY sport_id', org.id),
      stats: await rows('SELECT id FROM stat_definitions WHERE organization_id = ? ORDER BY id', org.id),
      objects: await objectsUnder(org.id),
    })
    const before = await snapshot()
    const { log } = breakBindings(client, { batchFailsAt: 1 })
    const form = imageForm({ name: 'Renamed' }, 'logo', PNG_1X1)
    for (const sport of sports) form.append('sportIds[]', String(sport.id))
    expectFailedClosed(await client.putForm(`/api/organizations/${org.id}`, form), 500)
    expect(log.batchSizes[0]).toBeGreaterThan(2)
    expect(await snapshot()).toEqual(before)
  })

  it('creating an organization with a logo fails whole when its logo cannot be attached: no row, no sports, no object', async () => {
    const { client } = await createSuperAdmin()
    const count = async () => (await rows('SELECT COUNT(*) AS n FROM organizations'))[0].n
    const before = await count()
    const slug = unique('ghost')
    breakBindings(client, { statementFails: /^update "organizations"/ })
    expectFailedClosed(
      await client.postForm('/api/organizations', imageForm({ name: 'Ghost League', slug }, 'logo', PNG_1X1)),
      500,
    )
    expect(await count()).toBe(before)
    expect(await rows('SELECT id FROM organizations WHERE slug = ?', slug)).toEqual([])
    const keys = (await env.LOGOS.list({ prefix: 'org/' })).objects.map((o) => o.key)
    const orphans = await Promise.all(
      keys.map(async (key) => {
        const id = Number(key.split('/')[1])
        return (await rows('SELECT id FROM organizations WHERE id = ?', id)).length === 0 ? key : null
      }),
    )
    expect(orphans.filter(Boolean)).toEqual([])
  })

  it('a new player whose insert fails leaves neither a row nor an object', async () => {
    const { org, staffClient } = await createTenant()
    breakBindings(staffClient, { statementFails: /^insert into "players"/ })
    const res = await staffClient.postForm(
      '/api/playersv2',
      imageForm({ firstName: 'Lost', lastName: unique('L') }, 'image', PNG_1X1),
    )
    expectFailedClosed(res, 500)
    expect(await rows('SELECT id FROM players WHERE organization_id = ?', org.id)).toEqual([])
    expect(await objectsUnder(org.id)).toEqual([])
  })

  it('a replaced photo whose old object cannot be deleted still saves: the row never points at a missing object', async () => {
    const { org, staffClient } = await createTenant()
    const created = (await staffClient.postForm('/api/playersv2', imageForm({ firstName: 'A', lastName: 'B' }, 'image', PNG_1X1)))
      .body.player
    breakBindings(staffClient, { r2: ['delete'] })
    const res = await staffClient.putForm(`/api/playersv2/${created.id}`, imageForm({}, 'image', GIF_1X1))
    expect(res.status).toBe(200)
    const key = res.body.player.image.replace('/media/', '')
    expect(await env.LOGOS.head(key)).not.toBeNull()
    // The old object is left over (unreferenced), never the other way round.
    expect(await objectsUnder(org.id)).toHaveLength(2)
  })

  it('a logo that cannot be read from R2 answers a JSON 500, not a broken image', async () => {
    const { org } = await createTenant()
    await env.LOGOS.put(`org/${org.id}/logo-readfault.png`, PNG_1X1, { httpMetadata: { contentType: 'image/png' } })
    const visitor = new Client()
    breakBindings(visitor, { r2: ['get'] })
    expectFailedClosed(await visitor.get(`/media/org/${org.id}/logo-readfault.png`), 500)
  })
})

describe('KV and D1 failing around sessions', { timeout: 60_000 }, () => {
  it('never accepts a session while KV cannot be read: 503 for questions and writes alike', async () => {
    const { org, staffClient } = await createTenant()
    const players = () => rows('SELECT id FROM players WHERE organization_id = ?', org.id)
    const before = await players()
    breakBindings(staffClient, { kv: ['get', 'getWithMetadata'] })
    const question = await staffClient.get('/api/auth/check-auth')
    expectFailedClosed(question, 503)
    expect(question.headers.get('Retry-After')).toBe('30')
    expect(question.body.authenticated).toBeUndefined()
    expectFailedClosed(await staffClient.get('/api/teams'), 503)
    expectFailedClosed(await staffClient.post('/api/playersv2', { firstName: 'Ghost', lastName: 'Writer' }), 503)
    expectFailedClosed(await staffClient.delete(`/api/organizations/${org.id}`), 503)
    expect(await players()).toEqual(before)
    // The same cookie works again once KV is back: nothing was thrown away.
    staffClient.bindings = env
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(true)
  })

  it('never accepts a session while D1 cannot confirm its user', async () => {
    const { staffClient } = await createTenant()
    breakBindings(staffClient, { statementFails: /from "users"/ })
    expectFailedClosed(await staffClient.get('/api/auth/check-auth'), 500)
    expectFailedClosed(await staffClient.post('/api/playersv2', { firstName: 'Ghost', lastName: 'Writer' }), 500)
  })

  it('a sign-in whose session cannot be stored answers 503 and sets no session cookie', async () => {
    const { org } = await createTenant()
    const user = await createUser(org.id, 'staff')
    const client = new Client()
    breakBindings(client, { kv: ['put'] })
    const res = await client.post('/api/auth/login', { username: user.username, password: user.password, slug: org.slug })
    expectFailedClosed(res, 503)
    expect(client.cookies.has('courtside_session')).toBe(false)
    client.bindings = env
    expect((await client.get('/api/auth/check-auth')).body.authenticated).toBe(false)
  })

  it('a sign-in that fails after its session was stored hands out no session cookie', async () => {
    const { org } = await createTenant()
    const user = await createUser(org.id, 'staff')
    const client = new Client()
    // The first users query finds the candidate; the next (the answer's user) fails.
    breakBindings(client, { statementFails: /from "users"/, statementFailsAfter: 1 })
    const res = await client.post('/api/auth/login', { username: user.username, password: user.password, slug: org.slug })
    expectFailedClosed(res, 500)
    expect(client.cookies.has('courtside_session')).toBe(false)
  })

  it('a sign-out whose session cannot be deleted says so (503) instead of pretending', async () => {
    const { staffClient } = await createTenant()
    breakBindings(staffClient, { kv: ['delete'] })
    expectFailedClosed(await staffClient.post('/api/auth/logout'), 503)
  })
})

describe('the error handler', { timeout: 60_000 }, () => {
  it('turns an unexpected error into a JSON 500 with a request id and nothing else', async () => {
    const { staffClient } = await createTenant()
    breakBindings(staffClient, { prepareThrows: /from "teams"/ })
    const res = await staffClient.get('/api/teams')
    expectFailedClosed(res, 500)
    expect(Object.keys(res.body).sort()).toEqual(['message', 'requestId'])
    expect(res.body.message).toBe('Something went wrong on our side. Please try again.')
    expect(res.body.requestId).toMatch(/^[A-Za-z0-9_-]{6,}$/)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })
})
