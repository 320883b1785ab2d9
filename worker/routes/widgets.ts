// Embeddable widgets (docs/widgets.md): small server-rendered pages of one organization's public
// data, framed by other sites. Every read goes through the same query functions as the public
// pages; every page is keyed by the organization's data version in the edge cache.
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { widgetVersion } from '../contract/widgets'
import { inOneTrip } from '../db/client'
import { bracketJson, loadBracket } from '../db/queries/brackets'
import { type GameJson, gameJson, gamesQuery, getGame, visibleStats } from '../db/queries/games'
import { liveNowQuery } from '../db/queries/live'
import { findOrganizationByDomain, findOrganizationBySlug, organizationSportsBy } from '../db/queries/organizations'
import { topPlayersBy } from '../db/queries/records'
import { activeSeason, getSeason, getSeasonLeague, type Season } from '../db/queries/seasons'
import { getTeam, standings } from '../db/queries/teams'
import type { Organization } from '../db/queries/types'
import { first } from '../domain/at'
import { gamePlace, isCompleted } from '../domain/games'
import { formatNumber } from '../domain/i18n'
import { localDateOf } from '../domain/time'
import { isWidgetKind, type WidgetKind } from '../domain/widgets'
import type { AppEnv } from '../env'
import { organizationLanguage, pageLanguage, serverWords, type Words } from '../lib/i18n'
import { answers } from '../lib/openapi'
import { idSaying } from '../lib/validate'
import { cachedAnswer, dataVersionTag, edgeCacheKey, edgeCacheStore, isAnonymousRead, storeAnswer } from '../middleware/cache'
import { WIDGET_CONTENT_SECURITY_POLICY } from '../middleware/security-headers'
import { isPlatformHost, publicOrg, RESERVED_SEGMENTS, stripWww } from '../middleware/tenant'
import { liveScore } from './live'
import { escapeHtml } from './site-meta'

/** The widget's own script (web/public/widgets/widget.js): no inline script under the CSP. */
export const WIDGET_SCRIPT = '/widgets/widget.js'

const id = idSaying('Ids are numbers', 'Ids are whole numbers', 'Ids are positive')
const widgetQuery = z.object({
  league: id.optional(),
  team: id.optional(),
  season: id.optional(),
  bracket: id.optional(),
})
type WidgetQuery = z.infer<typeof widgetQuery>

/** The stats the leaders widget ranks, in this order; each only when the organization shows it. */
const LEADER_STATS = [
  { abbreviation: 'PTS', label: 'server.widget.points' },
  { abbreviation: '3PM', label: 'server.widget.threes' },
  { abbreviation: 'REB', label: 'server.widget.rebounds' },
  { abbreviation: 'AST', label: 'server.widget.assists' },
] as const
const LEADERS_PER_STAT = 5

interface Site {
  org: Organization
  /** The organization's public site, absolute: links open there in a new tab. */
  base: string
  /** The tenant parameter of the organization's API calls from the widget's own origin. */
  tenantQuery: string
  /** The widget's words: the organization's language, or the one its address names (`?lang=`). */
  w: Words
}

interface Rendered {
  title: string
  body: string
  /** Read again on every poll (live scores change without a data-version bump). */
  live?: boolean
}

class WidgetNotFound extends Error {}
const notFound = (what: string) => new WidgetNotFound(`${what} not found`)

/** GET /api/widgets/version: what the widget's script polls; a new value means "read the widget again". */
export const widgetsApi = new Hono<AppEnv>().get(
  '/version',
  answers('The data version widgets poll', { 200: widgetVersion }),
  async (c) => {
    const org = await publicOrg(c)
    return c.json({ version: dataVersionTag(org) }, 200, { 'Cache-Control': 'no-store' })
  },
)

/**
 * The widget pages: `/{slug}/widgets/<kind>` on the platform host, `/widgets/<kind>` on a custom
 * domain. Any other request (the other host kind, an unknown kind) falls through to the site.
 */
