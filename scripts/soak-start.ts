// Soak test of `npm start`: `npm run soak:start [-- --seconds 60 --clients 50 --messages 2000]`.
//
// Starts the server as `npm start` does (node scripts/start.ts: migrate, seed, serve; the SPA must
// be built) on a state folder of its own, and a second checkout of the project (a copy of this one
// in a temp folder, sharing node_modules) beside it on another port. Then, for `seconds`:
// - `clients` clients fetch the public pages and the calls they preload, and cancel most requests
//   mid-flight (a browser leaving a page does that; wrangler's dev proxy died of it);
// - a socket flood: `messages` messages to live games' fan sockets, one in 20 of 1–8 MB, each of
//   which must be refused with close code 1009, the socket then opened again;
// - the second checkout's server is stopped and started again, twice;
// - a probe asks the first server every half second, and must get every answer.
// Loopback only, bounded in count and time, stops by itself. Figures go into bench/RESULTS.md
// between the `<!-- soak-start -->` markers; the exit code is 1 when the server missed an answer or
// died. `--via wrangler-dev` serves both checkouts with `wrangler dev` instead, for comparison
// (docs/decisions/2026-11-28-serve-without-dev-proxy.md).
import { type ChildProcess, spawn } from 'node:child_process'
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises'
import { get as httpGet } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { freePort, sleep } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { persistArgs, prepareDatabase, ROOT, wranglerCommand, wranglerEnv } from './start.ts'

const SLUG = 'ocbl'

export interface ServerProcess {
  baseUrl: string
  child: ChildProcess
  /** Everything it printed (the last 200 KB). */
  output(): string
  stop(): Promise<void>
}

/** Starts `node <root>/scripts/start.ts` on `port` (or wrangler dev, for comparison) and waits until it answers. */
export async function startLikeNpmStart(
  root: string,
  port: number,
  stateDir: string | undefined,
  via: 'start' | 'wrangler-dev' = 'start',
): Promise<ServerProcess> {
  const env = { ...wranglerEnv(), PORT: String(port), ...(stateDir ? { COURTSIDE_STATE_DIR: stateDir } : {}) }
  let command: string
  let args: string[]
  if (via === 'start') {
    command = process.execPath
    args = [path.join(root, 'scripts', 'start.ts')]
  } else {
    await prepareDatabase(stateDir)
    ;({ command, args } = wranglerCommand(['dev', '--port', String(port), '--ip', '127.0.0.1', ...persistArgs(stateDir)]))
  }
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let text = ''
  const keep = (chunk: Buffer) => (text = (text + chunk.toString('utf8')).slice(-200_000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      child.kill('SIGTERM')
    }
    if (await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)])) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // gone
      }
    }
  }
  const deadline = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited before answering:\n${text.slice(-3000)}`)
    if (await answers(baseUrl, 5_000)) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not answer within 4 minutes:\n${text.slice(-3000)}`)
    }
    await sleep(250)
  }
  return { baseUrl, child, output: () => text, stop }
}

/**
 * Whether the server answers its sign-in check within `timeoutMs`, on a connection of its own (not
 * one of fetch's pooled keep-alive connections, which the load's cancelled requests share).
 */
export function answers(baseUrl: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = httpGet(`${baseUrl}/api/auth/check-auth`, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200))
      res.on('error', () => resolve(false))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(false))
  })
}

/** The public addresses a visitor's browser asks for: pages and the calls each page preloads. */
export async function publicUrls(baseUrl: string): Promise<string[]> {
  const pages = [`/${SLUG}`, `/${SLUG}/schedule`, `/${SLUG}/standings`, `/${SLUG}/teams`, `/${SLUG}/players`]
  const urls = new Set(pages)
  for (const page of pages) {
    const html = await (await fetch(`${baseUrl}${page}`)).text()
    for (const m of html.matchAll(/<link[^>]+rel="preload"[^>]+href="([^"]+)"/g)) urls.add(m[1].replaceAll('&amp;', '&'))
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1])
  }
  urls.add('/api/auth/check-auth')
  return [...urls]
}

