import type { BatchItem } from 'drizzle-orm/batch'
import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { authCheck, credentials, signedIn, signedOutTo } from '../contract/auth'
import { createDb } from '../db/client'
import { d1BindingNames, d1Named, directory } from '../db/directory'
import {
  clearLoginFailures,
  findLoginCandidate,
  organizationOfUser,
  organizationOfUserRows,
  recordLoginFailure,
  toUserJson,
  updateUser,
  userWithSportsQueries,
} from '../db/queries/users'
import { bindingNameFor, parseRoutes } from '../db/routing'
import { enabledLanguages } from '../domain/i18n'
import {
  ACCOUNT_ADDRESS_LIMIT,
  ADDRESS_LIMIT,
  FAILURE_WINDOW_MS,
  failureDelayMs,
  retryAfterSeconds,
} from '../domain/login-throttle'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { randomToken } from '../lib/ids'
import { answers } from '../lib/openapi'
import { DUMMY_HASH, verifyPassword } from '../lib/password'
import { validate } from '../lib/validate'
import { switchDatabase } from '../middleware/database'
import { endSession, sessionBinding, setXsrfCookie, startSession, XSRF_COOKIE } from '../middleware/session'
import { organizationByDomain, organizationBySlug, stripWww } from '../middleware/tenant'

export const LOGIN_FAILED = 'Login failed. Please check your credentials.'
/**
 * The platform's own sign-in (no league named) is for platform administrators. Every failure there
 * says where league staff sign in instead — the same words for every username, so the answer never
 * tells whether an account exists anywhere (docs/decisions/2026-11-24-platform-sign-in-hint.md).
 */
export const PLATFORM_LOGIN_FAILED = `${LOGIN_FAILED} This page is for platform administrators: league owners and staff sign in on their league's own page, its address followed by /login.`
export const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again later.'

export const auth = new Hono<AppEnv>()
  .get('/check-auth', answers('Who is signed in (and the anti-forgery cookie)', { 200: authCheck }), async (c) => {
    const user = c.var.user
    // Hand out the anti-forgery cookie here: the SPA asks this question before any write.
    const cookie = getCookie(c, XSRF_COOKIE)
    const expected = c.var.session?.xsrf
    if (expected ? cookie !== expected : !cookie) setXsrfCookie(c, expected ?? randomToken())
    c.header('Cache-Control', 'no-store')
    if (!user) return c.json({ authenticated: false, user: null })
    // On another database's site (it names its organization), the user is read from their own
    // database (docs/scaling.md "Past one database"); a request that names none is already there.
    const own = await sessionBinding(c)
    const db = own === c.var.binding ? c.var.db : createDb(d1Named(c.env, own))
    return c.json({ authenticated: true, user: await authUserJson(db, user.id, user.organizationId) })
  })
  .post('/login', answers('Sign in', { 200: signedIn }), validate('json', credentials), async (c) => {
    const { username, password, domain, slug } = c.req.valid('json')
    const hint = c.var.tenant
    // Which organization's door is this? The Host's custom domain, else the body's domain or slug.
    let orgId: number | null = null
    // The door's organization may live on another database than the request opened (the body names
    // it): move there first. The platform's door looks for the administrator on every database.
    const dir = await directory(c.env)
    const door =
      hint.kind === 'custom-domain'
        ? undefined
        : domain
          ? dir.byDomain.get(stripWww(domain))
          : slug && slug !== 'login'
            ? dir.bySlug.get(slug.toLowerCase())
            : undefined
    // An organization the directory does not name lives on DB (or where DB_ROUTES says).
    const named = hint.kind === 'custom-domain' || Boolean(domain) || Boolean(slug && slug !== 'login')
    if (named && hint.kind !== 'custom-domain')
      switchDatabase(
        c,
        door?.binding ??
          bindingNameFor(parseRoutes(c.env.DB_ROUTES), {
            kind: 'platform',
            slug: slug ?? undefined,
            domain: domain ? stripWww(domain) : undefined,
          }),
      )
    try {
      if (hint.kind === 'custom-domain') orgId = (await organizationByDomain(c, hint.domain)).id
      else if (domain) orgId = (await organizationByDomain(c, domain)).id
      else if (slug && slug !== 'login') orgId = (await organizationBySlug(c, slug)).id
    } catch {
      throw new ApiError(401, LOGIN_FAILED)
    }
    const failed = orgId === null ? PLATFORM_LOGIN_FAILED : LOGIN_FAILED
    const address = c.req.header('CF-Connecting-IP') ?? c.req.header('X-Forwarded-For') ?? 'local'
    const user = (await findLoginCandidate(c.var.db, orgId ?? 'platform', username)) ?? (await platformUserElsewhere(c, username))
    // Counted per organization + username (the account signed in to, else the door's organization),
    // the same way whether or not the username exists.
    const accountKey = `${user?.organizationId ?? orgId ?? 0}:${username.toLowerCase()}`
    const now = Date.now()
    const since = now - FAILURE_WINDOW_MS
    const refuse = (wait: number | null): never => {
      throw new ApiError(429, TOO_MANY_FAILURES, undefined, { 'Retry-After': String(wait ?? 1) })
    }
    // The count and the check are one step (docs/decisions/2026-11-28-atomic-sign-in-claim.md): the
    // attempt is recorded as a failure, only while under the limits, before its password is checked,
    // so parallel attempts from one address are checked 10 at most. The same round trip reads the
    // recent failures, for Retry-After and for slowing a guessed account.
    const { claimed, account, fromAddress } = await recordLoginFailure(
      c.var.db,
      accountKey,
      address,
      { now, since },
      { accountLimit: ACCOUNT_ADDRESS_LIMIT, addressLimit: ADDRESS_LIMIT },
    )
    if (!claimed) return refuse(retryAfterSeconds(account, fromAddress, address, now))
    // Unknown usernames cost the same as known ones: verify against a dummy hash.
    const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH)
    if (!user || !ok) {
      // A guessed account slows every failure (never a right password): see failureDelayMs. The
      // failures read include this attempt's own.
      const delay = failureDelayMs(account)
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      throw new ApiError(401, failed)
    }
    await startSession(c, user.id, user.sessionEpoch, user.role === 'super_admin', user.organizationId)
    // The attempt's claim is removed in the same batch as the answer's reads (no extra round trip).
    const clear = clearLoginFailures(c.var.db, accountKey, address, claimed)
    return c.json({ user: await authUserJson(c.var.db, user.id, user.organizationId, [clear]) })
  })
  .post('/logout', answers('Sign out everywhere', { 200: signedOutTo }), async (c) => {
    const user = c.var.user
    // Signing out names no organization, so the request went to DB: the user's row is on their own database.
    if (user) switchDatabase(c, await sessionBinding(c))
    const org = user ? await organizationOfUser(c.var.db, user.organizationId) : undefined
    // Decision (docs/reference/trust-and-security.md §2): signing out ends every session of the user, on every device, at once.
    // Deleting the KV entry alone takes up to a minute to reach other locations, where a copied
    // cookie would still work; the epoch in D1 is checked on every request, so raising it is immediate.
    if (user) await updateUser(c.var.db, user.organizationId, user.id, { endSessions: true })
    await endSession(c)
    // docs/reference/public-site.md §2.5: the client goes to the custom domain, else /{slug}, else /. The platform's own
    // organization has no public site worth landing on, so its users go to /.
    if (!org || org.isPlatform) return c.json({ domain: null, slug: null })
    return c.json({ domain: org.domain ?? null, slug: org.slug })
  })

