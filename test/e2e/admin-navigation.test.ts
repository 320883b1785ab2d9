// Browser journey: every admin screen the sidebar lists opens by clicks from the dashboard, with its
// link marked as the current page (the list itself is checked against the router in
// test/unit/admin-nav.test.ts). Needs the SPA built and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NAV_GROUPS, NAV_SETTINGS, NAV_TOP, visibleTo } from '../../web/src/app/layouts/admin-nav'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('the admin sidebar, walked by an owner', () => {
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

  it('opens every listed screen from the dashboard by clicks, marking the current one', async () => {
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
    const nav = page.getByRole('navigation', { name: 'Admin' })
    const items = [...NAV_TOP, ...NAV_GROUPS.flatMap((g) => g.items), ...NAV_SETTINGS].filter((item) =>
      visibleTo(item, 'org_owner'),
    )
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['Schedule Builder', 'Game Periods', 'Businesses', 'Users']))
    expect(items.map((i) => i.label)).not.toContain('Organizations')
    for (const item of items) {
      const settings = nav.getByRole('button', { name: 'Settings' })
      if (NAV_SETTINGS.includes(item) && (await settings.getAttribute('aria-expanded')) !== 'true') await settings.click()
      const link = nav.getByRole('link', { name: item.label, exact: true })
      await link.click()
      await page.waitForURL((url) => url.pathname === item.to)
      // The current screen's link is marked (React may mark it a moment after the URL changes).
      await nav.locator('a[aria-current="page"]', { hasText: item.label }).first().waitFor({ timeout: 10_000 })
      await expect(link.getAttribute('aria-current'), item.label).resolves.toBe('page')
      await page.locator('main h1').first().waitFor()
      await expect(page.getByText('Page not found').count()).resolves.toBe(0)
    }
  })
})
