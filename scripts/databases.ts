// Every D1 database of the Worker (docs/scaling.md "Past one database"): migrations applied to
// each, each database's id range set, and the check that refuses a deploy whose bindings and
// directory disagree.
//
//   node scripts/databases.ts migrate --local     every database of the local state (npm run db:migrate)
//   node scripts/databases.ts migrate --remote    every production database
//   node scripts/databases.ts check               the directory (production DB) against wrangler.toml
//   node scripts/databases.ts deploy              migrate --remote, check, then wrangler deploy (npm run deploy)
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { idRangeStart, idRangeStatements } from '../worker/db/id-ranges.ts'
import { persistArgs, ROOT, runWrangler, stateDirFromEnv } from './start.ts'

/** The D1 bindings a wrangler.toml declares, in its order. */
export function d1BindingsOf(toml: string): string[] {
  const bindings: string[] = []
  for (const block of toml.split(/^\[\[/m).slice(1)) {
    if (!block.startsWith('d1_databases]]')) continue
    const name = /^\s*binding\s*=\s*"([^"]+)"/m.exec(block)?.[1]
    if (name) bindings.push(name)
  }
  return bindings
}

/** What keeps a deploy from going out: databases named but not bound, and badly named bindings. */
export function directoryProblems(bound: string[], inDirectory: string[], routesJson: string): string[] {
  const problems: string[] = []
  for (const name of bound) {
    try {
      idRangeStart(name)
    } catch {
      problems.push(`${name}: name extra D1 databases DB_2, DB_3, … (each hands out ids from its own range)`)
    }
  }
  for (const name of [...new Set(inDirectory)].sort())
    if (!bound.includes(name)) problems.push(`the directory places organizations on ${name}, which wrangler.toml does not bind`)
  const routes: { binding?: string }[] = routesJson.trim() ? JSON.parse(routesJson) : []
  for (const name of [...new Set(routes.map((r) => r.binding ?? ''))].sort())
    if (!bound.includes(name)) problems.push(`DB_ROUTES names ${name}, which wrangler.toml does not bind`)
  return problems
}

const wranglerToml = () => readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')
const routesOf = (toml: string) => /^DB_ROUTES\s*=\s*'([^']*)'/m.exec(toml)?.[1] ?? ''

/** Applies the migrations to every database, then each database's id range (idempotent). */
export async function migrateAll(where: '--local' | '--remote', stateDir?: string): Promise<void> {
  const extra = where === '--local' ? persistArgs(stateDir) : []
  for (const binding of d1BindingsOf(wranglerToml())) {
    await runWrangler(['d1', 'migrations', 'apply', binding, where, ...extra], `Applying migrations to ${binding}`)
    const statements = idRangeStatements(binding)
    if (statements.length)
      await runWrangler(
        ['d1', 'execute', binding, where, '--command', statements.join('; '), '--yes', ...extra],
        `Setting ${binding}'s id range`,
      )
  }
}

/** The bindings the directory (in DB) places organizations on. */
async function directoryBindings(where: '--local' | '--remote', stateDir?: string): Promise<string[]> {
  const extra = where === '--local' ? persistArgs(stateDir) : []
  const { stdout } = await runWrangler(
    ['d1', 'execute', 'DB', where, '--json', '--command', 'SELECT DISTINCT binding FROM org_directory', ...extra],
    'Reading the directory',
  )
  const rows = (JSON.parse(stdout.slice(stdout.indexOf('['))) as { results: { binding: string }[] }[])[0]?.results ?? []
  return rows.map((r) => r.binding)
}

/** Refuses (throws) when wrangler.toml's bindings and the directory disagree. */
export async function checkDirectory(where: '--local' | '--remote', stateDir?: string): Promise<void> {
  const toml = wranglerToml()
  const problems = directoryProblems(d1BindingsOf(toml), await directoryBindings(where, stateDir), routesOf(toml))
  if (problems.length) throw new Error(`Not deploying: the bindings and the directory disagree.\n- ${problems.join('\n- ')}`)
}

async function main() {
  const [command = 'check', flag] = process.argv.slice(2)
  const where = flag === '--local' ? '--local' : '--remote'
  const stateDir = stateDirFromEnv()
  if (command === 'migrate') return migrateAll(where, stateDir)
  if (command === 'check') return checkDirectory(where, stateDir)
  if (command === 'deploy') {
    await migrateAll('--remote')
    await checkDirectory('--remote')
    await runWrangler(['deploy'], 'Deploying')
    return
  }
  throw new Error(`Unknown command ${command}: migrate, check or deploy`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
