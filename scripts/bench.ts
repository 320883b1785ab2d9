// `npm run bench` (docs/reference/performance.md §5): latency and throughput of the public API, cold and warm, and the
// admin lists, against the local server (Miniflare) on loopback, side by side with a static asset as the floor.
// Also the gzipped Worker bundle and the public first-load sizes. Prints a table and writes it into
// bench/RESULTS.md between <!-- bench --> and <!-- /bench -->.
//
//   npm run bench                                    fresh demo database (seeded), 5 s per run
//   npm run bench -- --persist-to .wrangler/bench    the full-history dataset (npm run bench:data)
//   options: --duration <s> (5)  --warmup <s> (1)  --connections 1,32  --slug ocbl
//            --only <text> (only the endpoints whose name contains it; the section is not written)
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { MAIN_LEAGUE_SLUG } from './bench-data.ts'
import { benchTargets, recordBookFilters } from './bench-targets.ts'
import { kb, publicFirstLoads } from './first-load.ts'
import { startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { staffSignIn } from './staff-session.ts'
import { ROOT, wranglerCommand, wranglerEnv } from './start.ts'

const { values: options } = parseArgs({
  options: {
    'persist-to': { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '1,32' },
    slug: { type: 'string', default: MAIN_LEAGUE_SLUG },
    only: { type: 'string' },
  },
})
const duration = Number(options.duration)
const warmup = Number(options.warmup)
const connectionCounts = options.connections.split(',').map(Number)
const slug = options.slug
if (!(duration > 0) || !(warmup >= 0) || connectionCounts.some((n) => !(n >= 1))) {
  throw new Error('--duration, --warmup and --connections take positive numbers')
}

type Run = { p50: number; p95: number; p99: number; rps: number; requests: number; failures: number }
type Target = { name: string; path: string; kind: 'public' | 'admin' | 'static' }

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * One autocannon run. `unique` adds a `_bench` query parameter that changes on every request: the
 * edge cache keys on the whole query, so each request misses (cold); the routes ignore the parameter.
 */
async function measure(url: string, connections: number, seconds: number, headers: Record<string, string>, unique: boolean) {
  const base = new URL(url)
  let counter = 0
  const latencies: number[] = []
  let finish: (result: autocannon.Result) => void = () => {}
  let fail: (error: unknown) => void = () => {}
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  const instance = autocannon(
    {
      url: base.origin,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const target = new URL(base)
            if (unique) target.searchParams.set('_bench', `${process.pid}-${Date.now()}-${counter++}`)
            request.path = `${target.pathname}${target.search}`
            return request
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  )
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime)
  })
  const result = await done
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies Run
}

async function run(url: string, connections: number, headers: Record<string, string>, unique: boolean) {
  if (warmup > 0) await measure(url, connections, warmup, headers, unique)
  return measure(url, connections, duration, headers, unique)
}

/** Signs in as the demo staff user of the organization: the session cookie for the admin lists. */
async function staffCookie(baseUrl: string): Promise<string> {
  return (await staffSignIn(baseUrl, slug)).cookies.join('; ')
}

/**
 * Ids for the endpoints: the largest season (most games — on the full-history dataset a historical
 * one, not the small active Fall 2025), a played game of it and a player who played in it.
 */
