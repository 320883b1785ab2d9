// Browser journey: the super admin gives an organization the domain hoops.example; the screen shows
// the DNS records to create and a pending status, which turns active once the (stand-in) Cloudflare
// API reports it; with the API down a domain change still saves and the screen says it will retry.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { type RunningStandIn, startCloudflareStandIn } from '../helpers/cloudflare-stand-in-server'
import { startServer, type TestServer } from '../helpers/server'

const CNAME_TARGET = 'sites.courtside.test'

describe('custom domains', () => {
  let api: RunningStandIn
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    api = await startCloudflareStandIn()
    server = await startServer({
      vars: {
        CF_API_BASE: api.baseUrl,
        CF_ZONE_ID: api.standIn.zoneId,
        CF_API_TOKEN: api.standIn.token,
        CUSTOM_HOSTNAME_CNAME_TARGET: CNAME_TARGET,
      },
    })
    browser = await launchChromium()
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
    page = await context.newPage()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await api?.stop()
  })

  it('shows the records and a pending status for a new domain, active once Cloudflare reports it, and keeps saving when the API is down', async () => {
    await page.goto(`${server.baseUrl}/login`)
    await page.getByLabel('Username').fill('superadmin')
    await page.getByLabel('Password').fill('superadmin-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.goto(`${server.baseUrl}/organizations`)
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()
    // Credentials are set: no "not connected" note.
    await expect(page.getByRole('note').count()).resolves.toBe(0)

    // Create an organization with the domain hoops.example.
    await page.getByRole('button', { name: 'Create Organization' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Organization' })
    await dialog.getByLabel('Name', { exact: true }).fill('Hoops Domain League')
    await dialog.getByLabel('Slug').fill('hoops-domain')
    await dialog.getByLabel('Domain').fill('hoops.example')
    await dialog.getByRole('button', { name: 'Create Organization' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Organization created').waitFor()

    // The Worker registered it with Cloudflare…
    const registered = api.standIn.find('hoops.example')
    expect(api.standIn.requests[0]).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${api.standIn.token}`,
      body: { hostname: 'hoops.example', ssl: { method: 'http', type: 'dv' } },
    })

    // …and the expanded row shows what to create at the DNS provider, and a pending status.
    const panel = page.getByRole('region', { name: 'Custom domain hoops.example' })
    await panel.waitFor()
    await expect(panel.getByText('Pending', { exact: true }).isVisible()).resolves.toBe(true)
    const records = panel.getByRole('table', { name: 'DNS records for hoops.example' })
    const cname = records.getByRole('row').filter({ hasText: 'CNAME' })
    await expect(cname.getByText('hoops.example', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(cname.getByText(CNAME_TARGET, { exact: true }).isVisible()).resolves.toBe(true)
    const txt = records.getByRole('row').filter({ hasText: '_cf-custom-hostname.hoops.example' })
    await expect(txt.getByText(registered.ownership_verification.value, { exact: true }).isVisible()).resolves.toBe(true)
    await expect(panel.getByText('Cloudflare says: custom hostname does not CNAME to this zone.').isVisible()).resolves.toBe(true)
    // The list shows the status beside the domain too.
    const row = page.getByRole('row', { name: 'Hoops Domain League: show users' })
    await expect(row.getByText('Pending', { exact: true }).isVisible()).resolves.toBe(true)

    // Copy buttons put the value on the clipboard.
    await records.getByRole('button', { name: `Copy CNAME value ${CNAME_TARGET}` }).click()
    await records
      .getByRole('button', { name: `Copy CNAME value ${CNAME_TARGET}` })
      .getByText('Copied')
      .waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CNAME_TARGET)

    // Cloudflare validates the CNAME and issues the certificate: "Check now" shows it active.
    api.standIn.activate('hoops.example')
    await panel.getByRole('button', { name: 'Check now' }).click()
    await page.getByText('Custom domain is active').waitFor()
    await panel.getByText('Active', { exact: true }).waitFor()
    await expect(row.getByText('Active', { exact: true }).isVisible()).resolves.toBe(true)
    await expect(panel.getByText('Cloudflare says:').count()).resolves.toBe(0)

    // The API goes down: changing the domain still saves, and the screen says it will retry.
    api.standIn.outage = { status: 503, errors: [{ code: 10001, message: 'Service temporarily unavailable' }] }
    await page.getByRole('button', { name: 'Edit Hoops Domain League' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Organization' })
    await edit.getByLabel('Domain').fill('league.hoops.example')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })
    await page.getByText('Organization updated').waitFor()
    const moved = page.getByRole('region', { name: 'Custom domain league.hoops.example' })
    await moved.waitFor()
    await moved
      .getByText(/The domain is saved\. Cloudflare could not register it yet and it will be retried automatically/)
      .waitFor()
    await expect(moved.getByText(/Service temporarily unavailable \(code 10001\)/).isVisible()).resolves.toBe(true)
    await expect(moved.getByText('Pending', { exact: true }).isVisible()).resolves.toBe(true)
    // The CNAME to create is known without the API.
    await expect(moved.getByText(CNAME_TARGET, { exact: true }).isVisible()).resolves.toBe(true)

    // "Check now" while the API is down: the API's message, not silence.
    await moved.getByRole('button', { name: 'Check now' }).click()
    await expect(
      moved
        .getByText(/HTTP 503/)
        .first()
        .isVisible(),
    ).resolves.toBe(true)

    // Everything else keeps working: the organization's public site answers.
    await page.goto(`${server.baseUrl}/hoops-domain`)
    await page.getByRole('heading', { name: 'Hoops Domain League', level: 1 }).waitFor()

    // The API is back: the next check registers the new domain (the old one is deleted).
    api.standIn.outage = null
    await page.goto(`${server.baseUrl}/organizations`)
    await page.getByRole('row', { name: 'Hoops Domain League: show users' }).click()
    const back = page.getByRole('region', { name: 'Custom domain league.hoops.example' })
    await back.getByRole('button', { name: 'Check now' }).click()
    await page.getByText('Custom domain checked: still pending').waitFor()
    expect(api.standIn.has('league.hoops.example')).toBe(true)
    expect(api.standIn.has('hoops.example')).toBe(false)
    await expect(back.getByText('_cf-custom-hostname.league.hoops.example', { exact: true }).isVisible()).resolves.toBe(true)
  })
})
