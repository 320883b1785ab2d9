import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, withBasketballDefaults } from '../helpers/factories'

// docs/scaling.md "Moving an organization": an organization moves to another database online, one
// resumable step at a time; its writes pause (503 + Retry-After) and never land in the old copy.

const TOKEN = 'move-token-for-tests'
const withMoves = { ...env, ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } as Cloudflare.Env
const mover = () => {
  const c = new Client()
  c.bindings = withMoves
  return c
}
const step = (slug: string, binding: string) =>
  mover().post('/internal/org-move', { slug, binding }, { xsrf: false, headers: { Authorization: `Bearer ${TOKEN}` } })

/** Tables that name an organization (D1 allows PRAGMA statements, not the pragma table functions). */
async function orgTablesOf(d1: D1Database) {
  const { results } = await d1
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ name: string }>()
  const named: string[] = []
  for (const { name } of results) {
    const { results: cols } = await d1.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>()
    if (cols.some((c) => c.name === 'organization_id')) named.push(name)
  }
  return named
}

/** Rows of the organization in every table that names it, per table, in one database. */
async function countsIn(d1: D1Database, orgId: number) {
  const counts: Record<string, number> = {}
  for (const name of await orgTablesOf(d1)) {
    if (['org_directory', 'org_moves', 'org_write_locks', 'audit_context'].includes(name)) continue
    const row = await d1
      .prepare(`SELECT count(*) AS n FROM "${name}" WHERE organization_id = ?`)
      .bind(orgId)
      .first<{ n: number }>()
    if (row?.n) counts[name] = row.n
  }
  const org = await d1.prepare('SELECT count(*) AS n FROM organizations WHERE id = ?').bind(orgId).first<{ n: number }>()
  if (org?.n) counts.organizations = org.n
  return counts
}

async function seedLeague() {
  const tenant = await createTenant()
  const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 2, playersPerTeam: 3 })
  const [a, b] = built.teams
  const game = await insertGame(tenant.org.id, built.season.id, built.league.id, a!.id, b!.id, [50, 48])
  return { ...tenant, built, game }
}

