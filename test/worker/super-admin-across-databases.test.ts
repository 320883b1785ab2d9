import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createOrg, createTenant, createUser, unique } from '../helpers/factories'

// docs/scaling.md "Past one database", docs/decisions/2026-11-28-super-admin-acting-organization.md:
// a super admin whose own (platform) organization lives on DB_2 acts on organizations on DB and
// DB_3. Every call talks to the database that holds the row it touches, and to no other.

type Binding = 'DB' | 'DB_2' | 'DB_3'
const BINDINGS: Binding[] = ['DB', 'DB_2', 'DB_3']

/** The bindings whose `table` holds a row matching `where`. */
async function holders(table: string, where: string, ...values: unknown[]): Promise<Binding[]> {
  const found: Binding[] = []
  for (const binding of BINDINGS) {
    const row = await env[binding]
      .prepare(`SELECT 1 AS x FROM ${table} WHERE ${where}`)
      .bind(...values)
      .first()
    if (row) found.push(binding)
  }
  return found
}

let admin: Client
let superAdmin: Awaited<ReturnType<typeof createUser>>
let platformId: number
let onDb: Awaited<ReturnType<typeof createTenant>>
let onDb3: Awaited<ReturnType<typeof createTenant>>

beforeAll(async () => {
  const platform = await createOrg({ name: 'Platform on DB_2', slug: unique('platform2'), isPlatform: true }, 'DB_2')
  platformId = platform.id
  superAdmin = await createUser(platform.id, 'super_admin')
  admin = new Client()
  // The platform sign-in finds the administrator on DB_2 (it looks on DB first, then the others).
  await admin.signIn(superAdmin.username, superAdmin.password)
  onDb = await createTenant({}, 'DB')
  onDb3 = await createTenant({}, 'DB_3')
})

