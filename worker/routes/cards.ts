import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { type Db, inOneTrip } from '../db/client'
import { allStatDefinitions, getGame } from '../db/queries/games'
import { findOrganizationByDomain, findOrganizationBySlug } from '../db/queries/organizations'
import { gameLog, gameLogRows, gameLogTeams, summarize } from '../db/queries/player-stats'
import { playerDetail, playerDetailQueries } from '../db/queries/players'
import { readRecordBook, recordBookStatements } from '../db/queries/record-book'
import { activeSeasonId, seasonRows } from '../db/queries/seasons'
import { standings } from '../db/queries/teams'
import type { Organization } from '../db/queries/types'
import { type Brand, type CardData, type CardWords, ENGLISH_CARD_WORDS } from '../domain/cards/layout'
import { fitLogo, renderCard } from '../domain/cards/render'
import { formatStat, isPercentage } from '../domain/derived-stats'
import { isCompleted } from '../domain/games'
import { formatNumber, formatPercent, SOURCE_LANGUAGE } from '../domain/i18n'
import type { RecordEntry } from '../domain/record-entries'
import { formatGameWhen, formatShortDay, localDateOf } from '../domain/time'
import type { AppEnv } from '../env'
import { organizationLanguage, serverWords, type Words } from '../lib/i18n'
import { sniffImage } from '../lib/images'
import { validate } from '../lib/validate'
import { cachedAnswer, dataVersionTag, edgeCacheKey, edgeCacheStore, storeAnswer } from '../middleware/cache'
import { isPlatformHost, RESERVED_SEGMENTS, stripWww } from '../middleware/tenant'

/**
 * Link cards (docs/link-cards.md): the 1200 × 630 PNG a shared link to a game, a player, the
 * standings or the record book shows, drawn by the Worker. Served under the organization's site —
 * `/{slug}/cards/…` on the platform host, `/cards/…` on its custom domain — so the og:image is an
 * address of the site itself, which robots.txt allows (crawlers skip images under /api/).
 * Public data only, as the public pages show it; an id that is not the organization's is a 404.
 */

/** How long a browser or a crawler may keep a card: its address already changes with the data. */
const CARD_MAX_AGE = 300

const fileParam = z.object({
  file: z
    .string()
    .regex(/^\d{1,16}\.png$/, 'Not a card')
    .transform((f) => Number(f.slice(0, -4)))
    .pipe(z.number().int().positive('Not a card').max(Number.MAX_SAFE_INTEGER)),
})

/** The organization whose site the card address is on: the slug on the platform host, else the custom domain. */
async function siteOrganization(c: Context<AppEnv>): Promise<Organization | null> {
  const slug = c.req.param('slug')
  if (isPlatformHost(c)) {
    if (!slug || RESERVED_SEGMENTS.has(slug)) return null
    return (await findOrganizationBySlug(c.var.db, slug)) ?? null
  }
  // On a custom domain the host names the organization; /{x}/cards/… is no address there.
  if (slug !== undefined) return null
  return (await findOrganizationByDomain(c.var.db, stripWww(new URL(c.req.url).hostname))) ?? null
}

/** The card's version tag in og:image addresses: a new address whenever the organization's data changes. */
export const cardVersion = dataVersionTag

/**
 * Logos this isolate has fitted to the card's logo box, as PNG data URLs, by R2 key: a key names
 * one upload for good (worker/lib/uploads.ts makes a new key for a new logo), so an entry never goes
 * stale. Fitting an 800-pixel logo costs a few milliseconds (docs/link-cards.md); the fitted copy
 * is a few KB.
 */
const logos = new Map<string, string | null>()
const LOGO_ENTRIES = 64

/** The organization's logo, fitted to its box, in any format uploads accept; null (the initials badge) when it cannot be drawn. */
export async function logoImage(bucket: R2Bucket, key: string | null): Promise<string | null> {
  if (!key) return null
  const known = logos.get(key)
  if (known !== undefined) return known
  let bytes: Uint8Array
  try {
    const object = await bucket.get(key)
    if (!object) return null // perhaps not stored yet: asked again next time
    bytes = new Uint8Array(await object.arrayBuffer())
  } catch (error) {
    // R2 unreadable for now: this card gets the badge, the next one asks again.
    console.warn('link card: logo not read', key, error instanceof Error ? error.message : error)
    return null
  }
  let logo: string | null = null
  try {
    const kind = sniffImage(bytes)
    if (kind) logo = await fitLogo(bytes, kind.type)
  } catch (error) {
    // A damaged or unusual image never fails the card: the badge stands in, for as long as this logo is the logo.
    console.warn('link card: logo not drawn', key, error instanceof Error ? error.message : error)
  }
  if (logos.size >= LOGO_ENTRIES) logos.delete(logos.keys().next().value ?? '')
  logos.set(key, logo)
  return logo
}

type Loader = (db: Db, org: Organization, w: Words) => Promise<CardData | null>

