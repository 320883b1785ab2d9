// Restores a backup into the local state: npm run db:restore -- <file> [--force] [--persist-to <dir>]
//
// The local state folder is --persist-to, else COURTSIDE_STATE_DIR, else wrangler's .wrangler/state.
// - It refuses to run while a server uses that folder (the lock file scripts/worker-server.ts keeps):
//   a restore swaps folders, and a running server would go on writing into the one swapped out.
// - A database that already has tables is refused unless --force.
// - The backup is loaded into a side folder and swapped in only once it loaded whole: an interrupted
//   or failed restore leaves the state as it was. D1 is loaded with node:sqlite straight into the
//   side folder's D1 file, in one transaction (a 91 MB backup took 22 minutes statement by
//   statement through `wrangler d1 execute`).
// - The KV, R2 and Durable Object stores the backup carries (<backup>.stores/, written by
//   db:backup) replace the local ones in the same swap; a backup without them (a remote export, an
//   older backup) leaves the local KV, R2 and Durable Object storage as they are, and says so.
// The backup carries the d1_migrations table, so `npm start` afterwards applies only the migrations
// newer than the backup. Production restores use D1 Time Travel instead (docs/backups.md).
import { createHash, createHmac } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { restorableOrder, splitStatements } from './d1-dump.ts'
import { persistArgs, runWrangler, stateDirFromEnv } from './start.ts'
import { DEFAULT_STATE_DIR, runningServer } from './worker-server.ts'

/** The stores besides D1 that a local backup carries, as folders of `<state>/v3`. */
export const OTHER_STORES = ['kv', 'r2', 'do'] as const

/** Where a backup's KV, R2 and Durable Object stores go: `backups/<time>.sql` → `backups/<time>.stores`. */
export const storesDirFor = (backupFile: string) => `${backupFile.replace(/\.sql$/, '')}.stores`

/** The id wrangler.toml gives the home database `DB` (local only: ids are placeholders). */
export const HOME_DATABASE_ID = '00000000-0000-0000-0000-000000000000'

/**
 * The file name miniflare gives a local D1 database: its Durable Object id for the database id
 * (idFromName under the D1 plugin's namespace key), so each of several databases is found by its id.
 */
export function miniflareD1Name(databaseId: string): string {
  const key = createHash('sha256').update('miniflare-D1DatabaseObject').digest()
  const name = createHmac('sha256', key).update(databaseId).digest().subarray(0, 16)
  const mac = createHmac('sha256', key).update(name).digest().subarray(0, 16)
  return Buffer.concat([name, mac]).toString('hex')
}

/**
 * miniflare keeps each local D1 database as `<state>/v3/d1/miniflare-D1DatabaseObject/<hash>.sqlite`:
 * the home database's file (there are several databases, docs/scaling.md "Past one database").
 */
export function d1File(stateDir: string, databaseId = HOME_DATABASE_ID): string {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const named = path.join(dir, `${miniflareD1Name(databaseId)}.sqlite`)
  if (existsSync(named)) return named
  const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  if (files.length !== 1) throw new Error(`Expected one D1 database file in ${dir}, found ${files.join(', ') || 'none'}`)
  return path.join(dir, files[0])
}

/** Throws when a server is using `stateDir`: nothing may swap its folders under it. */
export function refuseWhileServing(stateDir: string, what: string) {
  const server = runningServer(stateDir)
  if (server) {
    throw new Error(
      `A server (process ${server.pid}, ${server.url}) is using ${stateDir}. Stop it first (Ctrl+C where npm start runs), then ${what} again: ` +
        'a running server would keep writing into the database folder that was swapped out, and those writes would be lost.',
    )
  }
}

/** Runs SQL statements against the local database and returns the last statement's rows. */
export async function queryLocal<Row = Record<string, unknown>>(stateDir: string | undefined, sql: string): Promise<Row[]> {
  const { stdout } = await runWrangler(
    ['d1', 'execute', 'DB', '--local', '--json', '--command', sql, ...persistArgs(stateDir)],
    'Querying the local database',
  )
  const results = JSON.parse(stdout.slice(stdout.indexOf('['))) as { results: Row[] }[]
  return results.at(-1)?.results ?? []
}

/** Tables the database holds, without SQLite's and Cloudflare's own. */
export async function userTables(stateDir?: string): Promise<string[]> {
  const rows = await queryLocal<{ name: string }>(
    stateDir,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
  )
  return rows.map((r) => r.name)
}

/**
 * Loads `sql` into a new D1 database in `stateDir` (which has none yet): wrangler creates the
 * database file, then node:sqlite runs the whole backup in it as one transaction.
 */
