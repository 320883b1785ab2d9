// Rows read and cold latency per public request on the full-history dataset (docs/reference/performance.md §2, §7).
//
//   npm run bench:data                                              (once: the dataset)
//   COURTSIDE_STATE_DIR=.wrangler/bench BENCH=1 PORT=8917 node scripts/start.ts   (another shell)
//   npm run bench:rows-read [-- base URL, default http://127.0.0.1:8917]
//
// Every request carries a fresh cache-busting parameter, so the edge cache never answers: these are
// cold reads straight from D1. With BENCH=1 the Worker answers each request's D1 rows read
// (X-Rows-Read); those figures are written to bench/RESULTS.md between the rows-read markers (the
// rest of the file is left as it is). BENCH=1 runs each non-batched select twice to read its
// metadata, so time requests against a server started without it; the table printed here states
// which kind of server it measured. Season-scoped requests (standings, schedule, byes, game,
// player) aim at the organization's largest season, not its active one (scripts/bench-targets.ts).
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { MAIN_LEAGUE_SLUG } from './bench-data.ts'
import { benchTargets, recordBookFilters } from './bench-targets.ts'
import { RESULTS_FILE, writeResultsSection } from './results-section.ts'
import { ROOT } from './start.ts'

const BASE = process.argv[2] ?? 'http://127.0.0.1:8917'
const SLUG = process.env.BENCH_SLUG ?? MAIN_LEAGUE_SLUG
const RUNS = Number(process.env.RUNS ?? 15)

let bust = 0
async function get(pathAndQuery: string) {
  const url = new URL(pathAndQuery, BASE)
  url.searchParams.set('slug', SLUG)
  url.searchParams.set('_cold', `${Date.now()}-${bust++}`)
  const started = performance.now()
  const response = await fetch(url)
  const body = await response.text()
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`${response.status} from ${pathAndQuery}: ${body.slice(0, 200)}`)
  const rows = response.headers.get('X-Rows-Read')
  return { ms, rowsRead: rows === null ? null : Number(rows), json: JSON.parse(body) }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

async function main() {
  // The largest season (most games: on the full-history dataset a historical one, not the small
  // active Fall 2025), a played game of it and a player of that game; the season is passed explicitly.
  const { season, game, player } = await benchTargets(BASE, SLUG)
  console.log(`Measuring ${season.name} (${season.games} games): game ${game.id}, player ${player.id}`)
  // The public team filter offers the active season's teams: one of those, from its schedule.
  const book = await recordBookFilters(BASE, SLUG)
  const { json: activeSchedule } = await get('/api/gamesv2')
  const activeTeamId = activeSchedule.games.at(-1)?.team1_id ?? game.team1_id
  const endpoints: [string, string][] = [
    ['organization', `/api/organizations/slug/${SLUG}`],
    ['standings', `/api/seasonsv2/${season.id}/leagues-with-teams-public`],
    ['schedule (games)', `/api/gamesv2?seasonId=${season.id}`],
    ['schedule (byes)', `/api/bye-dates/public?seasonId=${season.id}`],
    // The public players page asks for a page: a name search (across all seasons), a team of the
    // active season (docs/reference/performance.md); unfiltered it shows the active season.
    ['players', '/api/playersv2'],
    ['players: search', `/api/playersv2?search=${encodeURIComponent(player.lastName.slice(0, 3))}`],
    ['players: team', `/api/playersv2?teamId=${activeTeamId}`],
    ['players: choices', '/api/playersv2/filters'],
    ['player basic', `/api/playersv2/${player.id}/basic?scope=active`],
    ['player stats', `/api/playersv2/${player.id}/stats`],
    ['team', `/api/teamsv2/${game.team1_id}`],
    ['game', `/api/gamesv2/${game.id}`],
    ['records: points', '/api/records/top20Points'],
    ['records: threes', '/api/records/top20Threes'],
    ['records: team wins', '/api/records/top20TeamWins'],
    ['stat leaders', '/api/stat-leaders'],
    // The record book and career pages (docs/records.md).
    ['record book', '/api/records/book'],
    ['record book: FT%, one league', `/api/records/book?${book.bookLeague}`],
    ['record book: season range', `/api/records/book?${book.bookRange}`],
    ['team history', `/api/records/teams/${game.team1_id}`],
  ]
  const rows: { name: string; path: string; p50: number; p95: number; rowsRead: number | null }[] = []
  for (const [name, pathAndQuery] of endpoints) {
    await get(pathAndQuery) // warm the Worker's code path, not the cache (every call busts it)
    const times: number[] = []
    let rowsRead: number | null = null
    for (let i = 0; i < RUNS; i++) {
      const r = await get(pathAndQuery)
      times.push(r.ms)
      rowsRead = r.rowsRead
    }
    times.sort((a, b) => a - b)
    rows.push({ name, path: pathAndQuery, p50: percentile(times, 50), p95: percentile(times, 95), rowsRead })
  }
  const metered = rows.every((r) => r.rowsRead !== null)
  console.log(
    `Cold public requests to /${SLUG} (${RUNS} each, cache busted)${metered ? ' — BENCH=1 server: latency inflated' : ''}`,
  )
  console.log(`${'endpoint'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'rows read'.padStart(10)}`)
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(20)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(r.rowsRead ?? '–').padStart(10)}`,
    )
  }
  if (!metered) {
    // Without BENCH=1 the times are the Worker's own: they go to their own section (cold-latency).
    const latency = [
      '## Cold latency per public request, one connection',
      '',
      `${RUNS} cold requests (cache busted) one at a time to each public endpoint of \`/${SLUG}\` on the full-history`,
      `dataset, against the local server (\`npm start\`'s Miniflare) without \`BENCH\` (\`node scripts/bench-rows-read.ts\`), load average`,
      `${loadavg()[0].toFixed(1)} on ${cpus().length} cores (shared machine) when it finished. Budget: p95 under 50 ms.`,
      '',
      '| Endpoint | Request | p50 ms | p95 ms |',
      '|---|---|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | \`GET ${r.path.replace(/\/\d+(?=\/|\?|$)/g, '/{id}').replace(/=\d+/g, '={id}')}\` | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
      ),
    ].join('\n')
    writeResultsSection('cold-latency', latency)
    console.log('\nNo X-Rows-Read header (server without BENCH=1): wrote the cold-latency section of bench/RESULTS.md.')
    return
  }
  const table = [
    '## Rows read per public request',
    '',
    `D1 rows read (\`meta.rows_read\`, summed over the request's statements) for one cold request to each public`,
    `endpoint of \`/${SLUG}\` on the full-history dataset (\`npm run bench:data\`: 40 seasons, 35,088 games,`,
    `7.9 million box-score rows, loaded into the demo's \`ocbl\` before its Summer and Fall 2025), measured by`,
    `\`node scripts/bench-rows-read.ts\` against the local server (\`npm start\`'s Miniflare) with \`BENCH=1\`. Standings, schedule, byes, game and`,
    `player requests ask for the largest season, ${season.name} (${season.games.toLocaleString('en-US')} games), not the small active`,
    'one. A warm request (served by the edge cache) reads 1 row: the organization, for its data version.',
    '',
    '| Endpoint | Request | Rows read |',
    '|---|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | \`GET ${r.path.replace(/\/\d+(?=\/|\?|$)/g, '/{id}').replace(/=\d+/g, '={id}')}\` | ${r.rowsRead?.toLocaleString('en-US')} |`,
    ),
  ].join('\n')
  writeResultsSection('rows-read', table)
  console.log(`\nWrote the rows-read section of ${path.relative(ROOT, RESULTS_FILE)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
