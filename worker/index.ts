import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { forgetDirectory } from './db/directory'
import { isGuardAbort } from './db/guards'
import { isMovingAbort } from './db/move'
import { findOrganizationBySlug } from './db/queries/organizations'
import type { AppEnv, Bindings, QueueMessage } from './env'
import { ApiError } from './lib/errors'
import { pageLanguage, requestLanguage, serverWords, type Words } from './lib/i18n'
import { randomToken } from './lib/ids'
import { answers, apiDocument } from './lib/openapi'
import { cachedAnswer, edgeCache, edgeCacheKey, edgeCacheStore, isAnonymousRead, storeAnswer } from './middleware/cache'
import { database } from './middleware/database'
import { localizeErrors } from './middleware/i18n'
import { memberSession } from './middleware/member-session'
import { passwordChangeGate } from './middleware/password-change'
import { securityHeaders } from './middleware/security-headers'
import { SESSION_COOKIE, session, signedInWrites } from './middleware/session'
import { isPlatformHost, tenant } from './middleware/tenant'
import { xsrf } from './middleware/xsrf'
import { flushAfterWrite } from './notify/sweep'
import { queue } from './queue'
import { apiReferenceHtml, referenceLanguage } from './routes/api-reference'
import { auditLogRoutes } from './routes/audit-log'
import { auth } from './routes/auth'
import { businessesRoutes } from './routes/businesses'
import { calendarRoutes } from './routes/calendar'
import { cards } from './routes/cards'
import { courtScheduleRoutes } from './routes/court-schedules'
import { csvRoutes } from './routes/csv'
import { dashboardRoutes } from './routes/dashboard'
import { divisionsRoutes } from './routes/divisions'
import { gamePeriodsRoutes } from './routes/game-periods'
import { byeDatesRoutes, gamesRoutes, gamesV2, playerGameStatsRoutes, weekOffsRoutes } from './routes/games'
import { leaguesRoutes, leaguesV2, seasonsLeaguesRoutes } from './routes/leagues'
import { liveRoutes } from './routes/live'
import { media } from './routes/media'
import { memberAccountRoutes } from './routes/member-accounts'
import { memberNotificationRoutes } from './routes/member-notifications'
import { memberPasskeyRoutes } from './routes/member-passkeys'
import { memberRoutes } from './routes/members'
import { orgMoveStep } from './routes/org-move'
import { orgRestoreStep } from './routes/org-restore'
import { adminOrganizations, organizations } from './routes/organizations'
import { playerAttributesRoutes } from './routes/player-attributes'
import { playersV2 } from './routes/players'
import { bracketsRoutes, tiebreakersRoutes } from './routes/playoffs'
import { recordsRoutes, statLeadersRoutes } from './routes/records'
import { registrationRoutes } from './routes/registration'
import { scheduleGamesRoutes, schedulesRoutes } from './routes/schedules'
import { scoreReportRoutes } from './routes/score-reports'
import { seasonsV2 } from './routes/seasons'
import {
  adminPreloads,
  escapeHtml,
  metaTags,
  organizationSitemap,
  pageMeta,
  preloadTags,
  robotsTxt,
  siteBootstrap,
  sitemap,
  siteOfRequest,
} from './routes/site-meta'
import { sitePagesRoutes } from './routes/site-pages'
import { sportsV2 } from './routes/sports'
import { statsV2 } from './routes/stats'
import { suspensionRoutes } from './routes/suspensions'
import { teamConstraintRoutes } from './routes/team-constraints'
import { teamMemberRoutes } from './routes/team-members'
import { teamsRoutes, teamsV2 } from './routes/teams'
import { usersV1, usersV2 } from './routes/users'
import { venuesRoutes } from './routes/venues'
import { widgetPages, widgetsApi } from './routes/widgets'
import { scheduled } from './scheduled'

