import { describe, expect, it } from 'vitest'
import { api } from '../../worker/index'
import { Client } from '../helpers/client'
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
})
