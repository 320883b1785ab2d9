import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db/client'
import { bindingNameFor, parseRoutes } from '../../worker/db/routing'
import { organizations } from '../../worker/db/schema'
import { BOOKMARK_COOKIE } from '../../worker/middleware/d1-sessions'
import { Client } from '../helpers/client'
import { D1Counter } from '../helpers/d1-counter'
import { buildSeason, createTenant, unique } from '../helpers/factories'

const bookmarkCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))

describe('D1 Sessions API', () => {
  it('drizzle runs on a D1 session and the session hands out a bookmark (local workerd)', async () => {
    const session = env.DB.withSession('first-primary')
    const db = createDb(session)
    const rows = await db.select({ id: organizations.id }).from(organizations).limit(1)
    expect(Array.isArray(rows)).toBe(true)
    const [one] = await db.batch([db.select({ id: organizations.id }).from(organizations).limit(1)])
    expect(Array.isArray(one)).toBe(true)
    expect(typeof session.getBookmark()).toBe('string')
  })

  it("gives a staff member's write a bookmark cookie and starts their next read from it", async () => {
    const t = await createTenant()
    const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 2 })
    const res = await t.staffClient.put(`/api/seasonsv2/${built.season.id}`, { name: unique('Renamed') })
    expect(res.status).toBe(200)
    const cookie = bookmarkCookie(res.headers)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(t.staffClient.cookies.get(BOOKMARK_COOKIE)).toBeTruthy()
    // The next signed-in read carries the bookmark and sees the write.
    const read = await t.staffClient.get(`/api/seasonsv2/${built.season.id}`)
    expect(read.status).toBe(200)
    expect(JSON.stringify(read.body)).toContain('Renamed')
  })

  it('keeps anonymous public reads free of cookies, so the edge cache stores them', async () => {
    const t = await createTenant()
    await buildSeason(t.ownerClient, t.org.id, { teamCount: 2 })
    const anon = new Client()
    const first = await anon.get(`/api/seasonsv2?slug=${t.org.slug}`)
    expect(first.status).toBe(200)
    expect(first.headers.getSetCookie()).toEqual([])
    const second = await anon.get(`/api/seasonsv2?slug=${t.org.slug}`)
    expect(second.headers.get('X-Cache')).toBe('HIT')
  })

  it('answers 404 (not 500) when a signed-in call names an organization or season that does not exist', async () => {
    const t = await createTenant()
    expect((await t.staffClient.get(`/api/seasonsv2?slug=${unique('nobody')}`)).status).toBe(404)
    expect((await new Client().get(`/api/seasonsv2/999999/leagues?slug=${t.org.slug}`)).status).toBe(404)
    expect((await new Client().get(`/api/gamesv2?seasonId=999999&slug=${t.org.slug}`)).status).toBe(404)
  })

  it('ignores a forged or garbled bookmark cookie (reads from the primary instead)', async () => {
    const t = await createTenant()
    for (const junk of ['not a bookmark', "x'; drop table users; --", 'f'.repeat(500)]) {
      t.staffClient.cookies.set(BOOKMARK_COOKIE, encodeURIComponent(junk))
      const res = await t.staffClient.get('/api/seasonsv2')
      expect(res.status).toBe(200)
    }
  })
})

describe('routing seam: organizations on several D1 databases (DB_ROUTES)', () => {
  it('picks the binding by slug or custom domain, and DB for everything else', () => {
    const routes = parseRoutes('[{"binding":"DB_2","slugs":["west"],"domains":["hoops.example"]}]')
    expect(bindingNameFor(routes, { kind: 'platform', slug: 'west' })).toBe('DB_2')
    expect(bindingNameFor(routes, { kind: 'platform', slug: 'WEST' })).toBe('DB_2')
    expect(bindingNameFor(routes, { kind: 'custom-domain', domain: 'hoops.example' })).toBe('DB_2')
    expect(bindingNameFor(routes, { kind: 'platform', domain: 'hoops.example' })).toBe('DB_2')
    expect(bindingNameFor(routes, { kind: 'platform', slug: 'east' })).toBe('DB')
    expect(bindingNameFor(routes, { kind: 'platform' })).toBe('DB')
    expect(bindingNameFor([], { kind: 'platform', slug: 'west' })).toBe('DB')
    expect(() => parseRoutes('{"binding":"DB_2"}')).toThrow(/DB_ROUTES/)
  })

  it('serves an organization routed to a second database from that database alone', async () => {
    await applyD1Migrations(env.DB_2, env.TEST_MIGRATIONS)
    const slug = unique('routed')
    await createDb(env.DB_2)
      .insert(organizations)
      .values({ name: `Routed ${slug}`, slug })
    const counter = new D1Counter()
    const routedEnv = {
      ...env,
      DB: counter.wrap(env.DB),
      DB_ROUTES: JSON.stringify([{ binding: 'DB_2', slugs: [slug] }]),
    } as Cloudflare.Env
    const routed = new Client()
    routed.bindings = routedEnv
    const res = await routed.get(`/api/organizations/current?slug=${slug}`)
    expect(res.status).toBe(200)
    expect(res.body.organization.name).toBe(`Routed ${slug}`)
    expect(counter.roundTrips, 'the default database was asked').toBe(0)
    // Without the route the same slug is unknown: it exists only in the second database.
    const unrouted = await new Client().get(`/api/organizations/current?slug=${slug}`)
    expect(unrouted.status).toBe(404)
  })

  it('refuses to run with a route to a binding that is not a D1 database', async () => {
    const client = new Client()
    client.bindings = { ...env, DB_ROUTES: JSON.stringify([{ binding: 'NOPE', slugs: ['nowhere'] }]) } as Cloudflare.Env
    const res = await client.get('/api/organizations/current?slug=nowhere')
    expect(res.status).toBe(500)
    expect(typeof res.body.message).toBe('string')
  })
})
