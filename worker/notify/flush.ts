// Gathering an organization's waiting notifications into one e-mail per member (docs/notifications.md
// "Batching"). Runs on the NOTIFY queue: a flush waits until the organization has been quiet for
// NOTIFY_QUIET_SECONDS (default 30), but never longer than NOTIFY_MAX_WAIT_SECONDS (default 240)
// after the oldest waiting change, so ten changes made together reach a member as one e-mail and
// every change leaves within five minutes.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { courts, games, members, notifications, organizations, players, seasons, teams, venues } from '../db/schema'
import type { Bindings, QueueMessage } from '../env'
import type { Words } from '../lib/i18n'
import { composeEml } from '../mail/eml'
import { queueDeliveries } from '../mail/outbox'
import { mailFrom } from '../mail/transport'
import { signLink } from '../members/signed-links'
import { mailBody, mailLanguage, mailWords } from '../members/words'
import { type Category, KINDS, type LineContext, type MailGame } from './kinds'

const seconds = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : fallback
}

/** A claim (a negative delivery_id: minus the claim's time in µs) older than this is taken again. */
const STALE_CLAIM_MS = 5 * 60 * 1000
/** Members written to per D1 batch. */
const MEMBERS_PER_BATCH = 40

/** Asks the queue to flush an organization's notifications after `delaySeconds`. */
export async function scheduleFlush(
  env: Bindings,
  organizationId: number,
  origin: string,
  binding?: string,
  delaySeconds?: number,
) {
  const delay = Math.ceil(delaySeconds ?? seconds(env.NOTIFY_QUIET_SECONDS, 30))
  const body: QueueMessage = { type: 'flush', organizationId, origin, binding }
  await env.NOTIFY.send(body, { delaySeconds: Math.min(Math.max(0, delay), 43_200) })
}

/** The organization's site from a queue consumer: its custom domain when live, else its slug on `origin`. */
function siteBaseOf(org: { slug: string; domain: string | null; customHostnameStatus: string | null }, origin: string) {
  if (org.domain && org.customHostnameStatus === 'active') return `https://${org.domain}`
  return `${origin.replace(/\/$/, '')}/${org.slug}`
}

/** The platform's address for links written outside a request (the cron's sweep). */
export const defaultOrigin = (env: Bindings) => env.PUBLIC_ORIGIN?.trim() || 'http://localhost:8787'

interface Claimed {
  id: number
  memberId: number
  kind: string
  gameId: number | null
  payload: Record<string, unknown>
  createdAt: number
}

export async function flushNotifications(db: Db, env: Bindings, organizationId: number, message: QueueMessage) {
  const now = Date.now()
  const origin = typeof message.origin === 'string' && message.origin ? message.origin : defaultOrigin(env)
  const quietMs = seconds(env.NOTIFY_QUIET_SECONDS, 30) * 1000
  const maxWaitMs = seconds(env.NOTIFY_MAX_WAIT_SECONDS, 240) * 1000
  const [span] = await db
    .select({ oldest: sql<number>`min(${notifications.createdAt})`, newest: sql<number>`max(${notifications.createdAt})` })
    .from(notifications)
    .where(and(eq(notifications.organizationId, organizationId), isNull(notifications.deliveryId)))
  if (!span?.newest) return 'nothing'
  // Still changing: wait for the quiet, unless the oldest change has waited long enough.
  if (now - span.newest < quietMs && now - span.oldest < maxWaitMs) {
    const wait = Math.min(quietMs - (now - span.newest), maxWaitMs - (now - span.oldest))
    await scheduleFlush(env, organizationId, origin, message.binding, Math.max(1, wait / 1000))
    return 'waiting'
  }
  // Claim every waiting row in one statement: a second flush at the same time finds none of them.
  const claim = -(now * 1000 + Math.floor(Math.random() * 1000))
  const claimed = (
    await db
      .update(notifications)
      .set({ deliveryId: claim })
      .where(
        and(
          eq(notifications.organizationId, organizationId),
          sql`(${notifications.deliveryId} IS NULL OR (${notifications.deliveryId} < 0 AND -${notifications.deliveryId} < ${(now - STALE_CLAIM_MS) * 1000}))`,
        ),
      )
      .returning({
        id: notifications.id,
        memberId: notifications.memberId,
        kind: notifications.kind,
        gameId: notifications.gameId,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
      })
  ).sort((a, b) => a.id - b.id) as Claimed[]
  if (claimed.length === 0) return 'nothing'
  const ids = await writeDigests(db, env, organizationId, claim, claimed, origin)
  await queueDeliveries(env, ids, message.binding)
  return 'sent'
}

