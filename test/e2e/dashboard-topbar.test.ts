// Browser journey (docs/languages.md, docs/dashboard.md): the dashboard's top bar at 375 px in French,
// where its words are longest, for an organization with a long name. The name ends in an ellipsis
// inside the bar (the full name is its tooltip and the page keeps it for assistive technology), the
// bar and the page never scroll sideways, and the menu, switcher and sign-out buttons stay whole on
// one line. Needs the SPA built into web/dist and Chromium. Screenshot in test-artifacts/dashboard-languages/.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, signInOnPage } from '../helpers/browser'
import { serverAndBrowser } from '../helpers/stand'

const SHOTS = path.resolve('test-artifacts/dashboard-languages')
const LONG_NAME = 'Ligue communautaire de basketball d’Ottawa-Carleton et de la vallée de l’Outaouais'

describe('the dashboard’s top bar on a phone', () => {
  const stand = serverAndBrowser()

  it('fits a long organization name in French at 375 px: an ellipsis, the full name at hand, nothing overflowing', async () => {
    await mkdir(SHOTS, { recursive: true })
    const page = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(page, stand.server.baseUrl, 'ocbl', 'owner')
    const me = (
      await apiFromPage<{ user: { id: number; version: number; organization: { id: number } } }>(
        page,
        'GET',
        '/api/auth/check-auth',
      )
    ).body.user
    expect((await apiFromPage(page, 'PUT', `/api/usersv2/${me.id}`, { language: 'fr', version: me.version })).status).toBe(200)
    expect((await apiFromPage(page, 'PUT', `/api/organizations/${me.organization.id}`, { name: LONG_NAME })).status).toBe(200)

    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${stand.server.baseUrl}/dashboard`)
    await page.locator('.admin-topbar').waitFor()
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
    await page.screenshot({ path: path.join(SHOTS, 'topbar-fr-375.png') })

    const bar = await page.evaluate(() => {
      const header = document.querySelector('.admin-topbar') as HTMLElement
      const title = header.querySelector('.topbar-title') as HTMLElement
      const box = header.getBoundingClientRect()
      const style = getComputedStyle(title)
      const children = [...header.children].map((child) => {
        const r = child.getBoundingClientRect()
        const el = child as HTMLElement
        return {
          name: el.className || el.tagName,
          inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5,
          // A button's words on one line, none cut off.
          whole: el.matches('.topbar-title') || (el.scrollWidth <= el.clientWidth + 1 && r.height <= 48),
        }
      })
      return {
        headerFits: header.scrollWidth <= header.clientWidth + 1,
        pageFits: document.documentElement.scrollWidth <= window.innerWidth,
        ellipsis: style.textOverflow === 'ellipsis' && style.overflow === 'hidden' && style.whiteSpace === 'nowrap',
        truncated: title.scrollWidth > title.clientWidth,
        visibleWidth: title.getBoundingClientRect().width,
        tooltip: title.getAttribute('title'),
        text: title.textContent,
        children,
      }
    })
    expect(bar.headerFits, 'the top bar scrolls sideways').toBe(true)
    expect(bar.pageFits, 'the page scrolls sideways').toBe(true)
    expect(
      bar.children.filter((c) => !c.inside).map((c) => c.name),
      'outside the top bar',
    ).toEqual([])
    expect(
      bar.children.filter((c) => !c.whole).map((c) => c.name),
      'cut off or wrapped',
    ).toEqual([])
    // The long name is cut with an ellipsis, in a box wide enough to read its start, and kept whole beside it.
    expect(bar.ellipsis).toBe(true)
    expect(bar.truncated).toBe(true)
    expect(bar.visibleWidth).toBeGreaterThanOrEqual(60)
    expect(bar.text).toBe(LONG_NAME)
    expect(bar.tooltip).toBe(LONG_NAME)
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  }, 180_000)
})
