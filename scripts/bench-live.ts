// npm run bench:live — live scoring under a crowd (docs/live-scoring.md): one scorer sending 5 events
// a second to a game with 100, then 1,000 connected fans. Measures the scorer's send → each fan's
// receipt (p50/p95/p99), events lost or received twice, the local runtime's CPU, a reconnect storm
// (every fan drops and reconnects from its last event while the scorer goes on), and the edge-cache
// hit rate of the organization's other public pages while the game is live. Figures go into
// bench/RESULTS.md (section "live").
import { cpus } from 'node:os'
import { sleep, startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { runtimeCpuSeconds } from './runtime-cpu.ts'
import { staffSignIn } from './staff-session.ts'

const SLUG = 'ocbl'
const RATE = 5 // events a second
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20)
// The other public pages a visitor reads on a game night.
const OTHER_PAGES = ['/api/gamesv2', '/api/teamsv2', '/api/seasonsv2', '/api/stat-leaders', `/api/organizations/slug/${SLUG}`]
const CROWDS = (process.env.BENCH_LIVE_FANS ?? '100,1000').split(',').map(Number)

interface Player {
  id: number
}
interface Detail {
  game: { id: number; status: string }
  homeRoster: Player[]
  awayRoster: Player[]
}

/** A fetch tried again after a dropped connection (the local runtime closes idle keep-alive sockets). */
async function fetchAgain(url: string, init?: RequestInit, tries = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url, init)
    } catch (error) {
      if (i >= tries) throw error
      await sleep(20)
    }
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

/** Fan connections refused and tried again (all crowds). */
const retries = { count: 0 }

class Fan {
  ws: WebSocket | null = null
  pos = 0
  seen = new Map<string, number>()
  duplicates = 0
  private url: (after: number) => string
  private sentAt: Map<string, number>
  private latencies: number[]
  constructor(url: (after: number) => string, sentAt: Map<string, number>, latencies: number[]) {
    this.url = url
    this.sentAt = sentAt
    this.latencies = latencies
  }

  /** Opens the socket from the last event seen; a refused attempt is tried again, as the page does. */
  async connect() {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.open()
        return
      } catch (error) {
        retries.count += 1
        if (attempt >= 8) throw error
        await sleep(100 * 2 ** Math.min(attempt, 5))
      }
    }
  }

  private open() {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.url(this.pos))
      this.ws = ws
      ws.onerror = () => reject(new Error('fan socket failed'))
      ws.onmessage = (m) => {
        const now = performance.now()
        const message = JSON.parse(String(m.data)) as { type: string; pos: number; events?: { id: string }[] }
        if (message.type === 'hello') resolve()
        for (const e of message.events ?? []) {
          if (this.seen.has(e.id)) this.duplicates += 1
          else {
            this.seen.set(e.id, now)
            const sent = this.sentAt.get(e.id)
            if (sent !== undefined && message.type === 'events') this.latencies.push(now - sent)
          }
        }
        this.pos = Math.max(this.pos, message.pos)
      }
    })
  }

  close() {
    this.ws?.close()
  }
}

