// Load and soak (docs/reference/trust-and-security.md §9): `npm run bench:load [-- --duration 60 --connections 32 --base-url URL]`.
//
// Starts a fresh seeded local server (Miniflare) (test/helpers/server.ts; the SPA must be built), signs in as
// ocbl's staff user, and keeps `connections` workers busy for `duration` seconds. Each worker makes
// one write per ten reads: staff saving a player's box-score line (PUT /api/player-game-stats) or a
// final score (PUT /api/gamesv2/{id}/scores) on completed games, while anonymous visitors read the
// public site's calls (organization, standings, schedule, players, teams, games, records, leaders).
// Every write carries a value its row has not held before, and each row is written by one worker
// only, so the last acknowledged value is the one the database must hold: afterwards every written
// row is read back. Prints a table and writes it into bench/RESULTS.md between the
// `<!-- bench:load -->` markers (the rest of that file is left as it is).
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startLocalServer } from './local-server.ts'
import { RESULTS_FILE, writeResultsSection } from './results-section.ts'
import { SEED_ACCOUNTS } from './seed-data.ts'

const SLUG = 'ocbl'
const REQUEST_TIMEOUT_MS = 30_000

/** Latencies in log-spaced buckets (2 % wide from 0.1 ms): fixed memory however long the run. */
class LatencyHistogram {
  private static readonly BASE = 0.1
  private static readonly GROWTH = 1.02
  private readonly buckets = new Map<number, number>()
  count = 0
  record(ms: number) {
    const index =
      ms <= LatencyHistogram.BASE ? 0 : Math.ceil(Math.log(ms / LatencyHistogram.BASE) / Math.log(LatencyHistogram.GROWTH))
    this.buckets.set(index, (this.buckets.get(index) ?? 0) + 1)
    this.count++
  }
  /** The upper edge of the bucket holding the p-th percentile (so at most 2 % above the true value). */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN
    const rank = Math.ceil((p / 100) * this.count)
    let seen = 0
    for (const index of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(index) ?? 0
      if (seen >= rank) return LatencyHistogram.BASE * LatencyHistogram.GROWTH ** index
    }
    return Number.NaN
  }
}

interface Tally {
  latency: LatencyHistogram
  non2xx: number
  status5xx: number
  failed: number // no answer at all (network error or timeout)
  /** The first few answers that were not 2xx, or errors, to show what went wrong. */
  samples: string[]
}
const tally = (): Tally => ({ latency: new LatencyHistogram(), non2xx: 0, status5xx: 0, failed: 0, samples: [] })

/** The staff session: cookies and the XSRF token the SPA would echo. */
export interface Session {
  cookie: string
  xsrf: string
}

function cookiesOf(response: Response, into: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]
    const eq = pair.indexOf('=')
    into.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
  }
}

/** Signs in as ocbl's staff the way the SPA does (also used by npm run chaos). */
export async function signIn(baseUrl: string): Promise<Session> {
  const jar = new Map<string, string>()
  const { username, password } = SEED_ACCOUNTS.staff
  // Sign-in is a write too: the XSRF cookie from check-auth goes back as the header.
  const question = await fetch(`${baseUrl}/api/auth/check-auth`)
  await question.arrayBuffer()
  cookiesOf(question, jar)
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ username, password, slug: SLUG }),
  })
  if (!response.ok) throw new Error(`Signing in as ${username} of ${SLUG} failed: ${response.status} ${await response.text()}`)
  await response.arrayBuffer()
  cookiesOf(response, jar)
  const xsrf = jar.get('XSRF-TOKEN')
  if (!xsrf) throw new Error('Sign-in set no XSRF-TOKEN cookie')
  return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), xsrf }
}

