import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createOrg, createSuperAdmin, createTenant, createUser, unique } from '../helpers/factories'
import { GIF_1X1, JPEG_2X3, PNG_1X1, SVG_WITH_SCRIPT, WEBP_LOSSLESS_2X3, WEBP_LOSSY_2X3 } from '../helpers/images'

// Real images of each accepted kind (the upload check reads their sizes from the header bytes).
const PNG = PNG_1X1
const GIF = GIF_1X1
const SVG = SVG_WITH_SCRIPT

function orgForm(
  fields: Record<string, string | string[]>,
  logo?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v)
  }
  if (logo) form.append('logo', new File([logo.bytes as Uint8Array<ArrayBuffer>], logo.name, { type: logo.type }))
  return form
}

const countOrgs = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM organizations').first<{ n: number }>())?.n

describe('organizations as super admin', () => {
  it('creates an organization with a logo, its sports and their defaults, and serves the logo back', async () => {
    const { client } = await createSuperAdmin()
    const sports = (await client.get('/api/sportsv2')).body.sports as { id: number; type: string }[]
    const basketball = sports.find((s) => s.type === 'basketball')!
    const slug = unique('hoops')
    const res = await client.postForm(
      '/api/organizations',
      orgForm(
        {
          name: 'Hoops League',
          slug,
          domain: `WWW.${slug}.example`,
          theme: 'dark',
          facebook_url: 'https://facebook.com/hoops',
          instagram_url: '',
          youtube_url: '',
          customPageUrl: '',
          customSite: 'true',
          navigation: 'full',
          homeVariant: 'stat_leaders',
          'sportIds[]': [String(basketball.id)],
        },
        { bytes: PNG, name: 'logo.png', type: 'image/png' },
      ),
    )
    expect(res.status).toBe(201)
    const org = res.body.organization
    expect(org).toMatchObject({
      name: 'Hoops League',
      slug,
      domain: `${slug}.example`,
      theme: 'dark',
      facebook_url: 'https://facebook.com/hoops',
      instagram_url: null,
      customSite: true,
      navigation: 'full',
      homeVariant: 'stat_leaders',
      sports: [{ id: basketball.id, type: 'basketball', name: 'Basketball' }],
    })
    expect(org.logo_url).toMatch(new RegExp(`^/media/org/${org.id}/logo-[A-Za-z0-9_-]+\\.png$`))
    const logo = await new Client().get(org.logo_url)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('Content-Type')).toBe('image/png')
    expect(logo.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(logo.headers.get('Cache-Control')).toContain('max-age=31536000')
    const stats = await env.DB.prepare('SELECT abbreviation FROM stat_definitions WHERE organization_id = ? ORDER BY "order"')
      .bind(org.id)
      .all<{ abbreviation: string }>()
    expect(stats.results.map((s) => s.abbreviation).slice(0, 6)).toEqual(['PTS', 'AST', 'REB', 'STL', 'BLK', 'TO'])
    const periods = await env.DB.prepare('SELECT name FROM game_periods WHERE organization_id = ? ORDER BY "order"')
      .bind(org.id)
      .all()
    expect(periods.results.map((p) => p.name)).toEqual([
      '1st Quarter',
      '2nd Quarter',
      '3rd Quarter',
      '4th Quarter',
      'Overtime',
      'Final',
    ])
  })

  it.each([
    ['GIF', GIF, 'image/gif', 'gif'],
    ['JPEG', JPEG_2X3, 'image/jpeg', 'jpg'],
    ['WebP', WEBP_LOSSY_2X3, 'image/webp', 'webp'],
    ['lossless WebP', WEBP_LOSSLESS_2X3, 'image/webp', 'webp'],
  ])('accepts a %s logo', async (_kind, bytes, type, ext) => {
    const { client } = await createSuperAdmin()
    const res = await client.postForm(
      '/api/organizations',
      orgForm({ name: 'Img', slug: unique('img') }, { bytes, name: `x.${ext}`, type }),
    )
    expect(res.status).toBe(201)
    expect(res.body.organization.logo_url).toMatch(new RegExp(`\\.${ext}$`))
  })

  it('refuses a logo that is not an image by its bytes, whatever it claims, and writes nothing', async () => {
    const { client } = await createSuperAdmin()
    const before = await countOrgs()
    for (const file of [
      { bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' },
      { bytes: new TextEncoder().encode('<html>hi</html>'), name: 'logo.png', type: 'image/png' },
    ]) {
      const res = await client.postForm('/api/organizations', orgForm({ name: 'Bad', slug: unique('bad') }, file))
      expect(res.status).toBe(415)
      expect(res.body.fields.logo).toMatch(/PNG, JPEG, GIF or WebP/)
    }
    expect(await countOrgs()).toBe(before)
  })

  it('refuses a logo over 1 MB with 413', async () => {
    const { client } = await createSuperAdmin()
    const big = new Uint8Array(1024 * 1024 + 10)
    big.set(PNG)
    const res = await client.postForm(
      '/api/organizations',
      orgForm({ name: 'Big', slug: unique('big') }, { bytes: big, name: 'big.png', type: 'image/png' }),
    )
    expect(res.status).toBe(413)
  })

  it('validates the form: name required, unique slug and domain, http(s) social URLs', async () => {
    const { client } = await createSuperAdmin()
    const missing = await client.postForm('/api/organizations', orgForm({ name: '  ' }))
    expect(missing.status).toBe(400)
    expect(missing.body.fields.name).toBe('Name is required')
    const taken = await createOrg({ domain: `${unique('taken')}.example` })
    const dupSlug = await client.postForm('/api/organizations', orgForm({ name: 'Dup', slug: taken.slug }))
    expect(dupSlug.status).toBe(409)
    const dupDomain = await client.postForm(
      '/api/organizations',
      orgForm({ name: 'Dup', slug: unique('d'), domain: taken.domain as string }),
    )
    expect(dupDomain.status).toBe(409)
    const badUrl = await client.postForm('/api/organizations', orgForm({ name: 'Url', facebook_url: 'javascript:alert(1)' }))
    expect(badUrl.status).toBe(400)
    expect(badUrl.body.fields.facebook_url).toBeDefined()
  })

  it('updates an organization and deletes the replaced logo object', async () => {
    const { client } = await createSuperAdmin()
    const created = (
      await client.postForm(
        '/api/organizations',
        orgForm({ name: 'Old', slug: unique('upd') }, { bytes: PNG, name: 'a.png', type: 'image/png' }),
      )
    ).body.organization
    const oldKey = created.logo_url.replace('/media/', '')
    const res = await client.putForm(
      `/api/organizations/${created.id}`,
      orgForm({ name: 'New name', theme: 'dark' }, { bytes: GIF, name: 'b.gif', type: 'image/gif' }),
    )
    expect(res.status).toBe(200)
    expect(res.body.organization).toMatchObject({ name: 'New name', theme: 'dark', slug: created.slug })
    expect(res.body.organization.logo_url).toMatch(/\.gif$/)
    await new Promise((r) => setTimeout(r, 50))
    expect(await env.LOGOS.head(oldKey)).toBeNull()
  })

  it('changes only the fields an edit sends, and derives a slug left empty from the name', async () => {
    const { client } = await createSuperAdmin()
    const created = await client.postForm(
      '/api/organizations',
      orgForm({ name: 'Empty Slug League', slug: '', theme: 'dark', navigation: 'full' }),
    )
    expect(created.status).toBe(201)
    expect(created.body.organization.slug).toBe('empty-slug-league')
    const edited = await client.putForm(
      `/api/organizations/${created.body.organization.id}`,
      orgForm({ youtube_url: 'https://youtube.com/@x' }),
    )
    expect(edited.body.organization).toMatchObject({ theme: 'dark', navigation: 'full', youtube_url: 'https://youtube.com/@x' })
  })

  it('lists every organization, shows one with its users, and deletes one with its data', async () => {
    const { client } = await createSuperAdmin()
    const { org, owner } = await createTenant()
    const list = await client.get('/api/organizations')
    expect(list.body.organizations.some((o: { id: number }) => o.id === org.id)).toBe(true)
    const one = await client.get(`/api/organizations/${org.id}`)
    expect(one.body.organization.users.map((u: { username: string }) => u.username)).toContain(owner.username)
    expect((await client.delete(`/api/organizations/${org.id}`)).status).toBe(204)
    expect((await client.get(`/api/organizations/${org.id}`)).status).toBe(404)
    const users = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    expect(users?.n).toBe(0)
  })

  it('creates an organization from JSON at /api/admin/organizations', async () => {
    const { client } = await createSuperAdmin()
    const res = await client.post('/api/admin/organizations', { name: 'Json League', slug: unique('json') })
    expect(res.status).toBe(201)
    expect(res.body.organization.name).toBe('Json League')
  })

  it('moves an existing user into an organization with addUser', async () => {
    const { client } = await createSuperAdmin()
    const from = await createOrg()
    const to = await createOrg()
    const user = await createUser(from.id, 'staff')
    const res = await client.post(`/api/organizations/${to.id}/addUser`, { userId: user.id })
    expect(res.status).toBe(200)
    const moved = await env.DB.prepare('SELECT organization_id FROM users WHERE id = ?')
      .bind(user.id)
      .first<{ organization_id: number }>()
    expect(moved?.organization_id).toBe(to.id)
  })
})

describe('organization permissions', () => {
  it('refuses anonymous visitors every admin call', async () => {
    const org = await createOrg()
    const client = new Client()
    expect((await client.get('/api/organizations')).status).toBe(401)
    expect((await client.get(`/api/organizations/${org.id}`)).status).toBe(401)
    expect((await client.postForm('/api/organizations', orgForm({ name: 'Anon' }))).status).toBe(401)
    expect((await client.putForm(`/api/organizations/${org.id}`, orgForm({ name: 'Anon' }))).status).toBe(401)
    expect((await client.delete(`/api/organizations/${org.id}`)).status).toBe(401)
  })

  it('lets staff read only their own organization, without its users, and change nothing', async () => {
    const { org, staffClient } = await createTenant()
    const list = await staffClient.get('/api/organizations')
    expect(list.body.organizations.map((o: { id: number }) => o.id)).toEqual([org.id])
    expect((await staffClient.get(`/api/organizations/${org.id}`)).body.organization.users).toEqual([])
    expect((await staffClient.putForm(`/api/organizations/${org.id}`, orgForm({ name: 'Staff edit' }))).status).toBe(403)
    expect((await staffClient.postForm('/api/organizations', orgForm({ name: 'Staff org' }))).status).toBe(403)
    expect((await staffClient.delete(`/api/organizations/${org.id}`)).status).toBe(403)
  })

  it("lets an owner edit their organization's look but not its address or layout", async () => {
    const { org, ownerClient } = await createTenant()
    const res = await ownerClient.putForm(
      `/api/organizations/${org.id}`,
      orgForm({ name: 'Owner Renamed', slug: unique('hijack'), domain: 'hijack.example', navigation: 'full', theme: 'dark' }),
    )
    expect(res.status).toBe(200)
    expect(res.body.organization).toMatchObject({
      name: 'Owner Renamed',
      slug: org.slug,
      domain: null,
      navigation: 'small',
      theme: 'dark',
    })
    expect((await ownerClient.delete(`/api/organizations/${org.id}`)).status).toBe(403)
  })

  it('keeps the custom site switch with the super admin: an owner sending customSite changes nothing (docs/site-look.md)', async () => {
    const { org, ownerClient } = await createTenant()
    for (const body of [orgForm({ name: 'Owner Custom', customSite: 'true' }), { customSite: true }]) {
      const res =
        body instanceof FormData
          ? await ownerClient.putForm(`/api/organizations/${org.id}`, body)
          : await ownerClient.put(`/api/organizations/${org.id}`, body)
      expect(res.status).toBe(200)
      expect(res.body.organization.customSite).toBe(false)
    }
    const row = await env.DB.prepare('SELECT custom_site FROM organizations WHERE id = ?')
      .bind(org.id)
      .first<{ custom_site: number }>()
    expect(row?.custom_site).toBe(0)
  })

  it("refuses another organization's owner and staff: reads answer 404, writes change nothing", async () => {
    const victim = await createTenant()
    const attacker = await createTenant()
    for (const client of [attacker.ownerClient, attacker.staffClient]) {
      expect((await client.get(`/api/organizations/${victim.org.id}`)).status).toBe(404)
      const list = await client.get('/api/organizations')
      expect(list.body.organizations.some((o: { id: number }) => o.id === victim.org.id)).toBe(false)
      const put = await client.putForm(`/api/organizations/${victim.org.id}`, orgForm({ name: 'Pwned' }))
      expect([403, 404]).toContain(put.status)
      expect([403, 404]).toContain((await client.delete(`/api/organizations/${victim.org.id}`)).status)
      expect((await client.post(`/api/organizations/${victim.org.id}/addUser`, { userId: victim.owner.id })).status).toBe(403)
    }
    const row = await env.DB.prepare('SELECT name FROM organizations WHERE id = ?').bind(victim.org.id).first<{ name: string }>()
    expect(row?.name).toBe(victim.org.name)
  })

  it('never deletes the platform organization', async () => {
    const { client, org } = await createSuperAdmin()
    expect((await client.delete(`/api/organizations/${org.id}`)).status).toBe(409)
  })
})

describe('public organization listing', () => {
  it('lists organizations with at least one user who is not a super admin, never the platform', async () => {
    const { org: platform } = await createSuperAdmin()
    const listed = await createTenant()
    const empty = await createOrg()
    const res = await new Client().get('/api/organizations/listings')
    const ids = res.body.organizations.map((o: { id: number }) => o.id)
    expect(ids).toContain(listed.org.id)
    expect(ids).not.toContain(empty.id)
    expect(ids).not.toContain(platform.id)
  })
})
