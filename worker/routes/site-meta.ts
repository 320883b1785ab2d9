import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { bracketPreview } from '../db/queries/brackets'
import { getGame, listGames } from '../db/queries/games'
import {
  findOrganizationByDomain,
  findOrganizationBySlug,
  listListedOrganizations,
  organizationJson,
  organizationSportsBy,
} from '../db/queries/organizations'
import { getPlayer, listPlayers } from '../db/queries/players'
import { activeSeason, leagueCurrentSeasonId } from '../db/queries/seasons'
import { mediaUrl } from '../db/queries/shared'
import { listSitePageKeys } from '../db/queries/site-pages'
import { getTeam, listTeams } from '../db/queries/teams'
import type { Organization } from '../db/queries/types'
import { brandStyleAttribute } from '../domain/brand-colours'
import { CARD_HEIGHT, CARD_WIDTH } from '../domain/cards/layout'
import { isCompleted } from '../domain/games'
import type { AppEnv } from '../env'
import { catalogOf, serverWords, translator, type Words } from '../lib/i18n'
import { readSession, SESSION_COOKIE, sessionRecordOf } from '../middleware/session'
import { isPlatformHost, RESERVED_SEGMENTS, stripWww } from '../middleware/tenant'
import { cardPaths, cardVersion } from './cards'

export interface PageMeta {
  title: string
  description: string
  image: string | null
  /** Set when the image is a link card the Worker draws (docs/link-cards.md): its size goes into the meta. */
  imageSize?: { width: number; height: number }
  url: string
  /** What the page asks for first, requested by the HTML itself (docs/reference/performance.md §4: no waterfall behind the script). */
  preloads: Preload[]
}

/**
 * A request the SPA makes as soon as it runs, started by `<link rel="preload">` while the script
 * downloads. The hrefs are exactly the SPA's own request URLs (the browser reuses a preload only
 * for the same URL); test/e2e/preloads.test.ts proves each one is used and none is fetched twice.
 */
export type Preload = { href: string; as: 'fetch' | 'image' }

/** The SPA's default profile image (web/src/components/player-photo.tsx). */
const DEFAULT_PLAYER_IMAGE = '/images/default-player.svg'

/** Each page's title, a key of the server catalog (`server.page.<segment>`: `Standings`, `Clasificación`). */
const PAGE_TITLES: Record<string, string> = {
  registration: 'server.page.registration',
  leagueInfo: 'server.page.leagueInfo',
  tournament: 'server.page.tournament',
  ourTeam: 'server.page.ourTeam',
  leagueFootage: 'server.page.leagueFootage',
  youth: 'server.page.youth',
  contact: 'server.page.contact',
  teamList: 'server.page.teamList',
  schedule: 'server.page.schedule',
  playerList: 'server.page.playerList',
  players: 'server.page.players',
  games: 'server.page.games',
  leaderboard: 'server.page.leaderboard',
  login: 'server.page.login',
}

/** A value an ICU select reads as absent (`{date, select, none {} other { on {date}}}`). */
const NONE = 'none'
/** A date or time as a preview writes it: as stored in English (the wire's yyyy-MM-dd), with Intl elsewhere. */
const previewDate = (w: Words, date: string | null) => (!date ? NONE : w.language === 'en' ? date : w.date(date))
const previewTime = (w: Words, time: string | null) => (!time ? NONE : w.language === 'en' ? time : w.time(time))

const PUBLIC_SEGMENTS = new Set([...Object.keys(PAGE_TITLES), 'teams', 'player', 'site', ''])

/** The organization and the path inside its site for a page request, or null (platform pages). */
export type SiteOfRequest = { org: Organization; path: string[]; base: string }

export async function siteOfRequest(c: Context<AppEnv>): Promise<SiteOfRequest | null> {
  const url = new URL(c.req.url)
  const segments = url.pathname.split('/').filter(Boolean)
  if (!isPlatformHost(c)) {
    const org = await findOrganizationByDomain(c.var.db, stripWww(url.hostname))
    return org ? { org, path: segments, base: url.origin } : null
  }
  const [slug, ...rest] = segments
  if (!slug || RESERVED_SEGMENTS.has(slug) || PUBLIC_SEGMENTS.has(slug)) return null
  const org = await findOrganizationBySlug(c.var.db, slug)
  return org ? { org, path: rest, base: `${url.origin}/${org.slug}` } : null
}

/**
 * Title, description and preview image of a public page (docs/reference/site-experience.md: a shared link to a box score
 * shows the score). Unknown ids fall back to the organization's own card.
 */
