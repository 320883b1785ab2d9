import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../worker/routes/site-meta'
import { Client, workerFetch } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'

const version = async (orgId: number) =>
  (await env.DB.prepare('SELECT data_version AS v FROM organizations WHERE id = ?').bind(orgId).first<{ v: number }>())?.v ?? 0

describe('edge cache', () => {
  it('serves an untouched public page from the cache and a changed one fresh at the next load', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2 })
    const visitor = new Client()
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams?slug=${org.slug}`
    const first = await visitor.get(path)
    expect(first.headers.get('X-Cache')).toBe('MISS')
    await new Promise((r) => setTimeout(r, 30))
    const second = await visitor.get(path)
    expect(second.headers.get('X-Cache')).toBe('HIT')
    expect(second.body).toEqual(first.body)
    await staffClient.put(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`, { name: 'Renamed Now' })
    const third = await visitor.get(path)
    expect(third.headers.get('X-Cache')).toBe('MISS')
    expect(third.body.teams.map((t: any) => t.name)).toContain('Renamed Now')
  })

  it('bumps the data version in the same transaction as any write, even a raw one', async () => {
    const { org } = await createTenant()
    const before = await version(org.id)
    await env.DB.prepare("INSERT INTO businesses (organization_id, name) VALUES (?, 'Gym')").bind(org.id).run()
    expect(await version(org.id)).toBe(before + 1)
    await env.DB.prepare('DELETE FROM businesses WHERE organization_id = ?').bind(org.id).run()
    expect(await version(org.id)).toBe(before + 2)
  })

  it('never caches signed-in requests, errors or the session check', async () => {
    const { org, staffClient } = await createTenant()
    const { season } = await buildSeason(staffClient, org.id)
    const signedIn = await staffClient.get(`/api/seasonsv2/${season.id}?slug=${org.slug}`)
    expect(signedIn.headers.get('X-Cache')).toBeNull()
    const visitor = new Client()
    expect((await visitor.get(`/api/seasonsv2/999999?slug=${org.slug}`)).headers.get('X-Cache')).toBeNull()
    expect((await visitor.get(`/api/auth/check-auth?slug=${org.slug}`)).headers.get('X-Cache')).toBeNull()
  })

  it('keeps tenants apart: the same path for two organizations never shares an entry', async () => {
    const a = await createTenant()
    const b = await createTenant()
    const sa = await buildSeason(a.staffClient, a.org.id)
    await buildSeason(b.staffClient, b.org.id)
    const visitor = new Client()
    await visitor.get(`/api/seasonsv2?slug=${a.org.slug}`)
    await new Promise((r) => setTimeout(r, 30))
    const other = await visitor.get(`/api/seasonsv2?slug=${b.org.slug}`)
    expect(other.body.seasons.some((s: any) => s.id === sa.season.id)).toBe(false)
  })
})

describe('cache keys that never repeat (docs/api-concurrency.md)', () => {
  const TRIGGER_SQL =
    'CREATE TRIGGER `organizations_draw_cache_epoch` AFTER UPDATE OF `data_version` ON `organizations` BEGIN UPDATE `organizations` SET `cache_epoch` = lower(hex(randomblob(8))) WHERE `id` = NEW.`id`; END;'

  it('never serves a discarded timeline after a restore rewinds the data version', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2 })
    const visitor = new Client()
    const path = `/api/seasonsv2/${season.id}/leagues/${league.id}/teams?slug=${org.slug}`
    const teamName = teams[0].name
    // The backup: the organization's version and epoch, and the team as it is now.
    const backup = await env.DB.prepare('SELECT data_version, cache_epoch FROM organizations WHERE id = ?')
      .bind(org.id)
      .first<{ data_version: number; cache_epoch: string }>()
    expect(backup?.cache_epoch).toMatch(/^[0-9a-f]{16}$/)
    const rename = (name: string) =>
      staffClient.put(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${teams[0].id}`, { name })
    expect((await rename('First Timeline')).status).toBe(200)
    await visitor.get(path)
    await new Promise((r) => setTimeout(r, 30))
    expect((await visitor.get(path)).headers.get('X-Cache')).toBe('HIT')
    // Restore the backup as a restore does: rows back as they were, triggers not firing.
    await env.DB.batch([
      env.DB.prepare('DROP TRIGGER organizations_draw_cache_epoch'),
      env.DB.prepare('UPDATE teams SET name = ? WHERE id = ?').bind(teamName, teams[0].id),
      env.DB.prepare('UPDATE organizations SET data_version = ?, cache_epoch = ? WHERE id = ?').bind(
        backup?.data_version,
        backup?.cache_epoch,
        org.id,
      ),
      env.DB.prepare(TRIGGER_SQL),
    ])
    // The same number of writes again, with another name: the version repeats, the epoch does not.
    expect((await rename('Second Timeline')).status).toBe(200)
    const after = await visitor.get(path)
    expect(after.body.teams.map((t: any) => t.name)).toContain('Second Timeline')
    expect(after.body.teams.map((t: any) => t.name)).not.toContain('First Timeline')
  })

  it('keeps answers that depend on the host apart: the calendar feed links to the host asked', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league, teams } = await buildSeason(staffClient, org.id, { teamCount: 2 })
    const game = await staffClient.post('/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: teams[0].id,
      team2_id: teams[1].id,
      date: '2025-10-06',
      time: '19:00',
    })
    expect(game.status).toBe(201)
    const path = `/api/calendar/leagues/${league.id}.ics?slug=${org.slug}`
    const text = async (origin: string) => {
      const res = await workerFetch(new Request(`${origin}${path}`))
      return { cache: res.headers.get('X-Cache'), body: await res.text() }
    }
    const one = await text('http://localhost')
    await new Promise((r) => setTimeout(r, 30))
    const other = await text('http://127.0.0.1')
    expect(one.body).toContain(`http://localhost/${org.slug}/games/`)
    expect(other.body).toContain(`http://127.0.0.1/${org.slug}/games/`)
    expect(other.body).not.toContain('http://localhost')
  })

  it('never caches a path that names another organization than its slug', async () => {
    const a = await createTenant()
    const b = await createTenant()
    const visitor = new Client()
    const crafted = `/api/organizations/slug/${b.org.slug}?slug=${a.org.slug}`
    const first = await visitor.get(crafted)
    expect(first.headers.get('X-Cache')).toBeNull()
    await new Promise((r) => setTimeout(r, 30))
    expect((await visitor.get(crafted)).headers.get('X-Cache')).toBeNull()
  })
})

