import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { User as UserJson } from '../../contract/users'
import { first } from '../../domain/at'
import { type Db, runBatch } from '../client'
import { loginFailures, organizations, sports, userSports, users } from '../schema'
import { inScope, type OrgScope } from '../scope'
import type { Role, SessionUser, User } from './types'

const sessionColumns = {
  id: true,
  organizationId: true,
  username: true,
  email: true,
  role: true,
  theme: true,
  language: true,
  resetPassword: true,
  sessionEpoch: true,
} as const

export async function getSessionUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  return (await sessionUserRows(db, userId))[0]
}

/**
 * The user as a row list (0 or 1) for `db.batch` (drizzle 0.45 crashes mapping a relational
 * findFirst that matched nothing inside a batch, so batched lookups are plain selects), with their
 * organization's time zone joined in: a write's dates are read in it without a trip of its own.
 */
export function sessionUserRows(db: Db, userId: number) {
  const columns = Object.fromEntries(Object.keys(sessionColumns).map((k) => [k, users[k as keyof typeof sessionColumns]])) as {
    [K in keyof typeof sessionColumns]: (typeof users)[K]
  }
  return db
    .select({
      ...columns,
      orgTimeZone: organizations.timeZone,
      orgLanguage: organizations.language,
      orgLanguages: organizations.languages,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1)
}

/**
 * Who may sign in with this username at this door: a user of the organization (or a super admin, of
 * any organization); at the platform's own sign-in, which names no organization, super admins only.
 */
export async function findLoginCandidate(db: Db, door: number | 'platform', username: string): Promise<User | undefined> {
  const orgId = door === 'platform' ? null : door
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.username, username),
        orgId === null ? eq(users.role, 'super_admin') : or(eq(users.organizationId, orgId), eq(users.role, 'super_admin')),
      ),
    )
  // The organization's own user wins over a super admin who happens to share the name.
  return rows.find((u) => u.organizationId === orgId) ?? rows.find((u) => u.role === 'super_admin')
}

// Failed sign-ins live in login_failures as two rows each, so the one index (username, address,
// at) serves both counters without a schema change: (`{org}:{username}`, address) for the account
// and (ADDRESS_ROW, address) for the address across every username.
export const ADDRESS_ROW = '*'

export interface LoginFailure {
  address: string
  at: number
}

/** The account's recent failures (every address) and the address's (every username), oldest first. */
export async function recentLoginFailures(db: Db, accountKey: string, address: string, since: number) {
  const [account, fromAddress] = await db.batch([
    db
      .select({ address: loginFailures.address, at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, accountKey), sql`${loginFailures.at} > ${since}`))
      .orderBy(asc(loginFailures.at)),
    db
      .select({ address: loginFailures.address, at: loginFailures.at })
      .from(loginFailures)
      .where(
        and(eq(loginFailures.username, ADDRESS_ROW), eq(loginFailures.address, address), sql`${loginFailures.at} > ${since}`),
      )
      .orderBy(asc(loginFailures.at)),
  ])
  return { account: account as LoginFailure[], fromAddress: fromAddress as LoginFailure[] }
}

/**
 * Counts and records one sign-in attempt as a failure in ONE statement, before its password is
 * checked (docs/decisions/2026-11-28-atomic-sign-in-claim.md): both rows (account and address) go in
 * only while the address has fewer than `accountLimit` failures on the account and fewer than
 * `addressLimit` across usernames since `since`. D1 runs one statement at a time, so parallel
 * attempts cannot all read the same count and go ahead. A right password removes the rows again
 * (clearLoginFailures). One round trip: rows older than `since` are pruned first, and the recent
 * failures (the claim included) are read after it. `claimed` is null when a limit is reached and
 * nothing was written.
 */