export async function getJson<T>(baseUrl: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`)
  const body = await response.text()
  if (!response.ok) throw new Error(`GET ${pathAndQuery}: ${response.status} ${body.slice(0, 200)}`)
  return JSON.parse(body) as T
}

/** What the load reads and writes, found through the public API the way the SPA finds it. */
async function discover(baseUrl: string) {
  const q = `slug=${SLUG}`
  const { seasons } = await getJson<{ seasons: { id: number; active: boolean }[] }>(baseUrl, `/api/seasonsv2?${q}`)
  const season = seasons.find((s) => s.active) ?? seasons[0]
  if (!season) throw new Error(`${SLUG} has no season`)
  const { games } = await getJson<{ games: { id: number; status: string; team1_id: number }[] }>(
    baseUrl,
    `/api/gamesv2?${q}&seasonId=${season.id}`,
  )
  const completed = games.filter((g) => g.status === 'completed')
  if (completed.length === 0) throw new Error(`${SLUG} has no completed game to write box scores for`)
  const { players } = await getJson<{ players: { id: number }[] }>(baseUrl, `/api/playersv2?${q}`)
  const { leagues } = await getJson<{ leagues: { id: number }[] }>(baseUrl, `/api/leaguesv2?${q}`).catch(() => ({ leagues: [] }))
  const teamIds = [...new Set(games.map((g) => g.team1_id))]
  const pick = <T>(list: T[], n: number) => list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n)

  const reads = [
    `/api/organizations/slug/${SLUG}`,
    `/api/seasonsv2?${q}`,
    `/api/seasonsv2/${season.id}/leagues-with-teams-public?${q}`,
    `/api/seasonsv2/${season.id}/divisions?${q}`,
    `/api/gamesv2?${q}&seasonId=${season.id}`,
    `/api/bye-dates/public?${q}&seasonId=${season.id}`,
    `/api/week-offs/public?${q}&seasonId=${season.id}`,
    `/api/playersv2?${q}`,
    `/api/records/top20Points?${q}`,
    `/api/records/top20Threes?${q}`,
    `/api/records/top20TeamWins?${q}`,
    `/api/stat-leaders?${q}`,
    `/api/site-pages?${q}`,
    ...pick(leagues, 3).map((l) => `/api/gamesv2?${q}&seasonId=${season.id}&leagueId=${l.id}`),
    ...pick(teamIds, 6).map((id) => `/api/teamsv2/${id}?${q}`),
    ...pick(players, 8).map((p) => `/api/playersv2/${p.id}/basic?${q}`),
    ...pick(completed, 8).map((g) => `/api/gamesv2/${g.id}?${q}`),
  ]
  return { reads, completedGameIds: completed.map((g) => g.id) }
}

type GameDetail = {
  game: { id: number; score_home: number; score_away: number }
  allStats: { id: number; abbreviation: string }[]
  playerStats: { player_id: number; stat_id: number; value: number }[]
}

/** A box-score line one worker owns: it rewrites `statId` of this player in this game. */
interface LineTarget {
  kind: 'line'
  gameId: number
  playerId: number
  statId: number
  line: { player_id: number; stat_id: number; value: number }[]
  value: number
  acknowledged?: number
  /** Values sent after the last acknowledged one whose answer never came: they may have landed. */
  unanswered: number[]
}
/** A game's final score one worker owns. */
interface ScoreTarget {
  kind: 'score'
  gameId: number
  home: number
  away: number
  acknowledged?: { home: number; away: number }
  unanswered: { home: number; away: number }[]
}
type Target = LineTarget | ScoreTarget

/** Splits the completed games between the workers: each game's writes belong to one worker. */
async function writeTargets(baseUrl: string, gameIds: number[], connections: number): Promise<Target[][]> {
  const perWorker: Target[][] = Array.from({ length: connections }, () => [])
  const details = await Promise.all(gameIds.map((id) => getJson<GameDetail>(baseUrl, `/api/gamesv2/${id}?slug=${SLUG}`)))
  details.forEach((detail, i) => {
    const assist = detail.allStats.find((s) => s.abbreviation === 'AST') ?? detail.allStats[0]
    const lines = Map.groupBy(detail.playerStats, (s) => s.player_id)
    const targets: Target[] = [
      { kind: 'score', gameId: detail.game.id, home: detail.game.score_home, away: detail.game.score_away, unanswered: [] },
    ]
    for (const [playerId, line] of lines) {
      const current = line.find((s) => s.stat_id === assist.id)?.value ?? 0
      targets.push({
        kind: 'line',
        gameId: detail.game.id,
        playerId,
        statId: assist.id,
        line: line.map((s) => ({ player_id: s.player_id, stat_id: s.stat_id, value: s.value })),
        value: current,
        unanswered: [],
      })
    }
    // With fewer games than workers, a game's players are shared out; its score stays with one.
    if (gameIds.length >= connections) perWorker[i % connections].push(...targets)
    else for (const [j, t] of targets.entries()) perWorker[(i + j * gameIds.length) % connections].push(t)
  })
  return perWorker
}

/** Values 1..999 that differ from every value the row held before (the 999 cycle is never reached in a run). */
const nextValue = (value: number) => (value % 999) + 1

async function timed(tallyOf: Tally, request: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now()
  try {
    const response = await request()
    const body = await response.text()
    tallyOf.latency.record(performance.now() - started)
    if (response.status < 200 || response.status > 299) {
      tallyOf.non2xx++
      if (tallyOf.samples.length < 5) tallyOf.samples.push(`${response.status} ${response.url}: ${body.slice(0, 160)}`)
    }
    if (response.status >= 500) tallyOf.status5xx++
    return response
  } catch (error) {
    tallyOf.failed++
    if (tallyOf.samples.length < 5)
      tallyOf.samples.push(`no answer: ${error instanceof Error ? `${error.message} ${error.cause ?? ''}` : error}`)
    return undefined
  }
}

async function write(baseUrl: string, session: Session, target: Target, writes: Tally, counts: { acknowledged: number }) {
  const headers = { 'Content-Type': 'application/json', Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf }
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  if (target.kind === 'line') {
    const value = nextValue(target.value)
    target.value = value
    const stats = target.line.map((s) => (s.stat_id === target.statId ? { ...s, value } : s))
    if (!stats.some((s) => s.stat_id === target.statId)) stats.push({ player_id: target.playerId, stat_id: target.statId, value })
    const response = await timed(writes, () =>
      fetch(`${baseUrl}/api/player-game-stats`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ game_id: target.gameId, player_id: target.playerId, stats }),
        signal,
      }),
    )
    if (response?.ok) {
      target.acknowledged = value
      target.unanswered = []
      counts.acknowledged++
    } else if (!response) target.unanswered.push(value)
  } else {
    const [home, away] = [nextValue(target.home), nextValue(target.away)]
    Object.assign(target, { home, away })
    const response = await timed(writes, () =>
      fetch(`${baseUrl}/api/gamesv2/${target.gameId}/scores`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ score_home: home, score_away: away }),
        signal,
      }),
    )
    if (response?.ok) {
      target.acknowledged = { home, away }
      target.unanswered = []
      counts.acknowledged++
    } else if (!response) target.unanswered.push({ home, away })
  }
}

/**
 * Reads every written game back. A row passes when it holds its last acknowledged value, or a value
 * sent after it whose answer was lost (that write may have landed); anything else is a lost write.
 */
async function verify(baseUrl: string, targets: Target[]) {
  const written = targets.filter((t) => t.acknowledged !== undefined)
  const games = new Map<number, GameDetail>()
  for (const gameId of new Set(written.map((t) => t.gameId))) {
    games.set(gameId, await getJson<GameDetail>(baseUrl, `/api/gamesv2/${gameId}?slug=${SLUG}`))
  }
  const missing: string[] = []
  let laterUnanswered = 0
  for (const t of written) {
    const detail = games.get(t.gameId) as GameDetail
    if (t.kind === 'line') {
      const held = detail.playerStats.find((s) => s.player_id === t.playerId && s.stat_id === t.statId)?.value
      if (held === t.acknowledged) continue
      if (held !== undefined && t.unanswered.includes(held)) laterUnanswered++
      else missing.push(`game ${t.gameId} player ${t.playerId}: acknowledged ${t.acknowledged}, holds ${held}`)
    } else {
      const [home, away] = [detail.game.score_home, detail.game.score_away]
      if (home === t.acknowledged?.home && away === t.acknowledged?.away) continue
      if (t.unanswered.some((u) => u.home === home && u.away === away)) laterUnanswered++
      else
        missing.push(
          `game ${t.gameId} score: acknowledged ${t.acknowledged?.home}-${t.acknowledged?.away}, holds ${home}-${away}`,
        )
    }
  }
  return { rows: written.length, missing, laterUnanswered }
}

export interface LoadOptions {
  durationSeconds: number
  connections: number
  /** Reads per write. */
  readsPerWrite: number
  baseUrl?: string
}

export async function runLoad(options: LoadOptions) {
  const server = options.baseUrl ? undefined : await startLocalServer()
  const baseUrl = options.baseUrl ?? (server?.baseUrl as string)
  try {
    const session = await signIn(baseUrl)
    const { reads, completedGameIds } = await discover(baseUrl)
    const perWorker = await writeTargets(baseUrl, completedGameIds, options.connections)
    const [readTally, writeTally] = [tally(), tally()]
    let writeCount = 0
    const counts = { acknowledged: 0 }
    const load = loadavg()[0]
    const started = performance.now()
    const deadline = started + options.durationSeconds * 1000

    await Promise.all(
      perWorker.map(async (targets, worker) => {
        let op = worker // staggered, so the workers' writes do not all land at once
        let next = 0
        while (performance.now() < deadline) {
          op++
          if (op % (options.readsPerWrite + 1) === 0 && targets.length > 0) {
            writeCount++
            await write(baseUrl, session, targets[next++ % targets.length], writeTally, counts)
          } else {
            const url = reads[Math.floor(Math.random() * reads.length)]
            await timed(readTally, () => fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }))
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const verified = await verify(baseUrl, perWorker.flat())
    return {
      ...options,
      seconds,
      readTally,
      writeTally,
      writeCount,
      acknowledged: counts.acknowledged,
      verified,
      loadAtStart: load,
      readUrls: reads.length,
    }
  } finally {
    await server?.stop()
  }
}

type LoadResult = Awaited<ReturnType<typeof runLoad>>

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`)