export async function pageMeta(c: Context<AppEnv>, site: SiteOfRequest | null, language: string): Promise<PageMeta | null> {
  if (!site) return null
  const { org, path, base } = site
  // The page's language (docs/decisions/2026-11-28-server-language.md), worked out once by the page's caller (pageLanguage).
  const w = await serverWords(c, language)
  const { t } = w
  const titled = (page: string) => t('server.meta.title', { page, site: org.name })
  const requestUrl = new URL(c.req.url)
  const origin = requestUrl.origin
  const absolute = (p: string | null) => (p ? `${origin}${p}` : null)
  const url = `${base}/${path.join('/')}`.replace(/\/$/, '')
  // The SPA names the tenant as it reads it from the address: the slug segment, or the host.
  const tenant = isPlatformHost(c)
    ? { kind: 'slug', name: decodeURIComponent(requestUrl.pathname.split('/')[1] ?? '') }
    : { kind: 'domain', name: stripWww(requestUrl.hostname) }
  const query = new URLSearchParams(tenant.kind === 'slug' ? { slug: tenant.name } : { domain: tenant.name }).toString()
  // The tenant parameter first, then the call's own: the order the SPA's api client writes them in.
  const fetches = (...paths: string[]): Preload[] =>
    paths.map((p) => {
      const [pathname, own] = p.split('?')
      return { href: `${pathname}?${query}${own ? `&${own}` : ''}`, as: 'fetch' }
    })
  const [section, idText, sub] = path
  const id = Number(idText)
  const card: PageMeta = {
    title: org.name,
    description: t('server.meta.siteDescription', { site: org.name }),
    image: absolute(mediaUrl(org.logoKey)),
    url,
    // The organization itself comes in the HTML (siteBootstrap), not as a request.
    preloads: [{ href: '/api/auth/check-auth', as: 'fetch' }, ...(org.navigation === 'full' ? fetches('/api/site-pages') : [])],
  }
  const withPreloads = (meta: PageMeta, ...more: Preload[]) => ({ ...meta, preloads: [...meta.preloads, ...more] })
  // The link card of the page (docs/link-cards.md): its address carries the data version, so a
  // saved score is a new image for crawlers that keep images by address.
  const withCard = (meta: PageMeta, cardPath: string): PageMeta => ({
    ...meta,
    image: `${base}${cardPath}?v=${cardVersion(org)}`,
    imageSize: { width: CARD_WIDTH, height: CARD_HEIGHT },
  })
  if (section === 'games' && Number.isInteger(id) && id > 0) {
    const row = await getGame(c.var.db, org.id, id)
    if (!row) return card
    const gameCard = withCard(withPreloads(card, ...fetches(`/api/gamesv2/${id}`)), cardPaths.game(id))
    const g = row.game
    const matchup = t('server.matchup', { home: row.team1Name, away: row.team2Name })
    const score = { home: row.team1Name, away: row.team2Name, homeScore: g.scoreTeam1, awayScore: g.scoreTeam2 }
    if (isCompleted({ score_team1: g.scoreTeam1, score_team2: g.scoreTeam2 })) {
      return {
        ...gameCard,
        title: titled(t('server.meta.finalTitle', score)),
        description: t('server.meta.finalDescription', {
          ...score,
          matchup,
          league: row.leagueName || NONE,
          date: previewDate(w, g.date),
        }),
      }
    }
    return {
      ...gameCard,
      title: titled(matchup),
      description: t('server.meta.gameDescription', {
        matchup,
        date: previewDate(w, g.date),
        time: previewTime(w, g.time),
        location: g.location || NONE,
      }),
    }
  }
  if (section === 'bracket' && Number.isInteger(id) && id > 0) {
    const preview = await bracketPreview(c.var.db, org.id, id)
    if (!preview) return card
    const text = bracketText(w, preview)
    return withPreloads({ ...card, title: titled(text.title), description: text.description }, ...fetches(`/api/brackets/${id}`))
  }
  if (section === 'teams' && Number.isInteger(id) && id > 0) {
    const team = await getTeam(c.var.db, org.id, id)
    if (!team) return card
    return {
      ...card,
      title: titled(team.name),
      description: t('server.meta.teamDescription', { team: team.name }),
      image: absolute(mediaUrl(team.logoKey)) ?? card.image,
    }
  }
  if ((section === 'players' || section === 'player') && Number.isInteger(id) && id > 0) {
    const player = await getPlayer(c.var.db, org.id, id)
    if (!player) return card
    // docs/members.md "Privacy": a hidden name stays hidden in the page's title and link preview.
    const name = player.hideName ? t('server.player.hidden') : `${player.firstName} ${player.lastName}`
    const stats = section === 'player' && sub === 'stats'
    return withPreloads(
      withCard(
        {
          ...card,
          title: titled(sub === 'stats' ? t('server.meta.playerStats', { name }) : name),
          description: t('server.meta.playerDescription', { name, site: org.name }),
        },
        cardPaths.player(id),
      ),
      // The profile photo is the page's largest paint: fetched with the script, not after the data.
      { href: mediaUrl(player.imageKey) ?? DEFAULT_PLAYER_IMAGE, as: 'image' },
      ...(stats
        ? fetches(`/api/playersv2/${id}/basic?scope=all`, `/api/playersv2/${id}/stats`)
        : section === 'players' && sub === undefined
          ? fetches(`/api/playersv2/${id}`, `/api/playersv2/${id}/basic?scope=active`)
          : []),
    )
  }
  if (section === 'schedule') {
    return withPreloads(
      { ...card, title: titled(t(PAGE_TITLES[section] as string)) },
      // With the "Live now" strip's answer, as on the home (docs/live-scoring.md).
      ...fetches(
        '/api/gamesv2',
        '/api/bye-dates/public',
        '/api/week-offs/public',
        '/api/leaguesv2',
        '/api/seasonsv2',
        '/api/live/now',
      ),
    )
  }
  if (section === 'teamList') {
    const season = await activeSeason(c.var.db, org.id)
    return withPreloads(
      withCard({ ...card, title: titled(t(PAGE_TITLES[section] as string)) }, cardPaths.standings()),
      ...fetches(
        '/api/seasonsv2',
        ...(season
          ? [
              `/api/seasonsv2/${season.id}/leagues-with-teams-public`,
              `/api/seasonsv2/${season.id}/divisions`,
              `/api/brackets?seasonId=${season.id}`,
            ]
          : []),
      ),
    )
  }
  if (section === 'records' && idText === undefined) return withCard(card, cardPaths.records())
  if (section && PAGE_TITLES[section]) return { ...card, title: titled(t(PAGE_TITLES[section])) }
  if (section === undefined || (section === 'site' && tenant.kind === 'domain')) {
    // The home: its content follows the organization's home variant (docs/reference/public-site.md §2.6).
    // Every home shows the "Live now" strip (docs/live-scoring.md).
    const live = fetches('/api/live/now')
    if (org.homeVariant === 'stat_leaders') return withPreloads(card, ...fetches('/api/stat-leaders'), ...live)
    if (org.homeVariant === 'history') return withPreloads(card, ...fetches('/api/site-pages/home'), ...live)
    return withPreloads(card, ...live)
  }
  return card
}

