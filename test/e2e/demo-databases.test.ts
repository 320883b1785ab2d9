// The demo spread over three local databases (docs/scaling.md "Past one database",
// docs/decisions/2026-11-29-demo-across-databases.md): the state `npm start` seeds and every journey
// copies (test/e2e/global-setup.ts) holds each demo organization's rows in exactly the database its
// directory row names, and the README's demo sign-ins and public sites work across them.
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { d1File } from '../../scripts/db-restore.ts'
import { DEFAULT_SUPERADMIN_PASSWORD, DEMO_PLACEMENT, SEED_ACCOUNTS } from '../../scripts/seed-data.ts'
import { migrate, seedIfEmpty } from '../../scripts/start.ts'
import { HttpSession } from '../helpers/http-session'
import { startServer, type TestServer } from '../helpers/server'

const DATABASE_IDS: Record<string, string> = {
  DB: '00000000-0000-0000-0000-000000000000',
  DB_2: '00000000-0000-0000-0000-000000000002',
  DB_3: '00000000-0000-0000-0000-000000000003',
}
const SLUGS = ['ocbl', 'platform', 'demo-east', 'demo-west', 'pickup']

let stateDir: string
let server: TestServer

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-demo-dbs-'))
  const template = process.env.COURTSIDE_STATE_TEMPLATE
  if (template) await cp(template, stateDir, { recursive: true })
  else {
    await migrate(stateDir)
    await seedIfEmpty(stateDir, undefined, DEMO_PLACEMENT)
  }
  server = await startServer()
}, 240_000)

afterAll(async () => {
  await server?.stop()
  if (stateDir) await rm(stateDir, { recursive: true, force: true })
})

function withDb<T>(binding: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(d1File(stateDir, DATABASE_IDS[binding]), { readOnly: true })
  try {
    return work(db)
  } finally {
    db.close()
  }
}

/** Rows of the organization per table that names it (the organization's own row included). */
function rowsOf(binding: string, organizationId: number): number {
  return withDb(binding, (db) => {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
      .all() as { name: string }[]
    let total = (db.prepare('SELECT count(*) AS n FROM organizations WHERE id = ?').get(organizationId) as { n: number }).n
    for (const { name } of tables) {
      if (name === 'org_directory') continue
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name)
      if (!columns.includes('organization_id')) continue
      total += (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE organization_id = ?`).get(organizationId) as { n: number })
        .n
    }
    return total
  })
}

/** A GET with another Host header (fetch keeps its own): a custom domain, as README's curl sends it. */
function getAs(host: string, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(p, server.baseUrl), { headers: { Host: host } }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the demo across three databases', () => {
  it("holds each demo organization's rows in exactly the database its directory row names", () => {
    const directory = withDb('DB', (db) =>
      db.prepare('SELECT organization_id AS id, slug, binding, state FROM org_directory ORDER BY slug').all(),
    ) as { id: number; slug: string; binding: string; state: string }[]
    expect(directory.map((d) => d.slug).sort()).toEqual([...SLUGS].sort())
    const expected = (slug: string) => DEMO_PLACEMENT[slug] ?? 'DB'
    expect(Object.fromEntries(directory.map((d) => [d.slug, d.binding]))).toEqual(
      Object.fromEntries(SLUGS.map((s) => [s, expected(s)])),
    )
    // All three databases are used, and each organization's rows are where the directory says, and only there.
    expect(new Set(directory.map((d) => d.binding))).toEqual(new Set(['DB', 'DB_2', 'DB_3']))
    for (const entry of directory) {
      expect(entry.state).toBe('active')
      for (const binding of Object.keys(DATABASE_IDS)) {
        const n = rowsOf(binding, entry.id)
        if (binding === entry.binding) expect(n, `${entry.slug} on ${binding}`).toBeGreaterThan(0)
        else expect(n, `${entry.slug} on ${binding}`).toBe(0)
      }
    }
    // Ids come from the range of the database that holds the organization (worker/db/id-ranges.ts).
    const east = directory.find((d) => d.slug === 'demo-east') as { id: number }
    expect(Math.floor(east.id / 1e12)).toBe(2)
    const eastGames = withDb('DB_2', (db) =>
      db.prepare('SELECT min(id) AS lo FROM games WHERE organization_id = ?').get(east.id),
    ) as {
      lo: number
    }
    expect(Math.floor(eastGames.lo / 1e12)).toBe(2)
  })

  it('serves every demo public site, lists them all on the root page, and signs in their staff and the super admin', async () => {
    const anonymous = new HttpSession(server.baseUrl)
    const listings = await anonymous.call('GET', '/api/organizations/listings')
    expect(listings.status).toBe(200)
    const listed = (listings.body.organizations as { slug: string }[]).map((o) => o.slug)
    for (const slug of ['ocbl', 'demo-east', 'demo-west', 'pickup']) expect(listed).toContain(slug)
    for (const slug of ['ocbl', 'demo-east', 'demo-west', 'pickup']) {
      const current = await anonymous.call('GET', `/api/organizations/current?slug=${slug}`)
      expect(current.status, slug).toBe(200)
      expect(current.body.organization.slug).toBe(slug)
      const page = await fetch(`${server.baseUrl}/${slug}`)
      expect(page.status, slug).toBe(200)
      await page.arrayBuffer()
      for (const account of [SEED_ACCOUNTS.owner, SEED_ACCOUNTS.staff]) {
        const session = new HttpSession(server.baseUrl)
        const login = await session.signIn(account.username, account.password, slug)
        expect(login.status, `${account.username} at ${slug}`).toBe(200)
        const me = await session.call('GET', '/api/organizations/current')
        expect(me.body.organization.slug, `${account.username} at ${slug}`).toBe(slug)
      }
    }
    const admin = new HttpSession(server.baseUrl)
    const login = await admin.signIn(SEED_ACCOUNTS.superadmin.username, DEFAULT_SUPERADMIN_PASSWORD)
    expect(login.status).toBe(200)
    const all = await admin.call('GET', '/api/organizations')
    expect((all.body.organizations as { slug: string }[]).map((o) => o.slug)).toEqual(expect.arrayContaining(SLUGS))
    // README's custom-domain demo on an organization of DB_2: its domain set by the super admin, then
    // the site asked for by that Host.
    const east = (all.body.organizations as { id: number; slug: string }[]).find((o) => o.slug === 'demo-east') as { id: number }
    const domain = await admin.call('PUT', `/api/organizations/${east.id}`, { domain: 'hoops.example' })
    expect(domain.status, JSON.stringify(domain.body)).toBe(200)
    const byHost = await getAs('hoops.example', '/api/organizations/current')
    expect(byHost.status, byHost.body).toBe(200)
    expect(JSON.parse(byHost.body).organization.slug).toBe('demo-east')
  })
})
