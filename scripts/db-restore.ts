// Restores a backup into a fresh local D1 database:
//   npm run db:restore -- <file> [--force] [--persist-to <dir>]
//
// The local state folder is --persist-to, else COURTSIDE_STATE_DIR, else wrangler's .wrangler/state.
// A database that already has tables is refused unless --force, which loads the backup into a side
// folder first and swaps the database in only once the load succeeded: an interrupted or failed
// restore leaves the old database as it was (the local KV sessions and R2 images are never touched).
// The whole file runs as one transaction: it lands completely or not at all. The backup carries the d1_migrations table,
// so `npm start` afterwards applies only the migrations newer than the backup.
// Production restores use D1 Time Travel instead (docs/backups.md).
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { restorableOrder, splitStatements } from './d1-dump.ts'
import { persistArgs, runWrangler, stateDirFromEnv } from './start.ts'

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

async function runFile(stateDir: string | undefined, sql: string, what: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-restore-'))
  try {
    const file = path.join(dir, 'restore.sql')
    await writeFile(file, sql)
    await runWrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--yes', ...persistArgs(stateDir)], what)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** wrangler's local state folder when none is named. */
const DEFAULT_STATE_DIR = '.wrangler/state'

/**
 * Puts the D1 databases of `side` in place of those of `target` (their `v3/d1` folders): the old
 * one is moved aside first and put back if the move fails, then removed.
 */
async function swapDatabases(side: string, target: string) {
  const live = path.join(target, 'v3', 'd1')
  const fresh = path.join(side, 'v3', 'd1')
  const previous = `${live}.previous-${Date.now()}`
  await rename(live, previous)
  try {
    await rename(fresh, live)
  } catch (error) {
    await rename(previous, live)
    throw error
  }
  await rm(previous, { recursive: true, force: true })
}

export interface RestoreOptions {
  stateDir?: string
  force?: boolean
}

/** Restores `file` into the local database; returns how many statements it ran. */
export async function restoreDatabase(file: string, options: RestoreOptions = {}): Promise<number> {
  // Also accepts a raw `wrangler d1 export` file: the order is fixed here as well.
  const sql = restorableOrder(await readFile(file, 'utf8'))
  const tables = await userTables(options.stateDir)
  if (tables.length === 0) {
    await runFile(options.stateDir, sql, 'Restoring the backup')
    return splitStatements(sql).length
  }
  if (!options.force) {
    throw new Error(
      `The local database is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). ` +
        'Restore into a fresh state folder (--persist-to <dir>), or pass --force to replace everything in it.',
    )
  }
  // Never drop first and load second: load beside it, and swap only a database that loaded whole.
  const target = path.resolve(options.stateDir ?? DEFAULT_STATE_DIR)
  const side = await mkdtemp(path.join(path.dirname(target), `${path.basename(target)}.restore-`))
  try {
    await runFile(side, sql, 'Restoring the backup into a side folder')
    if ((await userTables(side)).length === 0) throw new Error('The backup holds no tables: the database was left as it was.')
    await swapDatabases(side, target)
  } finally {
    await rm(side, { recursive: true, force: true })
  }
  return splitStatements(sql).length
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } },
  })
  const file = positionals[0]
  if (!file || positionals.length > 1) throw new Error('Usage: npm run db:restore -- <backup.sql> [--force] [--persist-to <dir>]')
  const stateDir = values['persist-to'] ? path.resolve(values['persist-to']) : stateDirFromEnv()
  console.log(`Restoring ${file} into the local database${stateDir ? ` in ${stateDir}` : ''}...`)
  const statements = await restoreDatabase(file, { stateDir, force: values.force })
  const tables = await userTables(stateDir)
  console.log(`Restored: ${statements} statements, ${tables.length} tables.`)
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