describe('moving an organization', () => {
  let world: Awaited<ReturnType<typeof seedLeague>>
  beforeAll(async () => {
    world = await seedLeague()
  })

  it('refuses the mover without the operator secret, and does not exist without one', async () => {
    expect((await mover().post('/internal/org-move', { slug: world.org.slug, binding: 'DB_2' }, { xsrf: false })).status).toBe(
      401,
    )
    const none = new Client()
    expect((await none.post('/internal/org-move', { slug: world.org.slug, binding: 'DB_2' }, { xsrf: false })).status).toBe(404)
    const bad = await step(world.org.slug, 'DB_9')
    expect(bad.status).toBe(400)
  })

  it('answers a locked organization’s writes with 503 and Retry-After inside the write, and keeps its reads', async () => {
    await env.DB.prepare("INSERT INTO org_write_locks (organization_id, mode) VALUES (?, 'paused')").bind(world.org.id).run()
    try {
      const write = await world.ownerClient.post(`/api/seasonsv2/${world.built.season.id}/leagues`, { name: 'Paused league' })
      expect(write.status, JSON.stringify(write.body)).toBe(503)
      expect(write.headers.get('Retry-After')).toBe('2')
      const read = await world.ownerClient.get(`/api/seasonsv2/${world.built.season.id}`)
      expect(read.status).toBe(200)
      const leagues = await env.DB.prepare("SELECT count(*) AS n FROM leagues WHERE name = 'Paused league'").first<{
        n: number
      }>()
      expect(leagues?.n).toBe(0)
    } finally {
      await env.DB.prepare('DELETE FROM org_write_locks WHERE organization_id = ?').bind(world.org.id).run()
    }
  })

  it('guards every table that names an organization', async () => {
    const { results: guards } = await env.DB.prepare(
      "SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_insert_move_guard'",
    ).all<{ tbl_name: string }>()
    const guarded = new Set(guards.map((g) => g.tbl_name))
    const unguarded = (await orgTablesOf(env.DB)).filter((t) => !guarded.has(t)).sort()
    // Written only by triggers of guarded tables, or machinery (migration 0030); the change log and
    // its tracking table (migration 0035) are the move's own machinery, written by the log triggers
    // and the mover, and never copied.
    expect(unguarded).toEqual(
      [
        'audit_context',
        'audit_log',
        'box_lines',
        'org_change_log',
        'org_change_tracking',
        'org_directory',
        'org_moves',
        'org_write_locks',
        'player_season_totals',
        'record_totals',
        'team_season_totals',
      ].sort(),
    )
  })

  it('moves an organization whole to another database, resumably, and its staff follow it', async () => {
    const before = await countsIn(env.DB, world.org.id)
    expect(before.games).toBe(1)
    const seen: string[] = []
    let reply = await step(world.org.slug, 'DB_2')
    for (let i = 0; i < 200 && !reply.body.done; i++) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      seen.push(reply.body.step)
      // A mover killed after a batch landed but before its progress was written redoes that batch.
      if (reply.body.step === 'copy' && seen.filter((s) => s === 'copy').length === 2)
        await env.DB.prepare('UPDATE org_moves SET after_key = NULL WHERE organization_id = ?').bind(world.org.id).run()
      // Reads keep working while the organization moves.
      const during = await world.ownerClient.get(`/api/seasonsv2/${world.built.season.id}`)
      expect(during.status, `read during ${reply.body.step}: ${JSON.stringify(during.body)}`).toBe(200)
      reply = await step(world.org.slug, 'DB_2')
    }
    expect(reply.body.done, JSON.stringify(reply.body)).toBe(true)
    expect(seen).toContain('verify')
    expect(await countsIn(env.DB_2, world.org.id)).toEqual(before)
    expect(await countsIn(env.DB, world.org.id)).toEqual({})
    const entry = await env.DB.prepare('SELECT binding, state FROM org_directory WHERE organization_id = ?')
      .bind(world.org.id)
      .first()
    expect(entry).toEqual({ binding: 'DB_2', state: 'active' })
    // A session that began before the move follows the organization to its new database.
    const read = await world.ownerClient.get(`/api/seasonsv2/${world.built.season.id}`)
    expect(read.status).toBe(200)
    const write = await world.ownerClient.post(`/api/seasonsv2/${world.built.season.id}/leagues`, { name: 'After the move' })
    expect(write.status, JSON.stringify(write.body)).toBe(201)
    expect(await env.DB_2.prepare("SELECT count(*) AS n FROM leagues WHERE name = 'After the move'").first('n')).toBe(1)
    // The public site reads it from there too.
    expect((await new Client().get(`/api/organizations/slug/${world.org.slug}`)).status).toBe(200)
    // The old copy refuses the organization's writes for good (a stale isolate cannot write there).
    await expect(
      env.DB.prepare('INSERT INTO leagues (organization_id, name) VALUES (?, ?)').bind(world.org.id, 'stale').run(),
    ).rejects.toThrow(/courtside organization moving/)
    // Running the mover again changes nothing.
    expect((await step(world.org.slug, 'DB_2')).body.done).toBe(true)
  })
})

/** Every row of the organization in every table that names it, per table, as sorted JSON lines (the copy's own volatile columns left out). */
async function dumpOf(d1: D1Database, orgId: number) {
  const out: Record<string, string[]> = {}
  const machinery = ['org_directory', 'org_moves', 'org_write_locks', 'audit_context', 'org_change_log', 'org_change_tracking']
  for (const name of [...(await orgTablesOf(d1)).filter((t) => !machinery.includes(t)), 'organizations']) {
    const scope = name === 'organizations' ? 'id = ?' : 'organization_id = ?'
    const { results } = await d1.prepare(`SELECT * FROM "${name}" WHERE ${scope}`).bind(orgId).all<Record<string, unknown>>()
    const rows = results.map((r) => {
      const { data_version: _v, cache_epoch: _e, ...rest } = r
      return JSON.stringify(name === 'organizations' ? rest : r)
    })
    if (rows.length) out[name] = rows.sort()
  }
  return out
}

const logCount = async (d1: D1Database, orgId: number) =>
  Number(await d1.prepare('SELECT count(*) AS n FROM org_change_log WHERE organization_id = ?').bind(orgId).first('n'))

