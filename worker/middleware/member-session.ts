// Member sessions (docs/members.md "Signing in"): a separate cookie and a separate KV key space from
// staff sessions, so a member is never `c.var.user` and no staff route can mistake one for staff.
// A member session belongs to one organization (the member's); member routes act on it alone.

import { eq, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client'
import { directory } from '../db/directory'
import { members, players } from '../db/schema'
import type { AppEnv, MemberSessionRecord, SessionMember } from '../env'
import { ApiError, forbidden, unauthorized } from '../lib/errors'
import { randomToken, sha256Hex } from '../lib/ids'
import { ABSOLUTE_SECONDS, IDLE_SECONDS, setXsrfCookie } from './session'
import { namedOrganizationQuery, namesTenant, rememberNamedOrganization } from './tenant'

export const MEMBER_COOKIE = 'courtside_member'
const RENEW_AFTER_MS = 10 * 60 * 1000
const kvKey = (hash: string) => `member-session:${hash}`
const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:'

function setMemberCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, MEMBER_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c), maxAge: IDLE_SECONDS })
}

const storeDown = (c: Context<AppEnv>, error: unknown) => {
  console.error(`[${c.var.requestId}] member session store unavailable`, error)
  return new ApiError(503, 'Sign-in is unavailable right now. Please try again in a moment.', undefined, { 'Retry-After': '30' })
}

/** Members as a session knows them (their player's name joined), narrowed by `where`. */
export function sessionMemberRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: members.id,
      organizationId: members.organizationId,
      playerId: members.playerId,
      email: members.email,
      language: members.language,
      sessionEpoch: members.sessionEpoch,
      firstName: players.firstName,
      lastName: players.lastName,
    })
    .from(members)
    .innerJoin(players, eq(players.id, members.playerId))
    .where(where)
    .limit(1)
}

/** The member behind a session, read from D1 with their player's name. */
export function memberRows(c: Context<AppEnv>, memberId: number) {
  return sessionMemberRows(c.var.db, eq(members.id, memberId))
}

/** Loads the member session (if any): `member`, `memberSession`, `memberSessionKey` set or null. */
export const memberSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('member', null)
  c.set('memberSession', null)
  c.set('memberSessionKey', null)
  const token = getCookie(c, MEMBER_COOKIE)
  if (token) {
    const key = kvKey(await sha256Hex(token))
    const record = await c.env.SESSIONS.get<MemberSessionRecord>(key, 'json').catch((error) => {
      throw storeDown(c, error)
    })
    // A member of an organization on another database is not this request's member (nor is their
    // session ended here): the request talks to another organization's database (docs/scaling.md).
    const elsewhere = record ? (await directory(c.env)).byId.get(record.organizationId)?.binding : undefined
    if (elsewhere && elsewhere !== c.var.binding) return next()
    const now = Date.now()
    const alive = record && now - record.lastSeenAt < IDLE_SECONDS * 1000 && now - record.createdAt < ABSOLUTE_SECONDS * 1000
    const [member] = alive ? await memberRows(c, record.memberId) : []
    if (record && member && member.sessionEpoch === record.epoch && member.organizationId === record.organizationId) {
      c.set('member', member satisfies SessionMember)
      c.set('memberSession', record)
      c.set('memberSessionKey', key)
      if (now - record.lastSeenAt > RENEW_AFTER_MS) {
        c.executionCtx.waitUntil(
          c.env.SESSIONS.put(key, JSON.stringify({ ...record, lastSeenAt: now }), { expirationTtl: IDLE_SECONDS }),
        )
        setMemberCookie(c, token)
      }
    } else {
      if (record) c.executionCtx.waitUntil(c.env.SESSIONS.delete(key))
      deleteCookie(c, MEMBER_COOKIE, { path: '/' })
    }
  }
  await next()
})

/** Starts a member session (a fresh token every time) and rotates the anti-forgery token. */
export async function startMemberSession(
  c: Context<AppEnv>,
  member: { id: number; organizationId: number; sessionEpoch: number },
) {
  const token = randomToken()
  const xsrf = randomToken()
  const now = Date.now()
  const record: MemberSessionRecord = {
    memberId: member.id,
    organizationId: member.organizationId,
    epoch: member.sessionEpoch,
    xsrf,
    createdAt: now,
    lastSeenAt: now,
  }
  await c.env.SESSIONS.put(kvKey(await sha256Hex(token)), JSON.stringify(record), { expirationTtl: IDLE_SECONDS }).catch(
    (error) => {
      throw storeDown(c, error)
    },
  )
  setMemberCookie(c, token)
  setXsrfCookie(c, xsrf)
}

export async function endMemberSession(c: Context<AppEnv>) {
  if (c.var.memberSessionKey) {
    await c.env.SESSIONS.delete(c.var.memberSessionKey).catch((error) => {
      throw storeDown(c, error)
    })
  }
  deleteCookie(c, MEMBER_COOKIE, { path: '/' })
  setXsrfCookie(c, randomToken())
}

/**
 * The signed-in member, or 401. A request that names an organization (slug or custom domain) other
 * than the member's is refused (403): a member acts only in their own organization.
 */
export async function requireMember(c: Context<AppEnv>): Promise<SessionMember> {
  const member = c.var.member
  if (!member) throw unauthorized()
  if (namesTenant(c)) {
    if (c.var.namedOrg === undefined) rememberNamedOrganization(c, (await namedOrganizationQuery(c))?.[0])
    if (c.var.namedOrg?.id !== member.organizationId) throw forbidden()
  }
  return member
}