async function writeDigests(db: Db, env: Bindings, organizationId: number, claim: number, claimed: Claimed[], origin: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId))
  if (!org) return []
  const memberIds = [...new Set(claimed.map((n) => n.memberId))]
  const gameIds = [...new Set(claimed.flatMap((n) => (n.gameId ? [n.gameId] : [])))]
  const seasonIds = [...new Set(claimed.flatMap((n) => (typeof n.payload.seasonId === 'number' ? [n.payload.seasonId] : [])))]
  const people = await inChunks(memberIds, (chunk) =>
    db
      .select({
        id: members.id,
        email: members.email,
        language: members.language,
        choices: members.notifications,
        firstName: players.firstName,
      })
      .from(members)
      .innerJoin(players, eq(players.id, members.playerId))
      .where(and(eq(members.organizationId, organizationId), inArray(members.id, chunk))),
  )
  const mailGames = new Map((await readGames(db, organizationId, gameIds)).map((g) => [g.id, g]))
  const names = new Map<string, string>()
  if (seasonIds.length > 0)
    for (const s of await db
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .where(and(eq(seasons.organizationId, organizationId), inArray(seasons.id, seasonIds))))
      names.set(`season:${s.id}`, s.name)
  const base = siteBaseOf(org, origin)
  const wordsByLanguage = new Map<string, Words>()
  const d1 = db.$client
  const statements: D1PreparedStatement[] = []
  const skipped: number[] = []
  const from = mailFrom(env)
  for (const person of people) {
    const own = claimed.filter((n) => n.memberId === person.id)
    const wanted = own.filter((n) => {
      const kind = KINDS[n.kind]
      return kind && (person.choices?.[kind.category] ?? 'email') === 'email'
    })
    if (wanted.length === 0) {
      skipped.push(person.id)
      continue
    }
    const language = mailLanguage(org, person.language)
    let words = wordsByLanguage.get(language)
    if (!words) {
      words = await mailWords(env, language)
      wordsByLanguage.set(language, words)
    }
    const lines = digestLines(words, wanted, mailGames, names, base)
    const category = KINDS[wanted[0]?.kind ?? '']?.category ?? 'changes'
    const unsubscribeAll = await unsubscribeUrl(env, org, origin, person.id, 'all')
    const subject =
      lines.length === 1
        ? words.t('server.mail.digest.subjectOne', { line: lines[0]?.text ?? '', organization: org.name })
        : words.t('server.mail.digest.subject', { count: lines.length, organization: org.name })
    const body = mailBody([
      words.t('server.mail.digest.greeting', { name: person.firstName }),
      words.t('server.mail.digest.intro', { organization: org.name, count: lines.length }),
      lines.map((l) => `• ${l.text}`).join('\n'),
      ...lines.flatMap((l) => l.links),
      { text: words.t('server.mail.digest.myPage'), href: `${base}/member` },
      words.t('server.mail.digest.why', { organization: org.name }),
      { text: words.t('server.mail.digest.choose'), href: `${base}/member#notifications` },
      { text: words.t('server.mail.digest.unsubscribe'), href: unsubscribePage(unsubscribeAll, base) },
    ])
    const raw = composeEml({
      from,
      to: person.email,
      subject,
      language,
      unsubscribeUrl: unsubscribeAll,
      headers: {
        'X-Courtside-Kind': wanted.length === 1 ? (wanted[0]?.kind ?? 'digest') : 'digest',
        'X-Courtside-Category': category,
      },
      ...body,
    })
    statements.push(
      d1
        .prepare(
          'INSERT INTO mail_deliveries (organization_id, member_id, to_address, subject, raw, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        )
        .bind(organizationId, person.id, person.email, subject, raw, Date.now()),
      // Every row this e-mail tells (and the member's switched-off ones) points at it: told once.
      d1
        .prepare('UPDATE notifications SET delivery_id = last_insert_rowid() WHERE delivery_id = ? AND member_id = ?')
        .bind(claim, person.id),
    )
  }
  // Rows of members who chose no e-mail for them (or who are gone): done, nothing sent.
  const gone = memberIds.filter((id) => !people.some((p) => p.id === id))
  for (const id of [...skipped, ...gone])
    statements.push(
      d1.prepare('UPDATE notifications SET delivery_id = 0 WHERE delivery_id = ? AND member_id = ?').bind(claim, id),
    )
  const ids: number[] = []
  for (let i = 0; i < statements.length; i += MEMBERS_PER_BATCH * 2) {
    const results = await d1.batch<{ id: number }>(statements.slice(i, i + MEMBERS_PER_BATCH * 2))
    for (const result of results) for (const row of result.results ?? []) if (typeof row?.id === 'number') ids.push(row.id)
  }
  return ids
}

