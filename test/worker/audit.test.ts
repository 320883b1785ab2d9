import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { withAuditActor } from '../../worker/db/audit'
import { createDb } from '../../worker/db/client'
import { games, teams } from '../../worker/db/schema'
import { Client } from '../helpers/client'
import {
  buildSeason,
  createOrg,
  createSuperAdmin,
  createTenant,
  createUser,
  unique,
  withBasketballDefaults,
} from '../helpers/factories'

// Signing in hashes at 100,000 PBKDF2 iterations; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 })

interface StoredEntry {
  id: number
  organization_id: number
  at: string
  user_id: number
  username: string
  request_id: string | null
  action: string
  table_name: string
  row_id: string
  before: string | null
  after: string | null
}

/** The organization's audit rows straight from the table, oldest first. */
async function storedTrail(orgId: number, table?: string) {
  const rows = await env.DB.prepare(
    `SELECT * FROM audit_log WHERE organization_id = ? ${table ? 'AND table_name = ?' : ''} ORDER BY id`,
  )
    .bind(...(table ? [orgId, table] : [orgId]))
    .all<StoredEntry>()
  return rows.results.map((r) => ({ ...r, before: r.before && JSON.parse(r.before), after: r.after && JSON.parse(r.after) }))
}

describe('audit trail: what is recorded', () => {
  it('records an owner’s create, update and delete of a team with who, what and before/after', async () => {
    const { org, owner, ownerClient } = await createTenant()
    const created = await ownerClient.post('/api/teams', { name: 'Rim Rockers' })
    expect(created.status).toBe(201)
    const teamId = created.body.team.id
    expect((await ownerClient.put(`/api/teams/${teamId}`, { name: 'Rim Wreckers', unavailableSlots: ['18:00'] })).status).toBe(
      200,
    )
    expect((await ownerClient.delete(`/api/teams/${teamId}`)).status).toBe(204)

    const trail = (await storedTrail(org.id, 'teams')).filter((e) => e.row_id === String(teamId))
    expect(trail.map((e) => e.action)).toEqual(['insert', 'update', 'delete'])
    for (const entry of trail) {
      expect(entry).toMatchObject({ organization_id: org.id, user_id: owner.id, username: owner.username })
      expect(entry.request_id).toBeTruthy()
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false)
    }
    const [insert, update, remove] = trail
    expect(insert.before).toBeNull()
    expect(insert.after).toMatchObject({ id: teamId, name: 'Rim Rockers', unavailable_slots: [] })
    expect(update.before).toMatchObject({ name: 'Rim Rockers', unavailable_slots: [] })
    expect(update.after).toMatchObject({ name: 'Rim Wreckers', unavailable_slots: ['18:00'] })
    expect(remove.before).toMatchObject({ name: 'Rim Wreckers' })
    expect(remove.after).toBeNull()
    // Three separate requests: three request ids.
    expect(new Set(trail.map((e) => e.request_id)).size).toBe(3)
  })

  it('records no entry for an update that changes nothing', async () => {
    const { org, ownerClient } = await createTenant()
    const teamId = (await ownerClient.post('/api/teams', { name: 'Same Name' })).body.team.id
    expect((await ownerClient.put(`/api/teams/${teamId}`, { name: 'Same Name' })).status).toBe(200)
    const actions = (await storedTrail(org.id, 'teams')).filter((e) => e.row_id === String(teamId)).map((e) => e.action)
    expect(actions).toEqual(['insert'])
  })

  it('records every row of a batched box-score save, each attributed to the staff member who saved it', async () => {
    const tenant = await createTenant()
    const { stat } = await withBasketballDefaults(tenant.org.id)
    const {
      season,
      league,
      teams: [home, away],
    } = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 2, playersPerTeam: 2 })
    const game = (
      await tenant.staffClient.post('/api/games', {
        season_id: season.id,
        leagueId: league.id,
        team1_id: home.id,
        team2_id: away.id,
        date: '2025-11-02',
        time: '18:00',
      })
    ).body.game
    const before = (await storedTrail(tenant.org.id, 'player_game_stats')).length
    const save = await tenant.staffClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 12 },
        { player_id: away.players[1].id, game_id: game.id, stat_id: stat('PTS'), value: 7 },
      ],
    })
    expect(save.status).toBe(200)
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM player_game_stats WHERE game_id = ?')
      .bind(game.id)
      .first<{ n: number }>()
    const entries = (await storedTrail(tenant.org.id, 'player_game_stats')).slice(before)
    // One entry per box-score row written (derived FGM/FGA rows included), all from one request.
    expect(entries.length).toBe(stored?.n)
    expect(entries.every((e) => e.action === 'insert' && e.user_id === tenant.staff.id)).toBe(true)
    expect(new Set(entries.map((e) => e.request_id)).size).toBe(1)
    expect(entries.find((e) => e.after.player_id === home.players[0].id && e.after.stat_id === stat('PTS'))?.after.value).toBe(12)

    // Saving a changed value is an update with the old and new value.
    const resave = await tenant.ownerClient.put('/api/player-game-stats', {
      game_id: game.id,
      stats: [
        { player_id: home.players[0].id, game_id: game.id, stat_id: stat('PTS'), value: 14 },
        { player_id: away.players[1].id, game_id: game.id, stat_id: stat('PTS'), value: 7 },
      ],
    })
    expect(resave.status).toBe(200)
    const changed = (await storedTrail(tenant.org.id, 'player_game_stats'))
      .slice(before + entries.length)
      .filter((e) => e.user_id === tenant.owner.id && e.action === 'update')
    expect(changed.map((e) => [e.before.value, e.after.value])).toContainEqual([12, 14])
    expect(changed.some((e) => e.before.player_id === away.players[1].id)).toBe(false)
  })

  it('never writes a password hash to the trail, only a password_changed marker', async () => {
    const { org, owner, staff, ownerClient, staffClient } = await createTenant()
    const reset = await ownerClient.put(`/api/usersv2/${staff.id}`, { resetPassword: true })
    expect(reset.status).toBe(200)
    const own = await ownerClient.put(`/api/usersv2/${owner.id}`, { password: 'a-new-long-pass', oldPassword: owner.password })
    expect(own.status).toBe(200)
    const made = await ownerClient.post('/api/usersv2', {
      username: unique('new-user'),
      role: 'staff',
      password: 'long-enough-pw',
    })
    expect(made.status).toBe(201)
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(false)

    const users = await storedTrail(org.id, 'users')
    expect(users.find((e) => e.row_id === String(staff.id) && e.action === 'update')?.after).toMatchObject({
      password_changed: true,
      reset_password: true,
    })
    expect(users.find((e) => e.row_id === String(owner.id) && e.action === 'update')?.after).toMatchObject({
      password_changed: true,
    })
    expect(users.find((e) => e.row_id === String(made.body.user.id))?.action).toBe('insert')
    // Read the table raw: no hash, no hash-like value, anywhere in the trail.
    const hashes = (
      await env.DB.prepare('SELECT password_hash FROM users WHERE organization_id = ?')
        .bind(org.id)
        .all<{ password_hash: string }>()
    ).results
    const raw = (await env.DB.prepare('SELECT * FROM audit_log').all()).results.map((r) => JSON.stringify(r)).join('\n')
    expect(raw).not.toContain('password_hash')
    for (const { password_hash } of hashes) expect(raw).not.toContain(password_hash)
    expect(raw).not.toContain('pbkdf2')
  })

  it('records nothing for writes without a signed-in actor (seeds, scripts, factories)', async () => {
    const org = await createOrg()
    await createUser(org.id, 'org_owner')
    await withBasketballDefaults(org.id)
    const [team1, team2] = await createDb(env.DB)
      .insert(teams)
      .values([
        { organizationId: org.id, name: 'Seeded A' },
        { organizationId: org.id, name: 'Seeded B' },
      ])
      .returning()
    await createDb(env.DB).insert(games).values({ organizationId: org.id, team1Id: team1.id, team2Id: team2.id, scoreTeam1: 50 })
    await createDb(env.DB).update(teams).set({ name: 'Renamed by a script' }).where(eq(teams.id, team1.id))
    expect(await storedTrail(org.id)).toEqual([])
    const context = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_context').first<{ n: number }>()
    expect(context?.n).toBe(0)
  })

  it('keeps the organization’s own delete but not every cascaded row when an organization is deleted', async () => {
    const { client: superClient, admin } = await createSuperAdmin()
    const org = await createOrg()
    await createDb(env.DB).insert(teams).values({ organizationId: org.id, name: 'Goes with it' })
    expect((await superClient.delete(`/api/organizations/${org.id}`)).status).toBe(204)
    const trail = await storedTrail(org.id)
    expect(trail.map((e) => [e.table_name, e.action, e.user_id])).toEqual([['organizations', 'delete', admin.id]])
  })
})

