// Prints the audit-trail triggers (docs/reference/trust-and-security.md §8) for every audited table of the drizzle schema:
//   node scripts/generate-audit-triggers.ts > migrations/NNNN_audit_triggers.sql
// (after `npx drizzle-kit generate --custom --name audit_triggers` made the empty file). A table or
// column added later: regenerate into a new custom migration — every trigger is dropped and
// recreated, so the newest file wins. test/unit/audit-triggers.test.ts fails until that is done.
import { fileURLToPath } from 'node:url'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '../worker/db/schema.ts'

/** Tables never audited, with the reason. Every other table must map to an organization. */
export const NOT_AUDITED: Record<string, string> = {
  sports: 'platform-wide list, written only by seeds and migrations',
  login_failures: 'sign-in throttling bookkeeping, not an admin write',
  audit_log: 'the trail itself',
  audit_context: 'the actor of the writes in flight',
  player_season_totals: 'derived from player_game_stats by triggers (migration 0006); the box-score rows are audited',
  team_season_totals: 'derived from player_game_stats by triggers (migration 0006); the box-score rows are audited',
  record_totals: 'derived from player_game_stats by triggers (migration 0013); the box-score rows are audited',
  box_lines: 'line versions raised by triggers on player_game_stats (migration 0008); the box-score rows are audited',
  write_guards: 'never holds a row: an insert aborts its batch (migration 0008)',
  bracket_slots: 'the places of a bracket, written only with their bracket (audited) and never edited on their own',
  game_events:
    'append-only and never edited: each row names its author (user_id), so it is its own trail of who scored what; the box score derived from it is audited (docs/live-scoring.md)',
  member_passkeys: 'a member’s own credentials, added and removed only by that member (docs/members.md)',
  member_sign_in_links: 'one-time sign-in bookkeeping, like login_failures',
  request_throttles: 'request counters, not an organization’s data',
  member_passkey_challenges: 'passkey challenges used up within minutes, sign-in bookkeeping like member_sign_in_links',
  availability: 'each member’s own answer, kept with the time it was given; not league data (docs/members.md)',
  notifications: 'the outbox of changes waiting to be e-mailed (docs/notifications.md); the changes themselves are audited',
  mail_deliveries: 'the e-mails sent, kept as sent (docs/notifications.md)',
  availability_alerts: 'marks that an availability alert was raised once (migration 0024); the alert itself is a notification',
  org_directory:
    'platform bookkeeping: which D1 database holds an organization (docs/scaling.md), written by the platform, not by an organization',
  payment_events:
    'the payment provider’s events taken in, by id (docs/registration.md): its own ledger, written only by the signed webhook',
  waiver_signatures:
    'append-only: each row is itself the record of who signed which waiver version, when, from where (docs/registration.md)',
}

/** Columns left out of the trail: bookkeeping that changes on its own, or secrets. */
const LEFT_OUT: Record<string, string[]> = {
  // data_version is bumped by every tenant write (migration 0002); the hostname retry counters by cron.
  organizations: [
    'data_version',
    'cache_epoch',
    'custom_hostname_attempts',
    'custom_hostname_retry_at',
    'custom_hostname_checked_at',
  ],
  // Never the hash: an update that changes it records `password_changed: true` instead.
  // session_epoch is raised by "log out everywhere"; the change that caused it is what gets logged.
  users: ['password_hash', 'session_epoch'],
  // A member's sign-out-everywhere counter changes on its own; their message choices are theirs.
  members: ['session_epoch', 'notifications', 'last_sign_in_at'],
  // Never the invite's secret.
  roster_invites: ['token_hash'],
}
/** Left out of every table's trail: the optimistic-concurrency version, raised by every update (migration 0008). */
const LEFT_OUT_EVERYWHERE = ['version']
const SECRET_MARKERS: Record<string, { column: string; marker: string }> = {
  users: { column: 'password_hash', marker: 'password_changed' },
}

interface AuditedTable {
  name: string
  columns: { name: string; json: boolean; boolean: boolean }[]
  /** SQL for the row's organization, given the row alias (NEW or OLD). */
  organization: (row: string) => string
  /** SQL for the row's identity as text. */
  rowId: (row: string) => string
  /** Extra condition for a delete: skip rows removed because their parent went with it. */
  deleteGuard?: (row: string) => string
}

const q = (name: string) => `\`${name}\``