// docs/decisions/2026-11-29-org-move-short-pause.md: the organization is copied while its writes
// flow, a change log (migration 0035) brings the copy up to date, and writes pause only for the
// final catch-up and check.
describe('moving an organization while its writes flow', () => {
  it('logs nothing for an organization that is not moving', async () => {
    const tenant = await createTenant()
    const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 2, playersPerTeam: 1 })
    const write = await tenant.ownerClient.post(`/api/seasonsv2/${built.season.id}/leagues`, { name: 'Not moving' })
    expect(write.status, JSON.stringify(write.body)).toBe(201)
    expect(await logCount(env.DB, tenant.org.id)).toBe(0)
  })

  it('logs the changes of every table a move copies', async () => {
    const { results } = await env.DB.prepare(
      "SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_change_log'",
    ).all<{ tbl_name: string; name: string }>()
    const machinery = ['audit_context', 'org_change_log', 'org_change_tracking', 'org_directory', 'org_moves', 'org_write_locks']
    for (const table of [...(await orgTablesOf(env.DB)).filter((t) => !machinery.includes(t)), 'organizations', 'user_sports'])
      for (const op of ['insert', 'update', 'delete'])
        expect(
          results.some((r) => r.tbl_name === table && r.name === `${table}_${op}_change_log`),
          `${table} ${op}`,
        ).toBe(true)
  })

  it('logs a box-score row before the totals its triggers change', async () => {
    const { org, ownerClient } = await createTenant()
    const built = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 1 })
    const [a, b] = built.teams
    const game = await insertGame(org.id, built.season.id, built.league.id, a!.id, b!.id, [10, 8])
    await withBasketballDefaults(org.id)
    const stat = await env.DB.prepare('SELECT id FROM stat_definitions WHERE organization_id = ? ORDER BY id LIMIT 1')
      .bind(org.id)
      .first<{ id: number }>()
    await env.DB.prepare('INSERT INTO org_change_tracking (organization_id) VALUES (?)').bind(org.id).run()
    try {
      await env.DB.prepare(
        'INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES (?, ?, ?, ?, ?, 7)',
      )
        .bind(org.id, game!.id, a!.players[0]!.id, a!.id, stat!.id)
        .run()
      const { results } = await env.DB.prepare('SELECT table_name FROM org_change_log WHERE organization_id = ? ORDER BY seq')
        .bind(org.id)
        .all<{ table_name: string }>()
      const tables = results.map((r) => r.table_name)
      expect(tables[0]).toBe('player_game_stats')
      expect(tables).toContain('player_season_totals')
      expect(tables).toContain('box_lines')
    } finally {
      await env.DB.batch([
        env.DB.prepare('DELETE FROM org_change_tracking WHERE organization_id = ?').bind(org.id),
        env.DB.prepare('DELETE FROM org_change_log WHERE organization_id = ?').bind(org.id),
      ])
    }
  })

  it('copies while writes flow, brings every change made meanwhile across, and pauses writes only for the final catch-up and check', async () => {
    const { org, ownerClient } = await createTenant()
    const built = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 2 })
    const [a, b] = built.teams
    await withBasketballDefaults(org.id)
    const { results: stats } = await env.DB.prepare(
      'SELECT id FROM stat_definitions WHERE organization_id = ? ORDER BY id LIMIT 3',
    )
      .bind(org.id)
      .all<{ id: number }>()
    const games = [
      await insertGame(org.id, built.season.id, built.league.id, a!.id, b!.id, [50, 48]),
      await insertGame(org.id, built.season.id, built.league.id, b!.id, a!.id, [40, 41], 'completed', '2025-10-08'),
    ]
    for (const game of games)
      for (const team of [a!, b!])
        for (const player of team.players)
          for (const stat of stats)
            await env.DB.prepare(
              'INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES (?, ?, ?, ?, ?, ?)',
            )
              .bind(org.id, game!.id, player.id, team.id, stat.id, 3)
              .run()
    const pgs = async (d1: D1Database) =>
      (
        await d1.prepare('SELECT id, value FROM player_game_stats WHERE organization_id = ? ORDER BY id').bind(org.id).all<{
          id: number
          value: number
        }>()
      ).results
    const [first, second, , , , last] = await pgs(env.DB)
    const league = async (name: string) => {
      const res = await ownerClient.post(`/api/seasonsv2/${built.season.id}/leagues`, { name })
      return res.status
    }

    const seen: string[] = []
    const acknowledged: string[] = []
    let redone = false
    let atSwitch: [Record<string, string[]>, Record<string, string[]>] | undefined
    let reply = await step(org.slug, 'DB_2')
    // After `track`, before any row is copied: an update, a delete, an insert.
    expect(reply.body.step).toBe('copy')
    await env.DB.prepare('UPDATE player_game_stats SET value = 9 WHERE id = ?').bind(last!.id).run()
    await env.DB.prepare('DELETE FROM player_game_stats WHERE id = ?').bind(second!.id).run()
    await env.DB.prepare('UPDATE teams SET name = ? WHERE id = ?').bind('Renamed before the copy', a!.id).run()
    expect(await league('Before the copy')).toBe(201)
    acknowledged.push('Before the copy')
    for (let i = 0; i < 300 && !reply.body.done; i++) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      seen.push(reply.body.step)
      if (reply.body.step === 'catch-up' && seen.filter((s) => s === 'catch-up').length === 1) {
        // The copy is done: change rows it copied, and add one.
        await env.DB.prepare('UPDATE player_game_stats SET value = 12 WHERE id = ?').bind(first!.id).run()
        await env.DB.prepare('DELETE FROM player_game_stats WHERE id = ?').bind(last!.id).run()
        await env.DB.prepare('UPDATE teams SET name = ? WHERE id = ?').bind('Renamed after the copy', b!.id).run()
        expect(await league('During the catch-up')).toBe(201)
        acknowledged.push('During the catch-up')
      }
      if (reply.body.step === 'verify-live' && !redone) {
        // A mover killed after the catch-up wrote but before its progress did redoes all of it: nothing changes twice.
        redone = true
        await env.DB.prepare("UPDATE org_moves SET applied_seq = 0, step = 'catch-up' WHERE organization_id = ?")
          .bind(org.id)
          .run()
        expect(await league('Before the check')).toBe(201)
        acknowledged.push('Before the check')
      }
      if (reply.body.step === 'pause') {
        expect(await league('Just before the pause')).toBe(201)
        acknowledged.push('Just before the pause')
      }
      if (reply.body.step === 'final-catch-up' || reply.body.step === 'verify') {
        // Paused: refused with 503 + Retry-After, and never lands anywhere.
        const paused = await ownerClient.post(`/api/seasonsv2/${built.season.id}/leagues`, { name: 'In the pause' })
        expect(paused.status).toBe(503)
        expect(paused.headers.get('Retry-After')).toBe('2')
      }
      if (reply.body.step === 'switch') atSwitch = [await dumpOf(env.DB, org.id), await dumpOf(env.DB_2, org.id)]
      reply = await step(org.slug, 'DB_2')
    }
    expect(reply.body.done, JSON.stringify(reply.body)).toBe(true)
    // The steps: copy and catch-up and a live check while writes flow; the pause holds the final catch-up and check only.
    const paused = seen.indexOf('pause')
    expect(seen.slice(0, paused)).toEqual(expect.arrayContaining(['copy', 'catch-up', 'verify-live']))
    expect(seen.slice(paused, seen.indexOf('switch') + 1)).toEqual(['pause', 'final-catch-up', 'verify', 'switch'])
    // At the switch, the target held exactly the source's rows (versions, totals, box lines included).
    expect(atSwitch?.[1]).toEqual(atSwitch?.[0])
    const moved = await pgs(env.DB_2)
    expect(moved.find((r) => r.id === first!.id)?.value).toBe(12)
    expect(moved.some((r) => r.id === second!.id || r.id === last!.id)).toBe(false)
    const names = (
      await env.DB_2.prepare('SELECT name FROM leagues WHERE organization_id = ?').bind(org.id).all<{ name: string }>()
    ).results.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(acknowledged))
    expect(names).not.toContain('In the pause')
    expect(await env.DB_2.prepare('SELECT name FROM teams WHERE id = ?').bind(a!.id).first('name')).toBe(
      'Renamed before the copy',
    )
    expect(await env.DB_2.prepare('SELECT name FROM teams WHERE id = ?').bind(b!.id).first('name')).toBe('Renamed after the copy')
    // Nothing of the move is left: no log rows, no tracking, in either database.
    for (const d1 of [env.DB, env.DB_2]) {
      expect(await logCount(d1, org.id)).toBe(0)
      expect(
        await d1.prepare('SELECT count(*) AS n FROM org_change_tracking WHERE organization_id = ?').bind(org.id).first('n'),
      ).toBe(0)
    }
    expect(await countsIn(env.DB, org.id)).toEqual({})
  }, 60_000)
})