/**
 * A super admin may sign in at any door, and the platform's door names no organization: the
 * administrator's database is the first (in binding order) that holds the username as a super
 * admin — the request's own database first, the others only when it has none (docs/scaling.md
 * "Past one database").
 */
async function platformUserElsewhere(c: Context<AppEnv>, username: string) {
  for (const binding of d1BindingNames(c.env)) {
    if (binding === c.var.binding) continue
    const found = await findLoginCandidate(createDb(d1Named(c.env, binding)), 'platform', username)
    if (found) {
      switchDatabase(c, binding)
      return found
    }
  }
  return undefined
}

/** The user as check-auth and login return it (docs/api.md): with sports and organization. */
async function authUserJson(db: AppEnv['Variables']['db'], userId: number, orgId: number, before: BatchItem<'sqlite'>[] = []) {
  // One round trip: any writes that ride along first, then the user, their sports and their organization.
  const reads = authReads(db, userId, orgId)
  const results: unknown[] = [...(await db.batch([...before, ...reads] as unknown as typeof reads))]
  const [[row], links, [org]] = results.slice(before.length) as unknown as Awaited<ReturnType<typeof readAuthUser>>
  const user = toUserJson(row, links)
  return {
    ...user,
    // docs/reference/trust-and-security.md §3: signed in with a temporary password; everything but choosing a new one is refused.
    mustChangePassword: user?.resetPassword ?? false,
    organization: org
      ? {
          id: org.id,
          name: org.name,
          slug: org.slug,
          domain: org.domain,
          timeZone: org.timeZone,
          language: org.language,
          languages: enabledLanguages(org.languages),
        }
      : null,
  }
}

const authReads = (db: AppEnv['Variables']['db'], userId: number, orgId: number) =>
  [...userWithSportsQueries(db, orgId, userId), organizationOfUserRows(db, orgId)] as const
/** Only for its type: the rows authUserJson reads. */
const readAuthUser = (db: AppEnv['Variables']['db'], userId: number, orgId: number) => db.batch(authReads(db, userId, orgId))