async function main() {
  const server = await startLocalServer()
  const base = server.baseUrl
  const results: string[] = []
  try {
    const { xsrf, cookies } = await staffSignIn(base, SLUG)
    const jar = new Map<string, string>()
    for (const pair of [xsrf, ...cookies]) {
      const eq = pair.indexOf('=')
      jar.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const token = jar.get('XSRF-TOKEN') ?? ''
    const publicJson = async <T>(path: string) =>
      (await (await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}slug=${SLUG}`)).json()) as T
    const games = (await publicJson<{ games: { id: number; status: string; score_team1: number }[] }>('/api/gamesv2')).games
    const candidates: Detail[] = []
    for (const g of games.filter((x) => x.status === 'scheduled' && x.score_team1 === 0)) {
      const d = await publicJson<Detail>(`/api/gamesv2/${g.id}`)
      if (d.homeRoster.length > 0 && d.awayRoster.length > 0) candidates.push(d)
      if (candidates.length >= CROWDS.length) break
    }
    if (candidates.length < CROWDS.length) throw new Error('not enough scheduled games with rosters in the seed')

    for (const [index, fans] of CROWDS.entries()) {
      const detail = candidates[index]
      const gameId = detail.game.id
      const players = [...detail.homeRoster, ...detail.awayRoster]
      const sentAt = new Map<string, number>()
      const acknowledged: string[] = []
      const latencies: number[] = []
      const url = (after: number) => `${base.replace(/^http/, 'ws')}/api/live/games/${gameId}?slug=${SLUG}&after=${after}`
      const crowd = Array.from({ length: fans }, () => new Fan(url, sentAt, latencies))
      const connectStart = performance.now()
      for (let i = 0; i < crowd.length; i += 50) await Promise.all(crowd.slice(i, i + 50).map((f) => f.connect()))
      const connectMs = performance.now() - connectStart

      // Visitors keep reading other pages meanwhile: count the edge cache's answers.
      let hits = 0
      let misses = 0
      let reading = true
      const reader = (async () => {
        while (reading) {
          for (const page of OTHER_PAGES) {
            if (!reading) break
            const response = await fetchAgain(`${base}${page}?slug=${SLUG}`)
            await response.arrayBuffer()
            if (response.status !== 200) throw new Error(`${page}: ${response.status}`)
            if (response.headers.get('X-Cache') === 'HIT') hits += 1
            else misses += 1
          }
          await sleep(50)
        }
      })()

      const retriesBefore = retries.count
      const cpuBefore = runtimeCpuSeconds()
      const wallStart = performance.now()
      let seq = 0
      let period = 1
      let stormMs = 0
      let stormDuplicates = 0
      const total = RATE * SECONDS
      try {
        for (let n = 0; n < total; n++) {
          const tick = wallStart + (n * 1000) / RATE
          const wait = tick - performance.now()
          if (wait > 0) await sleep(wait)
          // A period change halfway (it writes the box score and bumps the data version once).
          const periodChange = n === Math.floor(total / 2)
          if (periodChange) period += 1
          const id = `bench-${gameId}-${++seq}`
          const event = periodChange
            ? { id, deviceId: 'bench-phone', seq, action: 'period', period }
            : {
                id,
                deviceId: 'bench-phone',
                seq,
                action: ['two_made', 'three_missed', 'ft_made', 'reb', 'ast'][n % 5],
                playerId: players[n % players.length].id,
                period,
              }
          sentAt.set(id, performance.now())
          // Sent again after a dropped connection: the same id is stored once.
          const response = await fetchAgain(`${base}/api/live/games/${gameId}/events`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': token },
            body: JSON.stringify({ events: [event] }),
          })
          if (!response.ok) throw new Error(`append: ${response.status} ${await response.text()}`)
          acknowledged.push(id)
          // The reconnect storm, a third of the way in: every fan drops and comes back from its last event.
          if (n === Math.floor(total / 3)) {
            const before = crowd.reduce((s, f) => s + f.duplicates, 0)
            const stormStart = performance.now()
            for (const f of crowd) f.close()
            for (let i = 0; i < crowd.length; i += 100) await Promise.all(crowd.slice(i, i + 100).map((f) => f.connect()))
            stormMs = performance.now() - stormStart
            stormDuplicates = crowd.reduce((s, f) => s + f.duplicates, 0) - before
          }
        }
      } finally {
        reading = false
        await reader
      }
      // Every fan should have every acknowledged event: give the last ones a moment to arrive.
      const deadline = performance.now() + 10_000
      while (performance.now() < deadline && crowd.some((f) => acknowledged.some((id) => !f.seen.has(id)))) await sleep(50)
      const wallSeconds = (performance.now() - wallStart) / 1000
      const cpuSeconds = runtimeCpuSeconds() - cpuBefore
      const lost = crowd.reduce((s, f) => s + acknowledged.filter((id) => !f.seen.has(id)).length, 0)
      const duplicated = crowd.reduce((s, f) => s + f.duplicates, 0)
      for (const f of crowd) f.close()
      const sorted = [...latencies].sort((a, b) => a - b)
      const row = {
        fans,
        events: acknowledged.length,
        deliveries: latencies.length,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        lost,
        duplicated,
        cpu: (cpuSeconds / wallSeconds) * 100,
        connectMs,
        stormMs,
        stormDuplicates,
        refusedConnects: retries.count - retriesBefore,
        hitRate: hits / Math.max(1, hits + misses),
        reads: hits + misses,
      }
      console.log(JSON.stringify(row))
      results.push(
        `| ${row.fans} | ${row.events} | ${row.deliveries} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.lost} | ${row.duplicated} | ${row.cpu.toFixed(0)} % | ${(row.connectMs / 1000).toFixed(1)} s | ${(row.stormMs / 1000).toFixed(1)} s (${row.refusedConnects} retried) | ${(row.hitRate * 100).toFixed(1)} % of ${row.reads} |`,
      )
    }
  } finally {
    await server.stop()
  }
  writeResultsSection(
    'live',
    `## Live scoring (npm run bench:live)

One scorer sends ${RATE} events a second for ${SECONDS} s (one POST each, a period change halfway) to a
game whose fans are connected to its Durable Object through the local server (\`npm start\`'s
Miniflare, no dev proxy). Latency is the scorer's send → a fan's receipt, over every delivery. The
reconnect storm closes every fan's socket a third of the way in and reconnects them all from their
last event while the scorer goes on. "Other pages" are ${OTHER_PAGES.length} public API reads a visitor makes
(games, teams, seasons, stat leaders, organization) read in a loop during the run: the share answered
by the edge cache. CPU is the local runtime's (all workerd processes) over the run, on a machine
with ${cpus().length} cores shared with other work. Recorded ${new Date().toISOString().slice(0, 10)}.

| Fans | Events | Deliveries | p50 ms | p95 ms | p99 ms | Lost | Duplicated | Runtime CPU | Connect all | Reconnect storm | Other pages' cache hits |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${results.join('\n')}

Targets (docs/live-scoring.md): p95 under 250 ms at 1,000 fans, 0 lost, 0 duplicated, other pages ≥ 90 % from the cache.`,
  )
}

await main()
