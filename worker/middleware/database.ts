import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { withAuditActor } from '../db/audit'
import { createDb } from '../db/client'
import { d1BindingNames, d1Named, directory, entryOfHint, HOME_BINDING } from '../db/directory'
import { WriteGuards } from '../db/guards'
import { ID_RANGE } from '../db/id-ranges'
import { bindingNameFor, parseRoutes } from '../db/routing'
import { meteredD1, type RowsReadMeter } from '../db/rows-read'
import { NON_SLUG_SEGMENTS } from '../domain/segments'
import type { AppEnv, MemberSessionRecord } from '../env'
import { sha256Hex } from '../lib/ids'
import { watchNotifyingWrites } from '../notify/sweep'
import { keepBookmark, openD1Session } from './d1-sessions'
import { isAnonymousWrite, SESSION_COOKIE, sessionRecordOf } from './session'
import { isPlatformHost, namesTenant, RESERVED_SEGMENTS, stripWww } from './tenant'

const MEMBER_COOKIE = 'courtside_member'

/** First path segments that are never an organization's slug (the platform's own paths). */
const NOT_SLUGS = new Set(['api', 'media', 'assets', 'cards', 'widgets', 'login', 'admin', 'robots.txt', 'sitemap.xml'])

/** The SPA's and the Worker's own first segments (worker/domain/segments.ts): never an organization's slug. */
const NEVER_SLUGS = new Set(NON_SLUG_SEGMENTS.map((s) => s.toLowerCase()))

/** `/ocbl/...` on a platform host: the slug the path names, if any (pages, link cards, widgets, sitemaps). */
function pathSlug(c: Context<AppEnv>): string | undefined {
  if (!isPlatformHost(c)) return undefined
  const segment = new URL(c.req.url).pathname.split('/')[1] ?? ''
  const first = segment.toLowerCase()
  if (!first || NOT_SLUGS.has(first) || RESERVED_SEGMENTS.has(segment) || NEVER_SLUGS.has(first) || first.includes('.'))
    return undefined
  return first
}

/** The binding whose id range holds the first id in an /api path, when that is not DB's range. */
function bindingOfIdInPath(c: Context<AppEnv>, pathname: string): string | undefined {
  const id = pathname
    .split('/')
    .map(Number)
    .find((n) => Number.isSafeInteger(n) && n > 0)
  return id ? bindingOfIdRange(c, id) : undefined
}

/** The binding whose id range holds `id` (worker/db/id-ranges.ts), when this Worker binds it. */
function bindingOfIdRange(c: Context<AppEnv>, id: number): string | undefined {
  if (id < ID_RANGE) return HOME_BINDING
  const name = `DB_${Math.floor(id / ID_RANGE)}`
  return d1BindingNames(c.env).includes(name) ? name : undefined
}

const parsedRoutes = new Map<string, ReturnType<typeof parseRoutes>>()

/**
 * Which database the request talks to (docs/scaling.md "Past one database"), decided before its
 * first query and without a D1 round trip on a warm isolate:
 * 1. `DB_ROUTES`, the static routing table, when it names the request's slug or domain;
 * 2. a read (or a visitor's write) that names an organization: the directory's entry for it;
 * 3. a signed-in staff request: its session's database — a super admin's `organization_id` query
 *    (or `/api/organizations/{id}`) picks that organization's; a member's: their organization's;
 * 4. otherwise `DB`.
 */
