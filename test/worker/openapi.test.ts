import { describe, expect, it } from 'vitest'
import { api } from '../../worker/index'
import { accessOf } from '../../worker/lib/openapi'
import { Client } from '../helpers/client'
import { ROUTES } from '../helpers/route-table'
import { routeKeys } from '../helpers/security-world'

const toTemplate = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}')

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the API', async () => {
    const res = await new Client().get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.servers).toEqual([{ url: '/api' }])
    expect(res.body.components.schemas.Error.required).toEqual(['message'])
    const get = res.body.paths['/teams/{id}'].put
    expect(get.requestBody.content['application/json'].schema.properties.name.type).toBe('string')
    expect(get.responses['200'].content['application/json'].schema.properties.team.type).toBe('object')
    expect(get.responses['4XX'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error')
  })

  it('describes every route with its success answers', async () => {
    const doc = (await new Client().get('/api/openapi.json')).body
    const missing: string[] = []
    for (const key of routeKeys(api.routes)) {
      const [method = '', path = ''] = key.split(' ')
      if (path.includes('*')) continue
      const operation = doc.paths[toTemplate(path)]?.[method.toLowerCase()]
      const success = Object.keys(operation?.responses ?? {}).filter((s) => /^[23]\d\d$/.test(s))
      if (success.length === 0) missing.push(key)
    }
    expect(missing).toEqual([])
  })

  it("declares each call's access as the authorization matrix checks it: session cookie, XSRF header, slug and domain", async () => {
    const doc = (await new Client().get('/api/openapi.json')).body
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'courtside_session' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    })
    const wrong: string[] = []
    for (const [key, row] of Object.entries(ROUTES)) {
      const [method = '', path = ''] = key.split(' ')
      const template = toTemplate(path)
      const operation = doc.paths[template]?.[method.toLowerCase()]
      if (!operation) continue
      const signedIn = template.startsWith('/member/') ? 'member' : 'session'
      const expected = row.who.anon === 'public' ? 'public' : row.who.anon === 'ok' ? 'open' : signedIn
      if (accessOf(method.toLowerCase(), template) !== expected) wrong.push(`${key}: ${expected}`)
      // A member session (docs/members.md) is a sign-in too: not anonymous.
      const anonymous = (operation.security as object[]).some((s) => !('session' in s) && !('memberSession' in s))
      if (anonymous !== (expected !== 'session' && expected !== 'member')) wrong.push(`${key}: anonymous ${anonymous}`)
      if (method !== 'GET' && !(operation.security as object[]).every((s) => 'xsrf' in s)) wrong.push(`${key}: no xsrf`)
      const names = (operation.parameters ?? []).map((p: { name: string }) => p.name)
      const tenant = names.includes('slug') && names.includes('domain')
      if (tenant !== (expected === 'public')) wrong.push(`${key}: slug/domain ${tenant}`)
    }
    expect(wrong).toEqual([])
  })
})