/** Games of ocbl's active season, for the fans' sockets. */
export async function liveGameIds(baseUrl: string): Promise<number[]> {
  const get = async <T>(p: string) => (await (await fetch(`${baseUrl}${p}`)).json()) as T
  const { seasons } = await get<{ seasons: { id: number; active: boolean }[] }>(`/api/seasonsv2?slug=${SLUG}`)
  const season = seasons.find((s) => s.active) ?? seasons[0]
  const { games } = await get<{ games: { id: number }[] }>(`/api/gamesv2?slug=${SLUG}&seasonId=${season.id}`)
  return games.map((g) => g.id)
}

export interface CancelStats {
  started: number
  cancelled: number
  completed: number
  /**
   * Failures that were not our own cancellation: refused or reset connections, timeouts. A pooled
   * keep-alive connection that the server closed as a request was cancelled shows up here too.
   */
  failed: number
  /** The first few of those failures' messages. */
  failures: string[]
}

/** `clients` loops that request `urls` until `until`, cancelling three in four requests after 0–40 ms. */
export async function cancelStorm(baseUrl: string, urls: string[], clients: number, until: number): Promise<CancelStats> {
  const stats: CancelStats = { started: 0, cancelled: 0, completed: 0, failed: 0, failures: [] }
  const client = async (n: number) => {
    for (let i = n; Date.now() < until; i++) {
      const url = `${baseUrl}${urls[i % urls.length]}`
      const controller = new AbortController()
      const cancel = Math.random() < 0.75
      const timer = cancel ? setTimeout(() => controller.abort(), Math.random() * 40) : undefined
      stats.started++
      try {
        const res = await fetch(url, { signal: AbortSignal.any([controller.signal, AbortSignal.timeout(15_000)]) })
        await res.arrayBuffer()
        stats.completed++
      } catch (error) {
        if (controller.signal.aborted) stats.cancelled++
        else {
          stats.failed++
          const why =
            error instanceof Error
              ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
              : String(error)
          if (stats.failures.length < 3) stats.failures.push(`${urls[i % urls.length]}: ${why}`)
        }
      } finally {
        clearTimeout(timer)
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)))
  return stats
}

export interface FloodStats {
  sent: number
  oversized: number
  /** Close codes seen after an oversized message, with their counts. */
  closes: Record<string, number>
  /** Sockets that could not be opened. */
  refusedOpens: number
  megabytes: number
}

/** `messages` messages over `sockets` fan sockets (one in 20 of 1–8 MB, expected to close the socket with 1009). */
export async function socketFlood(baseUrl: string, gameIds: number[], messages: number, sockets: number, until: number) {
  const stats: FloodStats = { sent: 0, oversized: 0, closes: {}, refusedOpens: 0, megabytes: 0 }
  const wsBase = baseUrl.replace(/^http/, 'ws')
  let next = 0
  const open = (gameId: number) =>
    new Promise<WebSocket | null>((resolve) => {
      const ws = new WebSocket(`${wsBase}/api/live/games/${gameId}?slug=${SLUG}`)
      const settle = (value: WebSocket | null) => {
        clearTimeout(timer)
        resolve(value)
      }
      const timer = setTimeout(() => {
        ws.close()
        settle(null)
      }, 10_000)
      ws.onopen = () => settle(ws)
      ws.onerror = () => settle(null)
    })
  const worker = async (n: number) => {
    let ws: WebSocket | null = null
    while (next < messages && Date.now() < until) {
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        ws = await open(gameIds[n % gameIds.length])
        if (!ws) {
          stats.refusedOpens++
          await sleep(200)
          continue
        }
      }
      const i = next++
      if (i % 20 === 19) {
        const size = (1 + Math.floor(Math.random() * 8)) * 1024 * 1024 - 1
        const socket = ws
        const closed = new Promise<number>((resolve) => {
          const timer = setTimeout(() => resolve(0), 20_000)
          socket.onclose = (e) => {
            clearTimeout(timer)
            resolve(e.code)
          }
        })
        socket.send(new Uint8Array(size))
        stats.oversized++
        stats.megabytes += size / 1024 / 1024
        const code = await closed
        stats.closes[String(code || 'none within 20 s')] = (stats.closes[String(code || 'none within 20 s')] ?? 0) + 1
        ws = null
      } else {
        ws.send(i % 2 ? 'ping' : `hello ${i}`)
        await sleep(5)
      }
      stats.sent++
    }
    ws?.close()
  }
  await Promise.all(Array.from({ length: sockets }, (_, n) => worker(n)))
  return stats
}

