import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditEntry, AuditRow } from '../../domain/audit'
import type { Db } from '../client'
import { auditLog } from '../schema'

export interface AuditLogFilter {
  page: number
  pageSize: number
  table?: string
  userId?: number
}

const parseRow = (json: string | null): AuditRow | null => {
  if (json === null) return null
  try {
    return JSON.parse(json) as AuditRow
  } catch {
    return { value: json }
  }
}

/** One page of the organization's trail, newest first, and how many entries match: one batch. */
export async function listAuditLog(db: Db, orgId: number, filter: AuditLogFilter) {
  const conditions: SQL[] = [eq(auditLog.organizationId, orgId)]
  if (filter.table) conditions.push(eq(auditLog.tableName, filter.table))
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId))
  const where = and(...conditions)
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at,
    userId: row.userId,
    username: row.username,
    requestId: row.requestId,
    action: row.action,
    tableName: row.tableName,
    rowId: row.rowId,
    before: parseRow(row.before),
    after: parseRow(row.after),
  }))
  return { entries, total: total?.total ?? 0 }
}