export function auditedTables(): AuditedTable[] {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is SQLiteTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  )
  const audited: AuditedTable[] = []
  // By name: module namespaces are ordered differently by Node and by Vite.
  const configs = tables.map((t) => getTableConfig(t)).sort((a, b) => (a.name < b.name ? -1 : 1))
  for (const config of configs) {
    if (config.name in NOT_AUDITED) continue
    const left = new Set([
      ...LEFT_OUT_EVERYWHERE,
      ...(LEFT_OUT[config.name] ?? []),
      ...(SECRET_MARKERS[config.name] ? [SECRET_MARKERS[config.name].column] : []),
    ])
    const columns = config.columns
      .filter((c) => !left.has(c.name))
      .map((c) => ({ name: c.name, json: c.columnType === 'SQLiteTextJson', boolean: c.columnType === 'SQLiteBoolean' }))
    const names = config.columns.map((c) => c.name)
    const primary = config.columns.filter((c) => c.primary).map((c) => c.name)
    const keys = primary.length > 0 ? primary : (config.primaryKeys[0]?.columns.map((c) => c.name) ?? [])
    if (keys.length === 0) throw new Error(`${config.name}: no primary key to name its rows by`)
    const rowId = (row: string) => keys.map((k) => `${row}.${q(k)}`).join(` || ':' || `)
    if (config.name === 'organizations') {
      audited.push({
        name: config.name,
        columns,
        organization: (row) => `${row}.${q('id')}`,
        rowId: (row) => `${row}.${q('id')}`,
      })
    } else if (names.includes('organization_id')) {
      audited.push({
        name: config.name,
        columns,
        organization: (row) => `${row}.${q('organization_id')}`,
        rowId,
        // Deleting an organization cascades to all its rows: the organization's own delete is the record.
        deleteGuard: (row) => `EXISTS (SELECT 1 FROM ${q('organizations')} WHERE ${q('id')} = ${row}.${q('organization_id')})`,
      })
    } else if (config.name === 'user_sports') {
      audited.push({
        name: config.name,
        columns,
        organization: (row) => `(SELECT ${q('organization_id')} FROM ${q('users')} WHERE ${q('id')} = ${row}.${q('user_id')})`,
        rowId,
        deleteGuard: (row) => `EXISTS (SELECT 1 FROM ${q('users')} WHERE ${q('id')} = ${row}.${q('user_id')})`,
      })
    } else {
      throw new Error(
        `${config.name}: no organization to file its audit rows under (add it to NOT_AUDITED with a reason, or map it)`,
      )
    }
  }
  return audited
}

function rowJson(table: AuditedTable, row: string): string {
  const pairs = table.columns.map((c) => {
    const value = `${row}.${q(c.name)}`
    // JSON-mode columns nest as JSON, unless a row holds text that is not valid JSON.
    // iif(), not CASE … END: wrangler's migration splitter reads a CASE's END as the trigger's own and
    // then cannot cut the file into statements (one statement over D1's 100 KB limit).
    if (c.json) return `'${c.name}', iif(json_valid(${value}), json(${value}), ${value})`
    // Boolean-mode columns (0/1 in SQLite) read as JSON booleans, as the API answers them.
    if (c.boolean) return `'${c.name}', iif(${value} IS NULL, NULL, iif(${value}, json('true'), json('false')))`
    return `'${c.name}', ${value}`
  })
  return `json_object(${pairs.join(', ')})`
}

const ACTOR = `(SELECT ${q('user_id')} FROM ${q('audit_context')} WHERE ${q('id')} = 1) IS NOT NULL`

function trigger(table: AuditedTable, action: 'insert' | 'update' | 'delete'): string {
  const name = q(`${table.name}_audit_${action}`)
  const row = action === 'delete' ? 'OLD' : 'NEW'
  const conditions = [ACTOR]
  if (action === 'update') {
    const watched = [
      ...table.columns.map((c) => c.name),
      ...(SECRET_MARKERS[table.name] ? [SECRET_MARKERS[table.name].column] : []),
    ]
    conditions.push(`(${watched.map((c) => `OLD.${q(c)} IS NOT NEW.${q(c)}`).join(' OR ')})`)
  }
  if (action === 'delete' && table.deleteGuard) conditions.push(table.deleteGuard('OLD'))
  const before = action === 'insert' ? 'NULL' : rowJson(table, 'OLD')
  let after = action === 'delete' ? 'NULL' : rowJson(table, 'NEW')
  const secret = SECRET_MARKERS[table.name]
  if (action === 'update' && secret) {
    // The marker sits on the after side only when the secret changed (json_patch drops a null member).
    const changed = `OLD.${q(secret.column)} IS NOT NEW.${q(secret.column)}`
    after = `json_patch(${after}, json_object('${secret.marker}', iif(${changed}, json('true'), NULL)))`
  }
  return [
    `DROP TRIGGER IF EXISTS ${name};`,
    `CREATE TRIGGER ${name} AFTER ${action.toUpperCase()} ON ${q(table.name)} WHEN ${conditions.join(' AND ')} BEGIN ` +
      `INSERT INTO ${q('audit_log')} (${['organization_id', 'user_id', 'username', 'request_id', 'action', 'table_name', 'row_id', 'before', 'after'].map(q).join(', ')}) ` +
      `SELECT COALESCE(${table.organization(row)}, c.${q('organization_id')}), c.${q('user_id')}, c.${q('username')}, c.${q('request_id')}, ` +
      `'${action}', '${table.name}', CAST(${table.rowId(row)} AS TEXT), ${before}, ${after} ` +
      `FROM ${q('audit_context')} c WHERE c.${q('id')} = 1; END;`,
  ].join('--> statement-breakpoint\n')
}

export function auditTriggerSql(): string {
  const header = [
    '-- Generated by scripts/generate-audit-triggers.ts from worker/db/schema.ts; do not edit by hand.',
    '-- Every insert, update (that changes something) and delete of an audited table writes one',
    '-- audit_log row with the actor that worker/db/audit.ts put in audit_context for the same batch.',
    '-- Without an actor (seeds, scripts, benchmarks, cron) nothing is written.',
  ]
  const statements = auditedTables().flatMap((t) => (['insert', 'update', 'delete'] as const).map((a) => trigger(t, a)))
  return `${header.join('\n')}\n${statements.join('--> statement-breakpoint\n')}\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(auditTriggerSql())