/**
 * Answers a card: from the edge cache under the organization's data version (the same keys as
 * public API answers, docs/decisions/2026-11-24-edge-cache.md), else loads the data, draws and
 * stores it. The query string is not part of the key: `v` only makes the address new for
 * crawlers, and no other parameter may make the Worker draw a card again.
 */
async function serveCard(c: Context<AppEnv>, load: Loader) {
  const org = await siteOrganization(c)
  if (!org) return c.json({ message: 'Organization not found' }, 404)
  const cache = c.req.method === 'GET' ? edgeCacheStore() : null
  const url = new URL(c.req.url)
  // The organization's language, or one it offers named by `?lang=` (docs/languages.md): part of the key.
  const language = organizationLanguage(c, org)
  const key = edgeCacheKey(org, `${url.origin}${url.pathname}`, `card ${url.host} ${language}`)
  const headers = (h: Headers) => {
    h.set('Content-Type', 'image/png')
    h.set('Cache-Control', `public, max-age=${CARD_MAX_AGE}`)
    return h
  }
  if (cache) {
    const hit = await cachedAnswer(cache, key)
    if (hit) {
      headers(hit.headers)
      return hit
    }
  }
  const w = await serverWords(c, language)
  const [data, logo] = await Promise.all([load(c.var.db, org, w), logoImage(c.env.LOGOS, org.logoKey)])
  if (!data) return c.json({ message: 'Not found' }, 404)
  const brand: Brand = { name: org.name, theme: org.theme, logo, words: cardWords(w) }
  const png = await renderCard(data, brand)
  const body = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer
  const answer = headers(new Headers())
  if (cache) {
    storeAnswer(c, cache, key, body, answer)
    answer.set('X-Cache', 'MISS')
  }
  return new Response(body, { status: 200, headers: answer })
}

/** The words a card draws around its data, in the card's language (English: as always). */
function cardWords({ language, t }: Words): CardWords {
  if (language === SOURCE_LANGUAGE) return ENGLISH_CARD_WORDS
  return {
    final: t('server.card.final'),
    upcoming: t('server.card.upcoming'),
    standings: t('server.card.standings'),
    noGames: t('server.card.noGames'),
    recordBook: t('server.card.recordBook'),
    noRecords: t('server.card.noRecords'),
    boxScore: t('server.card.boxScore'),
    foot: {
      game: t('server.card.footGame'),
      player: t('server.card.footPlayer'),
      standings: t('server.card.standings'),
      records: t('server.card.recordBook'),
    },
  }
}

const gameCard =
  (id: number): Loader =>
  async (db, org, w) => {
    const row = await getGame(db, org.id, id)
    if (!row) return null
    const g = row.game
    return {
      kind: 'game',
      team1: row.team1Name,
      team2: row.team2Name,
      score1: g.scoreTeam1,
      score2: g.scoreTeam2,
      final: isCompleted({ score_team1: g.scoreTeam1, score_team2: g.scoreTeam2 }),
      league: row.leagueName,
      // As the game page writes it, in the organization's time zone.
      when:
        w.language === SOURCE_LANGUAGE
          ? formatGameWhen({ date: g.date, game_dateTime: g.gameDateTime, time: g.time }, org.timeZone)
          : w.t('server.card.when', {
              day: w.date(g.date ?? (g.gameDateTime ? localDateOf(new Date(g.gameDateTime), org.timeZone) : null)),
              time: w.time(g.time),
            }),
      location: g.location,
    }
  }

const playerCard =
  (id: number): Loader =>
  async (db, org, w) => {
    // The profile's boxes (PPG, FT%, 3PM) over the active season, as the public profile opens
    // (docs/reference/league-admin.md §7); one round trip after the organization.
    const season = activeSeasonId(org.id)
    const [row, places, values, definitions, rows, teamRows] = await db.batch([
      ...playerDetailQueries(db, org.id, id, true),
      allStatDefinitions(db, org.id),
      gameLogRows(db, org.id, id, season),
      gameLogTeams(db, org.id, id, season),
    ])
    // A hidden name stays hidden on the card (docs/members.md "Privacy").
    const player = playerDetail([row, places, values], { hiddenName: w.t('server.player.hidden') })
    if (!player) return null
    const abbreviations = definitions.map((d) => d.abbreviation)
    const log = gameLog(rows, teamRows, abbreviations)
    const summary = summarize(log, abbreviations)
    // Roster places come active season first, then the latest.
    const place = player.teamHistory[0]
    return {
      kind: 'player',
      name: `${player.firstName} ${player.lastName}`.trim(),
      team: place?.team.name ?? null,
      league: place?.league.name ?? null,
      stats: [
        { label: 'PPG', value: formatStat(summary.ppg) },
        { label: 'FT%', value: formatStat(summary.ftPercentage, true) },
        { label: '3PM', value: String(Math.round(summary.total3PM)) },
        { label: w.t('server.card.games'), value: String(summary.gamesPlayed) },
      ],
    }
  }

