// A fresh seeded `wrangler dev` for the browser tests (test/helpers/server.ts) and the benchmark,
// load and sqlmap scripts, addressed at its workerd runtime.
//
// `wrangler dev` puts a proxy Worker in front of the app's Worker, and wrangler 4.124 treats any
// dropped connection inside that proxy as fatal: under a few dozen concurrent requests on a busy
// machine the whole server exits with an empty `✘ [ERROR]` (workers-sdk issues 15317 and 15451).
// Browser tests hit it too: a navigation cancels the last page's in-flight requests (preloads
// included), and one such dropped connection took a CI run's server down mid-suite.
// So everything sends its traffic straight to the runtime's own address, which wrangler names
// in its debug log as `userWorkerUrl`: same workerd, same bindings and local D1/KV/R2 state, just
// without the proxy. `proxyUrl` is the ordinary `wrangler dev` address.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate, ROOT, seedIfEmpty, wranglerDev, wranglerEnv } from './start.ts'

const READY_TIMEOUT_MS = 180_000

export interface LocalServer {
  /** The Worker's runtime, without wrangler's dev proxy. */
  baseUrl: string
  proxyUrl: string
  stop(): Promise<void>
  /** Ends wrangler and workerd at once with SIGKILL, as a crash would (npm run chaos); the state folder stays. */
  kill(): Promise<void>
}

/** A port that was free a moment ago (the OS picks it; wrangler binds it right after). */
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
  /** Worker vars for this server only, passed as `--var NAME:value` (values may contain colons). */
  vars?: Record<string, string>
}

/** A seeded server on a fresh temporary state folder, or on `stateDir` (kept afterwards) when given. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const stateDir = options.stateDir ?? (await mkdtemp(path.join(tmpdir(), 'courtside-local-')))
  let child: ChildProcess | undefined
  // Ctrl+C or a SIGTERM to the script still ends wrangler and workerd (their own process group).
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
        process.kill(-pid, 'SIGTERM') // its own process group: wrangler and workerd
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
    await migrate(stateDir)
    await seedIfEmpty(stateDir)
    const [port, inspectorPort] = [await freePort(), await freePort()]
    const { command, args } = wranglerDev(port, [
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      stateDir,
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ])
    const running = spawn(command, args, {
      cwd: ROOT,
      env: wranglerEnv({ WRANGLER_LOG: 'debug' }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    child = running
    let workerUrl: string | undefined
    let tail = ''
    const read = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-20_000)
      const found = [...tail.matchAll(/"userWorkerUrl":\{"protocol":"(https?:)","hostname":"([^"]+)","port":"(\d+)"/g)].at(-1)
      if (found) workerUrl = `${found[1]}//${found[2]}:${found[3]}`
    }
    running.stdout?.on('data', read)
    running.stderr?.on('data', read)
    const deadline = Date.now() + READY_TIMEOUT_MS
    for (;;) {
      if (running.exitCode !== null) throw new Error(`wrangler dev exited before answering:\n${tail.slice(-3000)}`)
      if (workerUrl) {
        const ok = await fetch(`${workerUrl}/api/auth/check-auth`, { signal: AbortSignal.timeout(5_000) })
          .then(async (r) => {
            await r.arrayBuffer()
            return r.ok
          })
          .catch(() => false)
        if (ok) break
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not become ready:\n${tail.slice(-3000)}`)
      await sleep(250)
    }
    // Keep draining the output (wrangler must never block on a full pipe), its tail for a death notice.
    running.stdout
      ?.removeAllListeners('data')
      .on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-20_000)))
    running.stderr
      ?.removeAllListeners('data')
      .on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-20_000)))
    // If the server dies while in use, say why in the log instead of a bare ECONNREFUSED.
    running.once('exit', (code, signal) => {
      if (!stopped) console.error(`wrangler dev (${workerUrl}) exited unexpectedly (${code ?? signal}):\n${tail.slice(-5000)}`)
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
    return { baseUrl: workerUrl as string, proxyUrl: `http://127.0.0.1:${port}`, stop, kill }
  } catch (error) {
    await stop()
    throw error
  }
}