describe('audit trail: the actor wrapper', () => {
  const actor = (orgId: number, requestId: string) => ({
    userId: 999_001,
    username: 'wrapper-test',
    organizationId: orgId,
    requestId,
  })

  it('leaves no audit rows and no rows at all when a statement of the batch fails', async () => {
    const org = await createOrg()
    const requestId = unique('req')
    const db = createDb(withAuditActor(env.DB, () => actor(org.id, requestId)))
    const name = unique('Dup')
    await expect(
      db.batch([
        db.insert(teams).values({ organizationId: org.id, name }),
        // A constraint violation: no such organization.
        db.insert(teams).values({ organizationId: 987_654_321, name }),
      ]),
    ).rejects.toThrow()
    expect((await db.select().from(teams).where(eq(teams.name, name))).length).toBe(0)
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE request_id = ?')
      .bind(requestId)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
    const context = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_context').first<{ n: number }>()
    expect(context?.n).toBe(0)
  })

  it('answers drizzle exactly as D1 does: returning rows, run meta, first, raw, and reads untouched', async () => {
    const org = await createOrg()
    const requestId = unique('req')
    const db = createDb(withAuditActor(env.DB, () => actor(org.id, requestId)))
    const [made] = await db.insert(teams).values({ organizationId: org.id, name: 'Shape A' }).returning()
    expect(made).toMatchObject({ organizationId: org.id, name: 'Shape A', unavailableSlots: [] })
    const [picked] = await db
      .update(teams)
      .set({ name: 'Shape B' })
      .where(eq(teams.id, made.id))
      .returning({ id: teams.id, name: teams.name })
    expect(picked).toEqual({ id: made.id, name: 'Shape B' })
    const run = await db.update(teams).set({ name: 'Shape C' }).where(eq(teams.id, made.id)).run()
    // D1's count includes rows its triggers write (data version, audit row): the statement's own shape is what matters.
    expect(run.success).toBe(true)
    expect(run.meta.changes).toBeGreaterThanOrEqual(1)
    const got = await db.update(teams).set({ name: 'Shape D' }).where(eq(teams.id, made.id)).returning().get()
    expect(got?.name).toBe('Shape D')
    expect(await db.query.teams.findFirst({ where: eq(teams.id, made.id) })).toMatchObject({ name: 'Shape D' })
    const binding = withAuditActor(env.DB, () => actor(org.id, requestId))
    expect(
      await binding.prepare('UPDATE teams SET name = ? WHERE id = ? RETURNING name').bind('Shape E', made.id).first('name'),
    ).toBe('Shape E')
    expect(
      await binding.prepare('UPDATE teams SET name = ? WHERE id = ? RETURNING id, name').bind('Shape F', made.id).raw(),
    ).toEqual([[made.id, 'Shape F']])
    const entries = await storedTrail(org.id, 'teams')
    expect(entries.map((e) => e.action)).toEqual(['insert', 'update', 'update', 'update', 'update', 'update'])
    expect(entries.every((e) => e.request_id === requestId && e.user_id === 999_001)).toBe(true)
    expect(entries.map((e) => e.after.name)).toEqual(['Shape A', 'Shape B', 'Shape C', 'Shape D', 'Shape E', 'Shape F'])
  })

  it('attributes each of two concurrent requests’ writes to its own actor', async () => {
    const org = await createOrg()
    const [first, second] = [unique('req-a'), unique('req-b')]
    const a = createDb(withAuditActor(env.DB, () => ({ ...actor(org.id, first), userId: 1001, username: 'alice' })))
    const b = createDb(withAuditActor(env.DB, () => ({ ...actor(org.id, second), userId: 1002, username: 'bob' })))
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b : a).insert(teams).values({ organizationId: org.id, name: `${i % 2 ? 'bob' : 'alice'} ${i}` }),
      ),
    )
    const entries = await storedTrail(org.id, 'teams')
    expect(entries.length).toBe(10)
    for (const e of entries) {
      expect(e.username).toBe(String(e.after.name).split(' ')[0])
      expect(e.request_id).toBe(e.username === 'alice' ? first : second)
    }
  })
})

