import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { D1Counter } from '../helpers/d1-counter'
import { createSuperAdmin, unique } from '../helpers/factories'

// docs/scaling.md "Past one database": the directory routes every request to the one database that
// holds its organization; new organizations go to the least full database.

/** The worker's env with new organizations placed on DB_2 and DB_3 (the suite keeps them on DB by default). */
const spread = (base: Cloudflare.Env = env) => ({ ...base, DB_PLACEMENT: 'DB_2,DB_3' }) as Cloudflare.Env

const rowIn = async (d1: D1Database, sql: string, ...values: unknown[]) =>
  d1
    .prepare(sql)
    .bind(...values)
    .first<Record<string, unknown>>()

type Placed = { id: number; slug: string; binding: 'DB_2' | 'DB_3'; owner: Client }

let admin: Client
const placed: Placed[] = []

async function placeOrganization(): Promise<Placed> {
  const slug = unique('spread')
  const made = await admin.post('/api/admin/organizations', { name: `Spread ${slug}`, slug })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const id = made.body.organization.id as number
  const entry = await rowIn(env.DB, 'SELECT binding FROM org_directory WHERE organization_id = ?', id)
  const binding = entry?.binding as 'DB_2' | 'DB_3'
  const password = 'a-long-password-1'
  const username = unique('owner')
  const user = await admin.post('/api/usersv2', { username, password, role: 'org_owner', organization_id: id })
  expect(user.status, JSON.stringify(user.body)).toBe(201)
  const owner = new Client()
  owner.bindings = spread()
  await owner.signIn(username, password, { slug })
  return { id, slug, binding, owner }
}

beforeAll(async () => {
  admin = (await createSuperAdmin()).client
  admin.bindings = spread()
  placed.push(await placeOrganization(), await placeOrganization())
})

