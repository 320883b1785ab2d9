// Local server: apply the D1 migrations, seed an empty database with the demo data, then serve the
// Worker with Miniflare (scripts/worker-server.ts: the same workerd, bindings and local state as
// `wrangler dev`, without its dev proxy, docs/decisions/2026-11-28-serve-without-dev-proxy.md).
// Run with `node scripts/start.ts` after the SPA is built (web/dist).
//
// Environment:
//   PORT                  port to serve on (default 8787)
//   SUPERADMIN_PASSWORD   the super admin's password when seeding (default superadmin-local)
//   COURTSIDE_STATE_DIR   local state folder, passed to every wrangler command as --persist-to
//                         (default: wrangler's own .wrangler/state; .wrangler/bench after
//                         `npm run bench:data` for the full-history dataset)
//   BENCH                 1: every /api response carries the D1 rows it read (X-Rows-Read)
//
// The steps are exported for scripts/db-reset.ts and test/helpers/server.ts.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSeedScripts, DEFAULT_SUPERADMIN_PASSWORD, DEMO_PLACEMENT, type Placement, SEED_ACCOUNTS } from './seed-data.ts'
import { startWorkerServer, type WorkerServer } from './worker-server.ts'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const WRANGLER_JS = path.join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js')

/** The state folder from COURTSIDE_STATE_DIR (absolute), or undefined for wrangler's default. */
export function stateDirFromEnv(): string | undefined {
  const dir = process.env.COURTSIDE_STATE_DIR?.trim()
  return dir ? path.resolve(dir) : undefined
}

export function superadminPasswordFromEnv(): string {
  return process.env.SUPERADMIN_PASSWORD || DEFAULT_SUPERADMIN_PASSWORD
}

/**
 * How to start wrangler: the project's own copy run by this Node (same as `npx wrangler`, without
 * npx's start-up cost and npm's warnings), falling back to npx when it is not installed.
 */
export function wranglerCommand(args: string[]): { command: string; args: string[] } {
  if (existsSync(WRANGLER_JS)) return { command: process.execPath, args: [WRANGLER_JS, ...args] }
  return { command: process.platform === 'win32' ? 'npx.cmd' : 'npx', args: ['wrangler', ...args] }
}

export function wranglerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // No internet here: never try to send metrics, nor to fetch the `Request.cf` object (the Worker
  // reads none of it; Miniflare's placeholder stands in). FORCE_COLOR=0 keeps captured output readable.
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    FORCE_COLOR: '0',
    ...extra,
  }
}

export const persistArgs = (stateDir?: string) => (stateDir ? ['--persist-to', stateDir] : [])

export type RunResult = { code: number; stdout: string; stderr: string }

/** Runs a wrangler command to completion, capturing its output; throws when it fails. */
export async function runWrangler(args: string[], what: string): Promise<RunResult> {
  const { command, args: fullArgs } = wranglerCommand(args)
  // CI=true: wrangler answers its own confirmation prompts (migrations apply) without a TTY.
  const child = spawn(command, fullArgs, { cwd: ROOT, env: wranglerEnv({ CI: 'true' }), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
  })
  if (code !== 0) {
    throw new Error(`${what} failed (wrangler ${args.join(' ')}, exit ${code})\n${stdout}\n${stderr}`.trimEnd())
  }
  return { code, stdout, stderr }
}

/**
 * Applies the pending D1 migrations to the local databases: every one of wrangler.toml with their
 * id ranges (scripts/databases.ts), or `DB` alone for the test and benchmark servers, which keep new
 * organizations on `DB` (DB_PLACEMENT, scripts/local-server.ts) and so never open the others —
 * each wrangler run costs seconds, times every browser test file.
 */
export async function migrate(stateDir?: string, every = true): Promise<void> {
  if (!every) {
    await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(stateDir)], 'Applying migrations')
    return
  }
  const { migrateAll } = await import('./databases.ts')
  await migrateAll('--local', stateDir)
}

