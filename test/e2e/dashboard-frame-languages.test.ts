// Browser journey (docs/decisions/2026-11-28-languages.md, docs/decisions/2026-11-28-dashboard-language.md):
// the OCBL owner makes Spanish the site's language with French enabled on Site look; the public home
// is then written in Spanish (`<html lang="es">`) and offers French. The owner then chooses French
// for themselves in User settings: the dashboard switches at once, and its frame and settings screens
// show no English text (every visible text, aria-label, title, placeholder and alt is compared with
// the English admin and site messages that French writes differently), at 1280 and 375 px, axe
// clean. The dashboard's words failing to load is an error with a retry, not an endless "Loading...".
// Needs the SPA built into web/dist and Chromium. Screenshots in test-artifacts/dashboard-languages/.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { englishMatcher, pageWords, type Reading, readCatalogs } from '../helpers/page-words'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/dashboard-languages')

/**
 * English messages (without arguments) of the site and admin catalogs that French writes
 * differently: none may show on a French screen. A word both languages use for different things
 * (French "Match" is a game) is not English.
 */
const englishOnly = () =>
  englishMatcher(readCatalogs('en', ['site', 'admin']), readCatalogs('fr', ['site', 'admin']), {
    match: 'whole',
    unlessTheLanguageSaysIt: true,
  })

/**
 * Every text a person meets on the page: its title, visible text nodes, and the labels, titles,
 * placeholders and alts. A settings row's name is the organization's own data (a stat, a period, an
 * attribute), not the product's words.
 */
const FRAME: Reading = {
  roots: 'body',
  visible: 'any',
  skip: 'script,style,[hidden],.settings-name',
  spaces: 'trim',
  title: 'first',
  attributesFromDocument: true,
}

async function expectNoEnglish(page: Page, isEnglish: (text: string) => boolean, where: string) {
  const found = (await pageWords(page, FRAME)).filter(isEnglish)
  expect(found, `English text on ${where}`).toEqual([])
}

