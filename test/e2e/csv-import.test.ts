// Browser journey: staff paste a league's teams and players from a spreadsheet on the Import and
// export screen, see each row's preview (an error blocks the import; an existing player's name
// offers a choice), import them at once, find the teams on the league's page, and download the
// rosters back as CSV. Needs the SPA built and Chromium.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const tsv = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n')

describe('importing teams and players from a spreadsheet', () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('pastes, previews, imports, and the teams are on the league page', async () => {
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('staff-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
    // Someone already in the organization, to be offered as a match.
    const known = await page.evaluate(async () => {
      const body = (await (await fetch('/api/playersv2?limit=1')).json()) as {
        players: { firstName: string; lastName: string }[]
      }
      return body.players[0]
    })

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import and export' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/import')
    await page.getByRole('heading', { name: 'Import and export' }).waitFor()
    // The active season is chosen, and its first league.
    await expect(page.getByLabel('Season').inputValue()).resolves.not.toBe('')
    const heading = page.getByRole('heading', { name: /^Import into / })
    await heading.waitFor()
    const league = (await heading.innerText()).replace(/^Import into /, '').trim()
    await expect(page.getByLabel('League').locator('option:checked').innerText()).resolves.toBe(league)

    const text = page.getByLabel('Paste from a spreadsheet')
    const header = ['Team', 'First name', 'Last name', 'Captain']
    await text.fill(tsv([header, ['Pasted Comets', 'Ada', 'Lovelace', 'yes'], ['Pasted Comets', 'Grace', '', '']]))
    const preview = page.getByRole('table', { name: 'What each row does' })
    await preview.getByText('Last name is required').waitFor()
    await expect(page.getByRole('button', { name: /^Import \d+ rows?$/ }).isDisabled()).resolves.toBe(true)

    await text.fill(
      tsv([
        header,
        ['Pasted Comets', 'Ada', 'Lovelace', 'yes'],
        ['Pasted Comets', 'Grace', 'Hopper', ''],
        ['Pasted Meteors', 'Alan', 'Turing', 'yes'],
        ['Pasted Meteors', known.firstName.toUpperCase(), known.lastName, ''],
      ]),
    )
    await preview.getByRole('combobox', { name: 'Player for row 5' }).waitFor()
    await expect(preview.locator('tbody tr').count()).resolves.toBe(4)
    await expect(preview.locator('tbody tr td:nth-child(2)').allInnerTexts()).resolves.toEqual(['New', 'New', 'New', 'Match'])
    await page.getByText('4 rows · 2 new teams · 3 new players · 1 existing player added').waitFor()
    // The match defaults to the existing player; a new one is one choice away.
    const choice = preview.getByRole('combobox', { name: 'Player for row 5' })
    await expect(choice.locator('option:checked').innerText()).resolves.toMatch(/^Use /)
    await expect(choice.locator('option').last().innerText()).resolves.toBe('Create a new player')

    const importButton = page.getByRole('button', { name: 'Import 4 rows' })
    await importButton.click()
    await page.getByText(`Teams and players imported into ${league}.`).waitFor()
    await expect(text.inputValue()).resolves.toBe('')

    await page.getByRole('link', { name: `See the teams of ${league}` }).click()
    await page.waitForURL('**/dashboard/seasons/*/leagues/*')
    const teams = page.getByRole('table', { name: 'Teams in standings order' })
    await teams.getByRole('link', { name: 'Pasted Comets' }).waitFor()
    await teams.getByRole('link', { name: 'Pasted Meteors' }).waitFor()
    const comets = teams.locator('tr', { has: page.getByRole('link', { name: 'Pasted Comets' }) })
    await expect(comets.locator('td').nth(3).innerText()).resolves.toBe('Ada Lovelace')

    // Back through the league page's own button, and the rosters come down as a CSV file.
    await page.getByRole('link', { name: 'Import teams and players' }).click()
    await page.waitForURL('**/dashboard/import?*')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rosters (teams and players)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/-rosters\.csv$/)
    const file = await readFile((await download.path()) as string, 'utf8')
    expect(file.charCodeAt(0)).toBe(0xfeff)
    expect(file).toContain('Pasted Comets,,Ada,Lovelace,yes')
    expect(file).toContain(`Pasted Meteors,,${known.firstName},${known.lastName},`)
  })

  it('fits a phone: no sideways scrolling of the page, the preview table scrolls on its own', async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 } })
    const cookies = await page.context().cookies()
    await phone.context().addCookies(cookies)
    await phone.goto(`${server.baseUrl}/dashboard/import`)
    await phone.getByRole('heading', { name: 'Import and export' }).waitFor()
    await phone.getByLabel('Paste from a spreadsheet').fill(
      tsv([
        ['Team', 'First name', 'Last name'],
        ['Phone Team', 'Pat', 'Mobile'],
      ]),
    )
    await phone.getByRole('table', { name: 'What each row does' }).waitFor()
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await phone.close()
  })
})