/** Number of organizations in the local database (0 means a fresh, unseeded database). */
export async function countOrganizations(stateDir?: string): Promise<number> {
  const { stdout } = await runWrangler(
    [
      'd1',
      'execute',
      'DB',
      '--local',
      '--json',
      '--command',
      'SELECT COUNT(*) AS n FROM organizations',
      ...persistArgs(stateDir),
    ],
    'Checking for existing data',
  )
  // --json prints an array with one result set per statement.
  const json = stdout.slice(stdout.indexOf('['))
  const n = (JSON.parse(json) as { results: { n: number }[] }[])[0]?.results[0]?.n
  if (typeof n !== 'number') throw new Error(`Unexpected answer to the organization count:\n${stdout}`)
  return n
}

/**
 * Seeds the demo data when the database has no organization yet. Returns whether it seeded.
 * `placement` spreads the demo organizations over several databases (scripts/seed-data.ts
 * DEMO_PLACEMENT; those databases must be migrated); without it every one goes to `DB`.
 */
export async function seedIfEmpty(
  stateDir?: string,
  superadminPassword = superadminPasswordFromEnv(),
  placement?: Placement,
): Promise<boolean> {
  if ((await countOrganizations(stateDir)) > 0) return false
  const scripts = await buildSeedScripts({ superadminPassword, placement })
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-seed-'))
  try {
    for (const [binding, sql] of scripts) {
      const file = path.join(dir, `seed-${binding}.sql`)
      await writeFile(file, sql)
      await runWrangler(
        ['d1', 'execute', binding, '--local', '--file', file, '--yes', ...persistArgs(stateDir)],
        `Seeding demo data into ${binding}`,
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return true
}

/** Migrates and seeds, printing the super admin's credentials either way. */
export async function prepareDatabase(stateDir?: string): Promise<void> {
  const password = superadminPasswordFromEnv()
  const who = `${SEED_ACCOUNTS.superadmin.username} / ${password}`
  console.log(`Applying migrations${stateDir ? ` (state in ${stateDir})` : ''}...`)
  await migrate(stateDir)
  // The demo spread over the three local databases, as production spreads organizations.
  if (await seedIfEmpty(stateDir, password, DEMO_PLACEMENT)) {
    const where = Object.entries(DEMO_PLACEMENT).map(([slug, binding]) => `${slug} on ${binding}`)
    console.log(`Seeded demo data (${where.join(', ')}, the others on DB). Super admin: ${who}`)
  } else {
    console.log(`Database already has data, not seeded. Super admin: ${who} (unless changed since it was seeded)`)
  }
  console.log(
    `Organizations: ocbl, demo-east, demo-west, pickup — each with ${SEED_ACCOUNTS.owner.username} / ${SEED_ACCOUNTS.owner.password} and ${SEED_ACCOUNTS.staff.username} / ${SEED_ACCOUNTS.staff.password}`,
  )
}

/** The Worker vars `npm start` adds: BENCH=1 makes every /api answer carry the D1 rows it read. */
export const varsFromEnv = (): Record<string, string> => (process.env.BENCH === '1' ? { BENCH: '1' } : {})

/**
 * Serves the Worker in the foreground until Ctrl+C or SIGTERM, running its cron triggers as
 * Cloudflare would; `onReady` gets the server once it answers. Resolves with the exit code.
 */
export async function serve(
  port: number,
  stateDir?: string,
  onReady?: (server: WorkerServer) => void | Promise<void>,
): Promise<number> {
  const server = await startWorkerServer({ port, stateDir, vars: varsFromEnv(), cron: true, logRequests: true })
  console.log(`Courtside is running on http://localhost:${server.url.port} (also ${server.url.origin}). Ctrl+C stops it.`)
  await onReady?.(server)
  return new Promise((resolve) => {
    const shutdown = () => {
      process.off('SIGINT', shutdown)
      process.off('SIGTERM', shutdown)
      void server.stop().finally(() => resolve(0))
    }
    process.on('SIGINT', shutdown)
    process.on('SIGTERM', shutdown)
  })
}

async function main() {
  const stateDir = stateDirFromEnv()
  const port = Number(process.env.PORT ?? 8787)
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`)
  await prepareDatabase(stateDir)
  console.log(`Starting the Worker on port ${port}...`)
  process.exitCode = await serve(port, stateDir)
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