const standingsCard: Loader = async (db, org) => {
  // One round trip after the organization: the active season and its standings in one batch.
  const [[[season]], rows] = await inOneTrip(db, (db) =>
    Promise.all([db.batch([seasonRows(db, org.id)]), standings(db, org.id, activeSeasonId(org.id))]),
  )
  // The first league of the active season, as the public standings page lists them.
  const first = rows[0]
  const league = first ? rows.filter((r) => r.leagueId === first.leagueId).sort((a, b) => a.rank - b.rank) : []
  return {
    kind: 'standings',
    league: first?.leagueName ?? null,
    season: season?.name ?? null,
    rows: league.slice(0, 5).map((r) => ({
      rank: r.rank,
      team: r.name,
      wins: r.wins,
      losses: r.losses,
      pct: r.winPercentage.toFixed(3).replace(/^0(?=\.)/, ''),
    })),
  }
}

const recordsCard: Loader = async (db, org, w) => {
  const filters = { leagueId: null, fromSeasonId: null, toSeasonId: null }
  // A card is public: a hidden name shows the neutral word (docs/members.md "Privacy").
  const book = readRecordBook(
    await db.$client.batch(recordBookStatements(db, org.id, null, filters, w.t('server.player.hidden'))),
  )
  const stat = book.stats.find((s) => s.id === book.statId)
  if (!stat) return { kind: 'records', stat: null, rows: [] }
  const pct = isPercentage(stat.abbreviation)
  const english = w.language === SOURCE_LANGUAGE
  const whole = (e: RecordEntry) => formatNumber(english ? 'en-US' : w.language, e.value)
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
  const rate = (e: RecordEntry) =>
    english
      ? pct
        ? `${(e.value * 100).toFixed(1)}%`
        : e.value.toFixed(1)
      : pct
        ? formatPercent(w.language, e.value, 1)
        : formatNumber(w.language, e.value, oneDecimal)
  const name = (e: RecordEntry) => `${e.player.firstName} ${e.player.lastName}`
  const top = (
    list: string,
    entries: RecordEntry[],
    value: (e: RecordEntry) => string,
    detail: (e: RecordEntry) => string | null,
  ) => {
    const e = entries[0]
    return e ? [{ list, player: name(e), value: value(e), detail: detail(e) }] : []
  }
  const games = (e: RecordEntry) =>
    e.games === undefined
      ? null
      : english
        ? `${e.games} ${e.games === 1 ? 'game' : 'games'}`
        : w.t('server.card.gameCount', { count: e.games })
  const list = (english: string, key: string) => (w.language === SOURCE_LANGUAGE ? english : w.t(key))
  // The same lists as the record book page (docs/records.md), the holder of each.
  return {
    kind: 'records',
    stat: stat.name,
    rows: [
      ...(pct
        ? []
        : [
            ...top(list('Single game', 'server.card.singleGame'), book.singleGame.entries, whole, (e) =>
              // As the record book page writes a record's game: "Nov 2, 2025 · Falcons vs Hawks".
              e.game
                ? [
                    english ? formatShortDay(e.game.date) : e.game.date ? w.date(e.game.date) : '',
                    w.t('server.matchup', { home: e.game.team.name, away: e.game.opponent.name }),
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : null,
            ),
            ...top(
              list('Single season', 'server.card.singleSeason'),
              book.singleSeason.entries,
              whole,
              (e) => e.season?.name ?? null,
            ),
            ...top(list('Career', 'server.card.career'), book.career.entries, whole, games),
          ]),
      ...top(
        pct ? list('Season', 'server.card.season') : list('Season average', 'server.card.seasonAverage'),
        book.seasonRate.entries,
        rate,
        (e) => e.season?.name ?? null,
      ),
      ...top(
        pct ? list('Career', 'server.card.career') : list('Career average', 'server.card.careerAverage'),
        book.careerRate.entries,
        rate,
        games,
      ),
    ],
  }
}

/** Mounted at /cards (custom domains) and /:slug/cards (the platform host) in worker/index.ts. */
export const cards = new Hono<AppEnv>()
  .get('/games/:file{[0-9]+\\.png}', validate('param', fileParam), (c) => serveCard(c, gameCard(c.req.valid('param').file)))
  .get('/players/:file{[0-9]+\\.png}', validate('param', fileParam), (c) => serveCard(c, playerCard(c.req.valid('param').file)))
  .get('/standings.png', (c) => serveCard(c, standingsCard))
  .get('/records.png', (c) => serveCard(c, recordsCard))

/** The card addresses of a site's pages, relative to its base (`https://host` or `https://host/{slug}`). */
export const cardPaths = {
  game: (id: number) => `/cards/games/${id}.png`,
  player: (id: number) => `/cards/players/${id}.png`,
  standings: () => '/cards/standings.png',
  records: () => '/cards/records.png',
}