export function resultTable(r: LoadResult): string {
  const answered = (t: Tally) => t.latency.count
  const row = (name: string, t: Tally) =>
    `| ${name} | ${answered(t) + t.failed} | ${((answered(t) + t.failed) / r.seconds).toFixed(1)} | ${ms(t.latency.percentile(50))} | ${ms(t.latency.percentile(95))} | ${ms(t.latency.percentile(99))} | ${t.non2xx} | ${t.status5xx} | ${t.failed} |`
  const total = answered(r.readTally) + answered(r.writeTally) + r.readTally.failed + r.writeTally.failed
  return [
    '| Requests | Sent | Requests/s | p50 | p95 | p99 | Non-2xx answers | 5xx | No answer (connection reset) |',
    '|---|---|---|---|---|---|---|---|---|',
    row('Reads (anonymous, public site)', r.readTally),
    row('Writes (staff: box-score lines, final scores)', r.writeTally),
    `| All | ${total} | ${(total / r.seconds).toFixed(1)} | | | | ${r.readTally.non2xx + r.writeTally.non2xx} | ${r.readTally.status5xx + r.writeTally.status5xx} | ${r.readTally.failed + r.writeTally.failed} |`,
    '',
    `Writes verified afterwards: ${r.acknowledged} writes acknowledged on ${r.verified.rows} rows; **${r.verified.rows - r.verified.missing.length} / ${r.verified.rows}**` +
      ` rows hold their last acknowledged value${r.verified.laterUnanswered ? ` (${r.verified.laterUnanswered} of them a later write whose answer was lost)` : ''};` +
      ` **${r.verified.missing.length} acknowledged writes lost**` +
      (r.verified.missing.length ? ` — ${r.verified.missing.slice(0, 5).join('; ')}` : '.'),
  ].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '32' },
      'reads-per-write': { type: 'string', default: '10' },
      'base-url': { type: 'string' },
      'no-record': { type: 'boolean', default: false },
    },
  })
  const number = (name: string, text: string) => {
    const n = Number(text)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got ${text}`)
    return n
  }
  const options: LoadOptions = {
    durationSeconds: number('duration', values.duration),
    connections: number('connections', values.connections),
    readsPerWrite: number('reads-per-write', values['reads-per-write']),
    baseUrl: values['base-url']?.replace(/\/$/, ''),
  }
  console.log(
    `Load: ${options.connections} connections for ${options.durationSeconds} s, 1 write per ${options.readsPerWrite} reads` +
      (options.baseUrl ? ` against ${options.baseUrl}` : ' against a fresh seeded local server'),
  )
  const result = await runLoad(options)
  const table = resultTable(result)
  console.log(`\n${table}\n`)
  for (const sample of [...result.readTally.samples, ...result.writeTally.samples]) console.log(`  e.g. ${sample}`)
  const section = [
    '## Load and soak (`npm run bench:load`)',
    '',
    `${result.connections} connections for ${result.seconds.toFixed(1)} s against the local server (Miniflare: workerd, local D1/KV)` +
      ` seeded with the demo data; 1 write per ${result.readsPerWrite} reads. Reads: ${result.readUrls} public URLs of \`/${SLUG}\` picked at random` +
      ' (organization, standings, divisions, schedule, byes, week-offs, players, player profiles, teams, games, records, stat leaders, pages).' +
      " Writes: ocbl staff saving one player's box-score line (`PUT /api/player-game-stats`) or a final score (`PUT /api/gamesv2/{id}/scores`)" +
      ' on completed games, each with a value the row has not held before; each row is written by one connection only, then read back.' +
      ` Load average when it started: ${result.loadAtStart.toFixed(1)} on ${cpus().length} cores (shared machine).` +
      ` Recorded ${new Date().toISOString().slice(0, 10)}.`,
    '',
    table,
    '',
    'Traffic goes to the Worker served by Miniflare (scripts/worker-server.ts, as `npm start` runs it), not through' +
      " wrangler dev's proxy: with wrangler 4.124 that proxy exits the whole server on the first dropped" +
      ' connection under concurrent load (docs/decisions/2026-11-28-serve-without-dev-proxy.md). "No answer" counts requests whose' +
      ' connection the local runtime reset (`ECONNRESET` / "other side closed") — on this overloaded machine it' +
      ' resets keep-alive connections in bursts with no error logged and, in a separate check, no restart (the same workerd process before and after)' +
      '; the same URLs fetched with a fresh connection each (curl, 32 at a time) all' +
      ' answered 200. Elapsed time includes the requests still in flight at the deadline.',
  ].join('\n')
  if (!values['no-record']) {
    writeResultsSection('bench:load', section)
    console.log(`Written to ${path.relative(process.cwd(), RESULTS_FILE)}`)
  }
  if (result.readTally.status5xx + result.writeTally.status5xx > 0 || result.verified.missing.length > 0) process.exitCode = 1
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
