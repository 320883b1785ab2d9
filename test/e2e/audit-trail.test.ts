// Browser journey (docs/reference/trust-and-security.md §8): an organization owner adds and renames a season and finds both in the
// Audit Trail — who, what, and the values set — on a desktop and on a phone-sized screen.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('audit trail', () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows the owner the season they just added, with who made the change and what was set', async () => {
    await page.goto(`${server.baseUrl}/pickup/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')

    // The seeded demo data was written without an actor: the trail starts empty.
    await page.getByRole('link', { name: 'Audit Trail' }).click()
    await page.waitForURL('**/dashboard/auditTrail')
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor()
    await page.getByText('No changes recorded yet.').waitFor()

    await page.getByRole('link', { name: 'Seasons', exact: true }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.getByRole('button', { name: 'Add Season' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Season' })
    await dialog.getByLabel('Name').fill('Audited Spring')
    await dialog.getByLabel('Start').fill('2031-03-01')
    await dialog.getByRole('button', { name: 'Add Season' }).click()
    await page.getByText('Audited Spring created').waitFor()
    // …and renames it.
    await page.getByRole('button', { name: 'Edit Audited Spring' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Season' })
    await edit.getByLabel('Name').fill('Audited Summer')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByText('Audited Summer updated').waitFor()

    await page.getByRole('link', { name: 'Audit Trail' }).click()
    const table = page.getByRole('table', { name: 'Audit trail, newest first' })
    // Newest first: the rename, with only what changed, then the creation with the values set.
    const [renamed, row] = [table.locator('tbody tr').nth(0), table.locator('tbody tr').nth(1)]
    await row.waitFor()
    expect(await renamed.innerText()).toMatch(
      /owner[\s\S]*Changed[\s\S]*Season Audited Summer[\s\S]*Name:\s*Audited Spring\s*→\s*changed to\s*Audited Summer/,
    )
    expect(await renamed.innerText()).not.toContain('2031-03-01')
    expect(await row.innerText()).toMatch(/owner[\s\S]*Created[\s\S]*Season Audited Spring[\s\S]*Name:\s*Audited Spring/)
    expect(await row.innerText()).toContain('2031-03-01')

    // The filter by kind of record: players show nothing yet.
    await page.getByLabel('Kind of record').selectOption('players')
    await page.getByText('No changes to this kind of record yet.').waitFor()
    await page.getByLabel('Kind of record').selectOption('seasons')
    await row.waitFor()

    // On a phone each entry is a labelled card.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await row.waitFor()
    await expect.poll(() => row.locator('.audit-cell-label', { hasText: 'What' }).isVisible()).toBe(true)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
  })
})