describe('the directory', () => {
  it('places new organizations on the least full database, each held by exactly one database', async () => {
    expect(placed.map((p) => p.binding).sort()).toEqual(['DB_2', 'DB_3'])
    for (const p of placed) {
      const dbs = { DB: env.DB, DB_2: env.DB_2, DB_3: env.DB_3 }
      for (const [name, d1] of Object.entries(dbs)) {
        const row = await rowIn(d1, 'SELECT id FROM organizations WHERE id = ?', p.id)
        expect(Boolean(row), `${p.slug} in ${name}`).toBe(name === p.binding)
      }
    }
    // Organization ids stay unique across databases: DB never hands the reserved ids out again.
    expect(new Set(placed.map((p) => p.id)).size).toBe(2)
  })

  it('routes a public read to the organization’s database, with no directory round trip on a warm isolate', async () => {
    const [p] = placed
    const counter = new D1Counter()
    const reader = new Client()
    reader.bindings = counter.env(spread())
    const res = await reader.get(`/api/organizations/current?slug=${p.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.organization.id).toBe(p.id)
    expect(
      counter.log.some((sql) => sql.includes('org_directory')),
      counter.log.join('\n'),
    ).toBe(false)
    expect(counter.roundTrips).toBeLessThanOrEqual(2)
  })

  it('routes a signed-in owner’s calls that name no organization by the session’s database', async () => {
    for (const p of placed) {
      const made = await p.owner.post('/api/businesses', { name: unique('Gym') })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const id = made.body.business.id
      const home = p.binding === 'DB_2' ? env.DB_2 : env.DB_3
      expect(await rowIn(home, 'SELECT organization_id FROM businesses WHERE id = ?', id)).toEqual({ organization_id: p.id })
      const listed = await p.owner.get('/api/businesses')
      expect(listed.status).toBe(200)
      expect(JSON.stringify(listed.body)).toContain(made.body.business.name)
    }
  })

  it('keeps each organization’s rows away from the other’s owner (tenancy across databases)', async () => {
    const [a, b] = placed
    const made = await a.owner.post('/api/businesses', { name: unique('Private') })
    const other = await b.owner.get('/api/businesses')
    expect(JSON.stringify(other.body)).not.toContain(made.body.business.name)
    const read = await b.owner.get(`/api/businesses/${made.body.business.id}`)
    expect(read.status).toBe(404)
  })

  it('refuses a slug already used on another database', async () => {
    const res = await admin.post('/api/admin/organizations', { name: 'Copy', slug: placed[1].slug })
    expect(res.status).toBe(409)
    expect(res.body.fields.slug).toBeDefined()
  })
})

describe('super admin lists across databases', () => {
  it('lists every database’s organizations in (name, id) order, and pages them by a cursor', async () => {
    const all = await admin.get('/api/organizations')
    expect(all.status).toBe(200)
    const ids = all.body.organizations.map((o: { id: number }) => o.id)
    for (const p of placed) expect(ids).toContain(p.id)
    const keys = all.body.organizations.map((o: { name: string; id: number }) => [o.name, o.id])
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1))
    expect(keys).toEqual(sorted)
    const walked: number[] = []
    let cursor: string | null = null
    do {
      const page: { status: number; body: any } = await admin.get(
        `/api/organizations?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(page.status).toBe(200)
      expect(page.body.organizations.length).toBeLessThanOrEqual(2)
      walked.push(...page.body.organizations.map((o: { id: number }) => o.id))
      cursor = page.body.nextCursor
    } while (cursor)
    expect(walked).toEqual(ids)
    const bad = await admin.get('/api/organizations?limit=2&cursor=nope')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('cursor is not valid')
  })

  it('lists every database’s users, paged in a stable order', async () => {
    const all = await admin.get('/api/usersv2')
    expect(all.status).toBe(200)
    const orgIds = new Set(all.body.users.map((u: { organization_id: number }) => u.organization_id))
    for (const p of placed) expect(orgIds.has(p.id)).toBe(true)
    const walked: number[] = []
    let cursor: string | null = null
    do {
      const page: { status: number; body: any } = await admin.get(
        `/api/usersv2?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(page.status).toBe(200)
      walked.push(...page.body.users.map((u: { id: number }) => u.id))
      cursor = page.body.nextCursor
    } while (cursor)
    expect(walked).toEqual(all.body.users.map((u: { id: number }) => u.id))
  })

  it('signs a platform administrator in from whichever database holds them', async () => {
    const org = await env.DB_3.prepare(
      "INSERT INTO organizations (name, slug, is_platform) VALUES ('Platform 3', ?, 1) RETURNING id",
    )
      .bind(unique('platform3'))
      .first<{ id: number }>()
    const username = unique('root3')
    const { hashPassword } = await import('../../worker/lib/password')
    await env.DB_3.prepare("INSERT INTO users (organization_id, username, role, password_hash) VALUES (?, ?, 'super_admin', ?)")
      .bind(org?.id, username, await hashPassword('a-long-password-3'))
      .run()
    const client = new Client()
    client.bindings = spread()
    const res = await client.post('/api/auth/login', { username, password: 'a-long-password-3' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.user.username).toBe(username)
    const check = await client.get('/api/auth/check-auth')
    expect(check.body.authenticated).toBe(true)
    expect(check.body.user.username).toBe(username)
  })
})

describe('the directory cache', () => {
  it('follows a change another isolate made: a new version in KV reloads it, with one read of DB', async () => {
    const [p] = placed
    // Another isolate moved the organization's entry (here: to DB, where it has no rows) and wrote a new version.
    await env.DB.prepare("UPDATE org_directory SET binding = 'DB' WHERE organization_id = ?").bind(p.id).run()
    const counter = new D1Counter()
    const reader = new Client()
    reader.bindings = counter.env(spread())
    const stale = await reader.get(`/api/organizations/current?slug=${p.slug}`)
    expect(stale.status, 'same version: the cached entry still answers').toBe(200)
    await env.SESSIONS.put('directory:version', `changed-${unique('v')}`)
    counter.reset()
    const fresh = await reader.get(`/api/organizations/current?slug=${p.slug}`)
    expect(fresh.status, 'new version: the entry is read again').toBe(404)
    expect(counter.log.filter((sql) => sql.includes('org_directory'))).toHaveLength(1)
    // Put it back for the other tests of this file.
    await env.DB.prepare('UPDATE org_directory SET binding = ? WHERE organization_id = ?').bind(p.binding, p.id).run()
    await env.SESSIONS.put('directory:version', `restored-${unique('v')}`)
    expect((await reader.get(`/api/organizations/current?slug=${p.slug}`)).status).toBe(200)
  })
})
