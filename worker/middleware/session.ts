import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { createDb } from '../db/client'
import { d1Named, directory, HOME_BINDING } from '../db/directory'
import { getSessionUser, sessionUserRows } from '../db/queries/users'
import type { AppEnv, SessionRecord } from '../env'
import { ApiError, unauthorized } from '../lib/errors'
import { randomToken, sha256Hex } from '../lib/ids'
import { namedOrganizationQuery, rememberNamedOrganization } from './tenant'

export const SESSION_COOKIE = 'courtside_session'
export const XSRF_COOKIE = 'XSRF-TOKEN'
// Sliding idle expiry, renewed at most every RENEW_AFTER; a hard cap from sign-in regardless.
export const IDLE_SECONDS = 60 * 60 * 24 * 7
export const ABSOLUTE_SECONDS = 60 * 60 * 24 * 30
const RENEW_AFTER_MS = 10 * 60 * 1000

const kvKey = (hash: string) => `session:${hash}`
const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:'

function setSessionCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: IDLE_SECONDS,
  })
}

/** The anti-forgery cookie the SPA echoes in X-XSRF-TOKEN (readable by script by design). */
export function setXsrfCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, XSRF_COOKIE, token, { sameSite: 'Lax', path: '/', secure: isHttps(c) })
}

/**
 * The session store (KV) failed: answer 503 rather than guess. Decision: a request that carries a
 * session cookie is never served as anonymous or as signed in while its session cannot be read.
 */
function sessionStoreDown(c: Context<AppEnv>, error: unknown) {
  console.error(`[${c.var.requestId}] session store unavailable`, error)
  return new ApiError(503, 'Sign-in is unavailable right now. Please try again in a moment.', undefined, {
    'Retry-After': '30',
  })
}

/** Loads the session from KV and confirms the user against D1: deleted users and raised epochs end it. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  await readSession(c)
  await next()
})

const sessionReads = new WeakMap<Request, Promise<{ key: string; record: SessionRecord | null }>>()

/**
 * The KV session record behind the request's cookie, read once per request: the database
 * middleware reads it first when the request names no organization (the session carries its
 * database, docs/scaling.md "Past one database"), the session middleware then reuses it.
 */
export function sessionRecordOf(c: Context<AppEnv>, token: string) {
  let read = sessionReads.get(c.req.raw)
  if (!read) {
    read = sha256Hex(token).then(async (hash) => ({
      key: kvKey(hash),
      record: await c.env.SESSIONS.get<SessionRecord>(kvKey(hash), 'json'),
    }))
    sessionReads.set(c.req.raw, read)
    read.catch(() => sessionReads.delete(c.req.raw))
  }
  return read
}

/** What the session middleware does before the route: `user`, `session` and `sessionKey` set (or null). */
export async function readSession(c: Context<AppEnv>) {
  c.set('user', null)
  c.set('session', null)
  c.set('sessionKey', null)
  const token = getCookie(c, SESSION_COOKIE)
  if (token) {
    const { key, record } = await sessionRecordOf(c, token).catch((error) => {
      throw sessionStoreDown(c, error)
    })
    const now = Date.now()
    const alive = record && now - record.lastSeenAt < IDLE_SECONDS * 1000 && now - record.createdAt < ABSOLUTE_SECONDS * 1000
    // The user's organization may have moved since the session began: its database is the directory's now.
    const moved = alive && record.organizationId ? (await directory(c.env)).byId.get(record.organizationId)?.binding : undefined
    const user = alive ? await confirmUser(c, record.userId, moved ?? record.binding) : undefined
    if (record && user && user.sessionEpoch === record.epoch) {
      c.set('user', user)
      c.set('session', record)
      c.set('sessionKey', key)
      if (now - record.lastSeenAt > RENEW_AFTER_MS) {
        const renewed = { ...record, lastSeenAt: now }
        c.executionCtx.waitUntil(c.env.SESSIONS.put(key, JSON.stringify(renewed), { expirationTtl: IDLE_SECONDS }))
        setSessionCookie(c, token)
      }
    } else {
      if (record) c.executionCtx.waitUntil(c.env.SESSIONS.delete(key))
      deleteCookie(c, SESSION_COOKIE, { path: '/' })
    }
  }
}

/**
 * The user behind a live session, read from D1 (KV takes up to a minute to see a revocation) — in
 * one batch with the organization the request names, so the epoch check rides on a round trip the
 * request makes anyway (docs/reference/trust-and-security.md §2, docs/reference/performance.md §2).
 */