describe('HTML shell and static assets (docs/reference/performance.md §3)', () => {
  it('serves a visitor the page HTML from the cache until the organization changes, then fresh meta', async () => {
    const { org, staffClient } = await createTenant()
    const { season, league } = await buildSeason(staffClient, org.id, { teamCount: 2 })
    const team = (await staffClient.post(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams`, { name: 'Night Owls' })).body
      .team
    const visitor = new Client()
    const path = `/${org.slug}/teams/${team.id}`
    const first = await visitor.get(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('X-Cache')).toBe('MISS')
    expect(first.headers.get('Cache-Control')).toBe('no-cache')
    expect(first.body).toContain('Night Owls')
    await new Promise((r) => setTimeout(r, 30))
    const second = await visitor.get(path)
    expect(second.headers.get('X-Cache')).toBe('HIT')
    expect(second.headers.get('Cache-Control')).toBe('no-cache')
    expect(second.headers.get('Content-Security-Policy')).toContain("default-src 'self'")
    expect(second.body).toBe(first.body)
    await staffClient.put(`/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${team.id}`, { name: 'Early Birds' })
    const third = await visitor.get(path)
    expect(third.headers.get('X-Cache')).toBe('MISS')
    expect(third.body).toContain('Early Birds')
    expect(third.body).not.toContain('Night Owls')
  })

  it('keeps the HTML of two organizations, and of the platform host and a custom domain, apart', async () => {
    const a = await createTenant({ domain: `${unique('shell')}.example` })
    const b = await createTenant()
    const visitor = new Client()
    await visitor.get(`/${a.org.slug}`)
    await visitor.get(`/${b.org.slug}`)
    await new Promise((r) => setTimeout(r, 30))
    const pageA = await visitor.get(`/${a.org.slug}`)
    const pageB = await visitor.get(`/${b.org.slug}`)
    expect(pageA.headers.get('X-Cache')).toBe('HIT')
    expect(pageA.body).toContain(escapeHtml(a.org.name))
    expect(pageB.body).toContain(escapeHtml(b.org.name))
    expect(pageB.body).not.toContain(escapeHtml(a.org.name))
    const onDomain = await new Client(`http://${a.org.domain}`).get('/')
    expect(onDomain.headers.get('X-Cache')).toBe('MISS')
    expect(onDomain.body).toContain('<meta name="courtside-host" content="custom">')
  })

  it('never caches the HTML of a signed-in request, an unknown domain or a platform page', async () => {
    const { org, staffClient } = await createTenant()
    const signedIn = await staffClient.get(`/${org.slug}/schedule`)
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.get('X-Cache')).toBeNull()
    const nobody = await new Client(`http://${unique('nobody')}.example`).get('/')
    expect(nobody.status).toBe(404)
    expect(nobody.headers.get('X-Cache')).toBeNull()
    const root = await new Client().get('/')
    expect(root.headers.get('X-Cache')).toBeNull()
    expect(root.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('serves hashed assets immutable for a year', async () => {
    const shell = await new Client().get('/')
    const entry = String(shell.body).match(/src="(\/assets\/[^"]+\.js)"/)?.[1]
    expect(entry).toBeDefined()
    const asset = await new Client().get(entry ?? '')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('Content-Type')).toContain('javascript')
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })
})
