// A real `wrangler dev` for browser tests: fresh state in a temp folder, migrated and seeded with
// the demo data (super admin password: superadmin-local unless SUPERADMIN_PASSWORD is set), on a
// free port. Needs the SPA built into web/dist, as `wrangler dev` serves it from there.
//
//   const server = await startServer()
//   await page.goto(`${server.baseUrl}/ocbl`)
//   ...
//   await server.stop()
//
// Extra Worker vars (e.g. pointing the Cloudflare API at a stand-in) go to `wrangler dev --var`:
//   await startServer({ vars: { CF_API_BASE: 'http://127.0.0.1:1234/client/v4', CF_ZONE_ID: 'z', CF_API_TOKEN: 't' } })
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, sleep } from '../../scripts/local-server.ts'
import { migrate, ROOT, seedIfEmpty, wranglerCommand, wranglerEnv } from '../../scripts/start.ts'

const READY_TIMEOUT_MS = 120_000
const POLL_INTERVAL_MS = 250
const OUTPUT_LIMIT = 64 * 1024

export type TestServer = { baseUrl: string; stop(): Promise<void> }
export interface ServerOptions {
  /** Worker vars for this server only, passed as `--var NAME:value` (values may contain colons). */
  vars?: Record<string, string>
  /** Serve this existing state folder (migrated, seeded only when empty) and keep it afterwards. */
  stateDir?: string
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    // Negative pid: the whole process group (wrangler and its workerd), started detached below.
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      // already gone
    }
  }
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const keepState = options.stateDir !== undefined
  const stateDir = options.stateDir ?? (await mkdtemp(path.join(tmpdir(), 'courtside-e2e-')))
  let child: ChildProcess | undefined
  let stopped = false

  const stop = async () => {
    if (stopped) return
    stopped = true
    if (child && child.exitCode === null && child.signalCode === null) {
      const running = child
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
      killGroup(running, 'SIGTERM')
      const timedOut = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)])
      if (timedOut) {
        killGroup(running, 'SIGKILL')
        await Promise.race([exited, sleep(2_000)])
      }
    }
    if (!keepState) await rm(stateDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  }

  try {
    await migrate(stateDir)
    await seedIfEmpty(stateDir)

    const port = await freePort()
    // The devtools inspector defaults to 9229: give each server its own so several can run at once.
    const inspectorPort = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const { command, args } = wranglerCommand([
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      stateDir,
      ...Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ])
    const running = spawn(command, args, {
      cwd: ROOT,
      env: wranglerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group, so stop() ends workerd too
    })
    child = running

    let output = ''
    const capture = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT)
    }
    running.stdout?.on('data', capture)
    running.stderr?.on('data', capture)
    let spawnError: Error | undefined
    running.on('error', (error) => (spawnError = error))

    const deadline = Date.now() + READY_TIMEOUT_MS
    let lastProblem = 'no answer yet'
    for (;;) {
      if (spawnError) throw new Error(`wrangler dev could not start: ${spawnError.message}`)
      if (running.exitCode !== null || running.signalCode !== null) {
        throw new Error(`wrangler dev exited (${running.exitCode ?? running.signalCode}) before answering:\n${output}`)
      }
      try {
        const response = await fetch(`${baseUrl}/api/auth/check-auth`, { signal: AbortSignal.timeout(5_000) })
        await response.arrayBuffer()
        if (response.ok) break
        lastProblem = `HTTP ${response.status}`
      } catch (error) {
        lastProblem =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
      }
      if (Date.now() > deadline) {
        throw new Error(
          `wrangler dev did not answer GET /api/auth/check-auth within ${READY_TIMEOUT_MS / 1000} s (last: ${lastProblem}):\n${output}`,
        )
      }
      await sleep(POLL_INTERVAL_MS)
    }

    // If the server dies while tests use it, say why in the test log instead of a bare ECONNREFUSED.
    running.once('exit', (code, signal) => {
      if (!stopped) console.error(`wrangler dev at ${baseUrl} exited unexpectedly (${code ?? signal}):\n${output}`)
    })
    return { baseUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