export const widgetPages = new Hono<AppEnv>()
  .get('/widgets/:kind{[a-z]+}', async (c, next) => {
    if (isPlatformHost(c)) return next()
    const host = stripWww(new URL(c.req.url).hostname)
    const org = await findOrganizationByDomain(c.var.db, host)
    const origin = new URL(c.req.url).origin
    const site = org ? { org, base: origin, tenantQuery: '', w: await serverWords(c, organizationLanguage(c, org)) } : null
    return widgetResponse(c, site, c.req.param('kind'))
  })
  .get('/:slug/widgets/:kind{[a-z]+}', async (c, next) => {
    if (!isPlatformHost(c)) return next()
    const slug = c.req.param('slug')
    const org = RESERVED_SEGMENTS.has(slug) ? undefined : await findOrganizationBySlug(c.var.db, slug)
    const origin = new URL(c.req.url).origin
    const site = org
      ? {
          org,
          base: `${origin}/${encodeURIComponent(org.slug)}`,
          tenantQuery: `?slug=${encodeURIComponent(org.slug)}`,
          w: await serverWords(c, organizationLanguage(c, org)),
        }
      : null
    return widgetResponse(c, site, c.req.param('kind'))
  })

async function widgetResponse(c: Context<AppEnv>, site: Site | null, kind: string) {
  if (!site || !isWidgetKind(kind)) {
    const w = site?.w ?? (await serverWords(c, await pageLanguage(c, null)))
    return page(c, null, { title: w.t('server.widget.notFoundTitle'), body: message(w.t('server.widget.notAvailable')) }, 404, w)
  }
  const { w } = site
  const parsed = widgetQuery.safeParse(c.req.query())
  if (!parsed.success) {
    const text = first(parsed.error.issues)?.message
    return page(
      c,
      site,
      { title: w.t('server.widget.addressTitle'), body: message(text ? w.say(text) : w.t('server.widget.badAddress')) },
      400,
    )
  }
  const today = localDateOf(new Date(), site.org.timeZone)
  // The scoreboard reads live scores, which change between data versions: never from the cache.
  // The schedule's split into results and upcoming games depends on the day: the day is in its key.
  const cache = kind !== 'scoreboard' && isAnonymousRead(c) ? edgeCacheStore() : null
  const key = cache ? edgeCacheKey(site.org, c.req.url, `widget ${new URL(c.req.url).host} ${today}`) : null
  if (cache && key) {
    const hit = await cachedAnswer(cache, key)
    if (hit) {
      hit.headers.set('Content-Security-Policy', WIDGET_CONTENT_SECURITY_POLICY)
      return hit
    }
  }
  let rendered: Rendered
  try {
    rendered = await render(c, site, kind, parsed.data, today)
  } catch (error) {
    if (error instanceof WidgetNotFound) {
      const said = w.say(error.message)
      return page(c, site, { title: said, body: message(w.t('server.widget.notFoundBody', { message: said })) }, 404)
    }
    throw error
  }
  const response = page(c, site, rendered, 200)
  if (!cache || !key) return response
  const html = await response.arrayBuffer()
  storeAnswer(c, cache, key, html, response.headers)
  response.headers.set('X-Cache', 'MISS')
  return new Response(html, { status: 200, headers: response.headers })
}

function render(c: Context<AppEnv>, site: Site, kind: WidgetKind, q: WidgetQuery, today: string): Promise<Rendered> {
  switch (kind) {
    case 'standings':
      return standingsWidget(c, site, q)
    case 'schedule':
      return scheduleWidget(c, site, q, today)
    case 'scoreboard':
      return scoreboardWidget(c, site, today)
    case 'leaders':
      return leadersWidget(c, site, q)
    case 'bracket':
      return bracketWidget(c, site, q)
  }
}

/**
 * The season a widget shows: the one asked for when the public may see it (active, or published
 * ahead: docs/published-seasons.md), else the active season.
 */