/** A bracket's preview (bracketPreview's facts) in the page's words. */
function bracketText(w: Words, preview: NonNullable<Awaited<ReturnType<typeof bracketPreview>>>) {
  const { t } = w
  const bracket = preview.name
  if (preview.champion)
    return {
      title: t('server.meta.bracketChampionTitle', { champion: preview.champion, bracket }),
      description: t('server.meta.bracketChampionDescription', { champion: preview.champion, bracket }),
    }
  const next = preview.next
  if (!next) return { title: bracket, description: t('server.meta.bracketDescription', { bracket }) }
  return {
    title: t('server.meta.bracketNextTitle', { bracket, matchup: t('server.matchup', { home: next.team1, away: next.team2 }) }),
    description: t('server.meta.bracketNextDescription', {
      round: w.say(next.round),
      team1: next.team1,
      seed1: next.seed1,
      team2: next.team2,
      seed2: next.seed2,
      date: previewDate(w, next.date),
      time: previewTime(w, next.date ? next.time : null),
    }),
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * What an organization's page carries for the SPA's first render (docs/reference/performance.md §4): the organization as
 * GET /api/organizations/slug|domain/… answers it, so the layout renders without asking for it, and
 * the site's header, so the first paint comes from the HTML instead of waiting for the script
 * (React replaces it with the same header). The sign-in page has no header (docs/reference/public-site.md §2.1).
 */
export async function siteBootstrap(c: Context<AppEnv>, site: SiteOfRequest, language: string) {
  const { org, path } = site
  // The page's words (docs/languages.md) in its language (pageLanguage, worked out once by the caller):
  // the header's name is the SPA's own (`nav.main`), and the SPA renders with the catalog and no request for it.
  const [main, catalog] = await Promise.all([
    translator(c, language, 'site').then((t) => t('nav.main')),
    catalogOf(c, language, 'site'),
  ])
  const sports = await organizationSportsBy(c.var.db, { id: org.id })
  const json = organizationJson(
    org,
    sports.map((row) => row.sport),
  )
  const home = isPlatformHost(c) ? `/${encodeURIComponent(org.slug)}` : '/'
  const brand = json.logo_url
    ? `<img src="${escapeHtml(json.logo_url)}" alt="${escapeHtml(org.name)}" class="site-logo">`
    : `<span class="site-name">${escapeHtml(org.name)}</span>`
  // The brand colours' CSS properties (docs/site-look.md), so the first paint already wears them.
  const brandColours = brandStyleAttribute(org.brandPrimary, org.brandAccent)
  const shellStyle = brandColours ? ` style="${escapeHtml(brandColours)}"` : ''
  const header =
    path[0] === 'login'
      ? ''
      : `<div class="site-shell"${shellStyle}><header class="site-header nav-${org.navigation}"><nav class="site-nav" aria-label="${escapeHtml(main)}"><a href="${home}" class="site-brand">${brand}</a></nav></header></div>`
  return {
    theme: org.theme,
    // In a data block, never script: `<` escaped so no text can close the element.
    organization: `<script type="application/json" id="courtside-organization">${JSON.stringify({ organization: json }).replaceAll('<', '\\u003c')}</script>`,
    header,
    // The page's words beside it, in an attribute the browser never runs (docs/languages.md).
    words: catalog
      ? `<meta name="courtside-words" data-language="${escapeHtml(language)}" content="${escapeHtml(JSON.stringify(catalog))}">`
      : '',
  }
}

/** `<link rel="preload">` tags for a page's first requests. */
export function preloadTags(preloads: Preload[]): string {
  // crossorigin="anonymous" is fetch()'s own mode for same-origin calls: without it the preload is not reused.
  return preloads
    .map((preload) =>
      preload.as === 'fetch'
        ? `<link rel="preload" as="fetch" href="${escapeHtml(preload.href)}" crossorigin="anonymous">`
        : `<link rel="preload" as="image" href="${escapeHtml(preload.href)}" fetchpriority="high">`,
    )
    .join('')
}

const SEASONS = '/api/seasonsv2'
/** Each admin list's first page as its screen asks for it with no filter in the address. */
const ADMIN_LIST_REQUESTS: Record<string, string[]> = {
  teamList: [SEASONS, '/api/teams?seasonId=active&limit=100&offset=0'],
  playerListAuth: [
    SEASONS,
    '/api/teams?seasonId=active&limit=500',
    '/api/playersv2?seasonId=active&limit=100&offset=0',
    '/api/registration/suspensions',
  ],
  schedule: [SEASONS, '/api/games?seasonId=active&limit=100&offset=0'],
  leagueList: ['/api/seasonsleagues'],
  'dashboard/auditTrail': ['/api/audit-log?page=1&pageSize=25'],
}
ADMIN_LIST_REQUESTS.playerList = ADMIN_LIST_REQUESTS.players = ADMIN_LIST_REQUESTS.playerListAuth as string[]
ADMIN_LIST_REQUESTS.games = ADMIN_LIST_REQUESTS.schedule as string[]

/**
 * The first requests of a signed-in screen opened fresh, started by its HTML as a public page's are
 * (docs/decisions/2026-11-25-admin-preloads.md): the sign-in check and, for the admin lists opened
 * without filters, their first page — exactly the SPA's own request URLs (each screen's
 * `adminPrefetch`), which test/e2e/admin-lists.test.ts proves are each used, once. Only for a
 * request that carries a session cookie: a visitor's HTML starts nothing it would be refused.
 */
export async function adminPreloads(c: Context<AppEnv>, pathname: string, search: string): Promise<Preload[]> {
  const path = pathname.replace(/^\/+|\/+$/g, '')
  let lists = search ? [] : (ADMIN_LIST_REQUESTS[path] ?? [])
  if (/^leagues\/\d+$/.test(path)) {
    // The league page reads its seasons and that season's games: named in the address, else the
    // league's current season in the signed-in user's organization (found here, one query).
    const leagueId = Number(path.slice(8))
    const named = /^\?season=(\d+)$/.exec(search)?.[1]
    const season = named ?? (search ? undefined : await signedInLeagueSeason(c, leagueId))
    lists = [
      ...(named || !search ? ['/api/seasonsleagues'] : []),
      ...(season ? [`/api/games?leagueId=${leagueId}&seasonId=${season}&limit=100&offset=0`] : []),
    ]
  }
  // Staff and owners' sidebar counts the captains' score reports waiting (docs/members.md "Score
  // reports"): a hint from the session record alone (no D1 read); a wrong hint is only a spare request.
  const sidebar = (await staffSessionRecord(c)) ? ['/api/score-reports/count'] : []
  return fetchPreloads('/api/auth/check-auth', ...sidebar, ...lists)
}

/** The signed-in staff member's or owner's session record, when the request carries one (not a super admin's). */
async function staffSessionRecord(c: Context<AppEnv>) {
  const token = getCookie(c, SESSION_COOKIE)
  if (!token) return undefined
  const { record } = await sessionRecordOf(c, token).catch(() => ({ record: null }))
  return record && !record.superAdmin ? record : undefined
}

const fetchPreloads = (...hrefs: string[]): Preload[] => hrefs.map((href) => ({ href, as: 'fetch' }))

/** The league's current season for the signed-in user's organization; none when that cannot be read. */
async function signedInLeagueSeason(c: Context<AppEnv>, leagueId: number) {
  try {
    await readSession(c)
    const user = c.var.user
    return user && Number.isSafeInteger(leagueId)
      ? await leagueCurrentSeasonId(c.var.db, user.organizationId, leagueId)
      : undefined
  } catch {
    return undefined // a preload is an optimisation: the page asks for itself
  }
}

/** The head tags for a page's meta (no script: the CSP forbids inline script). */
export function metaTags(meta: PageMeta): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
  ]
  tags.push(preloadTags(meta.preloads))
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
      `<meta name="twitter:image" content="${escapeHtml(meta.image)}">`,
    )
  if (meta.image && meta.imageSize)
    tags.push(
      '<meta property="og:image:type" content="image/png">',
      `<meta property="og:image:width" content="${meta.imageSize.width}">`,
      `<meta property="og:image:height" content="${meta.imageSize.height}">`,
    )
  return tags.join('')
}