export async function recordLoginFailure(
  db: Db,
  accountKey: string,
  address: string,
  window: { now: number; since: number },
  limits: { accountLimit: number; addressLimit: number },
): Promise<{ claimed: number[] | null; account: LoginFailure[]; fromAddress: LoginFailure[] }> {
  const { now, since } = window
  const d1 = db.$client
  // SQLite materialises an INSERT … SELECT that reads its own table before inserting, so the two
  // counts are taken once and both rows go in, or neither.
  const claim = d1
    .prepare(
      `INSERT INTO login_failures (username, address, at)
       SELECT k.username, ?1, ?2 FROM (SELECT ?3 AS username UNION ALL SELECT ?4) AS k
       WHERE (SELECT count(*) FROM login_failures WHERE username = ?3 AND address = ?1 AND at > ?5) < ?6
         AND (SELECT count(*) FROM login_failures WHERE username = ?4 AND address = ?1 AND at > ?5) < ?7
       RETURNING id`,
    )
    .bind(address, now, accountKey, ADDRESS_ROW, since, limits.accountLimit, limits.addressLimit)
  const [, claimedRows, account, fromAddress] = await d1.batch<Record<string, unknown>>([
    d1.prepare('DELETE FROM login_failures WHERE at <= ?1').bind(since),
    claim,
    d1.prepare('SELECT address, at FROM login_failures WHERE username = ?1 AND at > ?2 ORDER BY at, id').bind(accountKey, since),
    d1
      .prepare('SELECT address, at FROM login_failures WHERE username = ?1 AND address = ?2 AND at > ?3 ORDER BY at, id')
      .bind(ADDRESS_ROW, address, since),
  ])
  const ids = (claimedRows?.results ?? []).map((r) => r.id as number)
  return {
    claimed: ids.length > 0 ? ids : null,
    account: (account?.results ?? []) as unknown as LoginFailure[],
    fromAddress: (fromAddress?.results ?? []) as unknown as LoginFailure[],
  }
}

/**
 * After a successful sign-in, a statement to send with the next batch: the attempt's own claim goes
 * (a right password is no failure), and so do this address's failures on this account. Other
 * addresses' failures stay, and so does the address's own count (signing in to an account you own
 * must not reset the counter of someone spraying other accounts).
 */
export function clearLoginFailures(db: Db, accountKey: string, address: string, claimed: number[]) {
  return db
    .delete(loginFailures)
    .where(
      or(inArray(loginFailures.id, claimed), and(eq(loginFailures.username, accountKey), eq(loginFailures.address, address))),
    )
}

export type UserWithSports = User & { sports: { id: number; name: string }[] }

/** Users as the wire contract names them (docs/reference/public-site.md §3). */
export function userJson(
  user: Omit<User, 'passwordHash' | 'createdAt' | 'sessionEpoch' | 'version'> & {
    version?: number
    sports: { id: number; name: string }[]
  },
): UserJson {
  return {
    id: user.id,
    username: user.username,
    version: user.version ?? null,
    email: user.email,
    role: user.role,
    organization_id: user.organizationId,
    theme: user.theme,
    language: user.language ?? null,
    resetPassword: user.resetPassword,
    sportIds: user.sports.map((s) => s.id),
    sports: user.sports,
  }
}

/** The users (of one organization, or all) and their sports, as batchable statements. */
export function listUsersQueries(db: Db, orgId?: number, page?: { after?: [number, string, number]; limit?: number }) {
  // A page (a super admin's list across databases, worker/lib/fan-out.ts): keyset on (organization, username, id).
  const after = page?.after
    ? sql`(${users.organizationId}, ${users.username}, ${users.id}) > (${page.after[0]}, ${page.after[1]}, ${page.after[2]})`
    : undefined
  const where = and(orgId ? eq(users.organizationId, orgId) : undefined, after)
  const limit = page?.limit
  const listed = db.select().from(users).where(where).orderBy(asc(users.organizationId), asc(users.username), asc(users.id))
  return [
    limit ? listed.limit(limit) : listed,
    db
      .select({ userId: userSports.userId, id: sports.id, name: sports.name })
      .from(userSports)
      .innerJoin(sports, eq(sports.id, userSports.sportId))
      .innerJoin(users, eq(users.id, userSports.userId))
      .where(
        limit
          ? sql`${users.id} IN (SELECT ${users.id} FROM ${users} ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${users.organizationId}, ${users.username}, ${users.id} LIMIT ${limit})`
          : where,
      ),
  ] as const
}

/** The results of listUsersQueries as the wire contract names them. */
export function toUsersJson(found: User[], links: { userId: number; id: number; name: string }[]) {
  const byUser = Map.groupBy(links, (l) => l.userId)
  return found.map((u) => userJson({ ...u, sports: (byUser.get(u.id) ?? []).map((l) => ({ id: l.id, name: l.name })) }))
}

export async function listUsers(db: Db, orgId?: number, page?: { after?: [number, string, number]; limit?: number }) {
  const [found, links] = await db.batch(listUsersQueries(db, orgId, page))
  return toUsersJson(found, links)
}

