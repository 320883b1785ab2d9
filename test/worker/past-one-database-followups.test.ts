import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { ID_RANGE } from '../../worker/db/id-ranges'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant, unique } from '../helpers/factories'

// docs/scaling.md "Past one database" and "Moving an organization": what a move leaves behind in
// the id ranges, the public lists that span databases, users between databases, and a super
// admin's calls about an organization that moved.

const TOKEN = 'move-token-for-tests'
const withMoves = { ...env, ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } as Cloudflare.Env

/** Runs the mover until the organization is on `binding` (worker/db/move.ts). */
async function move(slug: string, binding: string) {
  const mover = new Client()
  mover.bindings = withMoves
  for (let i = 0; i < 300; i++) {
    const reply = await mover.post(
      '/internal/org-move',
      { slug, binding },
      { xsrf: false, headers: { Authorization: `Bearer ${TOKEN}` } },
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    if (reply.body.done) return
  }
  throw new Error(`${slug} did not reach ${binding}`)
}

const holds = async (d1: D1Database, table: string, id: number) =>
  Boolean(await d1.prepare(`SELECT 1 AS x FROM ${table} WHERE id = ?`).bind(id).first())

describe('a move into a database of a lower id range', () => {
  it("is refused before it starts, so the target keeps handing out its own range's ids", async () => {
    const moving = await createTenant({}, 'DB_2')
    const venue = await moving.ownerClient.post('/api/venues', { name: unique('Venue') })
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    expect(venue.body.venue.id).toBeGreaterThanOrEqual(2 * ID_RANGE)
    const mover = new Client()
    mover.bindings = withMoves
    const refused = await mover.post(
      '/internal/org-move',
      { slug: moving.org.slug, binding: 'DB' },
      { xsrf: false, headers: { Authorization: `Bearer ${TOKEN}` } },
    )
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.message).toMatch(/higher range/)
    // Nothing started: no copy on DB, no move recorded, the organization still on DB_2.
    expect(await holds(env.DB, 'venues', venue.body.venue.id)).toBe(false)
    expect(await env.DB.prepare('SELECT 1 AS x FROM org_moves WHERE organization_id = ?').bind(moving.org.id).first()).toBeNull()
    expect((await moving.ownerClient.post('/api/venues', { name: unique('Venue') })).status).toBe(201)
    // Another organization on DB gets DB's ids, not DB_2's.
    const stay = await createTenant({}, 'DB')
    const made = await stay.ownerClient.post('/api/venues', { name: unique('Venue') })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.venue.id).toBeLessThan(ID_RANGE)
  })

  it('moves up the ranges (DB_2 → DB_3) and the target still hands out its own ids', async () => {
    const moving = await createTenant({}, 'DB_2')
    expect((await moving.ownerClient.post('/api/venues', { name: unique('Venue') })).status).toBe(201)
    await move(moving.org.slug, 'DB_3')
    const after = await moving.ownerClient.post('/api/venues', { name: unique('Venue') })
    expect(after.status, JSON.stringify(after.body)).toBe(201)
    expect(after.body.venue.id).toBeGreaterThanOrEqual(3 * ID_RANGE)
  })
})

