import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant } from '../helpers/factories'

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
