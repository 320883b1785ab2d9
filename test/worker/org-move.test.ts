import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame } from '../helpers/factories'

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
    // Written only by triggers of guarded tables, or machinery (migration 0030).
    expect(unguarded).toEqual(
      [
        'audit_context',
        'audit_log',
        'box_lines',
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