describe('audit trail: GET /api/audit-log', () => {
  it('shows an owner their organization’s trail, newest first, paged, filtered by kind and user', async () => {
    const { org, owner, staff, ownerClient, staffClient } = await createTenant()
    for (const name of ['One', 'Two', 'Three']) await ownerClient.post('/api/teams', { name })
    await staffClient.post('/api/playersv2', { firstName: 'Ada', lastName: 'Hoops' })
    const page1 = await ownerClient.get('/api/audit-log?pageSize=2')
    expect(page1.status).toBe(200)
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2 })
    expect(page1.body.total).toBeGreaterThanOrEqual(4)
    const [newest] = page1.body.auditLog
    expect(newest).toMatchObject({ action: 'insert', tableName: 'players', userId: staff.id, username: staff.username })
    expect(newest.after).toMatchObject({ first_name: 'Ada', last_name: 'Hoops' })
    const onlyTeams = await ownerClient.get(`/api/audit-log?table=teams&userId=${owner.id}&pageSize=100`)
    expect(onlyTeams.body.auditLog.map((e: any) => e.after.name)).toEqual(['Three', 'Two', 'One'])
    expect(onlyTeams.body.total).toBe(3)
    const page2 = await ownerClient.get('/api/audit-log?table=teams&pageSize=2&page=2')
    expect(page2.body.auditLog.map((e: any) => e.after.name)).toEqual(['One'])
    expect(org.id).toBe(newest.after.organization_id)
  })

  it('refuses staff and anonymous callers', async () => {
    const { org, staffClient } = await createTenant()
    expect((await staffClient.get('/api/audit-log')).status).toBe(403)
    expect((await new Client().get(`/api/audit-log?slug=${org.slug}`)).status).toBe(401)
  })

  it('never shows another organization’s trail to an owner, even when named', async () => {
    const a = await createTenant()
    const b = await createTenant()
    const marker = unique('Secret team')
    await a.ownerClient.post('/api/teams', { name: marker })
    const res = await b.ownerClient.get(`/api/audit-log?organization_id=${a.org.id}&pageSize=100`)
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).not.toContain(marker)
    expect(res.body.auditLog.every((e: any) => e.after?.organization_id !== a.org.id)).toBe(true)
  })

  it('lets a super admin read any organization’s trail with organization_id', async () => {
    const a = await createTenant()
    const marker = unique('Visible team')
    await a.ownerClient.post('/api/teams', { name: marker })
    const { client } = await createSuperAdmin()
    const res = await client.get(`/api/audit-log?organization_id=${a.org.id}&table=teams`)
    expect(res.status).toBe(200)
    expect(res.body.auditLog[0].after.name).toBe(marker)
  })

  it('answers bad paging and filters with 400 and field errors', async () => {
    const { ownerClient } = await createTenant()
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['page=abc', 'page'],
      ['table=sessions', 'table'],
      ['userId=-3', 'userId'],
      ['organization_id=9223372036854775808', 'organization_id'],
    ]
    for (const [query, field] of cases) {
      const res = await ownerClient.get(`/api/audit-log?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.fields[field], query).toBeTruthy()
      expect(typeof res.body.message).toBe('string')
    }
  })
})