async function discoverTargets(baseUrl: string): Promise<{ targets: Target[]; about: string }> {
  const q = `slug=${slug}`
  const { season, game, player } = await benchTargets(baseUrl, slug)
  const about = `${season.name} (${season.games.toLocaleString('en-US')} games): game ${game.id}, player ${player.id}`
  console.log(`Measuring ${about}`)
  const playerId = player.id
  const { bookLeague, bookRange } = await recordBookFilters(baseUrl, slug)
  // The players list unfiltered shows the active season; a name search reads across all seasons.
  const search = encodeURIComponent(player.lastName.slice(0, 3))
  const assets = readdirSync(path.join(ROOT, 'web/dist/assets'))
  const framework = assets.find((f) => /^framework-.+\.js$/.test(f)) ?? assets.find((f) => f.endsWith('.js'))
  const targets: Target[] = [
    { name: 'organization', path: `/api/organizations/slug/${slug}`, kind: 'public' },
    { name: 'standings', path: `/api/seasonsv2/${season.id}/leagues-with-teams-public?${q}`, kind: 'public' },
    { name: 'schedule', path: `/api/gamesv2?${q}&seasonId=${season.id}`, kind: 'public' },
    { name: 'players', path: `/api/playersv2?${q}`, kind: 'public' },
    { name: 'players: search', path: `/api/playersv2?${q}&search=${search}`, kind: 'public' },
    { name: 'player basic', path: `/api/playersv2/${playerId}/basic?${q}`, kind: 'public' },
    { name: 'player stats', path: `/api/playersv2/${playerId}/stats?${q}`, kind: 'public' },
    { name: 'game', path: `/api/gamesv2/${game.id}?${q}`, kind: 'public' },
    { name: 'records (top 20 points)', path: `/api/records/top20Points?${q}`, kind: 'public' },
    { name: 'stat leaders', path: `/api/stat-leaders?${q}`, kind: 'public' },
    // The record book (docs/records.md): the first stat over all history, a percentage, a league,
    // a season range; a team's history.
    { name: 'record book', path: `/api/records/book?${q}`, kind: 'public' },
    { name: 'record book: FT%, one league', path: `/api/records/book?${q}&${bookLeague}`, kind: 'public' },
    { name: 'record book: season range', path: `/api/records/book?${q}&${bookRange}`, kind: 'public' },
    { name: 'team history', path: `/api/records/teams/${game.team1_id}?${q}`, kind: 'public' },
    { name: 'page HTML (game)', path: `/${slug}/games/${game.id}`, kind: 'public' },
    { name: 'admin seasons list', path: '/api/seasonsv2', kind: 'admin' },
    { name: 'admin teams list', path: '/api/teams', kind: 'admin' },
    { name: 'static asset (floor)', path: `/assets/${framework}`, kind: 'static' },
  ]
  return { targets, about }
}