async function publicSeason(c: Context<AppEnv>, orgId: number, requested?: number): Promise<Season> {
  const season = requested ? await getSeason(c.var.db, orgId, requested) : await activeSeason(c.var.db, orgId)
  if (!season || !(season.active || season.published)) throw notFound('Season')
  return season
}

async function isPublicSeason(c: Context<AppEnv>, orgId: number, seasonId: number | null) {
  const season = seasonId ? await getSeason(c.var.db, orgId, seasonId) : undefined
  return Boolean(season && (season.active || season.published))
}

async function leagueOf(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId?: number) {
  if (!leagueId) throw notFound('League')
  const league = await getSeasonLeague(c.var.db, orgId, seasonId, leagueId)
  if (!league) throw notFound('League')
  return league
}

async function standingsWidget(c: Context<AppEnv>, site: Site, q: WidgetQuery): Promise<Rendered> {
  const orgId = site.org.id
  const season = await publicSeason(c, orgId, q.season)
  const [league, rows] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      q.league ? getSeasonLeague(db, orgId, season.id, q.league) : undefined,
      q.league ? standings(db, orgId, season.id, q.league) : [],
    ]),
  )
  if (!league) throw notFound('League')
  const { t } = site.w
  const title = t('server.widget.standingsTitle', { league: league.name })
  const th = (key: string, cls = '') => `<th scope="col"${cls}>${escapeHtml(t(key))}</th>`
  const mark = (key: string) => ` <abbr title="${escapeHtml(t(`${key}.title`))}">${escapeHtml(t(key))}</abbr>`
  const body = rows.length
    ? `<table><caption class="sr-only">${escapeHtml(title)}</caption><thead><tr>${th('server.widget.rank')}${th('server.widget.team', ' class="name"')}${th('server.widget.wins')}${th('server.widget.losses')}${th('server.widget.pct')}</tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td>${r.rank}</td><td class="name">${link(site, `/teams/${r.id}`, r.name)}${r.clinched ? mark('server.widget.clinched') : ''}${r.eliminated ? mark('server.widget.eliminated') : ''}</td><td>${r.wins}</td><td>${r.losses}</td><td>${winPercentage(site.w, r.winPercentage)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : message(t('server.widget.noTeams'))
  return {
    title,
    body: heading(site, title, season.name) + body + more(site, '/teamList', t('server.widget.fullStandings')),
  }
}

async function scheduleWidget(c: Context<AppEnv>, site: Site, q: WidgetQuery, today: string): Promise<Rendered> {
  const orgId = site.org.id
  const season = await publicSeason(c, orgId, q.season)
  let subject: string
  if (q.team) {
    const team = await getTeam(c.var.db, orgId, q.team)
    if (!team) throw notFound('Team')
    subject = team.name
  } else subject = (await leagueOf(c, orgId, season.id, q.league)).name
  const games = (
    await gamesQuery(c.var.db, orgId, { seasonId: season.id, leagueId: q.team ? undefined : q.league, teamId: q.team })
  ).map(gameJson)
  // Results: scored games, and those postponed, cancelled or forfeited. Upcoming: the rest from today
  // on. A past game still waiting for its score is in neither until the score is saved.
  const played = games.filter((g) => isCompleted(g) || g.status !== 'scheduled')
  const upcoming = games.filter((g) => !played.includes(g) && (g.date === null || g.date >= today))
  const results = played.slice(-5).reverse()
  const next = upcoming.slice(0, 8)
  const { t } = site.w
  const section = (title: string, list: GameJson[]) =>
    list.length ? `<h2>${escapeHtml(title)}</h2><ul class="games">${list.map((g) => gameItem(site, g)).join('')}</ul>` : ''
  const body =
    next.length || results.length
      ? section(t('server.widget.upcoming'), next) + section(t('server.widget.results'), results)
      : message(t('server.widget.noGames'))
  const title = t('server.widget.scheduleTitle', { subject })
  return {
    title,
    body:
      heading(site, title, season.name) +
      body +
      more(site, q.team ? `/teams/${q.team}` : '/schedule', t('server.widget.fullSchedule')),
  }
}

async function scoreboardWidget(c: Context<AppEnv>, site: Site, today: string): Promise<Rendered> {
  const orgId = site.org.id
  const season = await activeSeason(c.var.db, orgId)
  const [live, games] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      liveNowQuery(db, orgId),
      season ? gamesQuery(db, orgId, { seasonId: season.id }).then((rows) => rows.map(gameJson)) : [],
    ]),
  )
  const tonight = games.filter((g) => g.date === today)
  // Games being scored now first (with the score their fans see), then the rest of tonight's.
  const liveGames = await Promise.all(
    live.map(async (row) => {
      const game = tonight.find((g) => g.id === row.id) ?? (await getGame(c.var.db, orgId, row.id).then((r) => r && gameJson(r)))
      if (!game) return null
      // A live game outside tonight's list (past midnight, another season) shows only if its season is public.
      if (!tonight.includes(game) && !(await isPublicSeason(c, orgId, game.season_id))) return null
      const score = await liveScore(c, orgId, { id: game.id, team1Id: game.team1_id, team2Id: game.team2_id })
      return { game, score }
    }),
  )
  const shown = liveGames.filter((g) => g !== null)
  const rest = tonight.filter((g) => !shown.some((l) => l.game.id === g.id))
  const { t } = site.w
  const items = [
    ...shown.map(({ game, score }) =>
      scoreItem(
        site,
        game,
        score ? [score.home, score.away] : [game.score_team1, game.score_team2],
        t('server.widget.live', { period: score?.period ?? 1 }),
      ),
    ),
    ...rest.map((g) =>
      scoreItem(
        site,
        g,
        isCompleted(g) ? [g.score_team1, g.score_team2] : null,
        isCompleted(g)
          ? t('server.widget.final')
          : g.status === 'scheduled'
            ? site.w.time(g.time)
            : t('server.widget.state', { status: g.status }),
      ),
    ),
  ]
  const body = items.length ? `<ul class="games scores">${items.join('')}</ul>` : message(t('server.widget.noGamesTonight'))
  const title = t('server.widget.scoreboard')
  return {
    title,
    body: heading(site, title, site.w.date(today)) + body + more(site, '/schedule', t('server.widget.fullSchedule')),
    live: shown.length > 0,
  }
}

async function leadersWidget(c: Context<AppEnv>, site: Site, q: WidgetQuery): Promise<Rendered> {
  const orgId = site.org.id
  const season = await publicSeason(c, orgId, q.season)
  const league = await leagueOf(c, orgId, season.id, q.league)
  const sportId = season.sportId ?? first(await organizationSportsBy(c.var.db, { id: orgId }))?.sport.id
  const visible = sportId ? await visibleStats(c.var.db, orgId, sportId) : []
  // Hidden stats are never shown (docs/reference/public-site.md): only the organization's visible ones.
  const shown = LEADER_STATS.filter((s) => visible.some((v) => v.abbreviation === s.abbreviation))
  const lists = shown.length
    ? await c.var.db.batch(
        shown.map((s) =>
          // Widgets are public: a hidden name shows the neutral word (docs/members.md "Privacy").
          topPlayersBy(
            c.var.db,
            orgId,
            season.id,
            s.abbreviation,
            LEADERS_PER_STAT,
            league.leagueId,
            site.w.t('server.player.hidden'),
          ),
        ) as [ReturnType<typeof topPlayersBy>, ...ReturnType<typeof topPlayersBy>[]],
      )
    : []
  const body = shown
    .map((s, i) => {
      const rows = lists[i] ?? []
      const list = rows.length
        ? `<ol>${rows.map((p) => `<li>${link(site, `/players/${p.id}`, `${p.firstName} ${p.lastName}`)} <b>${p.total}</b></li>`).join('')}</ol>`
        : message(site.w.t('server.widget.noStats'))
      return `<section><h2>${escapeHtml(site.w.t(s.label))}</h2>${list}</section>`
    })
    .join('')
  const title = site.w.t('server.widget.leadersTitle', { league: league.name })
  return {
    title,
    body:
      heading(site, title, season.name) +
      (body ? `<div class="leaders">${body}</div>` : message(site.w.t('server.widget.noStats'))) +
      more(site, '/leaderboard', site.w.t('server.widget.leaderBoard')),
  }
}

async function bracketWidget(c: Context<AppEnv>, site: Site, q: WidgetQuery): Promise<Rendered> {
  const orgId = site.org.id
  if (!q.bracket) throw notFound('Bracket')
  const loaded = await loadBracket(c.var.db, orgId, q.bracket)
  if (!loaded) throw notFound('Bracket')
  await publicSeason(c, orgId, loaded.bracket.seasonId)
  const b = bracketJson(loaded)
  const rounds = Map.groupBy(b.slots, (s) => s.roundName)
  const team = (t: (typeof b.slots)[number]['team1'], score: number | null, won: boolean) =>
    `<div class="team${won ? ' won' : ''}">${t ? `<span class="seed">${t.seed}</span> ${escapeHtml(t.name)}` : `<span class="tbd">${escapeHtml(site.w.t('server.tbd'))}</span>`}${score !== null ? `<b>${score}</b>` : ''}</div>`
  const columns = [...rounds]
    .map(
      ([name, slots]) =>
        `<section class="round"><h2>${escapeHtml(site.w.say(name))}</h2>${slots
          .map((s) => {
            const played = s.winnerId !== null && s.game
            return `<div class="matchup">${team(s.team1, played ? (s.game?.scoreTeam1 ?? null) : null, !!s.team1 && s.winnerId === s.team1.id)}${team(s.team2, played ? (s.game?.scoreTeam2 ?? null) : null, !!s.team2 && s.winnerId === s.team2.id)}</div>`
          })
          .join('')}</section>`,
    )
    .join('')
  const champion = b.champion
    ? `<p class="champion">${withHtml(site.w.t('server.widget.champion', { name: SLOT }), `<b>${escapeHtml(b.champion.name)}</b>`)}</p>`
    : ''
  return {
    title: b.name,
    body:
      heading(site, b.name, site.w.t('server.widget.playoffs')) +
      champion +
      `<div class="bracket">${columns}</div>` +
      more(site, `/bracket/${b.id}`, site.w.t('server.widget.fullBracket')),
  }
}

// ---- HTML ----

/** A catalog message with one HTML piece in it: the message's text escaped, the piece put where SLOT is. */
const SLOT = '\u0000'
const withHtml = (text: string, html: string) => escapeHtml(text).replace(SLOT, html)

/** .625 in English (as the standings have always shown it), ,625 where the decimal mark is a comma. */
const winPercentage = (w: Words, pct: number) => {
  if (w.language === 'en') return pct.toFixed(3).replace(/^0/, '')
  return formatNumber(w.language, pct, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).replace(/^0(?=\D)/, '')
}

const link = (site: Site, path: string, text: string) =>
  `<a href="${escapeHtml(site.base + path)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`

