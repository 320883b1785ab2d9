import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createOrg } from '../helpers/factories'

/** `directive → sources` of a Content-Security-Policy header. */
function parseCsp(header: string | null): Map<string, string[]> {
  const policy = new Map<string, string[]>()
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) policy.set(name.toLowerCase(), sources)
  }
  return policy
}

function expectCommonHeaders(headers: Headers, label: string) {
  expect(headers.get('X-Content-Type-Options'), label).toBe('nosniff')
  expect(headers.get('Referrer-Policy'), label).toMatch(
    /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
  )
  const permissions = headers.get('Permissions-Policy') ?? ''
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) expect(permissions, label).toContain(feature)
}

/** The site's policy: no inline or eval'd script, no plugins, no <base>, framing restricted. */
function expectSitePolicy(headers: Headers, label: string) {
  const csp = parseCsp(headers.get('Content-Security-Policy'))
  expect(csp.size, `${label}: Content-Security-Policy present`).toBeGreaterThan(0)
  const scripts = csp.get('script-src') ?? csp.get('default-src')
  expect(scripts, `${label}: script-src or default-src`).toBeDefined()
  expect(scripts, label).not.toContain("'unsafe-inline'")
  expect(scripts, label).not.toContain("'unsafe-eval'")
  expect(scripts, label).not.toContain('*')
  expect(csp.get('object-src'), label).toEqual(["'none'"])
  expect(csp.get('base-uri'), label).toEqual(["'none'"])
  expect(csp.get('frame-ancestors'), label).toBeDefined()
  expect(csp.get('frame-ancestors'), label).not.toContain('*')
  expectCommonHeaders(headers, label)
}

let org: Awaited<ReturnType<typeof createOrg>>
let logoPath: string
beforeAll(async () => {
  org = await createOrg()
  const key = `org/${org.id}/logo-headers1234.png`
  // A real 1×1 PNG, stored as the upload route stores logos.
  const png = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (ch) => ch.charCodeAt(0),
  )
  await env.LOGOS.put(key, png, { httpMetadata: { contentType: 'image/png' } })
  logoPath = `/media/${key}`
})

describe('security headers', () => {
  it('on an API response', async () => {
    const res = await new Client().get('/api/sportsv2')
    expect(res.status).toBe(200)
    expectSitePolicy(res.headers, 'GET /api/sportsv2')
  })

  it('on API error responses (404, 401, 403)', async () => {
    const client = new Client()
    const notFound = await client.get('/api/definitely/not/here')
    expect(notFound.status).toBe(404)
    expectSitePolicy(notFound.headers, 'unknown /api path')
    const unauthorized = await client.get('/api/teams')
    expect(unauthorized.status).toBe(401)
    expectSitePolicy(unauthorized.headers, '401')
    const forbidden = await client.post('/api/teams', { name: 'x' }, { xsrf: false })
    expect(forbidden.status).toBe(403)
    expectSitePolicy(forbidden.headers, 'XSRF 403')
  })

  it('on a static asset served by the ASSETS binding', async () => {
    const res = await new Client().get('/favicon.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml')
    expectSitePolicy(res.headers, '/favicon.svg')
  })

  it("on the SPA's HTML of an organization's page, which carries no inline script", async () => {
    const res = await new Client().get(`/${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('text/html')
    expectSitePolicy(res.headers, `/${org.slug}`)
    const html = String(res.body)
    // Every <script> loads a file — an inline one would need 'unsafe-inline' — except the
    // organization's JSON data block, which browsers never run (docs/reference/performance.md §4: the first render needs
    // no request for it).
    const inline = html.match(/<script\b[^>]*>/gi)?.filter((tag) => !/\bsrc=/i.test(tag)) ?? []
    expect(inline).toEqual(['<script type="application/json" id="courtside-organization">'])
    const data = html.match(/<script type="application\/json" id="courtside-organization">([^<]*)<\/script>/)?.[1]
    expect(JSON.parse(data ?? 'null')).toMatchObject({ organization: { id: org.id, slug: org.slug } })
  })

  it('on a /media/ logo: the stricter, sandboxed policy', async () => {
    const res = await new Client().get(logoPath)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    const csp = parseCsp(res.headers.get('Content-Security-Policy'))
    expect(csp.has('sandbox'), 'sandbox').toBe(true)
    expect(csp.get('default-src')).toEqual(["'none'"])
    // Nothing may run or embed: no script-src or object-src loosening the 'none' default.
    expect(csp.get('script-src') ?? ["'none'"]).toEqual(["'none'"])
    expect(csp.get('object-src') ?? ["'none'"]).toEqual(["'none'"])
    expectCommonHeaders(res.headers, logoPath)
    // An unknown or malformed key is a JSON 404 with the same headers, never the SPA.
    for (const path of [`/media/org/${org.id}/nope.png`, '/media/evil/x.png', `/media/org/${org.id}/a%2fb.png`]) {
      const missing = await new Client().get(path)
      expect(missing.status, path).toBe(404)
      expect(missing.headers.get('Content-Type') ?? '', path).not.toContain('text/html')
      expectCommonHeaders(missing.headers, path)
    }
  })

  it('sends HSTS on https:// and never on http://', async () => {
    for (const path of ['/api/sportsv2', '/api/definitely/not/here', '/favicon.svg', `/${org.slug}`, logoPath]) {
      const secure = await new Client('https://localhost').get(path)
      const hsts = secure.headers.get('Strict-Transport-Security') ?? ''
      expect(hsts, `https ${path}`).toMatch(/max-age=(\d+)/)
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `https ${path}`).toBeGreaterThanOrEqual(15_552_000)
      const plain = await new Client('http://localhost').get(path)
      expect(plain.headers.get('Strict-Transport-Security'), `http ${path}`).toBeNull()
    }
  })
})