export interface ProbeStats {
  asked: number
  answered: number
  slowestMs: number
}

/** Asks `baseUrl` every `everyMs` until `until` (and `done()`, when given); each answer must come within 10 s. */
export async function probe(baseUrl: string, everyMs: number, until: number, done = () => true): Promise<ProbeStats> {
  const stats: ProbeStats = { asked: 0, answered: 0, slowestMs: 0 }
  while (Date.now() < until || !done()) {
    const t0 = performance.now()
    stats.asked++
    if (await answers(baseUrl, 10_000)) stats.answered++
    stats.slowestMs = Math.max(stats.slowestMs, performance.now() - t0)
    await sleep(everyMs)
  }
  return stats
}

/** A second checkout of this project: its files (not .git, node_modules, state) copied, node_modules linked. */
async function secondCheckout(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-checkout-'))
  const skip = new Set(['.git', 'node_modules', '.wrangler', 'backups'])
  await cp(ROOT, dir, { recursive: true, filter: (src) => !skip.has(path.relative(ROOT, src).split(path.sep)[0]) })
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  return dir
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      clients: { type: 'string', default: '50' },
      messages: { type: 'string', default: '2000' },
      via: { type: 'string', default: 'start' },
    },
  })
  const seconds = Number(values.seconds)
  const clients = Number(values.clients)
  const messages = Number(values.messages)
  const via = values.via === 'wrangler-dev' ? 'wrangler-dev' : 'start'
  const stateA = await mkdtemp(path.join(tmpdir(), 'courtside-soak-'))
  const checkout = await secondCheckout()
  const [portA, portB] = [await freePort(), await freePort()]
  const started = Date.now()
  console.log(`Starting the server as npm start does on port ${portA}, and a second checkout on port ${portB}...`)
  const [a, firstB] = await Promise.all([
    startLikeNpmStart(ROOT, portA, stateA, via),
    startLikeNpmStart(checkout, portB, undefined, via),
  ])
  let b: ServerProcess | undefined = firstB
  const startupS = (Date.now() - started) / 1000
  const events: string[] = []
  let t0 = Date.now()
  let exitedAt: number | undefined
  a.child.once('exit', (code, signal) => {
    exitedAt = Date.now()
    events.push(`the server exited (${code ?? signal}) after ${((exitedAt - t0) / 1000).toFixed(1)} s`)
  })
  const urls = await publicUrls(a.baseUrl)
  const games = (await liveGameIds(a.baseUrl)).slice(0, 8)
  console.log(`${urls.length} public addresses, ${games.length} live games; soaking for ${seconds} s...`)
  t0 = Date.now()
  const until = t0 + seconds * 1000
  // The second checkout stops and starts again twice while the first one is under load.
  const neighbour = (async () => {
    for (const at of [0.2, 0.6]) {
      await sleep(Math.max(0, t0 + at * seconds * 1000 - Date.now()))
      if (Date.now() >= until) break
      await b?.stop()
      events.push(`second checkout stopped at ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      await sleep(3_000)
      b = await startLikeNpmStart(checkout, portB, undefined, via).catch((error: unknown) => {
        events.push(`second checkout did not start again: ${error instanceof Error ? error.message.split('\n')[0] : error}`)
        return undefined
      })
      if (b) events.push(`second checkout answering again at ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    }
  })()
  // The flood goes on after the storm until all its messages are sent (at most three times as long);
  // the probe asks until both are done.
  let floodDone = false
  const [storm, flood, probeA] = await Promise.all([
    cancelStorm(a.baseUrl, urls, clients, until),
    socketFlood(a.baseUrl, games, messages, 10, t0 + 3 * seconds * 1000).finally(() => {
      floodDone = true
    }),
    probe(a.baseUrl, 500, until, () => floodDone),
    neighbour,
  ])
  const probeB = b ? await answers(b.baseUrl, 10_000) : false
  const aliveAtEnd = exitedAt === undefined && (await answers(a.baseUrl, 10_000))
  const noise = ['Request.cf', 'Scheduled Workers are not automatically triggered', '✘'].filter((s) => a.output().includes(s))
  await Promise.all([a.stop(), b?.stop()])
  await rm(stateA, { recursive: true, force: true })
  await rm(checkout, { recursive: true, force: true })

  const refused1009 = flood.closes['1009'] ?? 0
  const ok =
    aliveAtEnd && probeA.answered === probeA.asked && refused1009 === flood.oversized && flood.sent >= Math.min(messages, 1)
  const server =
    via === 'start' ? '`npm start` (node scripts/start.ts: Miniflare, no dev proxy)' : '`wrangler dev` (for comparison)'
  const body = [
    '## `npm start` under load (`npm run soak:start`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (load average ${loadavg()[0].toFixed(1)} at the end: other work shares this machine). Server: ${server}, a fresh seeded state folder; a second checkout (a copy of the project in a temp folder) served the same way on another port. Both started in ${startupS.toFixed(1)} s.`,
    '',
    `| what, for ${seconds} s | figure |`,
    '| --- | --- |',
    `| ${clients} clients cancelling requests mid-flight (3 in 4, after 0–40 ms) | ${storm.started.toLocaleString('en-US')} requests: ${storm.cancelled.toLocaleString('en-US')} cancelled, ${storm.completed.toLocaleString('en-US')} answered, ${storm.failed} failed${storm.failures.length ? ` (${storm.failures.join('; ')}: connections of fetch's keep-alive pool, which the cancelled requests share; the probe asks on connections of its own)` : ''} |`,
    `| socket flood on ${games.length} live games' fan sockets (10 at a time, going on after the ${seconds} s until sent) | ${flood.sent.toLocaleString('en-US')} messages sent, ${flood.oversized} of them 1–8 MB (${Math.round(flood.megabytes)} MB in all); close codes after an oversized one: ${
      Object.entries(flood.closes)
        .map(([code, n]) => `${code} × ${n}`)
        .join(', ') || 'none'
    }; sockets not opened: ${flood.refusedOpens} |`,
    `| the second checkout stopped and started again twice | ${events.filter((e) => e.startsWith('second')).join('; ') || 'not run'}; answering at the end: ${probeB ? 'yes' : 'no'} |`,
    `| probe of the first server every 0.5 s, each on a new connection | ${probeA.answered} of ${probeA.asked} answered, slowest ${Math.round(probeA.slowestMs)} ms |`,
    `| server alive and answering at the end | ${aliveAtEnd ? 'yes' : `no (${events.find((e) => e.startsWith('the server')) ?? 'did not answer'})`} |`,
    `| start-up noise in its output (Request.cf, cron warning, ✘) | ${noise.length ? noise.join(', ') : 'none'} |`,
    '',
    ok ? 'Result: the server answered throughout.' : 'Result: FAILED — the server missed answers or died.',
  ].join('\n')
  writeResultsSection(via === 'start' ? 'soak-start' : 'soak-start-wrangler-dev', body)
  console.log(body)
  if (!ok && via === 'start') {
    console.error(a.output().slice(-3000))
    process.exitCode = 1
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
