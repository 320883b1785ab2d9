// docs/reference/trust-and-security.md §8: the actor of every write, for the audit triggers (scripts/generate-audit-triggers.ts).
//
// D1 has no session variables, so the actor travels in the one-row audit_context table. Every write
// statement — alone or in a batch — is sent as ONE batch [set actor, ...statements, clear actor]:
// a D1 batch is a single transaction run serially, so no other request's write can ever run while
// this actor is set, and a failing statement rolls the actor back with everything else. Reads are
// passed straight through and cost nothing extra.

import { at } from '../domain/at.ts'

/** Who is writing: the signed-in user, and the request it came with. */
export interface AuditActor {
  userId: number
  username: string
  organizationId: number
  requestId?: string | null
}

/** What the wrapper needs of a D1 binding (a D1Database, or a D1 Sessions API session). */
type D1Like = Pick<D1Database, 'prepare' | 'batch'>

const WRITE = /^\s*(insert|update|delete|replace)\b/i
const CTE_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete|replace)\b/i

/** True when the statement writes (drizzle's statements start with their verb; a CTE may precede it). */
export function isWrite(sql: string): boolean {
  return WRITE.test(sql) || CTE_WRITE.test(sql)
}

const SET_ACTOR =
  'INSERT OR REPLACE INTO audit_context (id, user_id, username, organization_id, request_id) VALUES (1, ?, ?, ?, ?)'
const CLEAR_ACTOR = 'DELETE FROM audit_context WHERE id = 1'

/** The inner statement of each wrapped one, for batches (drizzle hands our statements back to us). */
const inner = new WeakMap<object, { statement: D1PreparedStatement; write: boolean }>()

/**
 * Wraps a D1 binding so that writes made while `getActor()` names a user are attributed to them.
 * `getActor` is read at the moment a statement runs, so the session middleware may set the user
 * after the database was created. Anything else of the binding (exec, dump, withSession…) passes
 * through unchanged.
 */
export function withAuditActor<T extends D1Like>(
  d1: T,
  getActor: () => AuditActor | null | undefined,
  takeGuards: () => D1PreparedStatement[] = () => [],
): T {
  const actorStatements = (actor: AuditActor) => [
    d1.prepare(SET_ACTOR).bind(actor.userId, actor.username, actor.organizationId, actor.requestId ?? null),
    d1.prepare(CLEAR_ACTOR),
  ]

  /**
   * What a write is sent between: the request's pending write guards (worker/db/guards.ts) first,
   * then the actor's set and clear. Null when there is nothing to add.
   */
  function around(): { before: D1PreparedStatement[]; after: D1PreparedStatement[] } | null {
    const guards = takeGuards()
    const actor = getActor()
    if (!actor && guards.length === 0) return null
    const [set, clear] = actor ? actorStatements(actor) : []
    return { before: set ? [...guards, set] : guards, after: clear ? [clear] : [] }
  }

  /** Runs one write inside its surroundings; returns its own result as D1 gives it. */
  async function attributed<R>(
    statement: D1PreparedStatement,
    parts: { before: D1PreparedStatement[]; after: D1PreparedStatement[] },
  ): Promise<D1Result<R>> {
    const results = await d1.batch<R>([...parts.before, statement, ...parts.after])
    return at(results, parts.before.length)
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const write = isWrite(sql)
    const surroundings = () => (write ? around() : null)
    const wrapped: D1PreparedStatement = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      run: async <R = Record<string, unknown>>() => {
        const parts = surroundings()
        return parts ? attributed<R>(statement, parts) : statement.run<R>()
      },
      all: async <R = Record<string, unknown>>() => {
        const parts = surroundings()
        return parts ? attributed<R>(statement, parts) : statement.all<R>()
      },
      first: (async (column?: string) => {
        const parts = surroundings()
        if (!parts) return column === undefined ? statement.first() : statement.first(column)
        const [row] = (await attributed<Record<string, unknown>>(statement, parts)).results
        if (row === undefined) return null
        return column === undefined ? row : (row[column] ?? null)
      }) as D1PreparedStatement['first'],
      raw: (async (options?: { columnNames?: boolean }) => {
        const parts = surroundings()
        if (!parts) return options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw()
        // A batch answers rows as objects; a write's RETURNING names one table's columns, so the
        // object keys are its columns in order and nothing collapses.
        const rows = (await attributed<Record<string, unknown>>(statement, parts)).results
        const values = rows.map((row) => Object.values(row))
        return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values
      }) as D1PreparedStatement['raw'],
    }
    inner.set(wrapped, { statement, write })
    return wrapped
  }

  const prepare = (sql: string) => wrap(d1.prepare(sql), sql)

  async function batch<R = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<R>[]> {
    const unwrapped = statements.map((s) => inner.get(s) ?? { statement: s, write: true })
    const plain = unwrapped.map((u) => u.statement)
    const parts = unwrapped.some((u) => u.write) ? around() : null
    if (!parts) return d1.batch<R>(plain)
    const results = await d1.batch<R>([...parts.before, ...plain, ...parts.after])
    return results.slice(parts.before.length, results.length - parts.after.length)
  }

  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return prepare
      if (property === 'batch') return batch
      const value = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
