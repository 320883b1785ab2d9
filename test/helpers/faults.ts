import { env } from 'cloudflare:workers'
import { isWrite } from '../../worker/db/audit'

/**
 * Fault injection around the REAL local bindings (never stand-ins): every call reaches the real
 * D1, KV and R2 unless the test has switched a fault on, so what a failing request leaves behind
 * is what production would be left with.
 */
export interface Faults {
  /**
   * Every D1 batch that writes fails at this (0-based) statement: the statements before it really
   * run inside the batch's transaction, then a real statement that SQLite refuses at run time (an
   * integer overflow) stands in its place. Past the end, it fails after every real statement has
   * run. Read-only batches (a write's validation reads, batched since docs/reference/performance.md §2) run untouched,
   * so the fault lands in the write it is about.
   */
  batchFailsAt?: number
  /** prepare() throws for SQL matching this (a statement the driver cannot even build). */
  prepareThrows?: RegExp
  /** A single statement (outside a batch) matching this throws when run; inside a batch it fails the batch. */
  statementFails?: RegExp
  /** How many statements matching `statementFails` still run before the fault starts (default 0). */
  statementFailsAfter?: number
  /** KV methods that throw (`get`, `put`, `delete`, `list`, `getWithMetadata`). */
  kv?: string[]
  /** R2 methods that throw (`put`, `get`, `head`, `delete`, `list`). */
  r2?: string[]
}

/** A statement SQLite accepts at prepare time and refuses when it runs. */
const FAILING_SQL = 'SELECT abs(-9223372036854775807 - 1) AS injected_fault'

export interface FaultLog {
  /** The number of statements in each batch sent while a batch fault was on. */
  batchSizes: number[]
  /** SQL of statements that were made to fail. */
  failed: string[]
  /** SQL of every statement prepared through the wrapper, in order. */
  prepared: string[]
}

export function faultyEnv(faults: Faults, base: Cloudflare.Env = env) {
  const log: FaultLog = { batchSizes: [], failed: [], prepared: [] }
  let matches = 0
  const fails = (sql: string) => {
    if (!faults.statementFails?.test(sql)) return false
    matches += 1
    if (matches <= (faults.statementFailsAfter ?? 0)) return false
    log.failed.push(sql)
    return true
  }
  const real = base.DB

  class FaultyStatement {
    constructor(
      readonly inner: D1PreparedStatement,
      readonly sql: string,
    ) {}
    bind(...values: unknown[]) {
      return new FaultyStatement(this.inner.bind(...values), this.sql)
    }
    private check() {
      if (fails(this.sql)) {
        throw new Error(`D1_ERROR: injected fault running ${this.sql.slice(0, 40)}`)
      }
    }
    async first(column?: string) {
      this.check()
      return column === undefined ? this.inner.first() : this.inner.first(column)
    }
    async all() {
      this.check()
      return this.inner.all()
    }
    async run() {
      this.check()
      return this.inner.run()
    }
    async raw(options?: { columnNames?: boolean }) {
      this.check()
      return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw()
    }
  }

  const faulty = {
    prepare(sql: string) {
      if (faults.prepareThrows?.test(sql)) {
        log.failed.push(sql)
        throw new Error(`D1_ERROR: injected fault preparing ${sql.slice(0, 40)}`)
      }
      log.prepared.push(sql)
      return new FaultyStatement(real.prepare(sql), sql)
    },
    async batch(statements: FaultyStatement[]) {
      let inner = statements.map((s) => {
        if (fails(s.sql)) return real.prepare(FAILING_SQL)
        return s.inner
      })
      if (faults.batchFailsAt !== undefined && statements.some((s) => isWrite(s.sql))) {
        log.batchSizes.push(statements.length)
        const at = Math.min(faults.batchFailsAt, inner.length)
        log.failed.push(statements[at]?.sql ?? '(after the last statement)')
        inner = [...inner.slice(0, at), real.prepare(FAILING_SQL), ...inner.slice(at + 1)]
      }
      return real.batch(inner)
    },
    exec: (query: string) => real.exec(query),
    dump: () => real.dump(),
    // A session over the same faulty database: the faults are what these tests are about, not replicas.
    withSession: () => ({ ...db, getBookmark: () => null }),
  }
  const db = faulty as unknown as D1Database

  return {
    env: {
      ...base,
      DB: db,
      SESSIONS: failing(base.SESSIONS, 'KV', () => faults.kv),
      LOGOS: failing(base.LOGOS, 'R2', () => faults.r2),
    } as Cloudflare.Env,
    log,
  }
}

/** The binding itself, except that the methods named (at call time) reject. */
function failing<T extends object>(binding: T, name: string, broken: () => string[] | undefined): T {
  return new Proxy(binding, {
    get(target, property) {
      const value = Reflect.get(target, property, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (broken()?.includes(String(property))) {
          return Promise.reject(new Error(`${name}.${String(property)}: injected fault (storage unavailable)`))
        }
        return value.apply(target, args)
      }
    },
  })
}
