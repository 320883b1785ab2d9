// Browser journey: the super admin signs in, creates an organization with a logo and a user in it,
// and the organization's public site shows its logo and the small navigation bar.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium, TINY_PNG } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('super admin', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let tempDir: string
  let logoPath: string

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'courtside-e2e-logo-'))
    logoPath = path.join(tempDir, 'hoops-logo.png')
    await writeFile(logoPath, TINY_PNG)
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (tempDir) await rm(tempDir, { recursive: true, force: true })
  })

  it('creates an organization with a logo and a user, and its public site shows the logo and the small navigation', async () => {
    // Sign in on the platform's own sign-in page.
    await page.goto(`${server.baseUrl}/login`)
    await page.getByLabel('Username').fill('superadmin')
    await page.getByLabel('Password').fill('superadmin-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.getByRole('heading', { name: 'SEASONS' }).waitFor()

    // Organizations: create one with a logo and the small navigation bar.
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('link', { name: 'Organizations' }).click()
    await page.waitForURL('**/organizations')
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()
    await page.getByRole('button', { name: 'Create Organization' }).click()
    const orgDialog = page.getByRole('dialog', { name: 'Create Organization' })
    await orgDialog.waitFor()
    await orgDialog.getByLabel('Name', { exact: true }).fill('Hoops Test')
    await orgDialog.getByLabel('Slug').fill('hoops-test')
    await orgDialog.getByLabel('Navigation').selectOption('small')
    await orgDialog.getByLabel('Logo').setInputFiles(logoPath)
    await orgDialog.getByRole('img', { name: 'Logo preview' }).waitFor()
    await orgDialog.getByRole('button', { name: 'Create Organization' }).click()
    await orgDialog.waitFor({ state: 'detached' })
    await page.getByText('Organization created').waitFor()

    // The new organization's row is expanded: create its owner.
    const row = page.getByRole('row', { name: 'Hoops Test: show users' })
    await expect(row.getAttribute('aria-expanded')).resolves.toBe('true')
    await page.getByRole('heading', { name: 'Users of Hoops Test' }).waitFor()
    await page.getByRole('button', { name: 'Create User' }).click()
    const userDialog = page.getByRole('dialog', { name: 'Create User' })
    await userDialog.waitFor()
    await userDialog.getByLabel('Username').fill('hoops-owner')
    await userDialog.getByLabel('Email').fill('owner@hoops.test')
    await userDialog.getByLabel('Password').fill('fast-break-2025')
    await userDialog.getByLabel('Role').selectOption('org_owner')
    await userDialog.getByRole('button', { name: 'Create User' }).click()
    await userDialog.waitFor({ state: 'detached' })
    await page.getByRole('cell', { name: 'hoops-owner', exact: true }).waitFor()
    await expect(page.getByRole('cell', { name: 'Organization Owner', exact: true }).count()).resolves.toBeGreaterThan(0)

    // The public site: logo (named after the organization) and Home, Players, Games only.
    await page.goto(`${server.baseUrl}/hoops-test`)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.waitFor()
    const logo = nav.getByRole('img', { name: 'Hoops Test' })
    await logo.waitFor()
    expect(await logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(
      true,
    )
    for (const label of ['Home', 'Players', 'Games']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true)
    }
    await expect(nav.getByRole('link', { name: 'Registration' }).count()).resolves.toBe(0)
    // The home page is its own lazy chunk: it may arrive a moment after the site's navigation.
    await page.getByRole('heading', { name: 'Hoops Test', level: 1 }).waitFor({ state: 'visible' })
    await expect(page.getByRole('link', { name: 'Admin Sign In' }).getAttribute('href')).resolves.toBe('/hoops-test/login')
  })

  it("works on the organization a screen shows: another organization's season, schedule builder and dashboard answer, and the top bar names it", async () => {
    // docs/decisions/2026-11-28-super-admin-acting-organization.md
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    const page = await context.newPage()
    const failed: string[] = []
    await page.goto(`${server.baseUrl}/login`)
    await page.getByLabel('Username').fill('superadmin')
    await page.getByLabel('Password').fill('superadmin-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
    })
    await page.goto(`${server.baseUrl}/dashboard/seasons`)
    await page.getByRole('heading', { name: 'SEASONS' }).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Summer 2025' }).filter({ hasText: 'Orange County Basketball League' })
    await row.getByRole('link', { name: 'Summer 2025' }).click()
    await page.getByRole('heading', { name: 'Summer 2025', level: 1 }).waitFor()
    const working = page.getByLabel('Organization you are working on')
    await expect(working.locator('option:checked').textContent()).resolves.toBe('Orange County Basketball League')

    // The Schedule Builder lists this organization's seasons once each, and its leagues load.
    await page.goto(`${server.baseUrl}/scheduleBuilder`)
    await page.getByRole('heading', { name: 'Schedule Builder' }).waitFor()
    const seasonSelect = page.getByLabel('Season', { exact: true })
    await seasonSelect.locator('option', { hasText: 'Fall 2025' }).first().waitFor({ state: 'attached' })
    const seasons = await seasonSelect.locator('option').allTextContents()
    expect(seasons.filter((name) => name.startsWith('Fall 2025'))).toHaveLength(1)
    await page.getByLabel('League', { exact: true }).locator('option').first().waitFor({ state: 'attached' })
    await expect(page.getByText('Leagues could not be loaded').count()).resolves.toBe(0)

    // The dashboard is the organization's: its active season.
    await page.goto(`${server.baseUrl}/dashboard`)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await page.getByText('Fall 2025').first().waitFor()
    await expect(page.getByText('No season is active yet').count()).resolves.toBe(0)

    // Another organization, chosen in the top bar: its seasons only.
    await working.selectOption({ label: 'Westside Hoops' })
    await page.goto(`${server.baseUrl}/dashboard/seasons`)
    await page.getByRole('heading', { name: 'SEASONS' }).waitFor()
    await page.getByRole('cell', { name: 'Westside Hoops' }).first().waitFor()
    await expect(page.getByRole('cell', { name: 'Orange County Basketball League' }).count()).resolves.toBe(0)
    // The choice is in reach at 375 px too, and the screen stays axe-clean.
    await page.setViewportSize({ width: 375, height: 800 })
    await expect(working.isVisible()).resolves.toBe(true)
    expect((await axeViolations(page)).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([])
    expect(failed).toEqual([])
    await context.close()
  })
})
