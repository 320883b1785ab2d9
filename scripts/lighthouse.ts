// `npm run lighthouse` (docs/reference/performance.md §6): Lighthouse (mobile emulation, its default) on the home,
// schedule, standings, a player and a game page of `ocbl`, served by the local server (Miniflare) on a freshly
// seeded demo database, in the system Chromium. Prints the four scores per page and writes them
// into bench/RESULTS.md between <!-- lighthouse --> and <!-- /lighthouse -->.
//
//   options: --slug ocbl  --persist-to <state folder>
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS } from '../test/helpers/browser.ts'
import { startServer } from '../test/helpers/server.ts'
import { writeResultsSection } from './results-section.ts'

const { values: options } = parseArgs({
  options: { slug: { type: 'string', default: 'ocbl' }, 'persist-to': { type: 'string' } },
})
const slug = options.slug
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGET = 95

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}`)
  return response.json() as Promise<T>
}

/** The five pages of docs/reference/performance.md §6, with a played game and one of its players. */
async function pages(baseUrl: string): Promise<[string, string][]> {
  const q = `slug=${slug}`
  const { seasons } = await json<{ seasons: { id: number; active: boolean }[] }>(`${baseUrl}/api/seasonsv2?${q}`)
  const season = seasons.find((s) => s.active) ?? seasons[0]
  const { games } = await json<{ games: { id: number; score_team1: number | null }[] }>(
    `${baseUrl}/api/gamesv2?${q}&seasonId=${season.id}`,
  )
  const game = games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]
  const detail = await json<{ playerStats: { player_id: number }[] }>(`${baseUrl}/api/gamesv2/${game.id}?${q}`)
  const player = detail.playerStats[0]?.player_id
  return [
    ['home', `/${slug}`],
    ['schedule', `/${slug}/schedule`],
    ['standings', `/${slug}/teamList`],
    ['player', `/${slug}/players/${player}`],
    ['game', `/${slug}/games/${game.id}`],
  ]
}

type Scores = Record<(typeof CATEGORIES)[number], number>

async function main() {
  const persistTo = options['persist-to'] ? path.resolve(options['persist-to']) : undefined
  const server = await startServer(persistTo ? { stateDir: persistTo } : {})
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  })
  const rows: string[] = []
  const shortfalls: string[] = []
  try {
    for (const [name, pagePath] of await pages(server.baseUrl)) {
      const url = `${server.baseUrl}${pagePath}`
      // The first visit fills the edge cache, as any earlier visitor would have.
      await fetch(url).then((r) => r.arrayBuffer())
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const { lhr } = result
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Scores
      const row = `| ${name} | \`${pagePath}\` | ${CATEGORIES.map((c) => scores[c]).join(' | ')} |`
      console.log(row)
      rows.push(row)
      for (const category of CATEGORIES) {
        if (scores[category] >= TARGET) continue
        // What keeps the page below target: the failing audits that weigh on the category.
        const failing = (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map(
            (ref) =>
              `${lhr.audits[ref.id].title}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}`,
          )
        shortfalls.push(`- ${name} · ${category} ${scores[category]}: ${failing.join('; ') || 'no single failing audit'}`)
      }
    }
  } finally {
    await chrome.kill()
    await server.stop()
  }
  const text = [
    `## npm run lighthouse`,
    '',
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile emulation with simulated throttling (its defaults), system Chromium headless, the local server (Miniflare) on 127.0.0.1 with ${persistTo ? `the state folder \`${path.relative(process.cwd(), persistTo) || persistTo}\` (\`npm run bench:data\`: ocbl with its 40 seasons of history loaded)` : 'the seeded demo database'}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}. Target: ${TARGET} or more in each category.`,
    '',
    '| Page | Path | Performance | Accessibility | Best practices | SEO |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    shortfalls.length ? `Below target:\n${shortfalls.join('\n')}` : `Every page meets ${TARGET} in every category.`,
  ].join('\n')
  console.log(`\n${text}`)
  writeResultsSection('lighthouse', text)
}

await main()