const heading = (site: Site, title: string, sub: string) =>
  `<header><h1>${escapeHtml(title)}</h1><p>${link(site, '', site.org.name)} · ${escapeHtml(sub)}</p></header>`

const more = (site: Site, path: string, text: string) => `<footer>${link(site, path, `${text} →`)}</footer>`

const message = (text: string) => `<p class="empty">${escapeHtml(text)}</p>`

function gameItem(site: Site, g: GameJson) {
  const { w } = site
  const when = g.time ? w.t('server.widget.when', { date: w.date(g.date), time: w.time(g.time) }) : w.date(g.date)
  const score = isCompleted(g)
    ? ` <b>${g.score_team1}–${g.score_team2}</b>`
    : g.status !== 'scheduled'
      ? ` <i>${escapeHtml(w.t('server.widget.status', { status: g.status }))}</i>`
      : ''
  const place = gamePlace(g)
  const where = place ? `<span class="where">${escapeHtml(place)}</span>` : ''
  return `<li><span class="when">${escapeHtml(when)}</span> ${link(site, `/games/${g.id}`, w.t('server.matchup', { home: g.homeTeam.name, away: g.awayTeam.name }))}${score}${where}</li>`
}

function scoreItem(site: Site, g: GameJson, score: [number, number] | null, state: string) {
  const side = (name: string, points: number | undefined) =>
    `<span class="side"><span>${escapeHtml(name)}</span>${points === undefined ? '' : `<b>${points}</b>`}</span>`
  return `<li class="score">${side(g.homeTeam.name, score?.[0])}${side(g.awayTeam.name, score?.[1])}<span class="state">${link(site, `/games/${g.id}`, state)}</span></li>`
}

