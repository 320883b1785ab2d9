// Browser journey (docs/site-look.md "Brand colours"): the OCBL owner opens Site look at 1280 px and
// at 375 px, types a colour too pale for the light theme and sees the contrast rule's refusal before
// saving (Save stays off), then saves a colour that passes on both themes; the public site's header
// stripe and current menu page wear the saved colours with the text colour the rule chose
// (computed styles). "Use the theme's colours" clears them again. Axe clean on both screens.
// Needs the SPA built into web/dist and Chromium. Screenshots in /tmp/brand-shots.
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = '/tmp/brand-shots'

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}

async function expectAxeClean(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([])
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('brand colours', () => {
  let server: TestServer
  let browser: Awaited<ReturnType<typeof launchChromium>>

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const { width, primary, accent, accentText } of [
    { width: 1280, primary: '#2563eb', accent: '#e8590c', accentText: '#111418' },
    { width: 375, primary: '#7048e8', accent: '#dc2626', accentText: '#ffffff' },
  ]) {
    it(`at ${width} px: refuses a pale colour before saving, saves one that passes, and the public site wears it`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      await signInOnPage(page, server.baseUrl, 'ocbl', 'owner')
      await page.goto(`${server.baseUrl}/dashboard/site`)
      await page.getByRole('heading', { name: 'Site look' }).waitFor()

      const primaryField = page.getByLabel('Primary colour', { exact: true })
      const accentField = page.getByLabel('Accent colour', { exact: true })
      const save = page.getByRole('button', { name: 'Save', exact: true })

      // A pale yellow: refused on the light theme, named with its contrast, before any save.
      await primaryField.fill('#ffff00')
      await page.getByText(/^Too little contrast on the light theme: 1\.\d:1, WCAG AA needs 3:1$/).waitFor()
      expect(await primaryField.getAttribute('aria-invalid')).toBe('true')
      expect(await save.isDisabled()).toBe(true)
      expect(await noSideScroll(page)).toBe(true)
      await page.screenshot({ path: `${SHOTS}/site-look-refused-${width}.png`, fullPage: true })
      await expectAxeClean(page, `Site look with a refused colour at ${width}`)

      // Colours that pass: the verdict says so, the preview shows them, and the save goes through.
      await primaryField.fill(primary)
      await accentField.fill(accent)
      expect(await page.getByText(/^Passes WCAG AA/).count()).toBe(2)
      expect(
        await page.locator('.brand-preview-light .brand-preview-button').evaluate((el) => getComputedStyle(el).backgroundColor),
      ).toBe(rgb(primary))
      await page.screenshot({ path: `${SHOTS}/site-look-passing-${width}.png`, fullPage: true })
      await expectAxeClean(page, `Site look with passing colours at ${width}`)
      await save.click()
      await page.getByText('Your site is updated.').waitFor()
      const stored = await apiFromPage<{ organization: { brandPrimary: string; brandAccent: string } }>(
        page,
        'GET',
        '/api/organizations/current?slug=ocbl',
      )
      expect(stored.body.organization).toMatchObject({ brandPrimary: primary, brandAccent: accent })

      // The public site: the header's stripe in the primary colour, the current page in the accent with its text colour.
      const site = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      await site.goto(`${server.baseUrl}/ocbl`)
      await site.locator('.site-header').waitFor()
      await expect
        .poll(() => site.locator('.site-header').evaluate((el) => getComputedStyle(el).boxShadow))
        .toContain(rgb(primary))
      // The Worker's first-paint header has no menu button: wait for the page's own bar before asking whether it shows one.
      await site.locator('.site-menu').waitFor({ state: 'attached' })
      const toggle = site.getByRole('button', { name: 'Open menu' })
      if (await toggle.isVisible()) await toggle.click()
      const current = site.locator('.site-menu-link.active').first()
      await current.waitFor()
      expect(await current.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(accent))
      expect(await current.evaluate((el) => getComputedStyle(el).color)).toBe(rgb(accentText))
      await site.screenshot({ path: `${SHOTS}/public-${width}.png` })
      await expectAxeClean(site, `public home with brand colours at ${width}`)
      await site.close()
      await page.close()
    })
  }

  it("the super admin sets them in the organization's form, which refuses a dark colour for the dark theme first", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await page.goto(`${server.baseUrl}/login`)
    await page.getByLabel('Username').fill('superadmin')
    await page.getByLabel('Password').fill('superadmin-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('link', { name: 'Organizations' }).click()
    await page.getByRole('heading', { name: 'Organizations' }).waitFor()
    await page.getByRole('button', { name: 'Edit Orange County Basketball League' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Organization' })
    await edit.waitFor()
    await edit.getByLabel('Accent colour', { exact: true }).fill('#000080')
    await edit.getByText(/^Too little contrast on the dark theme/).waitFor()
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.getByText('Choose brand colours that pass WCAG AA, or clear them').waitFor()
    await edit.getByLabel('Accent colour', { exact: true }).fill('#1098ad')
    await edit
      .getByText(/^Passes WCAG AA/)
      .first()
      .waitFor()
    await page.screenshot({ path: `${SHOTS}/superadmin-form-1280.png` })
    await expectAxeClean(page, 'Edit Organization with brand colours')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await edit.waitFor({ state: 'detached' })
    await page.getByText('Organization updated').waitFor()
    const stored = await apiFromPage<{ organization: { brandAccent: string } }>(page, 'GET', '/api/organizations/slug/ocbl')
    expect(stored.body.organization.brandAccent).toBe('#1098ad')
    await page.close()
  })

  it("goes back to the theme's colours with one action", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(page, server.baseUrl, 'ocbl', 'owner')
    await page.goto(`${server.baseUrl}/dashboard/site`)
    await page.getByRole('heading', { name: 'Site look' }).waitFor()
    await page.getByRole('button', { name: "Use the theme's colours" }).click()
    expect(await page.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Your site is updated.').waitFor()
    const site = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await site.goto(`${server.baseUrl}/ocbl`)
    await site.locator('.site-menu-link.active').first().waitFor()
    expect(await site.locator('.site-header').evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(
      /^(none|rgba\(0, 0, 0, 0\) .*)$/,
    )
    // The theme's own accent again (web/src/app/styles.css).
    const accent = await site
      .locator('.site-menu-link.active')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    expect([rgb('#c2410c'), rgb('#ff7a33')]).toContain(accent)
    await site.close()
    await page.close()
  })
})