/** `wrangler deploy --dry-run` bundles the Worker as it would upload it; gzip is what counts. */
function workerBundleSize(): { raw: number; gzip: number } {
  const outdir = mkdtempSync(path.join(tmpdir(), 'courtside-bundle-'))
  try {
    const { command, args } = wranglerCommand(['deploy', '--dry-run', '--outdir', outdir])
    execFileSync(command, args, { cwd: ROOT, env: wranglerEnv(), stdio: 'pipe' })
    const files = readdirSync(outdir).filter((f) => /\.(js|mjs|wasm)$/.test(f))
    const bytes = files.map((f) => readFileSync(path.join(outdir, f)))
    return {
      raw: bytes.reduce((sum, b) => sum + b.length, 0),
      gzip: bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')
const latency = (r: Run | undefined) => (r ? `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)}` : '–')
const rate = (r: Run | undefined) => (r ? Math.round(r.rps).toLocaleString('en-US') : '–')

async function main() {
  const persistTo = options['persist-to'] ? path.resolve(options['persist-to']) : undefined
  console.log(persistTo ? `Serving ${persistTo}` : 'Serving a freshly seeded demo database')
  // Our own state folder for the demo, so a restarted server (below) finds the same data.
  const stateDir = persistTo ?? mkdtempSync(path.join(tmpdir(), 'courtside-bench-'))
  // Straight to the workerd runtime: wrangler's dev proxy exits under concurrent load (local-server.ts).
  let server = await startLocalServer({ stateDir })
  let about = ''
  const measured: { target: Target; connections: number; cold?: Run; warm?: Run; bad: number; bytes?: number }[] = []
  const restarts: string[] = []
  let failures = 0
  const alive = () =>
    fetch(`${server.baseUrl}/api/auth/check-auth`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    )
  try {
    const discovered = await discoverTargets(server.baseUrl)
    const targets = discovered.targets
    about = discovered.about
    let cookie = await staffCookie(server.baseUrl)
    for (const target of targets.filter((t) => !options.only || t.name.includes(options.only ?? ''))) {
      for (const connections of connectionCounts) {
        let cold: Run | undefined
        let warm: Run | undefined
        let bytes: number | undefined
        const url = () => `${server.baseUrl}${target.path}`
        if (target.kind === 'admin') cold = await run(url(), connections, { Cookie: cookie }, false)
        else if (target.kind === 'static') {
          bytes = (await (await fetch(url())).arrayBuffer()).byteLength
          warm = await run(url(), connections, {}, false)
        } else {
          cold = await run(url(), connections, {}, true)
          // Fills the edge cache for the warm run (and tells the answer's size).
          bytes = await fetch(url()).then(
            async (r) => (await r.arrayBuffer()).byteLength,
            () => undefined,
          )
          warm = await run(url(), connections, {}, false)
        }
        const bad = (cold?.failures ?? 0) + (warm?.failures ?? 0)
        failures += bad
        measured.push({ target, connections, cold, warm, bad, bytes })
        console.log(`${target.name} (${connections}): cold ${latency(cold)}, warm ${latency(warm)}, ${bad} non-2xx`)
        // The server on a crowded machine has died mid-run (under wrangler dev): note it, start it again, go on.
        if (!(await alive())) {
          restarts.push(`${target.name} at ${connections} connection(s)`)
          console.log(`The server stopped answering after ${target.name} (${connections}): restarting it`)
          await server.stop()
          server = await startLocalServer({ stateDir })
          cookie = await staffCookie(server.baseUrl)
        }
      }
    }
  } finally {
    await server.stop()
    if (!persistTo) rmSync(stateDir, { recursive: true, force: true })
  }

  // Warm against the floor at the same number of connections (the issue's "within 1.5×").
  const floor = new Map(measured.filter((m) => m.target.kind === 'static').map((m) => [m.connections, m.warm]))
  const versus = (warm: Run | undefined, connections: number, pick: 'p50' | 'p95') => {
    const base = floor.get(connections)
    return warm && base && warm !== base ? `${(warm[pick] / base[pick]).toFixed(1)}×` : '–'
  }
  const rows = measured.map(
    ({ target, connections, cold, warm, bad, bytes }) =>
      `| ${target.name} | ${connections} | ${bytes === undefined ? '–' : kb(bytes)} | ${latency(cold)} | ${rate(cold)} | ${latency(warm)} | ${rate(warm)} | ${versus(warm, connections, 'p50')} / ${versus(warm, connections, 'p95')} | ${bad} |`,
  )
  const bundle = workerBundleSize()
  const loads = publicFirstLoads(path.join(ROOT, 'web/dist'))
  const worstJs = loads.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a))
  const worstCss = loads.reduce((a, b) => (b.cssGzip > a.cssGzip ? b : a))
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the end: other work shares this machine, so treat figures as indicative), ${persistTo ? `state folder \`${path.relative(ROOT, persistTo) || persistTo}\`` : 'the seeded demo database'}, organization \`${slug}\` — season-scoped requests aim at its largest season, ${about} —, the local server (Miniflare, scripts/worker-server.ts) on 127.0.0.1; ${warmup} s warm-up then ${duration} s per run with autocannon.`,
    '',
    '- **Cold**: every request carries a different `_bench` query parameter, which the routes ignore but the edge-cache key includes, so each one misses the cache and reads D1 (and stores its answer). Admin lists are signed in (session cookie): never cached, so they only have a cold column.',
    "- **Warm**: the same URL again and again, answered from the edge cache (the isolate's memory, else the Cache API) after one D1 read of the organization's data version. The static asset is the floor: the same server handing out a hashed file; \"vs floor\" divides the warm p50 / p95 by the floor's at the same connections.",
    "- Size: the answer's body, uncompressed (autocannon asks for no compression; Cloudflare compresses at the edge).",
    '- Latency in ms (p50 / p95 / p99); req/s over the run; non-2xx counts non-2xx answers, connection errors and timeouts.',
    '',
    '| Endpoint | Connections | Size | Cold p50 / p95 / p99 ms | Cold req/s | Warm p50 / p95 / p99 ms | Warm req/s | Warm vs floor p50 / p95 | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Non-2xx responses in all runs: ${failures}.${restarts.length ? ` The server stopped answering during: ${restarts.join('; ')} — those rows count the refused connections, and the server was restarted on the same data.` : ''}`,
    '',
    `Worker bundle (\`wrangler deploy --dry-run\`): ${kb(bundle.raw)}, **${kb(bundle.gzip)} gzipped**.`,
    '',
    `Public first load (KB = 1024 bytes, gzip): heaviest JS ${kb(worstJs.jsGzip)} (${worstJs.page}), heaviest CSS ${kb(worstCss.cssGzip)} (${worstCss.page}); budget < 100 KB JS, < 20 KB CSS.`,
    '',
    '| Page | JS gz | CSS gz |',
    '|---|---|---|',
    ...loads.map((l) => `| ${l.page} | ${kb(l.jsGzip)} | ${kb(l.cssGzip)} |`),
  ]
  const text = lines.join('\n')
  console.log(`\n${text}`)
  if (options.only) return // a partial run never replaces the recorded table
  writeResultsSection('bench', `## npm run bench\n\n${text}`)
  console.log('\nWritten to bench/RESULTS.md')
}

await main()