/** One line per game (its weightiest change; a move tells where it was first) and per other notice. */
function digestLines(
  words: Words,
  wanted: Claimed[],
  mailGames: Map<number, MailGame>,
  names: Map<string, string>,
  base: string,
): { text: string; links: { text: string; href: string }[] }[] {
  const byGame = new Map<string, Claimed[]>()
  for (const n of wanted) {
    // Changes and results of one game are told once; a reminder or an alert is a line of its own.
    const category = KINDS[n.kind]?.category
    const key = n.gameId && (category === 'changes' || category === 'results') ? `game:${n.gameId}` : `row:${n.id}`
    byGame.set(key, [...(byGame.get(key) ?? []), n])
  }
  const lines: { text: string; links: { text: string; href: string }[]; at: string }[] = []
  for (const group of byGame.values()) {
    const first = group[0] as Claimed
    const top = group.reduce((a, b) => ((KINDS[b.kind]?.weight ?? 0) >= (KINDS[a.kind]?.weight ?? 0) ? b : a))
    // A game added and moved in the same batch is simply new; a moved one tells where it was first.
    const kindName = group.some((n) => n.kind === 'game_added') && top.kind === 'game_changed' ? 'game_added' : top.kind
    const payload = kindName === 'game_changed' ? (group.find((n) => n.kind === 'game_changed') ?? first).payload : top.payload
    const kind = KINDS[kindName]
    if (!kind) continue
    const game = top.gameId ? (mailGames.get(top.gameId) ?? null) : null
    const ctx: LineContext = { words, game, payload, base, names }
    lines.push({ text: kind.line(ctx), links: kind.links?.(ctx) ?? [], at: `${game?.date ?? ''} ${game?.time ?? ''}` })
  }
  return lines.sort((a, b) => a.at.localeCompare(b.at))
}

async function readGames(db: Db, organizationId: number, ids: number[]): Promise<MailGame[]> {
  return inChunks(ids, async (chunk) => {
    const home = sql`(SELECT name FROM ${teams} WHERE ${teams.id} = ${games.team1Id})`
    const away = sql`(SELECT name FROM ${teams} WHERE ${teams.id} = ${games.team2Id})`
    const rows = await db
      .select({
        id: games.id,
        date: games.date,
        time: games.time,
        home: sql<string>`${home}`,
        away: sql<string>`${away}`,
        location: games.location,
        venue: venues.name,
        court: courts.name,
        status: games.status,
        score1: games.scoreTeam1,
        score2: games.scoreTeam2,
      })
      .from(games)
      .leftJoin(venues, eq(venues.id, games.venueId))
      .leftJoin(courts, eq(courts.id, games.courtId))
      .where(and(eq(games.organizationId, organizationId), inArray(games.id, chunk)))
    return rows.map((r) => ({
      ...r,
      place: r.venue ? (r.court ? `${r.venue}, ${r.court}` : r.venue) : r.location || null,
    }))
  })
}

/** Reads `ids` in chunks under D1's 100 bound parameters per statement. */
async function inChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < ids.length; i += 90) out.push(...(await read(ids.slice(i, i + 90))))
  return out
}

/** The one-click unsubscribe address (RFC 8058) of a member and a category (or `all`). */
export async function unsubscribeUrl(
  env: Bindings,
  org: { id: number; slug: string; domain: string | null; customHostnameStatus: string | null },
  origin: string,
  memberId: number,
  category: Category | 'all',
): Promise<string> {
  const signature = await signLink(env, 'unsubscribe', [org.id, memberId, category])
  const site = siteBaseOf(org, origin)
  const custom = !site.endsWith(`/${org.slug}`)
  const apiBase = custom ? site : origin.replace(/\/$/, '')
  const tenant = custom ? '' : `slug=${encodeURIComponent(org.slug)}&`
  return `${apiBase}/api/member/unsubscribe?${tenant}m=${memberId}&k=${category}&s=${signature}`
}

/** The page a person opens from the unsubscribe link in the text: it asks before it acts. */
const unsubscribePage = (apiUrl: string, base: string) =>
  `${base}/member/unsubscribe?${apiUrl.split('?')[1]?.replace(/^slug=[^&]*&/, '')}`
