import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { orgTables, tableSum } from '../../worker/db/move'
import { Client, workerFetch } from '../helpers/client'
import { buildSeason, createSuperAdmin, createTenant } from '../helpers/factories'

// docs/backups.md "Restore one organization": POST /internal/org-restore, the Worker's half of
// `npm run org:move -- <slug> <binding> --from-backup <file>` (scripts/org-restore.ts sends it
// the backup's rows; here they are read from the organization itself before it is deleted).

const TOKEN = 'restore-test-token'
const withToken = { ...env, ORG_MOVE_TOKEN: TOKEN } as Cloudflare.Env

async function step(json: unknown, token: string | null = TOKEN, bindings: Cloudflare.Env = withToken) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const res = await workerFetch(
    new Request('http://localhost/internal/org-restore', { method: 'POST', headers, body: JSON.stringify(json) }),
    bindings,
  )
  return { status: res.status, body: (await res.json()) as Record<string, any> }
}

type Saved = {
  id: number
  slug: string
  domain: string | null
  rows: Map<string, Record<string, unknown>[]>
  sums: Record<string, { count: number; sum: number }>
}

/** Every row of the organization, table by table in the move's order, and each table's checksum: what a backup holds. */
async function saveOrganization(id: number): Promise<Saved> {
  const rows = new Map<string, Record<string, unknown>[]>()
  const sums: Saved['sums'] = {}
  for (const table of await orgTables(env.DB, 'DB')) {
    const { results } = await env.DB.prepare(
      `SELECT ${table.columns.map((c) => `"${c}"`).join(', ')} FROM "${table.name}" WHERE ${table.scope} ORDER BY rowid`,
    )
      .bind(id)
      .all<Record<string, unknown>>()
    rows.set(table.name, results)
    sums[table.name] = await tableSum(env.DB, table, id)
  }
  const org = (rows.get('organizations') ?? [])[0] as { slug: string; domain: string | null }
  return { id, slug: org.slug, domain: org.domain, rows, sums }
}

async function sendRows(saved: Saved, binding: string) {
  for (const [table, all] of saved.rows) {
    for (let i = 0; i < all.length; i += 100) {
      const res = await step({ step: 'rows', binding, organizationId: saved.id, table, rows: all.slice(i, i + 100) })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
  }
}

let saved: Saved
let admin: Client
let tenant: Awaited<ReturnType<typeof createTenant>>

beforeAll(async () => {
  admin = (await createSuperAdmin()).client
  tenant = await createTenant({}, 'DB')
  await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 4, playersPerTeam: 3 })
  saved = await saveOrganization(tenant.org.id)
})

describe('POST /internal/org-restore', () => {
  it('is not there without the secret, and refuses a wrong token', async () => {
    const begin = { step: 'begin', binding: 'DB_3', organizationId: saved.id, slug: saved.slug, domain: null }
    expect((await step(begin, TOKEN, env)).status).toBe(404)
    expect((await step(begin, null)).status).toBe(401)
    expect((await step(begin, 'not-the-token')).status).toBe(401)
  })

  it('refuses while the organization exists, and writes nothing', async () => {
    const res = await step({ step: 'begin', binding: 'DB_3', organizationId: saved.id, slug: saved.slug, domain: saved.domain })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/still exists on DB/)
    expect(await env.DB_3.prepare('SELECT 1 FROM org_write_locks WHERE organization_id = ?').bind(saved.id).first()).toBeNull()
    // Rows without a begun restore are refused too.
    const rows = await step({
      step: 'rows',
      binding: 'DB_3',
      organizationId: saved.id,
      table: 'organizations',
      rows: saved.rows.get('organizations'),
    })
    expect(rows.status).toBe(409)
  })

  it('restores a deleted organization into DB_3, batches sent twice adding nothing, checked against the backup', async () => {
    expect((await admin.delete(`/api/organizations/${saved.id}`)).status).toBe(204)
    const begin = { step: 'begin', binding: 'DB_3', organizationId: saved.id, slug: saved.slug, domain: saved.domain }
    const begun = await step(begin)
    expect(begun.status, JSON.stringify(begun.body)).toBe(200)
    expect(begun.body.resuming).toBe(false)
    // A row of another organization is refused.
    const foreign = await step({
      step: 'rows',
      binding: 'DB_3',
      organizationId: saved.id,
      table: 'leagues',
      rows: [{ ...(saved.rows.get('leagues') ?? [])[0], organization_id: saved.id + 1 }],
    })
    expect(foreign.status).toBe(400)
    // Half the tables, a new begin (a rerun), then everything twice over.
    const half = new Map([...saved.rows].slice(0, 3))
    await sendRows({ ...saved, rows: half }, 'DB_3')
    const again = await step(begin)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.resuming).toBe(true)
    await sendRows(saved, 'DB_3')
    await sendRows(saved, 'DB_3')
    // A wrong checksum stops it before the directory changes; the organization stays locked.
    const wrong = await step({
      step: 'finish',
      binding: 'DB_3',
      organizationId: saved.id,
      slug: saved.slug,
      domain: saved.domain,
      sums: { ...saved.sums, players: { count: 1, sum: 1 } },
    })
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toMatch(/players/)
    const finish = await step({
      step: 'finish',
      binding: 'DB_3',
      organizationId: saved.id,
      slug: saved.slug,
      domain: saved.domain,
      sums: saved.sums,
    })
    expect(finish.status, JSON.stringify(finish.body)).toBe(200)
    for (const [table, all] of saved.rows) {
      const scope = (await orgTables(env.DB_3, 'DB_3')).find((t) => t.name === table)?.scope as string
      const n = await env.DB_3.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${scope}`)
        .bind(saved.id)
        .first<{ n: number }>()
      expect(n?.n, table).toBe(all.length)
    }
    expect(
      await env.DB.prepare('SELECT binding, state FROM org_directory WHERE organization_id = ?').bind(saved.id).first(),
    ).toEqual({
      binding: 'DB_3',
      state: 'active',
    })
    expect(await env.DB_3.prepare('SELECT 1 FROM org_write_locks WHERE organization_id = ?').bind(saved.id).first()).toBeNull()
    // Served from DB_3: its public site and its owner's writes.
    const site = await new Client().get(`/api/organizations/current?slug=${saved.slug}`)
    expect(site.status).toBe(200)
    const owner = new Client()
    await owner.signIn(tenant.owner.username, tenant.owner.password, { slug: saved.slug })
    expect((await owner.post('/api/venues', { name: 'Back again' })).status).toBe(201)
    expect(
      await env.DB_3.prepare("SELECT 1 AS x FROM venues WHERE organization_id = ? AND name = 'Back again'")
        .bind(saved.id)
        .first(),
    ).toEqual({ x: 1 })
    // Once restored, a second restore is refused: it exists again.
    expect((await step(begin)).status).toBe(409)
  })
})
