import { type Context, Hono } from 'hono'
import { type FeedSubject, feedLeagueId, feedSubjectRows } from '../db/queries/calendar'
import { byesQuery, type GameJson, gameJson, gamesQuery, toByes, toWeekOffs, weekOffsQuery } from '../db/queries/games'
import { organizationRowsBy } from '../db/queries/organizations'
import { activeSeasonId } from '../db/queries/seasons'
import { buildCalendar, type CalendarEvent } from '../domain/ical'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { organizationLanguage, serverWords, type Words } from '../lib/i18n'
import { answers } from '../lib/openapi'
import { isPlatformHost, readerOrgId } from '../middleware/tenant'

/**
 * An event's LOCATION: the game's venue, court and address when it has a venue (docs/venues.md),
 * else its free-text location as before.
 */
export function placeOf(game: Pick<GameJson, 'venue' | 'court' | 'location'>): string | null {
  if (!game.venue) return game.location
  return [game.venue.name, game.court?.name, game.venue.address].filter(Boolean).join(', ')
}

function gameEvent({ t }: Words, game: GameJson, base: string, host: string, teamId?: number): CalendarEvent | null {
  if (!game.date) return null
  const played = game.score_team1 > 0 || game.score_team2 > 0
  const sides = { home: game.homeTeam.name, away: game.awayTeam.name }
  // A team's feed names its away games from its side (`B @ A`), as a schedule card does.
  let summary = teamId && game.team1_id !== teamId ? t('server.calendar.away', sides) : t('server.matchup', sides)
  const details = [
    game.league?.name,
    played ? t('server.calendar.final', { ...sides, homeScore: game.score_team1, awayScore: game.score_team2 }) : null,
  ]
  if (game.status === 'postponed' || game.status === 'cancelled') summary = t(`server.calendar.${game.status}`, { summary })
  return {
    // Stable across edits: a game keeps its UID when its date, time or score changes.
    uid: `game-${game.id}@${host}`,
    summary,
    description: details.filter(Boolean).join('\n'),
    location: placeOf(game),
    url: `${base}/games/${game.id}`,
    date: game.date,
    time: game.time,
  }
}

/**
 * A league's or team's feed of the active season, read in one round trip: the subject, the
 * organization (for links), and the season's games, byes and week-offs. A team's league is its
 * league in the active season, found in SQL; a team outside the active season has an empty (but
 * valid) calendar.
 */
async function feed(c: Context<AppEnv>, subject: FeedSubject) {
  const orgId = await readerOrgId(c)
  const db = c.var.db
  const season = activeSeasonId(orgId)
  const teamId = subject.kind === 'team' ? subject.id : undefined
  const leagueId = feedLeagueId(orgId, subject, season)
  const [[subjectRow], [org], gameRows, byeRows, offRows] = await db.batch([
    feedSubjectRows(db, orgId, subject, season),
    organizationRowsBy(db, { id: orgId }),
    gamesQuery(db, orgId, { seasonId: season, leagueId, teamId }),
    byesQuery(db, orgId, season),
    weekOffsQuery(db, orgId, season),
  ])
  if (!subjectRow) throw notFound(subject.kind === 'league' ? 'League' : 'Team')
  const scope = { leagueId: subjectRow.leagueId, teamId, name: subjectRow.name }
  const host = new URL(c.req.url).hostname
  const origin = new URL(c.req.url).origin
  const base = isPlatformHost(c) ? `${origin}/${org?.slug ?? ''}` : origin
  // The feed's words (docs/decisions/2026-11-28-server-language.md): the organization's language, or `?lang=` among its own.
  const w = await serverWords(c, org ? organizationLanguage(c, org) : 'en')
  const events: CalendarEvent[] = []
  for (const game of gameRows.map(gameJson)) {
    const event = gameEvent(w, game, base, host, scope.teamId)
    if (event) events.push(event)
  }
  for (const bye of toByes(byeRows)) {
    if (bye.league_id !== scope.leagueId) continue
    const teams = scope.teamId ? bye.teams.filter((t) => t.id === scope.teamId) : bye.teams
    if (teams.length === 0) continue
    events.push({
      uid: `bye-${bye.date}-${scope.leagueId}-${scope.teamId ?? 'all'}@${host}`,
      summary: w.t('server.calendar.bye', { teams: teams.map((t) => t.name).join(', ') }),
      date: bye.date,
    })
  }
  for (const off of toWeekOffs(offRows)) {
    if (off.league_id !== scope.leagueId) continue
    events.push({
      uid: `week-off-${off.id}@${host}`,
      summary: w.t('server.calendar.weekOff', { reason: off.reason }),
      date: off.date,
    })
  }
  const body = buildCalendar(scope.name, events, new Date().toISOString(), org?.timeZone)
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `inline; filename="${scope.name.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'schedule'}.ics"`,
    'Cache-Control': 'public, max-age=300',
  })
}

/** The feed of the active season's games, byes and week-offs. */
const icsFeed = { description: 'The iCalendar feed', media: 'text/calendar' }

/** Subscribable iCalendar feeds of every league and team (docs/reference/site-experience.md): `/api/calendar/leagues/12.ics`. */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/leagues/:file{[0-9]+\\.ics}', answers("A league's iCalendar feed", { 200: icsFeed }), (c) =>
    feed(c, { kind: 'league', id: Number.parseInt(c.req.param('file'), 10) }),
  )
  .get('/teams/:file{[0-9]+\\.ics}', answers("A team's iCalendar feed", { 200: icsFeed }), (c) =>
    feed(c, { kind: 'team', id: Number.parseInt(c.req.param('file'), 10) }),
  )