async function confirmUser(c: Context<AppEnv>, userId: number, binding = HOME_BINDING) {
  // A user on another database than the request's (a signed-in visitor reading another
  // organization's site): read from their own database (docs/scaling.md "Past one database").
  if (binding !== c.var.binding) return getSessionUser(createDb(d1Named(c.env, binding)), userId)
  const named = c.var.namedOrg === undefined ? namedOrganizationQuery(c) : undefined
  if (!named) return getSessionUser(c.var.db, userId)
  const [[user], [org]] = await c.var.db.batch([sessionUserRows(c.var.db, userId), named])
  rememberNamedOrganization(c, org)
  return user
}

/** Starts a fresh session (new token at every sign-in) and rotates the anti-forgery token. */
export async function startSession(
  c: Context<AppEnv>,
  userId: number,
  epoch: number,
  superAdmin = false,
  organizationId?: number | null,
) {
  const token = randomToken()
  const xsrf = randomToken()
  const now = Date.now()
  // The session carries its user's database: calls that name no organization are routed by it.
  const record: SessionRecord = {
    userId,
    epoch,
    xsrf,
    createdAt: now,
    lastSeenAt: now,
    ...(c.var.binding && c.var.binding !== HOME_BINDING ? { binding: c.var.binding } : {}),
    ...(superAdmin ? { superAdmin } : {}),
    // A moved organization's staff follow it: the directory is asked by this id (docs/scaling.md "Moving an organization").
    ...(organizationId ? { organizationId } : {}),
  }
  // No cookie unless the session was stored: a sign-in either works whole or answers 503.
  await c.env.SESSIONS.put(kvKey(await sha256Hex(token)), JSON.stringify(record), { expirationTtl: IDLE_SECONDS }).catch(
    (error) => {
      throw sessionStoreDown(c, error)
    },
  )
  setSessionCookie(c, token)
  setXsrfCookie(c, xsrf)
}

export async function endSession(c: Context<AppEnv>) {
  // Signing out must really end the session: if KV cannot delete it, say so (503) instead of 200.
  if (c.var.sessionKey) {
    await c.env.SESSIONS.delete(c.var.sessionKey).catch((error) => {
      throw sessionStoreDown(c, error)
    })
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  setXsrfCookie(c, randomToken())
}

/** The only writes a visitor who is not signed in may send. */
const ANONYMOUS_WRITES = new Set([
  '/api/auth/login',
  '/api/auth/logout',
  // docs/members.md: asking for a sign-in link and using it; signing out.
  '/api/member/sign-in-link',
  '/api/member/sign-in',
  '/api/member/sign-out',
  // One-click unsubscribe (RFC 8058): the link's signature is its authority (docs/notifications.md).
  '/api/member/unsubscribe',
  // docs/members.md "Roster invites", "Availability": a share link's team, joining by it, and an
  // answer link of a reminder e-mail (its signature is its authority).
  '/api/member/join-link',
  '/api/member/join',
  '/api/member/answer',
  '/api/member/answer/preview',
  // docs/members.md "Passkeys": signing in with a passkey (its challenge, then the signed answer).
  '/api/member/passkeys/sign-in-options',
  '/api/member/passkeys/sign-in',
  // docs/registration.md "Webhook": Stripe's signed events (the signature is their authority).
  '/api/stripe/webhook',
])

/** True for a write anyone may send (sign-in, the members' links): routed by the organization it names, never by a staff session. */
export const isAnonymousWrite = (path: string) => ANONYMOUS_WRITES.has(path)

/**
 * Writes a signed-in member may send (docs/members.md): the member routes only. Each route still
 * checks what the member may touch; every staff route stays 401 for a member.
 */
export const isMemberWrite = (path: string) => path.startsWith('/api/member/')

/**
 * Authentication before validation: a write by a visitor who is not signed in is a 401 before its
 * body is read, so field errors never tell an anonymous caller what a route expects.
 */
export const signedInWrites = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
  if (c.var.user || ANONYMOUS_WRITES.has(c.req.path)) return next()
  if (c.var.member && isMemberWrite(c.req.path)) return next()
  throw unauthorized()
})

/**
 * The database that holds the signed-in user's row (docs/scaling.md "Past one database"): their
 * organization's, as the directory says now, else the one the session began on.
 */
export async function sessionBinding(c: Context<AppEnv>): Promise<string> {
  const record = c.var.session
  const moved = record?.organizationId ? (await directory(c.env)).byId.get(record.organizationId)?.binding : undefined
  return moved ?? record?.binding ?? HOME_BINDING
}
