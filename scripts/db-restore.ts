// Restores a backup into a fresh local D1 database:
//   npm run db:restore -- <file> [--force] [--persist-to <dir>]
//
// The local state folder is --persist-to, else COURTSIDE_STATE_DIR, else wrangler's .wrangler/state.
// A database that already has tables is refused unless --force, which first drops every table,
// index and trigger (the local KV sessions and R2 images are left as they are). The whole file runs
// as one transaction: it lands completely or not at all. The backup carries the d1_migrations table,
// so `npm start` afterwards applies only the migrations newer than the backup.
// Production restores use D1 Time Travel instead (README "Backups").
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
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

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`

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

/**
 * Tables in an order that drops each one before any table it references: D1 keeps foreign keys on,
 * and dropping a table whose parent is already gone fails ("no such table"), even when it is empty.
 */
export function childrenFirst(tables: { name: string; sql: string }[]): string[] {
  const names = new Set(tables.map((t) => t.name))
  const parents = new Map(
    tables.map((t) => [
      t.name,
      new Set(
        [...t.sql.matchAll(/REFERENCES\s+[`"[]?([^`"\]\s(]+)/gi)].map((m) => m[1]).filter((p) => p !== t.name && names.has(p)),
      ),
    ]),
  )
  const order: string[] = []
  const left = new Set(names)
  while (left.size > 0) {
    // A table goes once no remaining table references it; a cycle falls back to name order.
    const free = [...left].filter((t) => ![...left].some((other) => parents.get(other)?.has(t)))
    for (const t of free.length > 0 ? free : [...left]) {
      order.push(t)
      left.delete(t)
    }
  }
  return order
}

/** Empties the database: triggers first (so the deletes bump nothing), rows, then the tables. */
async function dropEverything(stateDir: string | undefined) {
  const objects = await queryLocal<{ type: string; name: string; sql: string | null }>(
    stateDir,
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view', 'table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  )
  const tables = childrenFirst(objects.filter((o) => o.type === 'table').map((o) => ({ name: o.name, sql: o.sql ?? '' })))
  const sql = [
    // Rows go before their tables, all in one transaction, so foreign keys never see a half state.
    'PRAGMA defer_foreign_keys=TRUE',
    ...objects
      .filter((o) => o.type !== 'table')
      .map((o) => `DROP ${o.type === 'view' ? 'VIEW' : 'TRIGGER'} IF EXISTS ${quoteName(o.name)}`),
    ...tables.map((t) => `DELETE FROM ${quoteName(t)}`),
    ...tables.map((t) => `DROP TABLE IF EXISTS ${quoteName(t)}`),
  ]
  await runFile(stateDir, `${sql.join(';\n')};\n`, 'Emptying the local database')
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
  if (tables.length > 0) {
    if (!options.force) {
      throw new Error(
        `The local database is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). ` +
          'Restore into a fresh state folder (--persist-to <dir>), or pass --force to replace everything in it.',
      )
    }
    await dropEverything(options.stateDir)
  }
  await runFile(options.stateDir, sql, 'Restoring the backup')
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
