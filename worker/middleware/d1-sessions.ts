import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../env'
import { SESSION_COOKIE } from './session'

/**
 * Global reads through D1's Sessions API (docs/reference/performance.md §8): queries may be served by a read replica
 * near the visitor. A staff member must always read their own writes, so writes and signed-in
 * requests start from the bookmark of their last request (a cookie), or from the primary, and
 * carry the new bookmark back. Anonymous reads start anywhere and never set a cookie: their
 * answers stay cacheable at the edge (the edge cache refuses anything with Set-Cookie).
 */
export const BOOKMARK_COOKIE = 'd1-bookmark'

// D1 bookmarks are hex groups joined by dashes; anything else in the cookie is ignored.
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+)*$/i

/** True when the request must see the latest writes: a write, or a signed-in visitor. */
function needsOwnWrites(c: Context<AppEnv>) {
  return !['GET', 'HEAD'].includes(c.req.method) || Boolean(getCookie(c, SESSION_COOKIE))
}

/**
 * A bookmark names a point in ONE database's history (docs/scaling.md "Past one database"): the
 * cookie of a database other than `DB` carries its binding in front (`DB_2.<bookmark>`), and a
 * bookmark of another database than the request's is not used.
 */
function bookmarkFor(cookie: string | undefined, bindingName: string): string | undefined {
  if (!cookie) return undefined
  const dot = cookie.indexOf('.')
  const [name, bookmark] = dot < 0 ? ['DB', cookie] : [cookie.slice(0, dot), cookie.slice(dot + 1)]
  return name === bindingName ? bookmark : undefined
}

/** The D1 session for this request, shaped like the binding (drizzle only needs prepare and batch). */
export function openD1Session(c: Context<AppEnv>, binding: D1Database, bindingName = 'DB'): D1DatabaseSession {
  if (typeof binding.withSession !== 'function') return binding as unknown as D1DatabaseSession
  if (!needsOwnWrites(c)) return binding.withSession('first-unconstrained')
  const bookmark = bookmarkFor(getCookie(c, BOOKMARK_COOKIE), bindingName)
  return binding.withSession(bookmark && bookmark.length <= 200 && BOOKMARK.test(bookmark) ? bookmark : 'first-primary')
}

/** After the request: hands the session's latest bookmark back to writers and signed-in visitors. */
export function keepBookmark(c: Context<AppEnv>, session: D1DatabaseSession, bindingName = 'DB') {
  if (!needsOwnWrites(c) || typeof session.getBookmark !== 'function') return
  const latest = session.getBookmark()
  const bookmark = latest && bindingName !== 'DB' ? `${bindingName}.${latest}` : latest
  if (!bookmark || bookmark === getCookie(c, BOOKMARK_COOKIE)) return
  setCookie(c, BOOKMARK_COOKIE, bookmark, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: new URL(c.req.url).protocol === 'https:',
  })
}
