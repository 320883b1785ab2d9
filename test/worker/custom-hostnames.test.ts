// Custom domains through Cloudflare for SaaS: the organization's hostname follows its domain, its
// status moves pending → active as the API reports, failures are retried by the scheduled trigger,
// and without credentials nothing changes. The API is the in-isolate stand-in (workerd cannot reach
// a Node server the test would start), reached through the client's fetch override.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { overrideCustomHostnamesForTests, runPendingHostnameWork, scheduled } from '../../worker/custom-hostnames'
import { ORPHAN_PREFIX } from '../../worker/custom-hostnames/work'
import { CloudflareStandIn } from '../helpers/cloudflare-stand-in'
import { createOrg, createSuperAdmin, createTenant, db, unique } from '../helpers/factories'

const standIn = new CloudflareStandIn('zone-abc', 'cf-token-secret-123')
const CNAME_TARGET = 'sites.courtside.test'

function connect(options: { timeoutMs?: number } = {}) {
  overrideCustomHostnamesForTests({
    env: { CF_ZONE_ID: standIn.zoneId, CF_API_TOKEN: standIn.token, CUSTOM_HOSTNAME_CNAME_TARGET: CNAME_TARGET },
    fetch: standIn.fetch,
    timeoutMs: options.timeoutMs,
  })
}

const domainOf = (prefix: string) => `${unique(prefix)}.example`
const row = async (id: number) => (await db().query.organizations.findFirst({ where: (o, { eq }) => eq(o.id, id) }))!

/** Makes the organization's retry due now, as if its back-off had passed. */
const makeDue = (id: number) =>
  env.DB.prepare('UPDATE organizations SET custom_hostname_retry_at = NULL WHERE id = ?').bind(id).run()

/**
 * Storage is shared within the file: settle every other test's organizations so a scheduled run
 * here only sees this test's work.
 */
async function settleEarlierWork() {
  await env.DB.prepare(
    `UPDATE organizations SET custom_hostname_action = NULL, custom_hostname_stale_ids = NULL, custom_hostname_retry_at = NULL,
       custom_hostname_id = CASE WHEN domain IS NULL THEN custom_hostname_id ELSE COALESCE(custom_hostname_id, 'settled') END`,
  ).run()
  const orphans = await env.SESSIONS.list({ prefix: ORPHAN_PREFIX })
  await Promise.all(orphans.keys.map((key) => env.SESSIONS.delete(key.name)))
}

beforeEach(async () => {
  standIn.reset()
  connect()
  await settleEarlierWork()
})
afterEach(() => overrideCustomHostnamesForTests(null))

