// The Cloudflare custom hostnames client against a real HTTP stand-in on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CloudflareApiError,
  createCloudflareClient,
  isDuplicateHostname,
  parseRetryAfter,
} from '../../worker/custom-hostnames/cloudflare-client'
import { type RunningStandIn, startCloudflareStandIn } from '../helpers/cloudflare-stand-in-server'

let api: RunningStandIn
const client = (timeoutMs = 1_000) =>
  createCloudflareClient({ zoneId: api.standIn.zoneId, token: api.standIn.token, apiBase: api.baseUrl, timeoutMs })

async function failureOf(promise: Promise<unknown>): Promise<CloudflareApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(CloudflareApiError)
    return error as CloudflareApiError
  }
  throw new Error('expected the call to fail')
}

beforeAll(async () => {
  api = await startCloudflareStandIn()
})
afterAll(async () => {
  await api.stop()
})
beforeEach(() => api.standIn.reset())

describe('Cloudflare custom hostnames client', () => {
  it('registers a hostname with a DV certificate validated over HTTP, authenticated by bearer token', async () => {
    const created = await client().create('hoops.example')
    expect(created).toMatchObject({
      hostname: 'hoops.example',
      status: 'pending',
      ssl: { status: 'pending_validation', method: 'http', type: 'dv' },
      ownership_verification: { type: 'txt', name: '_cf-custom-hostname.hoops.example' },
    })
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)
    const [request] = api.standIn.requests
    expect(request).toMatchObject({
      method: 'POST',
      path: `/client/v4/zones/${api.standIn.zoneId}/custom_hostnames`,
      authorization: `Bearer ${api.standIn.token}`,
      contentType: 'application/json',
      body: { hostname: 'hoops.example', ssl: { method: 'http', type: 'dv' } },
    })
  })

  it('reads, finds and deletes a hostname; deleting one already gone is not an error', async () => {
    const created = await client().create('hoops.example')
    api.standIn.activate('hoops.example')
    expect(await client().get(created.id)).toMatchObject({ status: 'active', ssl: { status: 'active' } })
    expect((await client().findByHostname('hoops.example'))?.id).toBe(created.id)
    expect(await client().findByHostname('other.example')).toBeNull()
    await client().delete(created.id)
    expect(api.standIn.has('hoops.example')).toBe(false)
    await expect(client().delete(created.id)).resolves.toBeUndefined()
    const missing = await failureOf(client().get(created.id))
    expect(missing).toMatchObject({ kind: 'not-found', status: 404, message: 'The custom hostname was not found. (code 1436)' })
  })

  it('turns a validation error into a refused, non-transient error carrying the API message', async () => {
    const error = await failureOf(client().create('not a hostname'))
    expect(error).toMatchObject({ kind: 'refused', status: 400, codes: [1411], transient: false })
    expect(error.message).toBe('Invalid custom hostname. Custom hostnames must be valid hostnames. (code 1411)')
  })

  it('recognises a duplicate hostname (code 1406)', async () => {
    await client().create('hoops.example')
    const error = await failureOf(client().create('hoops.example'))
    expect(error.status).toBe(409)
    expect(isDuplicateHostname(error)).toBe(true)
  })

  it('reports a 429 as a transient rate limit with the Retry-After seconds', async () => {
    api.standIn.failNext({
      status: 429,
      errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }],
      headers: { 'Retry-After': '120' },
    })
    const error = await failureOf(client().create('hoops.example'))
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterSeconds: 120, transient: true })
    expect(error.message).toContain('Please wait and consider throttling your request speed')
  })

  it('reports a 5xx as transient, even when the body is not JSON', async () => {
    api.standIn.failNext({ status: 502, rawBody: '<html>Bad gateway</html>' })
    const error = await failureOf(client().get('abc'))
    expect(error).toMatchObject({ kind: 'server', status: 502, transient: true })
    expect(error.message).toBe('The Cloudflare API failed (HTTP 502)')
    api.standIn.failNext({ status: 503, errors: [{ code: 10001, message: 'Service unavailable' }] })
    expect((await failureOf(client().get('abc'))).message).toBe(
      'The Cloudflare API failed (HTTP 503): Service unavailable (code 10001)',
    )
  })

  it('gives up after its timeout and says so', async () => {
    api.standIn.delayMs = 1_000
    const started = Date.now()
    const error = await failureOf(client(150).create('slow.example'))
    expect(Date.now() - started).toBeLessThan(900)
    expect(error).toMatchObject({ kind: 'timeout', transient: true })
    expect(error.message).toBe('The Cloudflare API did not answer within 0.15 s')
  })

  it('reports an unreachable API as transient, without the token in any message', async () => {
    const dead = createCloudflareClient({ zoneId: 'z', token: 'super-secret-token', apiBase: 'http://127.0.0.1:9/client/v4' })
    const error = await failureOf(dead.get('abc'))
    expect(error).toMatchObject({ kind: 'unreachable', transient: true })
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('super-secret-token')
  })

  it('refuses a wrong token with the API message, not the token', async () => {
    const wrong = createCloudflareClient({ zoneId: api.standIn.zoneId, token: 'wrong-token', apiBase: api.baseUrl })
    const error = await failureOf(wrong.create('hoops.example'))
    expect(error).toMatchObject({ kind: 'refused', status: 403, message: 'Authentication error (code 10000)' })
    expect(error.message).not.toContain('wrong-token')
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30)
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60)
    expect(parseRetryAfter(null)).toBeNull()
    expect(parseRetryAfter('soon')).toBeNull()
  })
})