const api = new Hono<AppEnv>()
  .use(edgeCache)
  .use(session)
  .use(memberSession)
  .use(xsrf)
  .use(signedInWrites)
  .use(passwordChangeGate)
  // A write that left notifications waiting puts a flush on the queue (docs/notifications.md).
  .use(async (c, next) => {
    await next()
    if (c.req.method === 'GET' || c.res.status >= 400 || !c.var.notifyingWrite?.write) return
    c.executionCtx.waitUntil(
      flushAfterWrite(c, c.var.binding).catch((error) => console.error('[notify] flush not scheduled', error)),
    )
  })
  .route('/auth', auth)
  .route('/organizations', organizations)
  .route('/admin/organizations', adminOrganizations)
  .route('/usersv2', usersV2)
  .route('/users', usersV1)
  .route('/sportsv2', sportsV2)
  .route('/site-pages', sitePagesRoutes)
  .route('/statsv2', statsV2)
  .route('/gamePeriods', gamePeriodsRoutes)
  .route('/playerAttributes', playerAttributesRoutes)
  .route('/businesses', businessesRoutes)
  .route('/venues', venuesRoutes)
  .route('/seasonsv2', seasonsV2)
  .route('/divisions', divisionsRoutes)
  .route('/teams', teamsRoutes)
  .route('/teamsv2', teamsV2)
  .route('/playersv2', playersV2)
  .route('/leagues', leaguesRoutes)
  .route('/leaguesv2', leaguesV2)
  .route('/seasonsleagues', seasonsLeaguesRoutes)
  .route('/gamesv2', gamesV2)
  // The builder's calls first: /games/swap must not be read as /games/{id}.
  .route('/games', scheduleGamesRoutes)
  .route('/games', gamesRoutes)
  .route('/schedules', schedulesRoutes)
  .route('/player-game-stats', playerGameStatsRoutes)
  .route('/bye-dates', byeDatesRoutes)
  .route('/week-offs', weekOffsRoutes)
  .route('/records', recordsRoutes)
  .route('/stat-leaders', statLeadersRoutes)
  .route('/calendar', calendarRoutes)
  .route('/audit-log', auditLogRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/csv', csvRoutes)
  .route('/tiebreakers', tiebreakersRoutes)
  .route('/brackets', bracketsRoutes)
  .route('/live', liveRoutes)
  .route('/widgets', widgetsApi)
  .route('/member', memberRoutes)
  .route('/member', memberNotificationRoutes)
  .route('/', scoreReportRoutes)
  .route('/', teamMemberRoutes)
  .route('/', teamConstraintRoutes)
  .route('/schedules', courtScheduleRoutes)
  .route('/member', memberAccountRoutes)
  .route('/member/passkeys', memberPasskeyRoutes)
  // docs/registration.md: registration, free agents and Stripe's webhook.
  .route('/', registrationRoutes)
  // docs/registration.md "Suspensions": staff suspend a player and lift it.
  .route('/', suspensionRoutes)
  // The API document, generated from these routes (worker/lib/openapi.ts).
  .get(
    '/openapi.json',
    answers('This document: every call, its input and its answers (OpenAPI 3.1)', {
      200: z.looseObject({ openapi: z.literal('3.1.0') }),
    }),
    async (c): Promise<Response> => c.json(await apiDocument(api as never)),
  )
  // /api/* that matches nothing is a JSON 404, never the SPA's HTML.
  .all('*', (c) => c.json({ message: 'Not found' }, 404))

const app = new Hono<AppEnv>()

app.use(securityHeaders)
app.use(async (c, next) => {
  c.set('requestId', c.req.header('CF-Ray') ?? randomToken(8))
  await next()
})
app.use(tenant)
// The organization's database (the directory, worker/db/directory.ts), read through a D1 session (replicas, read-your-writes).
app.use(database)
// The API document as a readable page (docs/api.md "The API document"): a page, not a call of the
// API, so it is served beside it and is not itself in the document.
// Refusals in the language the request asks for, English when it asks for none (docs/decisions/2026-11-28-languages.md).
app.use('/api/*', localizeErrors)
// The page's own words in the reader's language: the remembered one, else Accept-Language's, else English (docs/languages.md).
app.get('/api/reference', async (c) => {
  const language = await referenceLanguage(c)
  const { t } = await serverWords(c, language)
  c.header('Vary', 'Accept-Language, Cookie')
  return c.html(apiReferenceHtml(await apiDocument(api as never), language, t))
})
// Moving an organization to another database, one step per call (docs/scaling.md "Moving an organization").
app.post('/internal/org-move', orgMoveStep)
app.post('/internal/org-restore', orgRestoreStep)
app.route('/api', api)
app.route('/media', media)
app.get('/robots.txt', robotsTxt)
app.get('/sitemap.xml', sitemap)
app.get('/:slug/sitemap.xml', async (c) => {
  const org = isPlatformHost(c) ? await findOrganizationBySlug(c.var.db, c.req.param('slug')) : undefined
  if (!org) return c.text('Not found', 404)
  return organizationSitemap(c, org, `${new URL(c.req.url).origin}/${org.slug}`)
})
// Embeddable widgets (docs/widgets.md): /{slug}/widgets/<kind> on the platform host, /widgets/<kind> on a custom domain.
app.route('/', widgetPages)
// Link cards (docs/link-cards.md): under the organization's site, on its custom domain or its slug.
app.route('/cards', cards)
app.route('/:slug/cards', cards)
app.all('*', serveApp)

app.onError(async (error, c) => {
  // A write guard stopped a write made from a stale read (worker/db/guards.ts): say what changed.
  const guarded = isGuardAbort(error) && c.var.guards ? await c.var.guards.conflict(c.var.db).catch(() => null) : null
  // The refusal answered is the conflict's: its structured translation is read from c.error (worker/middleware/i18n.ts).
  if (guarded) c.error = guarded
  // A write to an organization that is moving, or has moved, to another database (migration 0030):
  // this isolate's directory may be stale, so it is read again; the client tries again shortly.
  const moving = isMovingAbort(error)
    ? new ApiError(503, 'This league is moving to another database. Please try again in a few seconds.', undefined, {
        'Retry-After': '2',
      })
    : null
  if (moving) forgetDirectory()
  const response = errorResponse(moving ?? guarded ?? error, c)
  // A failed request changes no cookies: a sign-in that failed after its session was stored must
  // not hand that session out with the 500.
  if (response.status >= 500) response.headers.delete('Set-Cookie')
  return response
})

/** Any error as JSON `{ message, fields? }` (docs/api.md); unexpected ones say nothing of their cause. */
function errorResponse(error: Error, c: Context<AppEnv>) {
  if (error instanceof ApiError) {
    const body = { message: error.message, ...(error.fields && { fields: error.fields }), ...error.extra }
    return c.json(body, error.status, error.headers)
  }
  if (error instanceof HTTPException) {
    const status = error.status
    const message = status === 413 ? 'Request body is too large' : error.message || 'Bad request'
    return c.json({ message }, status)
  }
  // The cause (SQL, binding messages, stack) goes to the log under the request id, never to the client.
  const requestId = c.var.requestId ?? randomToken(8)
  console.error(`[${requestId}]`, error)
  return c.json({ message: 'Something went wrong on our side. Please try again.', requestId }, 500)
}

/**
 * Everything outside /api and /media is the SPA. On a custom domain that belongs to nobody the
 * visitor gets a friendly 404 page instead of the platform's home. The HTML shell is told whether
 * it runs on the platform host or a custom domain (no inline script: a meta tag).
 */
async function serveApp(c: Context<AppEnv>) {
  const platform = isPlatformHost(c)
  const isPage = !/\.[a-z0-9]+$/i.test(c.req.path)
  const site = isPage ? await siteOfRequest(c) : null
  if (!platform && isPage && !site) {
    // No organization to speak for: the visitor's remembered language, else their browser's (docs/decisions/2026-11-28-server-language.md).
    const chosen = await pageLanguage(c, null)
    const words = await serverWords(c, chosen !== 'en' ? chosen : await requestLanguage(c))
    return c.html(unknownDomainPage(words, new URL(c.req.url).hostname), 404)
  }
  // docs/reference/performance.md §3: a visitor's page of an organization's site is cached under the organization's data
  // version (a saved score changes the meta of the next load), the host (absolute URLs and the
  // platform/custom tag differ) and the build (its index.html names the hashed assets).
  const cache = site && isAnonymousRead(c) ? edgeCacheStore() : null
  // The page's language (docs/decisions/2026-11-28-languages.md): <html lang> and its words' preload.
  const language = isPage ? await pageLanguage(c, site?.org ?? null) : null
  const htmlKey = (build: string) =>
    cache && site ? edgeCacheKey(site.org, c.req.url, `html ${new URL(c.req.url).host} ${build} ${language}`) : null
  // A hit needs no index.html: this isolate already knows the build it serves.
  const knownKey = servedBuild ? htmlKey(servedBuild) : null
  if (cache && knownKey) {
    const hit = await cachedAnswer(cache, knownKey)
    if (hit) return hit
  }
  const response = await c.env.ASSETS.fetch(c.req.raw)
  const type = response.headers.get('Content-Type') ?? ''
  if (!type.includes('text/html')) {
    const headers = new Headers(response.headers)
    // Vite's hashed files never change under the same name.
    if (c.req.path.startsWith('/assets/')) headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    return new Response(response.body, { status: response.status, headers })
  }
  const build = cache && response.status === 200 ? await buildTag(response) : null
  const key = build ? htmlKey(build) : null
  if (cache && key && build && build !== servedBuild) {
    servedBuild = build
    const hit = await cachedAnswer(cache, key)
    if (hit) return hit
  }
  // Link previews and search engines see each page's own title, description and image; an
  // organization's page also carries the organization and its header for the first paint.
  const [meta, bootstrap] =
    language !== null
      ? await Promise.all([
          pageMeta(c, site, language).catch(() => null),
          site ? siteBootstrap(c, site, language).catch(() => null) : null,
        ])
      : [null, null]
  // A signed-in screen's HTML starts its first requests (adminPreloads in routes/site-meta.ts).
  const url = new URL(c.req.url)
  const admin =
    isPage && platform && !site && getCookie(c, SESSION_COOKIE) ? await adminPreloads(c, url.pathname, url.search) : []
  const rewritten = new HTMLRewriter()
    .on('html', {
      element(html) {
        if (bootstrap) html.setAttribute('data-theme', bootstrap.theme)
        if (language) html.setAttribute('lang', language)
      },
    })
    .on('#root', {
      element(root) {
        if (bootstrap?.header) root.setInnerContent(bootstrap.header, { html: true })
      },
    })
    .on('title', {
      element(title) {
        if (meta) title.setInnerContent(escapeHtml(meta.title), { html: true })
      },
    })
    .on('head', {
      element(head) {
        head.append(`<meta name="courtside-host" content="${platform ? 'platform' : 'custom'}">`, { html: true })
        if (meta) head.append(metaTags(meta), { html: true })
        else if (admin.length) head.append(preloadTags(admin), { html: true })
        if (bootstrap) head.append(bootstrap.organization + bootstrap.words, { html: true })
      },
    })
    .transform(response)
  const headers = new Headers(rewritten.headers)
  // index.html names the current build's hashed assets: browsers always revalidate it.
  headers.set('Cache-Control', 'no-cache')
  headers.delete('ETag') // the rewritten page is not the file the asset ETag describes
  if (!cache || !key || headers.has('Set-Cookie')) return new Response(rewritten.body, { status: response.status, headers })
  const html = await rewritten.arrayBuffer()
  storeAnswer(c, cache, key, html, headers)
  headers.set('X-Cache', 'MISS')
  return new Response(html, { status: 200, headers })
}

/**
 * The SPA build this isolate serves, learned from the first index.html it reads. A deploy brings
 * code and assets together as a new version in new isolates, so it never changes under an isolate;
 * it is re-read on every miss anyway (a local rebuild under a running `wrangler dev`).
 */
let servedBuild: string | undefined

/** Which build of the SPA served index.html: its ETag, or a digest of the file without one. */
async function buildTag(indexHtml: Response): Promise<string> {
  const etag = indexHtml.headers.get('ETag')
  if (etag) return etag.replace(/^W\//, '').replaceAll('"', '')
  const digest = await crypto.subtle.digest('SHA-1', await indexHtml.clone().arrayBuffer())
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

function unknownDomainPage({ language, t }: Words, host: string) {
  const safeHost = host.replace(/[^a-z0-9.-]/gi, '')
  const say = (key: string) => escapeHtml(t(key))
  // The host goes in as a marker, so the sentence is escaped whole and the host wears <strong>.
  const connected = escapeHtml(t('server.unknownDomain.notConnected', { host: '\u0000' })).replace(
    '\u0000',
    `<strong>${safeHost}</strong>`,
  )
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${say('server.unknownDomain.title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${say('server.unknownDomain.heading')}</h1><p>${connected}</p><p>${say('server.unknownDomain.ask')}</p></body></html>`
}

// The Durable Object class of a live game (docs/live-scoring.md); bound as GAME_ROOM in wrangler.toml.
export { GameRoom } from './live/game-room'
export { api }
// Every few minutes the scheduled trigger retries pending custom-hostname work (wrangler.toml crons).
// The NOTIFY queue's consumer: e-mail and notification fan-out (docs/notifications.md).
export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Bindings, QueueMessage>