describe('custom hostnames', () => {
  it('registers a new domain, shows the records to create and turns active when Cloudflare says so', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('hoops')
    const saved = await client.put(`/api/organizations/${org.id}`, { domain })
    expect(saved.status).toBe(200)
    const registered = standIn.find(domain)
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/client/v4/zones/zone-abc/custom_hostnames',
      authorization: 'Bearer cf-token-secret-123',
      body: { hostname: domain, ssl: { method: 'http', type: 'dv' } },
    })
    expect(saved.body.organization.customHostname).toMatchObject({
      id: registered.id,
      hostname: domain,
      status: 'pending',
      hostnameStatus: 'pending',
      sslStatus: 'pending_validation',
      cnameTarget: CNAME_TARGET,
      error: 'custom hostname does not CNAME to this zone.',
      pendingAction: 'refresh',
      records: [
        { type: 'CNAME', name: domain, value: CNAME_TARGET, purpose: 'routing' },
        {
          type: 'TXT',
          name: `_cf-custom-hostname.${domain}`,
          value: registered.ownership_verification.value,
          purpose: 'ownership',
        },
      ],
    })
    expect(saved.body.organization.customHostname.lastCheckedAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    // The list shows the same, with the feature flag and the CNAME target.
    const list = await client.get('/api/organizations')
    expect(list.body.customHostnamesEnabled).toBe(true)
    expect(list.body.cnameTarget).toBe(CNAME_TARGET)
    expect(list.body.organizations.find((o: { id: number }) => o.id === org.id).customHostname.status).toBe('pending')

    // Still pending at the next check; active once Cloudflare reports hostname and certificate active.
    expect(
      (await client.post(`/api/organizations/${org.id}/custom-hostname/check`)).body.organization.customHostname.status,
    ).toBe('pending')
    standIn.activate(domain)
    const checked = await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    expect(checked.status).toBe(200)
    expect(checked.body.organization.customHostname).toMatchObject({
      status: 'active',
      hostnameStatus: 'active',
      sslStatus: 'active',
      error: null,
      pendingAction: null,
    })
    expect(checked.body.organization.customHostname.records[0]).toEqual({
      type: 'CNAME',
      name: domain,
      value: CNAME_TARGET,
      purpose: 'routing',
    })
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/client/v4/zones/zone-abc/custom_hostnames/${registered.id}`,
    })
  })

  it('registers the domain of a newly created organization, and the request still resolves it before it is active', async () => {
    const { client } = await createSuperAdmin()
    const domain = domainOf('fresh')
    const created = await client.post('/api/organizations', { name: 'Fresh League', slug: unique('fresh'), domain })
    expect(created.status).toBe(201)
    expect(created.body.organization.customHostname).toMatchObject({ status: 'pending', id: standIn.find(domain).id })
    // Serving: a Host that is an organization's domain resolves even while the hostname is pending.
    const current = await new (await import('../helpers/client')).Client(`http://${domain}`).get('/api/organizations/current')
    expect(current.status).toBe(200)
    expect(current.body.organization.domain).toBe(domain)
    // …and a public read never carries the hostname's records.
    expect(current.body.organization.customHostname).toBeUndefined()
  })

  it('deletes the old hostname when the domain changes, and when it is removed', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const first = domainOf('first')
    const second = domainOf('second')
    await client.put(`/api/organizations/${org.id}`, { domain: first })
    const firstId = standIn.find(first).id
    const changed = await client.put(`/api/organizations/${org.id}`, { domain: second })
    expect(standIn.has(first)).toBe(false)
    expect(standIn.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/custom_hostnames/${firstId}`))).toBe(true)
    expect(changed.body.organization.customHostname).toMatchObject({ hostname: second, id: standIn.find(second).id })

    const removed = await client.put(`/api/organizations/${org.id}`, { domain: '' })
    expect(removed.status).toBe(200)
    expect(removed.body.organization.domain).toBeNull()
    expect(removed.body.organization.customHostname).toBeNull()
    expect(standIn.has(second)).toBe(false)
    expect(await row(org.id)).toMatchObject({ customHostnameId: null, customHostnameStaleIds: null, customHostnameAction: null })
  })

  it('leaves the hostname alone when an edit keeps the same domain', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('same')
    await client.put(`/api/organizations/${org.id}`, { domain })
    const before = standIn.requests.length
    const saved = await client.put(`/api/organizations/${org.id}`, { name: 'Renamed', domain: `WWW.${domain.toUpperCase()}` })
    expect(saved.status).toBe(200)
    expect(standIn.requests.length).toBe(before)
    expect(saved.body.organization.customHostname.id).toBe(standIn.find(domain).id)
  })

  it('saves the domain when the API is down, says it will retry, and the scheduled trigger registers it later', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('outage')
    standIn.outage = { status: 503, errors: [{ code: 10001, message: 'Service temporarily unavailable' }] }
    const saved = await client.put(`/api/organizations/${org.id}`, { domain })
    expect(saved.status).toBe(200)
    expect(saved.body.organization.domain).toBe(domain)
    expect(saved.body.organization.customHostname).toMatchObject({
      id: null,
      status: 'pending',
      pendingAction: 'register',
      error: 'The Cloudflare API failed (HTTP 503): Service temporarily unavailable (code 10001)',
      records: [{ type: 'CNAME', name: domain, value: CNAME_TARGET }],
    })
    const retryAt = Date.parse(saved.body.organization.customHostname.retryAt)
    expect(retryAt - Date.now()).toBeGreaterThan(30_000)
    expect((await row(org.id)).customHostnameAttempts).toBe(1)

    // Not due yet: the scheduled run leaves it alone.
    standIn.outage = null
    await runPendingHostnameWork(env)
    expect(standIn.has(domain)).toBe(false)

    // Due: the scheduled trigger registers it.
    await makeDue(org.id)
    const ctx = createExecutionContext()
    await scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx)
    await waitOnExecutionContext(ctx)
    expect(standIn.has(domain)).toBe(true)
    const after = (await client.get(`/api/organizations/${org.id}`)).body.organization.customHostname
    expect(after).toMatchObject({ id: standIn.find(domain).id, status: 'pending', pendingAction: 'refresh', retryAt: null })

    // The next runs poll the pending hostname until it is active, then stop asking.
    standIn.activate(domain)
    await runPendingHostnameWork(env)
    expect(await row(org.id)).toMatchObject({ customHostnameStatus: 'active', customHostnameAction: null })
    const requests = standIn.requests.length
    await runPendingHostnameWork(env)
    expect(standIn.requests.filter((r) => r.path.includes(standIn.find(domain).id)).length).toBe(
      standIn.requests.slice(0, requests).filter((r) => r.path.includes(standIn.find(domain).id)).length,
    )
  })

  it('waits as long as a 429 Retry-After asks, and stops the scheduled run at a rate limit', async () => {
    const { client } = await createSuperAdmin()
    const a = await createOrg()
    const b = await createOrg()
    standIn.failNext({
      status: 429,
      errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }],
      headers: { 'Retry-After': '600' },
    })
    const saved = await client.put(`/api/organizations/${a.id}`, { domain: domainOf('limited') })
    expect(saved.body.organization.customHostname.error).toBe(
      'Cloudflare API rate limit reached: Please wait and consider throttling your request speed (code 971)',
    )
    const wait = Date.parse(saved.body.organization.customHostname.retryAt) - Date.now()
    expect(wait).toBeGreaterThan(590_000)
    expect(wait).toBeLessThanOrEqual(600_000)

    // Two organizations due; the first call is rate limited: the run stops, the second waits.
    standIn.outage = { status: 503 }
    await client.put(`/api/organizations/${b.id}`, { domain: domainOf('second') })
    standIn.outage = null
    await makeDue(a.id)
    await makeDue(b.id)
    standIn.failNext({ status: 429, headers: { 'Retry-After': '60' } })
    const before = standIn.requests.length
    const summary = await runPendingHostnameWork(env)
    expect(summary.stoppedEarly).toBe(true)
    expect(standIn.requests.length - before).toBe(1)
  })

  it('never lets a slow API hold a save longer than its timeout', async () => {
    connect({ timeoutMs: 300 })
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    standIn.delayMs = 5_000
    const started = Date.now()
    const saved = await client.put(`/api/organizations/${org.id}`, { domain: domainOf('slow') })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(saved.status).toBe(200)
    expect(saved.body.organization.customHostname).toMatchObject({
      status: 'pending',
      pendingAction: 'register',
      error: 'The Cloudflare API did not answer within 0.3 s',
    })
  })

  it('adopts the hostname when a create that timed out had landed (duplicate on retry)', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('landed')
    // Cloudflare registered it, but our earlier request never heard back.
    await standIn.fetch(`https://api.test/client/v4/zones/zone-abc/custom_hostnames`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${standIn.token}` },
      body: JSON.stringify({ hostname: domain, ssl: { method: 'http', type: 'dv' } }),
    })
    const saved = await client.put(`/api/organizations/${org.id}`, { domain })
    expect(saved.body.organization.customHostname).toMatchObject({
      id: standIn.find(domain).id,
      status: 'pending',
      error: expect.any(String),
    })
    expect(standIn.requests.map((r) => `${r.method} ${r.search}`).slice(-2)).toEqual(['POST ', `GET ?hostname=${domain}`])
  })

  it('shows a refused registration as failed with the API reason, and "Check now" tries again', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('refused')
    standIn.refused.set(domain, 'Custom hostname is not allowed on this zone.')
    const saved = await client.put(`/api/organizations/${org.id}`, { domain })
    expect(saved.status).toBe(200)
    expect(saved.body.organization.customHostname).toMatchObject({
      status: 'failed',
      pendingAction: null,
      error: 'Custom hostname is not allowed on this zone. (code 1414)',
    })
    // The scheduled trigger does not hammer a refusal.
    const before = standIn.requests.length
    await runPendingHostnameWork(env)
    expect(standIn.requests.slice(before).some((r) => r.body && (r.body as { hostname?: string }).hostname === domain)).toBe(
      false,
    )

    standIn.refused.clear()
    const checked = await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    expect(checked.body.organization.customHostname).toMatchObject({ status: 'pending', id: standIn.find(domain).id })
  })

  it('shows a hostname Cloudflare gave up on as failed, with its reason', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('timedout')
    await client.put(`/api/organizations/${org.id}`, { domain })
    standIn.setStatus(domain, { sslStatus: 'validation_timed_out', validationErrors: ['CAA record prevents issuance'] })
    const checked = await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    expect(checked.body.organization.customHostname).toMatchObject({
      status: 'failed',
      sslStatus: 'validation_timed_out',
      pendingAction: null,
      error: 'custom hostname does not CNAME to this zone.; CAA record prevents issuance',
    })
  })

  it('deletes the hostname with its organization, and retries later when the API is down', async () => {
    const { client } = await createSuperAdmin()
    const kept = await createOrg()
    const gone = await createOrg()
    await client.put(`/api/organizations/${kept.id}`, { domain: domainOf('kept') })
    const goneDomain = domainOf('gone')
    await client.put(`/api/organizations/${gone.id}`, { domain: goneDomain })
    const goneId = standIn.find(goneDomain).id
    standIn.outage = { status: 500 }
    expect((await client.delete(`/api/organizations/${gone.id}`)).status).toBe(204)
    expect(await env.SESSIONS.get(`${ORPHAN_PREFIX}${goneId}`)).not.toBeNull()
    standIn.outage = null
    const summary = await runPendingHostnameWork(env)
    expect(summary.orphansDeleted).toBeGreaterThanOrEqual(1)
    expect(standIn.has(goneDomain)).toBe(false)
    expect(await env.SESSIONS.get(`${ORPHAN_PREFIX}${goneId}`)).toBeNull()
  })

  it('re-registers a hostname that was deleted at Cloudflare', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('vanished')
    await client.put(`/api/organizations/${org.id}`, { domain })
    standIn.hostnames.clear()
    const checked = await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    expect(checked.body.organization.customHostname).toMatchObject({ pendingAction: 'register', id: null })
    await makeDue(org.id)
    await runPendingHostnameWork(env)
    expect(standIn.has(domain)).toBe(true)
  })

  it('never sends the API token to the browser or the logs', async () => {
    const logged: unknown[] = []
    const spies = (['log', 'warn', 'error', 'info', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(...args)),
    )
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    standIn.failNext({ status: 401, errors: [{ code: 10000, message: 'Authentication error' }] })
    await client.put(`/api/organizations/${org.id}`, { domain: domainOf('secret') })
    standIn.failNext({ status: 500 })
    await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    await makeDue(org.id)
    await runPendingHostnameWork(env)
    for (const spy of spies) spy.mockRestore()
    expect(logged.length).toBeGreaterThan(0)
    expect(
      logged.map((entry) => (entry instanceof Error ? `${entry.message} ${entry.stack}` : String(entry))).join('\n'),
    ).not.toContain(standIn.token)
    for (const path of ['/api/organizations', `/api/organizations/${org.id}`]) {
      const response = await client.get(path)
      expect(JSON.stringify(response.body)).not.toContain(standIn.token)
      expect(JSON.stringify(response.body)).not.toContain(standIn.zoneId)
    }
  })

  it('lets only a super admin check, and answers 404 for an unknown organization', async () => {
    const { client } = await createSuperAdmin()
    const { org, ownerClient } = await createTenant({ domain: domainOf('owned') })
    expect((await ownerClient.post(`/api/organizations/${org.id}/custom-hostname/check`)).status).toBe(403)
    expect((await client.post('/api/organizations/99999999/custom-hostname/check')).status).toBe(404)
    const noDomain = await createOrg()
    const refused = await client.post(`/api/organizations/${noDomain.id}/custom-hostname/check`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This organization has no domain')
    // An owner's own organization never carries the hostname details.
    expect((await ownerClient.get(`/api/organizations/${org.id}`)).body.organization.customHostname).toBeUndefined()
  })

  it('registers domains saved before the feature was switched on at the next scheduled run', async () => {
    const domain = domainOf('older')
    await createOrg({ domain })
    await runPendingHostnameWork(env)
    expect(standIn.has(domain)).toBe(true)
  })
})

describe('custom hostnames without Cloudflare credentials', () => {
  beforeEach(() => overrideCustomHostnamesForTests(null))

  it('saves domains as before, reports the feature off, and refuses "Check now" with a reason', async () => {
    const { client } = await createSuperAdmin()
    const org = await createOrg()
    const domain = domainOf('offline')
    const saved = await client.put(`/api/organizations/${org.id}`, { domain })
    expect(saved.status).toBe(200)
    expect(saved.body.organization).toMatchObject({ domain, customHostname: null })
    const list = await client.get('/api/organizations')
    expect(list.body.customHostnamesEnabled).toBe(false)
    const check = await client.post(`/api/organizations/${org.id}/custom-hostname/check`)
    expect(check.status).toBe(409)
    expect(check.body.message).toMatch(/not connected to Cloudflare/)
    expect(await runPendingHostnameWork(env)).toMatchObject({ enabled: false, organizations: 0 })
    expect(standIn.requests).toHaveLength(0)
  })
})