// The site's two themes (web/src/app/styles.css, docs/site-look.md): the widget follows the organization's.
const STYLE = `:root{--bg:#fff;--surface-2:#eef0f4;--text:#1b1f24;--muted:#5b6470;--border:#d8dce3;--accent:#c2410c;--accent-text:#fff;color-scheme:light}
[data-theme=dark]{--bg:#1a1e24;--surface-2:#232830;--text:#e9ecef;--muted:#a3abb5;--border:#343a43;--accent:#ff7a33;--accent-text:#111418;color-scheme:dark}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{padding:10px 12px}h1{font-size:16px;margin:0}h2{font-size:13px;margin:10px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
header{border-bottom:3px solid var(--accent);padding-bottom:6px;margin-bottom:6px}header p{margin:2px 0 0;color:var(--muted);font-size:12px}
a{color:inherit}a:hover{color:var(--accent)}table{width:100%;border-collapse:collapse}th,td{padding:4px 6px;text-align:right;border-bottom:1px solid var(--border)}
th{font-size:12px;color:var(--muted)}.name{text-align:left;width:100%}ul,ol{margin:0;padding:0;list-style:none}
.games li{padding:5px 0;border-bottom:1px solid var(--border)}.when,.where{display:block;font-size:12px;color:var(--muted)}
.scores li{display:grid;grid-template-columns:1fr auto;gap:2px 8px}.side{display:contents}.state{grid-column:1/-1;font-size:12px;color:var(--accent)}
.leaders{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:0 12px}.leaders li{display:flex;justify-content:space-between;padding:2px 0}
.bracket{display:flex;gap:10px;overflow-x:auto}.round{min-width:140px}.matchup{border:1px solid var(--border);border-radius:6px;margin-bottom:6px}
.team{display:flex;justify-content:space-between;gap:6px;padding:3px 6px}.team+.team{border-top:1px solid var(--border)}.won{font-weight:700}.seed{color:var(--muted);font-size:11px}.tbd{color:var(--muted)}
.champion{margin:6px 0;color:var(--accent)}.empty{color:var(--muted)}footer{margin-top:8px;font-size:12px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`

function page(c: Context<AppEnv>, site: Site | null, content: Rendered, status: 200 | 400 | 404, words?: Words) {
  const language = (site?.w ?? words)?.language ?? 'en'
  const versionUrl = site ? `/api/widgets/version${site.tenantQuery}` : ''
  const data = site
    ? ` data-version="${escapeHtml(dataVersionTag(site.org))}" data-version-url="${escapeHtml(versionUrl)}"${content.live ? ' data-live="1"' : ''}`
    : ''
  const title = site ? `${content.title} · ${site.org.name}` : content.title
  const html = `<!doctype html><html lang="${escapeHtml(language)}" data-theme="${site?.org.theme ?? 'light'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${site ? `<script src="${WIDGET_SCRIPT}" defer></script>` : ''}</head><body><main id="widget" aria-live="polite"${data}>${content.body}</main></body></html>`
  return c.html(html, status, {
    // Never stale: the browser asks every time; the edge copy is keyed by the data version.
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': WIDGET_CONTENT_SECURITY_POLICY,
  })
}