export { escapeHtml }

/** robots.txt: public pages are crawlable; the API and the dashboard are not. */
export function robotsTxt(c: Context<AppEnv>) {
  const origin = new URL(c.req.url).origin
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /login',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
  return c.text(body, 200, { 'Cache-Control': 'public, max-age=3600' })
}

const xml = (text: string) => escapeHtml(text).replace(/'/g, '&apos;')

/** A sitemap of one organization's public pages (active season's teams, players and games). */
export async function organizationSitemap(c: Context<AppEnv>, org: Organization, base: string) {
  const season = await activeSeason(c.var.db, org.id)
  const [pages, teams, players, games] = await Promise.all([
    listSitePageKeys(c.var.db, org.id),
    listTeams(c.var.db, org.id),
    // The active season's players (the public list with no filter), not the whole history.
    listPlayers(c.var.db, org.id, { publicView: true, limit: 50_000 }),
    season ? listGames(c.var.db, org.id, { seasonId: season.id }) : Promise.resolve([]),
  ])
  const paths = [
    '',
    ...pages.filter((p) => p !== 'home' && PAGE_TITLES[p]).map((p) => `/${p}`),
    '/teamList',
    '/schedule',
    '/playerList',
    '/leaderboard',
    ...teams.map((t) => `/teams/${t.id}`),
    ...players.players.map((p) => `/players/${p.id}`),
    ...games.map((g) => `/games/${g.id}`),
  ].slice(0, 50_000)
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((p) => `  <url><loc>${xml(`${base}${p}`)}</loc></url>`)
    .join('\n')}\n</urlset>\n`
  return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
}

/** /sitemap.xml: the organization's on a custom domain; an index of every listed site on the platform. */
export async function sitemap(c: Context<AppEnv>) {
  const url = new URL(c.req.url)
  if (!isPlatformHost(c)) {
    const org = await findOrganizationByDomain(c.var.db, stripWww(url.hostname))
    if (!org) return c.text('Not found', 404)
    return organizationSitemap(c, org, url.origin)
  }
  const orgs = await listListedOrganizations(c.var.db)
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${orgs
    .map((o) => `  <sitemap><loc>${xml(`${url.origin}/${o.slug}/sitemap.xml`)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`
  return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' })
}
