// Backs the D1 database up into one SQL file: `npm run db:backup [-- --remote] [--output <file>]`.
//
// Runs `wrangler d1 export DB --local|--remote` (local by default; COURTSIDE_STATE_DIR or
// --persist-to picks a local state folder other than .wrangler/state) and writes the dump, in the
// order scripts/d1-dump.ts explains, to backups/<UTC timestamp>.sql. The file holds the schema, every
// row, the d1_migrations table and the id sequences; restore it with `npm run db:restore -- <file>`
// or `wrangler d1 execute <database> --file <file>`.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { restorableOrder } from './d1-dump.ts'
import { ROOT, runWrangler, stateDirFromEnv } from './start.ts'

export interface BackupOptions {
  remote?: boolean
  /** Local state folder (wrangler's --persist-to); wrangler's own .wrangler/state when absent. */
  stateDir?: string
  /** The file to write; backups/<timestamp>.sql when absent. */
  output?: string
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
async function configForState(stateDir: string): Promise<{ config: string; cleanup(): Promise<void> }> {
  const toml = await readFile(path.join(ROOT, 'wrangler.toml'), 'utf8')
  const d1 = toml.match(/^\[\[d1_databases\]\][^[]*/m)?.[0]
  if (!d1) throw new Error('wrangler.toml has no [[d1_databases]] section')
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-export-'))
  await mkdir(path.join(dir, '.wrangler'))
  await symlink(path.resolve(stateDir), path.join(dir, '.wrangler', 'state'), 'dir')
  const config = path.join(dir, 'wrangler.toml')
  await writeFile(config, `name = "courtside-export"\n\n${d1}`)
  return { config, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** Exports the database and writes the backup; returns the file written. */
export async function backupDatabase(options: BackupOptions = {}): Promise<string> {
  const output = path.resolve(options.output ?? defaultBackupPath())
  await mkdir(path.dirname(output), { recursive: true })
  const work = await mkdtemp(path.join(tmpdir(), 'courtside-backup-'))
  const local = options.remote ? undefined : options.stateDir ? await configForState(options.stateDir) : undefined
  try {
    const raw = path.join(work, 'export.sql')
    await runWrangler(
      [
        'd1',
        'export',
        'DB',
        options.remote ? '--remote' : '--local',
        '--output',
        raw,
        '--skip-confirmation',
        ...(local ? ['--config', local.config] : []),
      ],
      'Exporting the database',
    )
    await writeFile(output, restorableOrder(await readFile(raw, 'utf8')))
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
    },
  })
  if (values.remote && values.local) throw new Error('Choose --local or --remote, not both')
  const stateDir = values['persist-to'] ? path.resolve(values['persist-to']) : stateDirFromEnv()
  const where = values.remote ? 'the remote database' : `the local database${stateDir ? ` in ${stateDir}` : ''}`
  console.log(`Backing up ${where}...`)
  const file = await backupDatabase({ remote: values.remote, stateDir, output: values.output })
  console.log(`Backup written to ${path.relative(process.cwd(), file) || file}`)
  console.log(`Restore it into a fresh local database with: npm run db:restore -- ${path.relative(process.cwd(), file)}`)
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