describe('the public business directory', () => {
  it('lists the businesses of organizations on every database, in one stable order', async () => {
    const onDb = await createTenant({}, 'DB')
    const onDb3 = await createTenant({}, 'DB_3')
    const tag = unique('span')
    for (const [tenant, name] of [
      [onDb3, `${tag} alpha`],
      [onDb, `${tag} beta`],
      [onDb3, `${tag} gamma`],
    ] as const) {
      const res = await tenant.ownerClient.post('/api/businesses', { name })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const listed = await new Client().get('/api/businesses/directory')
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    const mine = (listed.body.businesses as { name: string; organization: { slug: string } }[]).filter((b) =>
      b.name.startsWith(tag),
    )
    expect(mine.map((b) => [b.name, b.organization.slug])).toEqual([
      [`${tag} alpha`, onDb3.org.slug],
      [`${tag} beta`, onDb.org.slug],
      [`${tag} gamma`, onDb3.org.slug],
    ])
  })
})

describe('a super admin and an organization moved DB_2 → DB_3', () => {
  let admin: Client
  let moved: Awaited<ReturnType<typeof createTenant>>
  let venueId: number
  beforeAll(async () => {
    admin = (await createSuperAdmin()).client
    moved = await createTenant({}, 'DB_2')
    const venue = await admin.post(`/api/venues?organization_id=${moved.org.id}`, { name: unique('Venue') })
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    venueId = venue.body.venue.id
    await move(moved.org.slug, 'DB_3')
  })

  it('reads its audit trail and the organization from DB_3', async () => {
    const trail = await admin.get(`/api/audit-log?organization_id=${moved.org.id}&table=venues`)
    expect(trail.status, JSON.stringify(trail.body)).toBe(200)
    expect(trail.body.total).toBeGreaterThan(0)
    const org = await admin.get(`/api/organizations/${moved.org.id}`)
    expect(org.status, JSON.stringify(org.body)).toBe(200)
    const venue = await admin.get(`/api/venues/${venueId}?organization_id=${moved.org.id}`)
    expect(venue.status, JSON.stringify(venue.body)).toBe(200)
  })

  it('reads, changes and deletes its users by id (their ids in DB_2’s range)', async () => {
    expect(moved.staff.id).toBeGreaterThanOrEqual(2 * ID_RANGE)
    expect(moved.staff.id).toBeLessThan(3 * ID_RANGE)
    const read = await admin.get(`/api/usersv2/${moved.staff.id}`)
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    const email = `${unique('moved')}@example.com`
    const changed = await admin.put(`/api/usersv2/${moved.staff.id}`, { email })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await env.DB_3.prepare('SELECT email FROM users WHERE id = ?').bind(moved.staff.id).first('email')).toBe(email)
    const gone = await admin.delete(`/api/users/${moved.staff.id}`)
    expect(gone.status, JSON.stringify(gone.body)).toBe(204)
    expect(await holds(env.DB_3, 'users', moved.staff.id)).toBe(false)
    expect((await admin.get(`/api/usersv2/${moved.staff.id}`)).status).toBe(404)
  })
  it('reads the trail of one it deleted after the move from DB_3, where the trail stayed', async () => {
    const doomed = await createTenant({}, 'DB_2')
    await move(doomed.org.slug, 'DB_3')
    const name = unique('Venue')
    expect((await admin.post(`/api/venues?organization_id=${doomed.org.id}`, { name })).status).toBe(201)
    const deleted = await admin.delete(`/api/organizations/${doomed.org.id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    const kept = await env.DB_3.prepare('SELECT count(*) AS n FROM audit_log WHERE organization_id = ? AND table_name = ?')
      .bind(doomed.org.id, 'venues')
      .first<{ n: number }>()
    expect(kept?.n).toBeGreaterThan(0)
    // The directory no longer names it, and its id is in DB_2's range: the trail is still found.
    const trail = await admin.get(`/api/audit-log?organization_id=${doomed.org.id}&table=venues`)
    expect(trail.status, JSON.stringify(trail.body)).toBe(200)
    expect(trail.body.total).toBe(kept?.n)
  })
})

describe('moving a user into an organization on another database', () => {
  it('is refused with 409 and says why, and changes nothing', async () => {
    const { client } = await createSuperAdmin()
    const from = await createTenant({}, 'DB_2')
    const into = await createTenant({}, 'DB_3')
    const res = await client.post(`/api/organizations/${into.org.id}/addUser`, { userId: from.staff.id })
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.message).toMatch(/another database/)
    expect(
      await env.DB_2.prepare('SELECT organization_id FROM users WHERE id = ?').bind(from.staff.id).first('organization_id'),
    ).toBe(from.org.id)
    expect(await holds(env.DB_3, 'users', from.staff.id)).toBe(false)
    // A user that exists nowhere is still not found.
    expect((await client.post(`/api/organizations/${into.org.id}/addUser`, { userId: 999_999_999 })).status).toBe(404)
    // On the same database, the move works as before.
    const neighbour = await createTenant({}, 'DB_3')
    const ok = await client.post(`/api/organizations/${into.org.id}/addUser`, { userId: neighbour.staff.id })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })
})
