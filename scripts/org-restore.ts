// Restores one organization from a backup into any database (docs/backups.md "Restore one
// organization", docs/decisions/2026-11-29-org-restore.md):
//
//   ORG_MOVE_TOKEN=… npm run org:move -- <slug> <binding> --from-backup <file.sql> [--url <origin>]
//
// The backup (the file `npm run db:backup` writes) is loaded into a scratch SQLite in memory, as
// db:restore loads one; the organization's rows — every table the move copies, in the move's order
// (worker/db/move.ts, the list the Worker answers) — go to the running Worker, 100 rows a call, to
// POST /internal/org-restore, which writes them into <binding> (keyed, INSERT OR IGNORE), then
// checks every table's count and checksum against the backup's (the move's tableSum, computed here
// on the backup) and only then names the database in the directory. Refused while the organization
// exists anywhere. Killed at any point, the same command run again finishes: tables already whole
// on the target are skipped, a half-sent one is sent again and adds nothing twice.
import { readFile } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { tsImport } from 'tsx/esm/api'
import { restorableOrder } from './d1-dump.ts'

export interface RestoreOrganizationOptions {
  slug: string
  binding: string
  file: string
  url: string
  token: string
  quiet?: boolean
}

type TableInfo = { name: string; scope: string; columns: string[]; derived: boolean; rows: number }
type Reply = { status: number; body: Record<string, unknown> }

const ROWS_PER_CALL = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A failed call (4xx: a refusal that retrying will not change). */
export class RestoreRefused extends Error {}

/** The backup in an in-memory SQLite database, loaded the way db:restore loads one. */
export function loadBackup(sql: string): DatabaseSync {
  const db = new DatabaseSync(':memory:')
  db.exec('BEGIN')
  db.exec(restorableOrder(sql))
  db.exec('COMMIT')
  return db
}

/** The subset of D1's prepared statements that worker/db/move.ts's tableSum uses, over node:sqlite. */
function asD1(db: DatabaseSync) {
  return {
    prepare: (sql: string) => ({
      bind: (...values: (string | number | null)[]) => ({
        all: async () => ({ results: db.prepare(sql).all(...values) }),
      }),
    }),
  } as unknown as D1Database
}

export async function restoreOrganization(options: RestoreOrganizationOptions): Promise<{ rows: number; seconds: number }> {
  const started = Date.now()
  const say = (line: string) => options.quiet || console.log(line)
  const { tableSum } = (await tsImport('../worker/db/move.ts', import.meta.url)) as typeof import('../worker/db/move.ts')
  const backup = loadBackup(await readFile(options.file, 'utf8'))
  try {
    const org = backup.prepare('SELECT id, slug, domain FROM organizations WHERE lower(slug) = lower(?)').get(options.slug) as
      | { id: number; slug: string; domain: string | null }
      | undefined
    if (!org) throw new RestoreRefused(`The backup ${options.file} holds no organization with the slug ${options.slug}.`)
    const call = callWorker(options)
    const who = { binding: options.binding, organizationId: org.id }
    const begun = await call({ step: 'begin', ...who, slug: org.slug, domain: org.domain })
    const tables = begun.tables as TableInfo[]
    say(
      `${org.slug} (id ${org.id}) → ${options.binding}: ${begun.resuming ? 'going on with the restore begun earlier' : 'restoring'}`,
    )
    const backupTables = new Set(
      (backup.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name),
    )
    let sent = 0
    const sums: Record<string, { count: number; sum: number }> = {}
    for (const table of tables) {
      if (!backupTables.has(table.name)) continue
      const have = new Set((backup.prepare(`PRAGMA table_info("${table.name}")`).all() as { name: string }[]).map((c) => c.name))
      const missing = table.columns.filter((c) => !have.has(c))
      if (missing.length)
        throw new RestoreRefused(
          `The backup's ${table.name} has no ${missing.join(', ')}: it is older than the database's schema. ` +
            'Restore it into a local state (npm run db:restore), start it once (npm start applies the newer migrations), back that up, and restore from the new backup.',
        )
      // tableSum reads no primary key: the checksum is order-free.
      const info = { name: table.name, scope: table.scope, columns: table.columns, keys: [] as string[] }
      sums[table.name] = await tableSum(asD1(backup), info, org.id)
      const count = sums[table.name]?.count ?? 0
      // Whole already (an earlier run): skip it. The tables triggers keep are always sent again, since
      // restoring their base rows rewrote them.
      if (count === 0 || (!table.derived && table.rows === count)) continue
      const select = backup.prepare(
        `SELECT rowid AS __k, ${table.columns.map((c) => `"${c}"`).join(', ')} FROM "${table.name}" WHERE ${table.scope} AND rowid > ?2 ORDER BY rowid LIMIT ${ROWS_PER_CALL}`,
      )
      let after = -1
      for (;;) {
        const rows = select.all(org.id, after) as Record<string, string | number | null>[]
        if (!rows.length) break
        after = Number(rows[rows.length - 1]?.__k)
        await call({ step: 'rows', ...who, table: table.name, rows: rows.map(({ __k, ...row }) => row) })
        sent += rows.length
        if (rows.length < ROWS_PER_CALL) break
      }
      say(`  ${table.name}: ${count} rows`)
    }
    const finished = await call({ step: 'finish', ...who, slug: org.slug, domain: org.domain, sums })
    const checks = finished.checks as { table: string; target: number }[]
    say(`${org.slug} restored on ${options.binding}: ${checks.length} tables checked, ${sent} rows sent`)
    return { rows: sent, seconds: (Date.now() - started) / 1000 }
  } finally {
    backup.close()
  }
}

/** One step at the Worker; a failed step (5xx, network) is sent again, a refusal (4xx) stops. */
function callWorker(options: RestoreOrganizationOptions) {
  return async (json: Record<string, unknown>): Promise<Record<string, unknown>> => {
    for (let failures = 0; ; ) {
      let reply: Reply
      try {
        const res = await fetch(new URL('/internal/org-restore', options.url), {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
          signal: AbortSignal.timeout(120_000),
        })
        reply = { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }
      } catch (error) {
        reply = { status: 0, body: { message: String(error) } }
      }
      if (reply.status === 200) return reply.body
      if (reply.status >= 400 && reply.status < 500) {
        const checks = reply.body.checks ? `\n${JSON.stringify(reply.body.checks)}` : ''
        throw new RestoreRefused(`Refused (${reply.status}): ${reply.body.message}${checks}`)
      }
      if (++failures > 8)
        throw new Error(
          `The restore stopped (${reply.status}): ${JSON.stringify(reply.body)}. Run the same command again to go on.`,
        )
      await sleep(500 * failures)
    }
  }
}