async function loadInto(stateDir: string, sql: string) {
  await runWrangler(
    ['d1', 'execute', 'DB', '--local', '--command', 'SELECT 1', ...persistArgs(stateDir)],
    'Creating the database',
  )
  const db = new DatabaseSync(d1File(stateDir))
  try {
    db.exec('PRAGMA foreign_keys = ON') // as D1 always has them
    db.exec('BEGIN')
    try {
      db.exec(sql)
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw new Error(
        `The backup did not load: ${error instanceof Error ? error.message : error}. The local state was left as it was.`,
      )
    }
  } finally {
    db.close()
  }
}

/**
 * Puts the `stores` of `side` (folders of its `v3`) in place of those of `target`: each old one is
 * moved aside first; if any move fails, every store already moved is put back.
 */
async function swapStores(side: string, target: string, stores: string[]) {
  const stamp = Date.now()
  await mkdir(path.join(target, 'v3'), { recursive: true })
  const done: { live: string; previous: string | null }[] = []
  try {
    for (const store of stores) {
      const live = path.join(target, 'v3', store)
      const previous = existsSync(live) ? `${live}.previous-${stamp}` : null
      if (previous) await rename(live, previous)
      done.push({ live, previous })
      await rename(path.join(side, 'v3', store), live)
    }
  } catch (error) {
    for (const { live, previous } of done.reverse()) {
      if (previous) {
        await rm(live, { recursive: true, force: true })
        await rename(previous, live)
      }
    }
    throw error
  }
  for (const { previous } of done) if (previous) await rm(previous, { recursive: true, force: true })
}

export interface RestoreOptions {
  stateDir?: string
  force?: boolean
}

export interface RestoreResult {
  statements: number
  /** The stores besides D1 that came from the backup (the others were left as they were). */
  stores: string[]
  seconds: number
}

/** Restores `file` (and the stores beside it) into the local state. */
export async function restoreDatabase(file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now()
  const target = path.resolve(options.stateDir ?? DEFAULT_STATE_DIR)
  refuseWhileServing(target, 'restore')
  // Also accepts a raw `wrangler d1 export` file: the order is fixed here as well.
  const sql = restorableOrder(await readFile(file, 'utf8'))
  const tables = existsSync(path.join(target, 'v3', 'd1')) ? await userTables(target) : []
  if (tables.length > 0 && !options.force) {
    throw new Error(
      `The local database is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). ` +
        'Restore into a fresh state folder (--persist-to <dir>), or pass --force to replace everything in it.',
    )
  }
  // Never drop first and load second: load beside it, and swap only what loaded whole.
  await mkdir(path.dirname(target), { recursive: true })
  const side = await mkdtemp(path.join(path.dirname(target), `${path.basename(target)}.restore-`))
  try {
    await loadInto(side, sql)
    if ((await userTables(side)).length === 0) throw new Error('The backup holds no tables: the database was left as it was.')
    const storesDir = storesDirFor(file)
    const stores = OTHER_STORES.filter((store) => existsSync(path.join(storesDir, store)))
    for (const store of stores) await cp(path.join(storesDir, store), path.join(side, 'v3', store), { recursive: true })
    refuseWhileServing(target, 'restore') // a server started while the backup loaded
    await swapStores(side, target, ['d1', ...stores])
    return { statements: splitStatements(sql).length, stores, seconds: (performance.now() - started) / 1000 }
  } finally {
    await rm(side, { recursive: true, force: true })
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
  })
  const file = positionals[0]
  if (!file || positionals.length > 1) throw new Error('Usage: npm run db:restore -- <backup.sql> [--force] [--persist-to <dir>]')
  const stateDir = values['persist-to'] ? path.resolve(values['persist-to']) : stateDirFromEnv()
  console.log(`Restoring ${file} into the local state${stateDir ? ` in ${stateDir}` : ''}...`)
  const result = await restoreDatabase(file, { stateDir, force: values.force })
  const tables = await userTables(stateDir)
  console.log(`Restored D1: ${result.statements} statements, ${tables.length} tables, in ${result.seconds.toFixed(1)} s.`)
  const missing = OTHER_STORES.filter((store) => !result.stores.includes(store))
  const names: Record<string, string> = {
    kv: 'KV (sessions)',
    r2: 'R2 (logos and photos)',
    do: 'Durable Object storage (live games)',
  }
  if (result.stores.length) console.log(`Restored from the backup: ${result.stores.map((s) => names[s]).join(', ')}.`)
  if (missing.length) {
    console.log(
      `Not in this backup, left as they were: ${missing.map((s) => names[s]).join(', ')} (no ${path.basename(storesDirFor(file))} folder beside it).`,
    )
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
