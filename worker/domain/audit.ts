// The audit trail's readable side (docs/reference/trust-and-security.md §8), shared by the API and the Audit Trail screen.
import type { AuditEntry, AuditRow } from '../contract/audit'

/** Every audited table, as the screen names the kind of record (test/unit/audit-triggers.test.ts keeps it complete). */
export const AUDIT_TABLES = {
  organizations: 'Organization',
  organization_sports: 'Organization sport',
  site_pages: 'Site page',
  users: 'User',
  user_sports: 'User sport',
  seasons: 'Season',
  leagues: 'League',
  seasons_leagues: 'League in season',
  divisions: 'Division',
  teams: 'Team',
  seasons_leagues_teams: 'Team in league',
  players: 'Player',
  rosters: 'Roster entry',
  player_attributes: 'Player attribute',
  player_attribute_values: 'Player attribute value',
  stat_definitions: 'Stat',
  game_periods: 'Game period',
  schedules: 'Schedule',
  schedule_slots: 'Schedule time slot',
  games: 'Game',
  period_scores: 'Period score',
  player_game_stats: 'Box score stat',
  byes: 'Bye',
  week_offs: 'Week off',
  businesses: 'Business',
  league_tiebreakers: 'League tiebreakers',
  brackets: 'Bracket',
  venues: 'Venue',
  courts: 'Court',
  court_closures: 'Court closure',
  team_constraints: 'Team constraint',
  members: 'Member',
  roster_invites: 'Roster invite',
  score_reports: 'Score report',
  registration_settings: 'Registration settings',
  registrations: 'Registration',
  registration_refunds: 'Refund',
  player_suspensions: 'Suspension',
} as const

export type AuditTable = keyof typeof AUDIT_TABLES
export const AUDIT_TABLE_NAMES = Object.keys(AUDIT_TABLES) as [AuditTable, ...AuditTable[]]

// An entry as the API answers it (worker/contract/audit.ts).
export type { AuditEntry, AuditRow }

/** A person-readable name for the changed row: its own name when it has one, else "Team 12". */
export function entityName(entry: Pick<AuditEntry, 'tableName' | 'rowId' | 'before' | 'after'>): string {
  const kind = AUDIT_TABLES[entry.tableName as AuditTable] ?? entry.tableName
  const row = entry.after ?? entry.before ?? {}
  const text = (key: string) => (typeof row[key] === 'string' && (row[key] as string).trim() ? (row[key] as string).trim() : null)
  const person = [text('first_name'), text('last_name')].filter(Boolean).join(' ')
  const name = text('name') ?? text('username') ?? text('attribute_name') ?? text('page_key') ?? (person || null)
  return name ? `${kind} ${name}` : `${kind} ${entry.rowId}`
}

// The row's id and organization are the entry's own; its creation time is the entry's When.
const KEYS_NOT_SHOWN = new Set(['id', 'organization_id', 'created_at'])

export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/**
 * What a write changed, field by field: every field for an update whose value differs; for an
 * insert the values set, for a delete the values removed (ids and the organization left out).
 */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {}
  const after = entry.after ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !KEYS_NOT_SHOWN.has(f))
  const changes: FieldChange[] = []
  for (const field of fields) {
    const was = field in before ? before[field] : null
    const now = field in after ? after[field] : null
    if (JSON.stringify(was) === JSON.stringify(now)) continue
    if ((entry.before === null && now === null) || (entry.after === null && was === null)) continue
    changes.push({ field, before: entry.before === null ? undefined : was, after: entry.after === null ? undefined : now })
  }
  return changes
}
