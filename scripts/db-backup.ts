// Backs up every store the product keeps: `npm run db:backup [-- --remote] [--output <file>] [--binding DB_2]`.
//
// D1: runs `wrangler d1 export DB --local|--remote` (`--binding DB_2`: another database of
// wrangler.toml, docs/scaling.md "Past one database") (local by default; COURTSIDE_STATE_DIR or
// --persist-to picks a local state folder other than .wrangler/state) and writes the dump, in the
// order scripts/d1-dump.ts explains, to backups/<UTC timestamp>.sql. The file holds the schema, every
// row, the d1_migrations table and the id sequences; restore it with `npm run db:restore -- <file>`
// or `wrangler d1 execute <database> --file <file>`.
// KV (sessions), R2 (logos, photos) and the Durable Objects' storage (live games), for a local
// backup: copied from the state folder into backups/<UTC timestamp>.stores/{kv,r2,do}, each SQLite
// file through SQLite's online backup (a consistent copy while a server writes to it), so
// db:restore brings them back with the database. A remote backup is D1 only (docs/backups.md).
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync, backup as sqliteBackup } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { restorableOrder } from './d1-dump.ts'
import { OTHER_STORES, storesDirFor } from './db-restore.ts'
import { ROOT, runWrangler, stateDirFromEnv } from './start.ts'
import { DEFAULT_STATE_DIR } from './worker-server.ts'

export interface BackupOptions {
  remote?: boolean
  /** Local state folder (wrangler's --persist-to); wrangler's own .wrangler/state when absent. */
  stateDir?: string
  /** The file to write; backups/<timestamp>.sql when absent. */
  output?: string
  /** Which database of wrangler.toml (docs/scaling.md "Past one database"): DB when absent. */
  binding?: string
}

/** backups/2026-11-22T13-45-07Z.sql: sorts by time, and no colons for other file systems. */
export function defaultBackupPath(now = new Date()): string {
  return path.join(ROOT, 'backups', `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.sql`)
}

/**
 * A wrangler config whose local state is `stateDir`: `wrangler d1 export` has no --persist-to
 * (seen with wrangler 4) and always reads <config folder>/.wrangler/state. So the DB binding of
 * wrangler.toml goes into a config in a temp folder whose .wrangler/state links to the state folder.
 */
async function configForState(stateDir: string, binding = 'DB'): Promise<{ config: string; cleanup(): Promise<void> }> {
  const toml = await readFile(path.join(ROOT, 'wrangler.toml'), 'utf8')
  const d1 = [...toml.matchAll(/^\[\[d1_databases\]\][^[]*/gm)]
    .map((m) => m[0])
    .find((block) => new RegExp(`^\\s*binding\\s*=\\s*"${binding}"`, 'm').test(block))
  if (!d1) throw new Error(`wrangler.toml has no [[d1_databases]] section with binding = "${binding}"`)
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-export-'))
  await mkdir(path.join(dir, '.wrangler'))
  await symlink(path.resolve(stateDir), path.join(dir, '.wrangler', 'state'), 'dir')
  const config = path.join(dir, 'wrangler.toml')
  await writeFile(config, `name = "courtside-export"\n\n${d1}`)
  return { config, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/**
 * Copies the local KV, R2 and Durable Object stores (`<state>/v3/{kv,r2,do}`) into `dest`: SQLite
 * files through SQLite's online backup, their -wal/-shm files left out (the copy is whole without
 * them), every other file (stored values and objects) as it is. Returns the stores copied.
 */
export async function backupStores(stateDir: string, dest: string): Promise<string[]> {
  const copied: string[] = []
  for (const store of OTHER_STORES) {
    const from = path.join(stateDir, 'v3', store)
    let files: string[]
    try {
      files = (await readdir(from, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(from, path.join(entry.parentPath, entry.name)))
    } catch {
      continue // no such store yet (nothing was ever written to it)
    }
    // The databases first: every value or object file they name was written before them.
    const sqlite = files.filter((f) => f.endsWith('.sqlite'))
    const others = files.filter((f) => !f.endsWith('.sqlite') && !/\.sqlite-(wal|shm)$/.test(f))
    for (const file of sqlite) {
      const to = path.join(dest, store, file)
      await mkdir(path.dirname(to), { recursive: true })
      const db = new DatabaseSync(path.join(from, file), { readOnly: true })
      try {
        await sqliteBackup(db, to)
      } finally {
        db.close()
      }
    }
    for (const file of others) {
      const to = path.join(dest, store, file)
      await mkdir(path.dirname(to), { recursive: true })
      await copyFile(path.join(from, file), to)
    }
    copied.push(store)
  }
  return copied
}

/** Exports the database and writes the backup; returns the file written. */
export async function backupDatabase(options: BackupOptions = {}): Promise<string> {
  const output = path.resolve(options.output ?? defaultBackupPath())
  await mkdir(path.dirname(output), { recursive: true })
  const work = await mkdtemp(path.join(tmpdir(), 'courtside-backup-'))
  const binding = options.binding ?? 'DB'
  const local = options.remote ? undefined : options.stateDir ? await configForState(options.stateDir, binding) : undefined
  try {
    const raw = path.join(work, 'export.sql')
    await runWrangler(
      [
        'd1',
        'export',
        binding,
        options.remote ? '--remote' : '--local',
        '--output',
        raw,
        '--skip-confirmation',
        ...(local ? ['--config', local.config] : []),
      ],
      'Exporting the database',
    )
    await writeFile(output, restorableOrder(await readFile(raw, 'utf8')))
    if (!options.remote) {
      const storesDir = storesDirFor(output)
      await rm(storesDir, { recursive: true, force: true })
      await backupStores(path.resolve(options.stateDir ?? DEFAULT_STATE_DIR), storesDir)
    }
  } finally {
    await local?.cleanup()
    await rm(work, { recursive: true, force: true })
  }
  return output
}

async function main() {
  const { values } = parseArgs({
    options: {
      remote: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
      output: { type: 'string' },
      'persist-to': { type: 'string' },
      binding: { type: 'string', default: 'DB' },
    },
  })
  if (values.remote && values.local) throw new Error('Choose --local or --remote, not both')
  const stateDir = values['persist-to'] ? path.resolve(values['persist-to']) : stateDirFromEnv()
  const where = values.remote ? 'the remote database' : `the local database${stateDir ? ` in ${stateDir}` : ''}`
  console.log(`Backing up ${where}...`)
  const file = await backupDatabase({ remote: values.remote, stateDir, output: values.output, binding: values.binding })
  console.log(`Backup written to ${path.relative(process.cwd(), file) || file}`)
  if (values.remote) {
    console.log('D1 only: the remote KV sessions, R2 images and Durable Object storage are not exported (docs/backups.md).')
  } else {
    console.log(
      `KV sessions, R2 images and Durable Object storage (live games) copied to ${path.relative(process.cwd(), storesDirFor(file))}`,
    )
  }
  console.log(`Restore it into a fresh local database with: npm run db:restore -- ${path.relative(process.cwd(), file)}`)
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