async function expectAxeClean(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([])
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/**
 * The demo owner signs in on ocbl's sign-in page, which speaks the site's language once the first test
 * has made it Spanish (docs/languages.md): the fields by their names, not their English labels.
 */
async function signInInSiteLanguage(page: Page, baseUrl: string, slug: string, user: 'owner') {
  await page.goto(`${baseUrl}/${slug}/login`)
  await page.locator('input[name="username"]').fill(user)
  await page.locator('input[type="password"]').fill(`${user}-local`)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL('**/dashboard**')
}

describe('the dashboard in the languages an owner chooses', () => {
  let server: TestServer
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let english: (text: string) => boolean

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    english = englishOnly()
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('an owner sets the site to Spanish with French, then their own dashboard to French', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(page, server.baseUrl, 'ocbl', 'owner')
    await page.goto(`${server.baseUrl}/dashboard/site`)
    await page.getByRole('heading', { name: 'Site look' }).waitFor()

    // Each shipped language is offered in its own name.
    const siteLanguage = page.getByLabel('Site language', { exact: true })
    expect(await siteLanguage.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['English', 'Español', 'Français']),
    )
    await siteLanguage.selectOption('es')
    const visitors = page.getByRole('group', { name: 'Languages visitors may switch to' })
    await visitors.getByRole('checkbox', { name: 'Français' }).check()
    await visitors.getByRole('checkbox', { name: 'English' }).uncheck()
    await expectAxeClean(page, 'Site look with languages at 1280')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Your site is updated.').or(page.getByText('Tu sitio está actualizado.')).waitFor()
    const stored = await apiFromPage<{ organization: { language: string; languages: string[] } }>(
      page,
      'GET',
      '/api/organizations/current?slug=ocbl',
    )
    expect(stored.body.organization).toMatchObject({ language: 'es', languages: ['es', 'fr'] })

    // The owner follows the organization's language: the dashboard is Spanish now, without a reload.
    await page.getByRole('heading', { name: 'Aspecto del sitio' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')

    // A visitor (no remembered choice) gets the public home in Spanish, French offered.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const home = await visitor.newPage()
    await home.goto(`${server.baseUrl}/ocbl`)
    expect(await home.evaluate(() => document.documentElement.lang)).toBe('es')
    const offered = await home.evaluate(() => {
      const block = document.getElementById('courtside-organization')
      return block?.textContent
        ? (JSON.parse(block.textContent) as { organization: { languages?: string[] } }).organization.languages
        : undefined
    })
    expect(offered).toEqual(['es', 'fr'])
    await visitor.close()

    // User settings: the owner chooses French for themselves; the dashboard switches at once.
    await page.goto(`${server.baseUrl}/userSettings`)
    await page.getByRole('heading', { name: 'Ajustes de usuario' }).waitFor()
    const mine = page.getByLabel('Idioma del panel', { exact: true })
    expect(await mine.inputValue()).toBe('')
    await mine.selectOption('fr')
    await page.getByRole('button', { name: 'Guardar idioma' }).click()
    await page.getByRole('heading', { name: 'Paramètres utilisateur' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
    const me = await apiFromPage<{ user: { language: string | null } }>(page, 'GET', '/api/auth/check-auth')
    expect(me.body.user.language).toBe('fr')
    await page.close()
  })

  for (const width of [1280, 375]) {
    it(`at ${width} px the dashboard's frame and settings screens are French, with no English left`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      await signInInSiteLanguage(page, server.baseUrl, 'ocbl', 'owner')
      // The organization's stats are its data (it names and abbreviates them: FT%, 3PM), not the product's words.
      const data = new Set<string>()
      const sports = (await apiFromPage<{ sports: { id: number }[] }>(page, 'GET', '/api/sportsv2')).body.sports
      for (const sport of sports) {
        const stats = await apiFromPage<{ stats: { name: string; abbreviation: string }[] }>(
          page,
          'GET',
          `/api/statsv2/${sport.id}`,
        )
        for (const stat of stats.body.stats ?? []) data.add(stat.name).add(stat.abbreviation)
      }
      const words = (text: string) => english(text) && !data.has(text)
      const screens: { path: string; heading: string; name: string; ready?: string }[] = [
        { path: '/userSettings', heading: 'Paramètres utilisateur', name: 'user-settings' },
        { path: '/dashboard/site', heading: 'Apparence du site', name: 'site-look' },
        { path: '/dashboard/users', heading: 'Utilisateurs', name: 'users', ready: 'table' },
        { path: '/stats', heading: 'Statistiques', name: 'stats', ready: '.settings-list' },
        { path: '/gamePeriod', heading: 'Périodes de jeu', name: 'game-periods', ready: '.settings-list' },
        { path: '/playerAttributes', heading: 'Attributs des joueurs', name: 'player-attributes', ready: '.settings-list' },
        { path: '/dashboard/auditTrail', heading: 'Journal des modifications', name: 'audit-trail', ready: 'table' },
        { path: '/dashboard/widgets', heading: 'Widgets à intégrer', name: 'widgets', ready: '.embed-widgets-snippet' },
        { path: '/dashboard/import', heading: 'Importer et exporter', name: 'import-export', ready: '.import-exports' },
      ]
      for (const screen of screens) {
        await page.goto(`${server.baseUrl}${screen.path}`)
        await page.getByRole('heading', { name: screen.heading }).waitFor()
        if (screen.ready) await page.locator(screen.ready).first().waitFor()
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
        await page.screenshot({ path: `${SHOTS}/${screen.name}-fr-${width}.png`, fullPage: true })
        await expectNoEnglish(page, words, `${screen.path} at ${width}`)
        // The sidebar open, its Settings group too: every word of the frame is on screen.
        const menu = page.locator('.admin-topbar button[aria-controls]')
        if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click()
        const settings = page.locator('.sidebar-group')
        if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click()
        await expectNoEnglish(page, words, `${screen.path} at ${width}`)
        expect(await noSideScroll(page), `${screen.path} at ${width}`).toBe(true)
        await page.screenshot({ path: `${SHOTS}/${screen.name}-fr-${width}-menu.png`, fullPage: true })
        await expectAxeClean(page, `${screen.path} in French at ${width}`)
      }
      await page.close()
    })
  }

  it("a super admin in French: Organizations, its forms and an organization's users, with the site language to choose", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await page.goto(`${server.baseUrl}/login`)
    await page.getByLabel('Username').fill('superadmin')
    await page.getByLabel('Password').fill('superadmin-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
    const me = await apiFromPage<{ user: { id: number } }>(page, 'GET', '/api/auth/check-auth')
    const account = await apiFromPage<{ user: { version: number } }>(page, 'GET', `/api/usersv2/${me.body.user.id}`)
    const saved = await apiFromPage(page, 'PUT', `/api/usersv2/${me.body.user.id}`, {
      language: 'fr',
      version: account.body.user.version,
    })
    expect(saved.status).toBe(200)

    await page.goto(`${server.baseUrl}/organizations`)
    await page.getByRole('heading', { name: 'Organisations', exact: true }).waitFor()
    await page.getByRole('row', { name: /^Orange County Basketball League\s*: afficher les utilisateurs$/ }).click()
    await page.getByRole('heading', { name: 'Utilisateurs de Orange County Basketball League' }).waitFor()
    await page.getByText('owner', { exact: true }).first().waitFor()
    await expectNoEnglish(page, english, '/organizations')
    await page.screenshot({ path: `${SHOTS}/organizations-fr-1280.png`, fullPage: true })
    await expectAxeClean(page, 'Organizations in French')

    await page.getByRole('button', { name: 'Modifier Orange County Basketball League' }).click()
    const edit = page.getByRole('dialog', { name: 'Modifier l’organisation' })
    await edit.waitFor()
    expect(await edit.getByLabel('Langue du site', { exact: true }).inputValue()).toBe('es')
    await expectNoEnglish(page, english, 'the organization form')
    await page.screenshot({ path: `${SHOTS}/organization-form-fr-1280.png`, fullPage: true })
    await expectAxeClean(page, 'the organization form in French')
    await page.close()
  })

  it('the dashboard whose words cannot load says so and retries', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await page.route('**/i18n/*/admin.json', (route) => route.abort())
    await signInInSiteLanguage(page, server.baseUrl, 'ocbl', 'owner')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    await page.screenshot({ path: `${SHOTS}/words-failed.png` })
    await page.unroute('**/i18n/*/admin.json')
    await alert.getByRole('button').click()
    await page.locator('.admin-shell').waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
    await page.close()
  })
})
