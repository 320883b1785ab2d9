import { type Context, Hono } from 'hono'
import { type GameJson, listByes, listGames, listWeekOffs } from '../db/queries/games'
import { getOrganization } from '../db/queries/organizations'
import { activeSeason, getLeague } from '../db/queries/seasons'
import { getTeam, placesOfTeam } from '../db/queries/teams'
import { buildCalendar, type CalendarEvent } from '../domain/ical'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { isPlatformHost, readerOrgId } from '../middleware/tenant'

/** Where the organization's public pages live for this request (custom domain or /{slug}). */
export async function siteBase(c: Context<AppEnv>, orgId: number) {
  const origin = new URL(c.req.url).origin
  if (!isPlatformHost(c)) return origin
  const org = await getOrganization(c.var.db, orgId)
  return `${origin}/${org?.slug ?? ''}`
}

function gameEvent(game: GameJson, base: string, host: string, teamId?: number): CalendarEvent | null {
  if (!game.date) return null
  const played = game.score_team1 > 0 || game.score_team2 > 0
  let summary = `${game.homeTeam.name} vs ${game.awayTeam.name}`
  if (teamId) {
    const home = game.team1_id === teamId
    summary = home ? `${game.homeTeam.name} vs ${game.awayTeam.name}` : `${game.awayTeam.name} @ ${game.homeTeam.name}`
  }
  const details = [
    game.league?.name,
    played ? `Final: ${game.homeTeam.name} ${game.score_team1} – ${game.score_team2} ${game.awayTeam.name}` : null,
  ]
  if (game.status === 'postponed' || game.status === 'cancelled') summary = `${summary} (${game.status.toUpperCase()})`
  return {
    // Stable across edits: a game keeps its UID when its date, time or score changes.
    uid: `game-${game.id}@${host}`,
    summary,
    description: details.filter(Boolean).join('\n'),
    location: game.location,
    url: `${base}/games/${game.id}`,
    date: game.date,
    time: game.time,
  }
}

async function feed(c: Context<AppEnv>, scope: { leagueId: number; teamId?: number; name: string }) {
  const orgId = await readerOrgId(c)
  const season = await activeSeason(c.var.db, orgId)
  const host = new URL(c.req.url).hostname
  const base = await siteBase(c, orgId)
  const events: CalendarEvent[] = []
  if (season) {
    const [games, byes, weekOffs] = await Promise.all([
      listGames(c.var.db, orgId, { seasonId: season.id, leagueId: scope.leagueId, teamId: scope.teamId }),
      listByes(c.var.db, orgId, season.id),
      listWeekOffs(c.var.db, orgId, season.id),
    ])
    for (const game of games) {
      const event = gameEvent(game, base, host, scope.teamId)
      if (event) events.push(event)
    }
    for (const bye of byes) {
      if (bye.league_id !== scope.leagueId) continue
      const teams = scope.teamId ? bye.teams.filter((t) => t.id === scope.teamId) : bye.teams
      if (teams.length === 0) continue
      events.push({
        uid: `bye-${bye.date}-${scope.leagueId}-${scope.teamId ?? 'all'}@${host}`,
        summary: `${teams.map((t) => t.name).join(', ')} (BYE)`,
        date: bye.date,
      })
    }
    for (const off of weekOffs) {
      if (off.league_id !== scope.leagueId) continue
      events.push({ uid: `week-off-${off.id}@${host}`, summary: `No Games: ${off.reason}`, date: off.date })
    }
  }
  const body = buildCalendar(scope.name, events, new Date().toISOString())
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `inline; filename="${scope.name.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'schedule'}.ics"`,
    'Cache-Control': 'public, max-age=300',
  })
}

/** Subscribable iCalendar feeds of every league and team (issue 5): `/api/calendar/leagues/12.ics`. */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/leagues/:file{[0-9]+\\.ics}', async (c) => {
    const orgId = await readerOrgId(c)
    const league = await getLeague(c.var.db, orgId, Number.parseInt(c.req.param('file'), 10))
    if (!league) throw notFound('League')
    return feed(c, { leagueId: league.id, name: league.name })
  })
  .get('/teams/:file{[0-9]+\\.ics}', async (c) => {
    const orgId = await readerOrgId(c)
    const team = await getTeam(c.var.db, orgId, Number.parseInt(c.req.param('file'), 10))
    if (!team) throw notFound('Team')
    const season = await activeSeason(c.var.db, orgId)
    const place = (await placesOfTeam(c.var.db, orgId, team.id)).find((p) => p.seasonId === season?.id)
    // A team outside the active season has an empty (but valid) calendar.
    return feed(c, { leagueId: place?.leagueId ?? -1, teamId: team.id, name: team.name })
  })
