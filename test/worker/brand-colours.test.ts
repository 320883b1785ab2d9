// Brand colours (docs/site-look.md "Brand colours"): owners and the super admin set or clear a
// primary and an accent colour; a colour that fails the contrast rule on either theme
// (worker/domain/brand-colours.ts) is a 400 naming the contrast found and needed, and nothing is written.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant, unique } from '../helpers/factories'

const stored = async (orgId: number) =>
  env.DB.prepare('SELECT brand_primary AS primaryColour, brand_accent AS accent, version FROM organizations WHERE id = ?')
    .bind(orgId)
    .first<{ primaryColour: string | null; accent: string | null; version: number }>()

function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.set(key, value)
  return body
}

describe('brand colours', () => {
  it('start unset: the public answer says null for both', async () => {
    const { org } = await createTenant()
    const res = await new Client().get(`/api/organizations/current?slug=${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.organization.brandPrimary).toBeNull()
    expect(res.body.organization.brandAccent).toBeNull()
  })

  it('an owner sets both (multipart, as Site look sends them), the public site reads them, then clears them', async () => {
    const { org, ownerClient } = await createTenant()
    const set = await ownerClient.putForm(
      `/api/organizations/${org.id}`,
      form({ brandPrimary: '#2563EB', brandAccent: '#dc2626', version: '1' }),
    )
    expect(set.status).toBe(200)
    expect(set.body.organization).toMatchObject({ brandPrimary: '#2563eb', brandAccent: '#dc2626' })
    expect(await stored(org.id)).toMatchObject({ primaryColour: '#2563eb', accent: '#dc2626' })
    const visitor = await new Client().get(`/api/organizations/current?slug=${org.slug}`)
    expect(visitor.body.organization).toMatchObject({ brandPrimary: '#2563eb', brandAccent: '#dc2626' })

    // Empty clears one, JSON null the other; a field not sent stays as it is.
    const cleared = await ownerClient.putForm(`/api/organizations/${org.id}`, form({ brandPrimary: '' }))
    expect(cleared.status).toBe(200)
    expect(cleared.body.organization).toMatchObject({ brandPrimary: null, brandAccent: '#dc2626' })
    const nulled = await ownerClient.put(`/api/organizations/${org.id}`, { brandAccent: null })
    expect(nulled.status).toBe(200)
    expect(await stored(org.id)).toMatchObject({ primaryColour: null, accent: null })
  })

  it('refuses a colour too light for the light theme or too dark for the dark one, naming the contrast, and writes nothing', async () => {
    const { org, ownerClient } = await createTenant()
    await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb' })
    const before = await stored(org.id)

    const yellow = await ownerClient.putForm(
      `/api/organizations/${org.id}`,
      form({ brandPrimary: '#dc2626', brandAccent: '#ffff00', name: 'Renamed' }),
    )
    expect(yellow.status).toBe(400)
    expect(yellow.body.fields.brandAccent).toMatch(/^Too little contrast on the light theme: 1\.\d:1, WCAG AA needs 3:1$/)
    expect(yellow.body.message).toBe(yellow.body.fields.brandAccent)

    const navy = await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#000080' })
    expect(navy.status).toBe(400)
    expect(navy.body.fields.brandPrimary).toMatch(/^Too little contrast on the dark theme: \d\.\d:1, WCAG AA needs 3:1$/)

    const word = await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: 'blue' })
    expect(word.status).toBe(400)
    expect(word.body.fields.brandPrimary).toBe('Must be a colour like #1d4ed8')

    expect(await stored(org.id)).toEqual(before)
    const name = await env.DB.prepare('SELECT name FROM organizations WHERE id = ?').bind(org.id).first<{ name: string }>()
    expect(name?.name).not.toBe('Renamed')
  })

  it('the super admin sets them on any organization, and on a new one', async () => {
    const { org } = await createTenant()
    const { client } = await createSuperAdmin()
    const res = await client.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb', brandAccent: '#dc2626' })
    expect(res.status).toBe(200)
    expect(await stored(org.id)).toMatchObject({ primaryColour: '#2563eb', accent: '#dc2626' })

    const created = await client.post('/api/admin/organizations', {
      name: 'Brand League',
      slug: unique('brand'),
      brandPrimary: '#2563eb',
    })
    expect(created.status).toBe(201)
    expect(created.body.organization).toMatchObject({ brandPrimary: '#2563eb', brandAccent: null })
    const refused = await client.post('/api/admin/organizations', {
      name: 'Pale League',
      slug: unique('pale'),
      brandAccent: '#eeeeee',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.fields.brandAccent).toMatch(/^Too little contrast on the light theme/)
  })

  it("another organization's owner gets 404 and staff 403; neither changes anything", async () => {
    const { org, staffClient } = await createTenant()
    const other = await createTenant()
    const before = await stored(org.id)
    const foreign = await other.ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb' })
    expect(foreign.status).toBe(404)
    const staff = await staffClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb' })
    expect(staff.status).toBe(403)
    expect(await stored(org.id)).toEqual(before)
  })

  it('a stale version is a 409 and keeps the colours', async () => {
    const { org, ownerClient } = await createTenant()
    const first = await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb', version: 1 })
    expect(first.status).toBe(200)
    const stale = await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#dc2626', version: 1 })
    expect(stale.status).toBe(409)
    expect((await stored(org.id))?.primaryColour).toBe('#2563eb')
  })

  it("the public page's first-paint header wears them as CSS properties with the text colour the rule chose", async () => {
    const { org, ownerClient } = await createTenant()
    const plain = String((await new Client().get(`/${org.slug}`)).body)
    expect(plain).toContain('<div id="root"><div class="site-shell"><header')
    await ownerClient.put(`/api/organizations/${org.id}`, { brandPrimary: '#2563eb', brandAccent: '#e8590c' })
    const html = String((await new Client().get(`/${org.slug}`)).body)
    expect(html).toContain(
      '<div id="root"><div class="site-shell" style="--brand-primary:#2563eb;--brand-primary-text:#ffffff;--brand-accent:#e8590c;--brand-accent-text:#111418"><header',
    )
  })
})
