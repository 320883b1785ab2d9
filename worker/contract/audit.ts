// What GET /api/audit-log answers (docs/reference/trust-and-security.md §8): the organization's
// trail of changes, a page at a time.
import { z } from 'zod'
import { rowId } from './common'

/** A changed row as the trail keeps it: its columns by name, secrets replaced by markers. */
export const auditRow = z.record(z.string(), z.unknown())
export type AuditRow = z.output<typeof auditRow>

/** One change: who made it, when, to which row, and the row before and after. */
export const auditEntry = z.object({
  id: rowId,
  /** When, as an ISO 8601 instant. */
  at: z.string(),
  userId: z.number().int(),
  username: z.string(),
  /** The request that made the change (several entries of one save share it). */
  requestId: z.string().nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  /** The kind of record: the audited table's name. */
  tableName: z.string(),
  rowId: z.string(),
  /** Null for an insert. */
  before: auditRow.nullable(),
  /** Null for a delete. */
  after: auditRow.nullable(),
})
export type AuditEntry = z.output<typeof auditEntry>

/** A page of the trail, newest first, numbered from 1, and how many entries match. */
export const auditPage = z.object({
  auditLog: z.array(auditEntry),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  total: z.number().int().nonnegative(),
})
export type AuditPage = z.output<typeof auditPage>
