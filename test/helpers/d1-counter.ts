import { env } from 'cloudflare:workers'

/**
 * Counts what a request asks of D1 (docs/reference/performance.md §2): statements, and round trips — a `batch` is one
 * round trip whatever it holds, every standalone first/all/run/raw/exec another. It wraps the REAL
 * binding (no stand-in: the queries still run against local D1), sessions included, so middleware
 * work (tenant, edge cache, session epoch) counts as part of the request like the route's own.
 */
export class D1Counter {
  statements = 0
  roundTrips = 0
  /** The SQL of every statement, in order, for a readable failure message. */
  readonly log: string[] = []

  reset() {
    this.statements = 0
    this.roundTrips = 0
    this.log.length = 0
  }

  /** A D1-shaped object that runs everything on `real` and counts it. */
  wrap(real: D1Database): D1Database {
    return new CountedDatabase(this, real) as unknown as D1Database
  }

  /** The worker's env with every D1 binding counted (the routing seam may pick any of them). */
  env(base: Cloudflare.Env = env): Cloudflare.Env {
    const counted: Record<string, unknown> = { ...base }
    for (const [name, value] of Object.entries(base)) if (isD1(value)) counted[name] = this.wrap(value)
    return counted as unknown as Cloudflare.Env
  }

  trip(sqls: string[]) {
    this.roundTrips += 1
    this.statements += sqls.length
    this.log.push(sqls.length === 1 ? sqls[0] : `batch[${sqls.join(' ; ')}]`)
  }
}

const isD1 = (value: unknown): value is D1Database =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as D1Database).prepare === 'function' &&
  typeof (value as D1Database).batch === 'function'

class CountedStatement {
  constructor(
    readonly counter: D1Counter,
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}
  bind(...values: unknown[]) {
    return new CountedStatement(this.counter, this.inner.bind(...values), this.sql)
  }
  first(column?: string) {
    this.counter.trip([this.sql])
    return column === undefined ? this.inner.first() : this.inner.first(column)
  }
  all() {
    this.counter.trip([this.sql])
    return this.inner.all()
  }
  run() {
    this.counter.trip([this.sql])
    return this.inner.run()
  }
  raw(options?: { columnNames?: boolean }) {
    this.counter.trip([this.sql])
    return this.inner.raw(options as { columnNames: true })
  }
}

type Session = Pick<D1DatabaseSession, 'prepare' | 'batch'> & Partial<Pick<D1DatabaseSession, 'getBookmark'>>

class CountedDatabase {
  constructor(
    readonly counter: D1Counter,
    readonly inner: Session & Partial<D1Database>,
  ) {}
  prepare(sql: string) {
    return new CountedStatement(this.counter, this.inner.prepare(sql), sql)
  }
  batch(statements: CountedStatement[]) {
    this.counter.trip(statements.map((s) => s.sql))
    return this.inner.batch(statements.map((s) => s.inner))
  }
  exec(sql: string) {
    this.counter.trip([sql])
    return (this.inner as D1Database).exec(sql)
  }
  withSession(constraintOrBookmark?: string) {
    return new CountedDatabase(this.counter, (this.inner as D1Database).withSession(constraintOrBookmark))
  }
  getBookmark() {
    return this.inner.getBookmark?.() ?? null
  }
}