describe('a super admin on DB_2', () => {
  it('is on DB_2, and the organizations are on DB and DB_3', async () => {
    expect(await holders('users', 'id = ?', superAdmin.id)).toEqual(['DB_2'])
    expect(await holders('organizations', 'id = ?', onDb.org.id)).toEqual(['DB'])
    expect(await holders('organizations', 'id = ?', onDb3.org.id)).toEqual(['DB_3'])
    const me = await admin.get('/api/auth/check-auth')
    expect(me.status).toBe(200)
    expect(me.body.user?.id ?? me.body.id).toBe(superAdmin.id)
  })

  it("writes into the acting organization's database only, its audit trail there naming the super admin", async () => {
    for (const tenant of [onDb, onDb3]) {
      const name = unique('Venue')
      const made = await admin.post(`/api/venues?organization_id=${tenant.org.id}`, { name })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const where = tenant === onDb ? 'DB' : 'DB_3'
      expect(await holders('venues', 'name = ? AND organization_id = ?', name, tenant.org.id)).toEqual([where])
      expect(
        await holders(
          'audit_log',
          'organization_id = ? AND user_id = ? AND table_name = ?',
          tenant.org.id,
          superAdmin.id,
          'venues',
        ),
      ).toEqual([where])
      // The acting organization's trail shows the super admin's act.
      const trail = await admin.get(`/api/audit-log?organization_id=${tenant.org.id}&userId=${superAdmin.id}`)
      expect(trail.status, JSON.stringify(trail.body)).toBe(200)
      expect(trail.body.total).toBeGreaterThan(0)
    }
  })

  it("is who check-auth says on another database's public site, and signs in at a league's door on another database", async () => {
    for (const tenant of [onDb, onDb3]) {
      const me = await admin.get(`/api/auth/check-auth?slug=${tenant.org.slug}`)
      expect(me.status, JSON.stringify(me.body)).toBe(200)
      expect(me.body.authenticated).toBe(true)
      expect(me.body.user.id).toBe(superAdmin.id)
      expect(me.body.user.organization.id).toBe(platformId)
      const atTheDoor = new Client()
      const login = await atTheDoor.post('/api/auth/login', {
        username: superAdmin.username,
        password: superAdmin.password,
        slug: tenant.org.slug,
      })
      expect(login.status, JSON.stringify(login.body)).toBe(200)
      expect(login.body.user.id).toBe(superAdmin.id)
    }
  })

  it('changes its own profile and password on DB_2, and its session goes on', async () => {
    const email = `${unique('me')}@example.com`
    const saved = await admin.put(`/api/usersv2/${superAdmin.id}`, { email })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await holders('users', 'id = ? AND email = ?', superAdmin.id, email)).toEqual(['DB_2'])
    const password = 'a-new-long-password-2'
    const changed = await admin.put(`/api/usersv2/${superAdmin.id}`, { password, oldPassword: superAdmin.password })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    superAdmin.password = password
    expect((await admin.get('/api/auth/check-auth')).status).toBe(200)
    // The session still acts on the other databases' organizations.
    expect((await admin.get(`/api/usersv2?organization_id=${onDb3.org.id}`)).status).toBe(200)
    const again = new Client()
    await again.signIn(superAdmin.username, password)
    // Its own account read as a super admin: from DB_2.
    const mine = await again.get(`/api/usersv2/${superAdmin.id}`)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.user.email).toBe(email)
  })

  it("lists, reads, creates, changes and deletes other organizations' users on their own databases", async () => {
    for (const tenant of [onDb, onDb3]) {
      const where = tenant === onDb ? 'DB' : 'DB_3'
      const list = await admin.get(`/api/usersv2?organization_id=${tenant.org.id}`)
      expect(list.status).toBe(200)
      expect((list.body.users as { id: number }[]).map((u) => u.id).sort()).toEqual([tenant.owner.id, tenant.staff.id].sort())
      const read = await admin.get(`/api/usersv2/${tenant.staff.id}`)
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      const email = `${unique('staff')}@example.com`
      const changed = await admin.put(`/api/usersv2/${tenant.staff.id}`, { email })
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
      expect(await holders('users', 'id = ? AND email = ?', tenant.staff.id, email)).toEqual([where])
      const username = unique('made')
      const made = await admin.post('/api/usersv2', {
        username,
        password: 'a-long-password-3',
        role: 'staff',
        organization_id: tenant.org.id,
      })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      expect(await holders('users', 'username = ?', username)).toEqual([where])
      const gone = await admin.delete(`/api/usersv2/${made.body.user.id}`)
      expect(gone.status, JSON.stringify(gone.body)).toBe(204)
      expect(await holders('users', 'username = ?', username)).toEqual([])
      // The organization with its users, from its database.
      const org = await admin.get(`/api/organizations/${tenant.org.id}`)
      expect(org.status).toBe(200)
      expect((org.body.organization.users as { id: number }[]).length).toBe(2)
    }
    const everyone = await admin.get('/api/usersv2')
    const ids = (everyone.body.users as { id: number }[]).map((u) => u.id)
    for (const id of [superAdmin.id, onDb.owner.id, onDb3.owner.id]) expect(ids).toContain(id)
  })

  it('reads its own organization’s trail from DB_2, and a deleted organization’s trail from the database that kept it', async () => {
    const own = await admin.get('/api/audit-log')
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    // An organization on DB_3, changed and then deleted: its trail stays on DB_3.
    const doomed = await createTenant({}, 'DB_3')
    const name = unique('Venue')
    expect((await admin.post(`/api/venues?organization_id=${doomed.org.id}`, { name })).status).toBe(201)
    const deleted = await admin.delete(`/api/organizations/${doomed.org.id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    expect(await holders('organizations', 'id = ?', doomed.org.id)).toEqual([])
    expect(await holders('audit_log', 'organization_id = ? AND table_name = ?', doomed.org.id, 'venues')).toEqual(['DB_3'])
    const trail = await admin.get(`/api/audit-log?organization_id=${doomed.org.id}&table=venues`)
    expect(trail.status, JSON.stringify(trail.body)).toBe(200)
    expect(trail.body.total).toBeGreaterThan(0)
  })

  it('signs out everywhere on DB_2', async () => {
    const other = new Client()
    await other.signIn(superAdmin.username, superAdmin.password)
    const out = await other.post('/api/auth/logout')
    expect(out.status, JSON.stringify(out.body)).toBe(200)
    expect((await admin.get(`/api/usersv2?organization_id=${onDb.org.id}`)).status).toBe(401)
    expect(platformId).toBeGreaterThan(2e12)
  })
})

describe('the root page across databases', () => {
  it('lists the organizations of every database once', async () => {
    const res = await new Client().get('/api/organizations/listings')
    expect(res.status).toBe(200)
    const slugs = (res.body.organizations as { slug: string }[]).map((o) => o.slug)
    for (const slug of [onDb.org.slug, onDb3.org.slug]) expect(slugs.filter((s) => s === slug)).toEqual([slug])
  })
})