export async function requestBinding(c: Context<AppEnv>): Promise<string> {
  const json = c.env.DB_ROUTES ?? ''
  if (!parsedRoutes.has(json)) parsedRoutes.set(json, parseRoutes(json))
  const routes = parsedRoutes.get(json) ?? []
  const hint = c.var.tenant
  const statics = bindingNameFor(routes, hint)
  if (statics !== HOME_BINDING) return statics
  const dir = await directory(c.env)
  const read = c.req.method === 'GET' || c.req.method === 'HEAD'
  const staffToken = getCookie(c, SESSION_COOKIE)
  const path = new URL(c.req.url).pathname
  const byPath = /^\/api\/organizations\/(slug|domain)\/([^/]+)$/.exec(path)
  // A page, link card, widget or feed under `/{slug}/…` serves the organization its path names,
  // whatever a `?slug=` beside it says (worker/routes/cards.ts reads the path): so does the database.
  const slugInPath = pathSlug(c)
  const named =
    slugInPath !== undefined
      ? entryOfHint(dir, { kind: 'platform' }, slugInPath)
      : namesTenant(c)
        ? entryOfHint(dir, hint)
        : byPath
          ? byPath[1] === 'slug'
            ? dir.bySlug.get(decodeURIComponent(byPath[2] ?? '').toLowerCase())
            : dir.byDomain.get(stripWww(decodeURIComponent(byPath[2] ?? '')))
          : undefined
  // Writes anyone may send (sign-in, the members' links) and the members' own calls go by the
  // organization they name or the member's, never by a staff session the browser also carries.
  const publicWrite = !read && (isAnonymousWrite(path) || path.startsWith('/api/member/'))
  // A page, link card, widget or feed under `/{slug}/…` names its organization by the path: one the
  // directory does not name lives on DB.
  const tenantNamed = namesTenant(c) || Boolean(byPath) || (read && slugInPath !== undefined)
  if (tenantNamed && (read || !staffToken || publicWrite)) return named?.binding ?? HOME_BINDING
  if (staffToken && !publicWrite) {
    const session = await sessionRecordOf(c, staffToken).catch(() => null)
    const record = session?.record
    if (record) {
      const url = new URL(c.req.url)
      const asked =
        Number(url.searchParams.get('organization_id')) || Number(/^\/api\/organizations\/(\d+)/.exec(url.pathname)?.[1]) || 0
      // One the directory no longer names (deleted: its audit trail is kept) is on the database whose id range holds it.
      if (record.superAdmin && asked) return dir.byId.get(asked)?.binding ?? bindingOfIdRange(c, asked) ?? HOME_BINDING
      // A super admin naming a row by id alone: the database whose id range holds it (worker/db/id-ranges.ts).
      const byRange = record.superAdmin ? bindingOfIdInPath(c, url.pathname) : undefined
      // The user's organization may have moved since the session began: the directory knows where it is now.
      const moved = record.organizationId ? dir.byId.get(record.organizationId)?.binding : undefined
      return byRange ?? moved ?? record.binding ?? HOME_BINDING
    }
  }
  const memberToken = getCookie(c, MEMBER_COOKIE)
  if (memberToken && !named) {
    const record = await c.env.SESSIONS.get<MemberSessionRecord>(`member-session:${await sha256Hex(memberToken)}`, 'json').catch(
      () => null,
    )
    if (record) return dir.byId.get(record.organizationId)?.binding ?? HOME_BINDING
  }
  return named?.binding ?? HOME_BINDING
}

/** Opens the request's database: a D1 session on `binding`, wrapped for the audit actor, write guards and notifications. */
export function openDatabase(c: Context<AppEnv>, binding: string) {
  const d1 = openD1Session(c, d1Named(c.env, binding), binding)
  // Writes are attributed to the signed-in user for the audit trail; read when each statement runs,
  // since the session middleware sets the user after this.
  const actor = () => {
    const user = c.get('user')
    if (user) return { userId: user.id, username: user.username, organizationId: user.organizationId, requestId: c.var.requestId }
    // A member's writes (docs/members.md) are theirs in the trail: user 0, their player's name.
    const member = c.get('member')
    return member
      ? {
          userId: 0,
          username: `${member.firstName} ${member.lastName} (member)`,
          organizationId: member.organizationId,
          requestId: c.var.requestId,
        }
      : null
  }
  // Benchmarks only (docs/reference/performance.md §7): rows read by this request, from D1's own result metadata.
  const meter: RowsReadMeter | undefined = c.env.BENCH === '1' ? { rowsRead: 0, statements: 0 } : undefined
  const measured = meter ? meteredD1(d1 as unknown as D1Database, meter) : d1
  const guards = new WriteGuards()
  c.set('guards', guards)
  // Notices a write that may leave notifications to send (docs/notifications.md "Batching").
  const noticed = c.var.notifyingWrite ?? { write: false }
  c.set('notifyingWrite', noticed)
  c.set('binding', binding)
  c.set('db', createDb(withAuditActor(watchNotifyingWrites(measured, noticed), actor, () => guards.take(measured))))
  opened.set(c.req.raw, { d1, binding, meter })
}

const opened = new WeakMap<Request, { d1: D1DatabaseSession; binding: string; meter?: RowsReadMeter }>()

/**
 * A request that learns its organization from its body (a sign-in naming its league, an
 * organization created on another database) moves to that database before its first query there.
 */
export function switchDatabase(c: Context<AppEnv>, binding: string) {
  if (c.var.binding !== binding) openDatabase(c, binding)
}

/** The organization's database (the directory), read through a D1 session (replicas, read-your-writes). */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  openDatabase(c, await requestBinding(c))
  await next()
  const done = opened.get(c.req.raw)
  if (done) keepBookmark(c, done.d1, done.binding)
  if (done?.meter && c.req.path.startsWith('/api/')) c.res.headers.set('X-Rows-Read', String(done.meter.rowsRead))
})
