// `npm run bench:tasks`: how many actions a league's setup takes in the browser
// (docs/csv-import-export.md). A real Chromium (playwright-core, $CHROMIUM_PATH) on a fresh seeded
// `wrangler dev` sets up one league of 6 teams × 5 players with its schedule generated and shows it
// on the public schedule, counting every click, typed field, paste and typed address. Two runs:
//   existing season  demo-west's active season gets a new league (the usual case: next league night)
//   new season       pickup (an organization with nothing yet) creates its first season first
// Prints the counts and writes them into bench/RESULTS.md between <!-- bench:tasks --> markers.
//
//   npm run bench:tasks                  (builds the SPA first)
//   node scripts/bench-tasks.ts --keep   (also saves screenshots of the import preview and the public
//                                         schedule as courtside-tasks-*.png in the temporary folder)
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { launchChromium } from '../test/helpers/browser.ts'
import { startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'

const { values: options } = parseArgs({ options: { keep: { type: 'boolean', default: false } } })
const TARGET = 25
const shot = (name: string) => path.join(tmpdir(), `courtside-tasks-${name}.png`)
const TEAMS = ['Hawks', 'Owls', 'Comets', 'Meteors', 'Rockets', 'Falcons']
const FIRST = ['Ann', 'Bo', 'Cy', 'Di', 'Ed']
const LAST = ['Lee', 'Diaz', 'Park', 'Ng', 'Rossi', 'Khan', 'Ortiz', 'Silva', 'Moreau', 'Novak']

/** The roster as a spreadsheet copies it: tab-separated, a header row, 30 players. */
function rosterPaste(prefix: string): string {
  const rows = [['Team', 'First name', 'Last name']]
  TEAMS.forEach((team, t) => {
    FIRST.forEach((first, p) => {
      rows.push([`${prefix} ${team}`, first, `${LAST[(t + p) % LAST.length]}-${t}${p}`])
    })
  })
  return rows.map((r) => r.join('\t')).join('\n')
}

type Kind = 'click' | 'typed' | 'paste' | 'url'
interface Step {
  name: string
  counts: Record<Kind, number>
}

/** The user's actions, each counted under the step it belongs to. */
class Actions {
  steps: Step[] = []
  page: Page
  constructor(page: Page) {
    this.page = page
  }
  step(name: string) {
    this.steps.push({ name, counts: { click: 0, typed: 0, paste: 0, url: 0 } })
  }
  private count(kind: Kind) {
    const step = this.steps.at(-1)
    if (!step) throw new Error('An action outside a step')
    step.counts[kind]++
  }
  async click(target: Locator) {
    await target.click()
    this.count('click')
  }
  async type(target: Locator, value: string) {
    await target.fill(value)
    this.count('typed')
  }
  /** A paste: the whole clipboard text lands in the field at once. */
  async paste(target: Locator, text: string) {
    await target.focus()
    await this.page.keyboard.insertText(text)
    this.count('paste')
  }
  /** An address typed into the browser's bar. */
  async visit(url: string) {
    await this.page.goto(url)
    this.count('url')
  }
  total(kind?: Kind) {
    return this.steps.reduce(
      (sum, s) => sum + (kind ? s.counts[kind] : s.counts.click + s.counts.typed + s.counts.paste + s.counts.url),
      0,
    )
  }
}

interface Scenario {
  name: string
  slug: string
  newSeason: boolean
}

async function run(page: Page, baseUrl: string, scenario: Scenario) {
  const a = new Actions(page)
  const prefix = scenario.newSeason ? 'Pickup' : 'West'
  const leagueName = `${prefix} Tuesday League`
  // The starting point: the organization's sign-in page (a bookmark), not counted.
  await page.goto(`${baseUrl}/${scenario.slug}/login`)

  a.step('Sign in')
  await a.type(page.getByLabel('Username'), 'owner')
  await a.type(page.getByLabel('Password'), 'owner-local')
  await a.click(page.getByRole('button', { name: 'LOGIN' }))
  await page.waitForURL('**/dashboard/seasons')
  await page.getByRole('heading', { name: 'SEASONS' }).waitFor()

  if (scenario.newSeason) {
    a.step('Create the season (active)')
    await a.click(page.getByRole('button', { name: 'Add Season' }))
    const dialog = page.getByRole('dialog', { name: 'Add Season' })
    await a.type(dialog.getByLabel('Name'), 'Winter 2026')
    await a.click(dialog.getByLabel('Active'))
    await a.click(dialog.getByRole('button', { name: 'Add Season' }))
    await dialog.waitFor({ state: 'detached' })
  }

  a.step('Add the league (Import and export screen)')
  await a.click(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import and export' }))
  await page.getByRole('heading', { name: 'Import and export' }).waitFor()
  await page.getByRole('button', { name: 'New league' }).waitFor()
  await a.click(page.getByRole('button', { name: 'New league' }))
  await a.type(page.getByLabel(/^New league in /), leagueName)
  await a.click(page.getByRole('button', { name: 'Add league' }))
  await page.getByRole('heading', { name: `Import into ${leagueName}` }).waitFor()

  a.step('Paste the 30-player roster, preview, import')
  await a.paste(page.getByLabel('Paste from a spreadsheet'), rosterPaste(prefix))
  await page.getByText('30 rows · 6 new teams · 30 new players').waitFor({ timeout: 30_000 })
  if (options.keep) await page.screenshot({ path: shot(`${scenario.slug}-import`), fullPage: true })
  const importButton = page.getByRole('button', { name: 'Import 30 rows' })
  await page.waitForFunction((el) => el instanceof HTMLButtonElement && !el.disabled, await importButton.elementHandle())
  await a.click(importButton)
  await page.getByText(`Teams and players imported into ${leagueName}.`).waitFor({ timeout: 30_000 })

  a.step('Build the schedule (Schedule Builder)')
  await a.click(page.getByRole('link', { name: 'Build its schedule' }))
  await page.waitForURL('**/scheduleBuilder?*')
  const form = page.getByRole('form', { name: 'Create Schedule' })
  await form.waitFor()
  // The builder opens on the league just imported.
  await page.waitForFunction((name) => {
    const select = document.querySelector('form[aria-label="Create Schedule"] select') as HTMLSelectElement | null
    return select?.selectedOptions[0]?.textContent === name
  }, leagueName)
  await a.type(form.getByLabel('Name'), 'Tuesdays')
  await a.type(form.getByLabel('Start Date'), '2025-11-04')
  await a.type(form.getByLabel('Weeks'), '5')
  await a.click(form.getByLabel('Tuesday'))
  // Three games a night for six teams: 7, 8 and 9 pm.
  await a.type(form.getByLabel('Time slot 1', { exact: true }), '19:00')
  await a.click(form.getByRole('button', { name: 'Add time slot' }))
  await a.type(form.getByLabel('Time slot 2', { exact: true }), '20:00')
  await a.click(form.getByRole('button', { name: 'Add time slot' }))
  await a.type(form.getByLabel('Time slot 3', { exact: true }), '21:00')
  await a.click(form.getByRole('button', { name: 'Create Schedule' }))
  await page.getByText('Schedule created successfully!').waitFor({ timeout: 30_000 })

  a.step('Generate it')
  await a.click(page.getByRole('button', { name: 'Generate Full Schedule for Tuesdays' }))
  const confirm = page.getByRole('dialog', { name: 'Generate Full Schedule' })
  await a.click(confirm.getByRole('button', { name: 'Generate' }))
  await confirm.waitFor({ state: 'detached' })
  await page
    .getByText(/generated/i)
    .first()
    .waitFor({ timeout: 60_000 })

  a.step('See it on the public schedule')
  await a.visit(`${baseUrl}/${scenario.slug}/schedule`)
  // Every team of the new league is on the public schedule.
  for (const team of TEAMS) {
    await page.getByText(`${prefix} ${team}`).filter({ visible: true }).first().waitFor({ timeout: 30_000 })
  }
  const games = await page.evaluate(
    async ({ slug, league }) => {
      const body = (await (await fetch(`/api/gamesv2?slug=${slug}`)).json()) as { games: { league: { name: string } | null }[] }
      return body.games.filter((g) => g.league?.name === league).length
    },
    { slug: scenario.slug, league: leagueName },
  )
  if (games < 15) throw new Error(`Only ${games} games of ${leagueName} on the public schedule`)
  if (options.keep) await page.screenshot({ path: shot(scenario.slug), fullPage: true })
  return { actions: a, games }
}

const server = await startLocalServer()
const browser = await launchChromium()
const results: { scenario: Scenario; actions: Actions; games: number; seconds: number }[] = []
try {
  for (const scenario of [
    { name: 'Existing active season (demo-west)', slug: 'demo-west', newSeason: false },
    { name: 'New season first (pickup, an empty organization)', slug: 'pickup', newSeason: true },
  ] satisfies Scenario[]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const started = Date.now()
    const { actions, games } = await run(page, server.baseUrl, scenario)
    results.push({ scenario, actions, games, seconds: (Date.now() - started) / 1000 })
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}

const line = (label: string, a: Actions) =>
  `| ${label} | ${a.total('click')} | ${a.total('typed')} | ${a.total('paste')} | ${a.total('url')} | **${a.total()}** |`
const summary = results.map((r) => line(r.scenario.name, r.actions)).join('\n')
const [main] = results
const breakdown = results
  .map(
    (r) =>
      `**${r.scenario.name}** (${r.games} games generated, ${r.seconds.toFixed(0)} s in the browser):\n\n| Step | Clicks | Typed fields | Pastes | Typed addresses | Actions |\n|---|---:|---:|---:|---:|---:|\n${r.actions.steps
        .map(
          (s) =>
            `| ${s.name} | ${s.counts.click} | ${s.counts.typed} | ${s.counts.paste} | ${s.counts.url} | ${s.counts.click + s.counts.typed + s.counts.paste + s.counts.url} |`,
        )
        .join('\n')}`,
  )
  .join('\n\n')
const body = `## League setup in the browser (\`npm run bench:tasks\`)

One league of 6 teams × 5 players, its schedule generated (5 weeks, Tuesdays, 3 time slots) and
shown on the public schedule, driven in Chromium on a fresh demo server and counted action by
action: clicks, typed fields, pastes (the 30 players are one paste from a spreadsheet on the Import
and export screen) and typed addresses. It starts on the organization's sign-in page. Target: at
most ${TARGET} actions. Before the import screen the same setup took 129 clicks, 76 typed fields and a
typed address. Recorded ${new Date().toISOString().slice(0, 10)}.

| Setup | Clicks | Typed fields | Pastes | Typed addresses | Actions |
|---|---:|---:|---:|---:|---:|
${summary}

${main.actions.total() <= TARGET ? `Within the target (${main.actions.total()} ≤ ${TARGET}) on an existing season.` : `Over the target: ${main.actions.total()} > ${TARGET}.`} Creating the season first adds its four
actions (Add Season, name, Active, save). The Schedule Builder form is the largest step (name, start date,
weeks, game day and each time slot are fields of their own).

${breakdown}`
console.log(body)
writeResultsSection('bench:tasks', body)
if (main.actions.total() > TARGET) process.exitCode = 1
