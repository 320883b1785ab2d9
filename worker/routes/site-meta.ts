import type { Context } from 'hono'
import { getGame, listGames } from '../db/queries/games'
import { findOrganizationByDomain, findOrganizationBySlug, listListedOrganizations } from '../db/queries/organizations'
import { getPlayer, listPlayers } from '../db/queries/players'
import { activeSeason } from '../db/queries/seasons'
import { mediaUrl } from '../db/queries/shared'
import { listSitePageKeys } from '../db/queries/site-pages'
import { getTeam, listTeams } from '../db/queries/teams'
import type { Organization } from '../db/queries/types'
import { isCompleted } from '../domain/games'
import type { AppEnv } from '../env'
import { isPlatformHost, RESERVED_SEGMENTS, stripWww } from '../middleware/tenant'

export interface PageMeta {
  title: string
  description: string
  image: string | null
  url: string
}

const PAGE_TITLES: Record<string, string> = {
  registration: 'Registration',
  leagueInfo: 'League Info',
  tournament: 'Tournament',
  ourTeam: 'Join Our Team',
  leagueFootage: 'League Footage',
  youth: 'Youth',
  contact: 'Contact Us',
  teamList: 'Standings',
  schedule: 'Schedule',
  playerList: 'Players',
  players: 'Players',
  games: 'Games',
  leaderboard: 'Leader Board',
  login: 'Admin Sign In',
}

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
 * Title, description and preview image of a public page (issue 5: a shared link to a box score
 * shows the score). Unknown ids fall back to the organization's own card.
 */
export async function pageMeta(c: Context<AppEnv>, site: SiteOfRequest | null): Promise<PageMeta | null> {
  if (!site) return null
  const { org, path, base } = site
  const origin = new URL(c.req.url).origin
  const absolute = (p: string | null) => (p ? `${origin}${p}` : null)
  const url = `${base}/${path.join('/')}`.replace(/\/$/, '')
  const card: PageMeta = {
    title: org.name,
    description: `${org.name}: schedules, standings, box scores and player stats.`,
    image: absolute(mediaUrl(org.logoKey)),
    url,
  }
  const [section, idText, sub] = path
  const id = Number(idText)
  if (section === 'games' && Number.isInteger(id) && id > 0) {
    const row = await getGame(c.var.db, org.id, id)
    if (!row) return card
    const g = row.game
    const matchup = `${row.team1Name} vs ${row.team2Name}`
    if (isCompleted({ score_team1: g.scoreTeam1, score_team2: g.scoreTeam2 })) {
      return {
        ...card,
        title: `FINAL: ${row.team1Name} ${g.scoreTeam1} – ${g.scoreTeam2} ${row.team2Name} · ${org.name}`,
        description: `${matchup}${row.leagueName ? ` (${row.leagueName})` : ''}${g.date ? ` on ${g.date}` : ''}: final score ${g.scoreTeam1}–${g.scoreTeam2}. Box score and player stats.`,
      }
    }
    return {
      ...card,
      title: `${matchup} · ${org.name}`,
      description: `${matchup}${g.date ? ` on ${g.date}${g.time ? ` at ${g.time}` : ''}` : ''}${g.location ? `, ${g.location}` : ''}.`,
    }
  }
  if (section === 'teams' && Number.isInteger(id) && id > 0) {
    const team = await getTeam(c.var.db, org.id, id)
    if (!team) return card
    return {
      ...card,
      title: `${team.name} · ${org.name}`,
      description: `${team.name}: schedule, results and roster.`,
      image: absolute(mediaUrl(team.logoKey)) ?? card.image,
    }
  }
  if ((section === 'players' || section === 'player') && Number.isInteger(id) && id > 0) {
    const player = await getPlayer(c.var.db, org.id, id)
    if (!player) return card
    const name = `${player.firstName} ${player.lastName}`
    return {
      ...card,
      title: `${name}${sub === 'stats' ? ' · Stats' : ''} · ${org.name}`,
      description: `${name}: profile, game log and season averages in ${org.name}.`,
      image: absolute(mediaUrl(player.imageKey)) ?? card.image,
    }
  }
  if (section && PAGE_TITLES[section]) return { ...card, title: `${PAGE_TITLES[section]} · ${org.name}` }
  return card
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

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
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image)}">`,
      `<meta name="twitter:image" content="${escapeHtml(meta.image)}">`,
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
