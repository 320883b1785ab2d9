// What GET /api/dashboard answers (docs/dashboard.md): a plain JSON shape, kept apart from the query
// (worker/db/queries/dashboard.ts) so the SPA can import it without the Worker's D1 types.

/** What needs a staff member's attention, as the dashboard's JSON carries it. */
export interface DashboardJson {
  today: string
  season: { id: number; name: string } | null
  gamesWithoutResult: {
    count: number
    games: {
      id: number
      date: string | null
      time: string | null
      home: string
      away: string
      league: string | null
      tonight: boolean
    }[]
  }
  smallTeams: {
    count: number
    teams: { teamId: number; name: string; leagueId: number; league: string; players: number }[]
  }
  leaguesWithoutSchedule: { leagueId: number; name: string }[]
  pendingDomains: { organizationId: number; organization: string; domain: string; status: 'pending' | 'failed' }[]
}
