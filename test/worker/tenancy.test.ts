import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createOrg, createUser, unique } from '../helpers/factories'

describe('tenancy', () => {
  it('resolves an organization by slug', async () => {
    const org = await createOrg()
    const res = await new Client().get(`/api/organizations/slug/${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.organization).toMatchObject({ id: org.id, slug: org.slug, name: org.name })
  })

  it('resolves an organization by its custom domain, with or without www', async () => {
    const domain = `${unique('hoops')}.example`
    const org = await createOrg({ domain })
    const bare = await new Client().get(`/api/organizations/domain/${domain}`)
    expect(bare.body.organization.id).toBe(org.id)
    const www = await new Client().get(`/api/organizations/domain/www.${domain}`)
    expect(www.body.organization.id).toBe(org.id)
  })

  it('takes the organization from the Host header on a custom domain', async () => {
    const domain = `${unique('court')}.example`
    // On two other databases than DB (docs/scaling.md "Past one database"): the Host finds its own.
    const org = await createOrg({ domain }, 'DB_2')
    const res = await new Client(`http://www.${domain}`).get('/api/organizations/current')
    expect(res.body.organization.id).toBe(org.id)
    const other = await createOrg({}, 'DB_3')
    // On a custom domain the query cannot point elsewhere: the Host decides.
    const sneaky = await new Client(`http://${domain}`).get(`/api/organizations/current?slug=${other.slug}`)
    expect(sneaky.body.organization.id).toBe(org.id)
  })

  it('takes the organization from the slug or domain query on the platform host', async () => {
    const domain = `${unique('q')}.example`
    const org = await createOrg({ domain }, 'DB_3')
    expect((await new Client().get(`/api/organizations/current?slug=${org.slug}`)).body.organization.id).toBe(org.id)
    expect((await new Client().get(`/api/organizations/current?domain=${domain}`)).body.organization.id).toBe(org.id)
  })

  it('answers an unknown organization with a JSON 404', async () => {
    const client = new Client()
    for (const path of [
      '/api/organizations/slug/nope-nope',
      '/api/organizations/domain/nope.example',
      '/api/organizations/current?slug=nope-nope',
      '/api/organizations/current',
    ]) {
      const res = await client.get(path)
      expect(res.status, path).toBe(404)
      expect(res.body).toEqual({ message: 'Organization not found' })
    }
  })

  it('never treats a reserved first segment as a slug', async () => {
    const client = new Client()
    for (const segment of ['registration', 'leagueInfo', 'tournament', 'ourTeam', 'leagueFootage', 'youth', 'contact']) {
      expect((await client.get(`/api/organizations/slug/${segment}`)).status).toBe(404)
      expect((await client.get(`/api/organizations/current?slug=${segment}`)).status).toBe(404)
    }
  })

  it('refuses reserved and app segments as slugs when creating an organization', async () => {
    const platform = await createOrg({ isPlatform: true })
    const admin = await createUser(platform.id, 'super_admin')
    const client = new Client()
    await client.signIn(admin.username, admin.password)
    for (const slug of ['registration', 'leaguefootage', 'dashboard', 'login']) {
      const res = await client.post('/api/admin/organizations', { name: 'X', slug })
      expect(res.status, slug).toBe(400)
      expect(res.body.fields.slug).toBe('This slug is reserved')
    }
  })

  it('answers an unmatched /api path with JSON 404, never the SPA', async () => {
    const res = await new Client().get('/api/definitely/not/here')
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).toContain('application/json')
    expect(res.body.message).toBe('Not found')
  })

  it('serves a friendly 404 page on a custom domain that belongs to nobody', async () => {
    const res = await new Client('http://nobody-here.example').get('/schedule')
    expect(res.status).toBe(404)
    expect(res.body).toContain('There is no league site here yet')
  })
})