/** A user of the organization (of any, for a super admin's scope of every organization). */
export function getUser(db: Db, scope: OrgScope, userId: number) {
  return db.query.users.findFirst({
    where: and(eq(users.id, userId), inScope(users.organizationId, scope)),
  })
}

/** A user (scoped like getUser) and the user's sports, as batchable statements: one round trip. */
export function userWithSportsQueries(db: Db, scope: OrgScope, userId: number) {
  return [
    db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), inScope(users.organizationId, scope)))
      .limit(1),
    db
      .select({ userId: userSports.userId, id: sports.id, name: sports.name })
      .from(userSports)
      .innerJoin(sports, eq(sports.id, userSports.sportId))
      .where(eq(userSports.userId, userId)),
  ] as const
}

/** The results of userWithSportsQueries as the wire contract names them (undefined: no such user). */
export function toUserJson(user: User | undefined, links: { id: number; name: string }[]): UserJson | undefined {
  return user ? userJson({ ...user, sports: links.map((l) => ({ id: l.id, name: l.name })) }) : undefined
}

export async function getUserJson(db: Db, scope: OrgScope, userId: number) {
  const [[user], links] = await db.batch(userWithSportsQueries(db, scope, userId))
  return toUserJson(user, links)
}

export function usernameTaken(db: Db, orgId: number, username: string) {
  return db.query.users.findFirst({
    where: and(eq(users.organizationId, orgId), eq(users.username, username)),
    columns: { id: true },
  })
}

export interface NewUser {
  organizationId: number
  username: string
  email: string | null
  passwordHash: string
  role: Role
  resetPassword: boolean
}

export async function createUser(db: Db, input: NewUser, sportIds: number[]) {
  // One batch: the sports rows find the new user by its unique (organization, username).
  const newUserId = sql`(select id from ${users} where ${users.organizationId} = ${input.organizationId} and ${users.username} = ${input.username})`
  const insert = db.insert(users).values(input).returning()
  if (sportIds.length === 0) return first(await insert)
  const [created] = await db.batch([
    insert,
    db
      .insert(userSports)
      .values(sportIds.map((sportId) => ({ userId: newUserId as unknown as number, sportId })))
      .onConflictDoNothing(),
  ])
  return first(created)
}

export interface UserChanges {
  username?: string
  email?: string | null
  role?: Role
  theme?: 'light' | 'dark'
  language?: string | null
  passwordHash?: string
  resetPassword?: boolean
  organizationId?: number
  /** Ends every session of the user (password, role or organization change). */
  endSessions?: boolean
}

/** Changes a user within the scope (an id outside it changes nothing). */
export async function updateUser(db: Db, scope: OrgScope, userId: number, changes: UserChanges, sportIds?: number[]) {
  const { endSessions, ...fields } = changes
  const set = { ...fields, ...(endSessions ? { sessionEpoch: sql`${users.sessionEpoch} + 1` } : {}) }
  const items: BatchItem<'sqlite'>[] = []
  const user = and(eq(users.id, userId), inScope(users.organizationId, scope))
  if (Object.keys(set).length > 0) items.push(db.update(users).set(set).where(user))
  if (sportIds) {
    const inScopeUser = sql`exists (select 1 from ${users} where ${user})`
    items.push(db.delete(userSports).where(and(eq(userSports.userId, userId), inScopeUser)))
    if (sportIds.length > 0)
      items.push(
        db
          .insert(userSports)
          .select(
            db
              .select({ userId: users.id, sportId: sports.id })
              .from(users)
              .innerJoin(sports, inArray(sports.id, sportIds))
              .where(user),
          ),
      )
  }
  await runBatch(db, items)
}

export async function deleteUser(db: Db, scope: OrgScope, userId: number) {
  await db.delete(users).where(and(eq(users.id, userId), inScope(users.organizationId, scope)))
}

/** The user's organization as a row list (0 or 1), batchable (see sessionUserRows). */
export function organizationOfUserRows(db: Db, orgId: number) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      domain: organizations.domain,
      timeZone: organizations.timeZone,
      language: organizations.language,
      languages: organizations.languages,
      isPlatform: organizations.isPlatform,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1)
}

export async function organizationOfUser(db: Db, orgId: number) {
  return (await organizationOfUserRows(db, orgId))[0]
}
