// A fresh seeded server for the browser tests (test/helpers/server.ts) and the benchmark, load and
// sqlmap scripts: scripts/worker-server.ts in a process of its own (its own process group, so
// stop() and kill() end it and its workerd together), the Worker served by Miniflare on a port the
// system picks.
//
// Why not `wrangler dev`: it puts a proxy Worker in front of the app's Worker, and wrangler 4.124
// treats any dropped connection inside that proxy as fatal: under a few dozen concurrent requests on
// a busy machine the whole server exited with an empty `✘ [ERROR]`, and a browser navigation that
// cancels the last page's in-flight requests did it too. The tests used to go around the proxy to
// wrangler's inner runtime; now `npm start` and the tests run the same server, without it
// (docs/decisions/2026-11-28-serve-without-dev-proxy.md).
import { type ChildProcess, spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate, ROOT, seedIfEmpty, wranglerEnv } from './start.ts'
import { mailDirOf, READY_MARK } from './worker-server.ts'

const READY_TIMEOUT_MS = 180_000

export interface LocalServer {
  /** The Worker, e.g. http://127.0.0.1:40123. */
  baseUrl: string
  /** The folder its e-mail is written to as .eml files (scripts/mail-standin.ts). */
  mailDir: string
  stop(): Promise<void>
  /** Ends the server and its workerd at once with SIGKILL, as a crash would (npm run chaos); the state folder stays. */
  kill(): Promise<void>
}

/** A port that was free a moment ago (the OS picks it; a server binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('No free port'))))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface LocalServerOptions {
  /** Serve this existing state folder (migrated, seeded only when empty) and keep it afterwards. */
  stateDir?: string
  /** Worker vars for this server only, added to wrangler.toml's `[vars]` (values may contain colons). */
  vars?: Record<string, string>
  /**
   * A state folder already migrated and seeded (and served by nobody): a fresh server starts from a
   * copy of it instead of migrating and seeding again, the half minute most of a journey's set-up
   * used to be (test/e2e/global-setup.ts; docs/decisions/2026-11-29-parallel-journeys.md).
   * Ignored with `stateDir`.
   */
  template?: string
}

/** A seeded server on a fresh temporary state folder, or on `stateDir` (kept afterwards) when given. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const stateDir = options.stateDir ?? (await mkdtemp(path.join(tmpdir(), 'courtside-local-')))
  let child: ChildProcess | undefined
  // Ctrl+C or a SIGTERM to the script still ends the server and workerd (their own process group).
  const onSignal = () => void stop().finally(() => process.exit(130))
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  let stopped = false
  const stop = async () => {
    stopped = true
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const running = child
      const pid = running.pid as number
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      try {
        process.kill(-pid, 'SIGTERM') // its own process group: the server and workerd
      } catch {
        running.kill('SIGTERM')
      }
      if (await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)])) {
        try {
          process.kill(-pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    }
    if (!options.stateDir) await rm(stateDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  }
  try {
    if (options.template && !options.stateDir) {
      await cp(options.template, stateDir, { recursive: true })
    } else {
      // DB only: this server keeps every organization on DB (docs/scaling.md "Past one database").
      await migrate(stateDir, false)
      await seedIfEmpty(stateDir)
    }
    const running = spawn(
      process.execPath,
      [
        path.join(ROOT, 'scripts', 'worker-server.ts'),
        '--port',
        '0',
        '--persist-to',
        stateDir,
        ...Object.entries({ DB_PLACEMENT: 'DB', ...options.vars }).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      ],
      { cwd: ROOT, env: wranglerEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    )
    child = running
    let workerUrl: string | undefined
    let tail = ''
    const read = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-20_000)
      const found = tail.match(new RegExp(`^${READY_MARK} (https?://\\S+)$`, 'm'))
      if (found) workerUrl = found[1]
    }
    running.stdout?.on('data', read)
    running.stderr?.on('data', read)
    const deadline = Date.now() + READY_TIMEOUT_MS
    for (;;) {
      if (running.exitCode !== null) throw new Error(`The server exited before answering:\n${tail.slice(-3000)}`)
      if (workerUrl) {
        const ok = await fetch(`${workerUrl}/api/auth/check-auth`, { signal: AbortSignal.timeout(5_000) })
          .then(async (r) => {
            await r.arrayBuffer()
            return r.ok
          })
          .catch(() => false)
        if (ok) break
      }
      if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${tail.slice(-3000)}`)
      await sleep(100)
    }
    // Keep draining the output (the server must never block on a full pipe), its tail for a death notice.
    running.stdout
      ?.removeAllListeners('data')
      .on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-20_000)))
    running.stderr
      ?.removeAllListeners('data')
      .on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-20_000)))
    // If the server dies while in use, say why in the log instead of a bare ECONNREFUSED.
    running.once('exit', (code, signal) => {
      if (!stopped) console.error(`The server (${workerUrl}) exited unexpectedly (${code ?? signal}):\n${tail.slice(-5000)}`)
    })
    const kill = async () => {
      stopped = true
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      if (running.pid === undefined || running.exitCode !== null || running.signalCode !== null) return
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      try {
        process.kill(-running.pid, 'SIGKILL')
      } catch {
        running.kill('SIGKILL')
      }
      await exited
    }
    return { baseUrl: workerUrl as string, mailDir: mailDirOf(stateDir), stop, kill }
  } catch (error) {
    await stop()
    throw error
  }
}
