// Browser journey of a league owner's week (docs/dashboard.md, docs/site-look.md,
// docs/published-seasons.md): the dashboard home, the quick switcher, breadcrumbs, the owner's
// site look and staff accounts, "Add and Add Another", and next season published ahead on the
// public schedule. Needs the SPA built and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe("a league owner's week", () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('opens the dashboard home with what needs fixing, each panel linking where it is fixed', async () => {
    const nav = page.getByRole('navigation', { name: 'Admin' })
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    for (const title of [
      'Games without a result',
      'Teams under 5 players',
      'Leagues without a schedule',
      'Custom domains not live yet',
    ]) {
      await page.getByRole('heading', { name: new RegExp(`^${title}`), level: 2 }).waitFor()
    }
    await expect(page.getByText(/Active season:/).count()).resolves.toBe(1)
    // The active season's link opens its page, whose breadcrumb leads back to the seasons list.
    await page
      .getByText(/Active season:/)
      .getByRole('link')
      .click()
    await page.waitForURL(/\/dashboard\/seasons\/\d+$/)
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Seasons' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/seasons')
  })

  it('goes anywhere with Ctrl+K, by keyboard alone', async () => {
    await page.keyboard.press('Control+k')
    const box = page.getByRole('combobox', { name: 'Go to a screen or season' })
    await box.waitFor()
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
    await box.fill('sched build')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/scheduleBuilder')
    await page.keyboard.press('Control+k')
    await box.fill('player attr')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/playerAttributes')
  })

  it("changes the site's look as its owner, and the public site follows", async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site look' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/site')
    await page.getByRole('heading', { name: 'Site look' }).waitFor()
    await page.getByLabel('Dark').check()
    await page.getByLabel('Facebook URL').fill('https://facebook.com/ocbl-league')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Your site is updated.').waitFor()
    const site: { organization?: unknown } = await page.evaluate(async () => (await fetch('/api/organizations/slug/ocbl')).json())
    expect(site.organization ?? site).toMatchObject({ theme: 'dark', facebook_url: 'https://facebook.com/ocbl-league' })
  })

  it('adds a staff account as its owner, with the temporary password shown once', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/users')
    await page.getByRole('button', { name: 'Add User' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add User' })
    await dialog.getByLabel('Username').fill('weekend-scorer')
    await dialog.getByRole('button', { name: 'Add User' }).click()
    await page.getByText('weekend-scorer added').waitFor()
    await page.getByText(/shown only once/).waitFor()
    await page.getByRole('dialog', { name: 'Temporary password' }).getByRole('button', { name: 'OK' }).click()
    await page.getByRole('cell', { name: 'weekend-scorer' }).first().waitFor()
  })

  it('adds two seasons in one go with "Add and Add Another", and publishes one ahead on the public schedule', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Seasons' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/seasons')
    await page.getByRole('button', { name: 'Add Season' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add Season' })
    await dialog.getByLabel('Name').fill('Winter 2027 (draft)')
    await dialog.getByRole('button', { name: 'Add and Add Another' }).click()
    await page.getByText('Winter 2027 (draft) created').waitFor()
    // The modal stayed open and came back empty for the next season.
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('')
    await dialog.getByLabel('Name').fill('Spring 2027')
    await dialog.getByLabel('Start').fill('2027-03-01')
    await dialog.getByLabel('Publish ahead').check()
    await dialog.getByRole('button', { name: 'Add Season' }).click()
    await page.getByText('Spring 2027 created').waitFor()
    await expect(dialog.count()).resolves.toBe(0)

    // The public schedule still opens on the active season, and offers the published one as upcoming.
    await page.goto(`${server.baseUrl}/ocbl/schedule`)
    const season = page.getByLabel('Season', { exact: true })
    await season.waitFor()
    const options = await season.locator('option').allTextContents()
    expect(options.some((text) => text.endsWith('(current)'))).toBe(true)
    expect(options).toContain('Spring 2027 (upcoming)')
    expect(options.join()).not.toContain('Winter 2027 (draft)')
    const current = await season.inputValue()
    await season.selectOption({ label: 'Spring 2027 (upcoming)' })
    await page.waitForURL(/[?&]season=\d+/)
    expect(await season.inputValue()).not.toBe(current)
  })
})
