import { useQueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router'
import { RequireAuth } from '../features/auth/require-auth'
// A super admin's calls name the organization chosen in the top bar, from the first prefetch on.
import '../lib/acting-org'
import { PageNotFound } from '../features/site/organization-not-found'
import type { Role } from '../lib/auth'
import { isCustomDomain } from '../lib/tenant'
import type { AdminPath } from './admin-paths'
import { type AdminPrefetch, lazyScreen, preloadMatched, screen, usePreloadedChunks } from './lazy-screen'

/**
 * The signed-in area's own route table, itself a lazy chunk: a visitor's first load carries only the
 * list of admin paths (admin-paths.ts), never these screens or their imports.
 */

/** A screen only one role may open: the page's chunk and the role check load together. */
function roleScreen<M extends Record<string, unknown>>(allow: Role, load: () => Promise<M>, name: keyof M & string) {
  return lazyScreen(async () => {
    const [module, { RequireRole }] = await Promise.all([load(), import('../features/auth/require-role')])
    const Page = module[name] as ComponentType
    return () => (
      <RequireRole allow={allow}>
        <Page />
      </RequireRole>
    )
  })
}

const adminLayout = screen(() => import('./layouts/admin-layout'), 'AdminLayout')

/** docs/reference/public-site.md §2.2 and docs/reference/league-admin.md §2: the signed-in area. Most screens arrive in later issues. */
const adminRoutes: (RouteObject & { path: AdminPath })[] = [
  { path: 'dashboard', ...screen(() => import('../features/dashboard/dashboard-page'), 'DashboardPage') },
  { path: 'dashboard/seasons', ...screen(() => import('../features/seasons/seasons-page'), 'SeasonsPage') },
  {
    path: 'dashboard/seasons/:seasonId',
    ...screen(() => import('../features/seasons/season-detail-page'), 'SeasonDetailPage'),
  },
  {
    path: 'dashboard/seasons/:seasonId/leagues/:leagueId',
    ...screen(() => import('../features/teams/season-league-teams-page'), 'SeasonLeagueTeamsPage'),
  },
  // docs/registration.md "Staff": a league's registration in a season.
  {
    path: 'dashboard/seasons/:seasonId/leagues/:leagueId/registration',
    ...screen(() => import('../features/registration/registration-admin-page'), 'RegistrationAdminPage'),
  },
  {
    path: 'dashboard/seasons/:seasonId/leagues/:leagueId/teams/:teamId',
    ...screen(() => import('../features/teams/admin-team-page'), 'AdminTeamPage'),
  },
  { path: 'dashboard/players/:playerId', ...screen(() => import('../features/players/admin-player-page'), 'AdminPlayerPage') },
  {
    path: 'dashboard/singleTeamToggle/:teamId',
    ...screen(() => import('../features/teams/single-team-page'), 'SingleTeamPage'),
  },
  {
    path: 'organizations',
    ...roleScreen('super_admin', () => import('../features/organizations/organizations-page'), 'OrganizationsPage'),
  },
  // docs/reference/trust-and-security.md: an organization owner's users, with Reset password (under /dashboard: no new reserved segment).
  {
    path: 'dashboard/users',
    ...roleScreen('org_owner', () => import('../features/users/users-page'), 'UsersPage'),
  },
  // The owner's own site look (docs/site-look.md): theme, logo, social links, custom page.
  {
    path: 'dashboard/site',
    ...roleScreen('org_owner', () => import('../features/site-look/site-look-page'), 'SiteLookPage'),
  },
  // Under /dashboard, a segment already reserved from slugs.
  { path: 'dashboard/auditTrail', ...screen(() => import('../features/audit-trail/audit-trail-page'), 'AuditTrailPage') },
  { path: 'dashboard/widgets', ...screen(() => import('../features/widgets/embed-widgets-page'), 'EmbedWidgetsPage') },
  { path: 'dashboard/import', ...screen(() => import('../features/import-export/import-export-page'), 'ImportExportPage') },
  { path: 'stats', ...screen(() => import('../features/stats-settings/stats-page'), 'StatsPage') },
  { path: 'playerListAuth', ...screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'userSettings', ...screen(() => import('../features/settings/user-settings-page'), 'UserSettingsPage') },
  { path: 'leagueList', ...screen(() => import('../features/seasons/league-list-page'), 'LeagueListPage') },
  { path: 'leagues/:leagueId', ...screen(() => import('../features/seasons/league-page'), 'LeaguePage') },
  { path: 'season/:seasonId', ...screen(() => import('../features/seasons/season-detail-page'), 'SeasonDetailPage') },
  { path: 'fab/standings', ...screen(() => import('../features/teams/fab-standings-page'), 'FabStandingsPage') },
  {
    path: 'scheduleBuilder',
    ...screen(() => import('../features/schedule-builder/schedule-builder-page'), 'ScheduleBuilderPage'),
  },
  { path: 'dashboard/venues', ...screen(() => import('../features/venues/venues-page'), 'VenuesPage') },
  // Captains' score reports waiting for staff (docs/members.md "Score reports").
  {
    path: 'dashboard/score-reports',
    ...screen(() => import('../features/score-reports/score-reports-page'), 'ScoreReportsPage'),
  },
  { path: 'businessPage', ...screen(() => import('../features/businesses/business-page'), 'BusinessPage') },
  { path: 'gamePeriod', ...screen(() => import('../features/stats-settings/game-periods-page'), 'GamePeriodsPage') },
  {
    path: 'playerAttributes',
    ...screen(() => import('../features/stats-settings/player-attributes-page'), 'PlayerAttributesPage'),
  },
]

/**
 * docs/reference/league-admin.md §2: pages whose wrapper picks the admin or public variant by sign-in state. Without a
 * slug or domain they are the admin variant; a visitor who is not signed in goes to /.
 */
const sharedAdminRoutes: (RouteObject & { path: AdminPath })[] = [
  { path: 'teamList', ...screen(() => import('../features/teams/global-team-list-page'), 'GlobalTeamListPage') },
  { path: 'teams/:teamId', ...screen(() => import('../features/teams/single-team-page'), 'SingleTeamPage') },
  { path: 'playerList', ...screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'players', ...screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'players/:playerId', ...screen(() => import('../features/players/admin-player-page'), 'AdminPlayerPage') },
  { path: 'player/:playerId/stats', ...screen(() => import('../features/player-stats/player-stats-page'), 'PlayerStatsPage') },
  { path: 'schedule', ...screen(() => import('../features/schedule/admin-schedule-page'), 'AdminSchedulePage') },
  { path: 'games', ...screen(() => import('../features/schedule/admin-schedule-page'), 'AdminSchedulePage') },
  { path: 'games/:gameId', ...screen(() => import('../features/games/admin-game-page'), 'AdminGamePage') },
  // Live scoring on a phone (docs/live-scoring.md).
  { path: 'games/:gameId/live', ...screen(() => import('../features/games/live/scorer-page'), 'ScorerPage') },
]

const adminArea: RouteObject[] = [
  { element: <RequireAuth />, children: [{ ...adminLayout, children: adminRoutes }] },
  ...(isCustomDomain()
    ? []
    : [{ element: <RequireAuth redirectTo="/" />, children: [{ ...adminLayout, children: sharedAdminRoutes }] }]),
  { path: '*', element: <PageNotFound /> },
]

/**
 * Each matched screen's `adminPrefetch` (lazy-screen.tsx), run once its chunk is in: the list's data
 * starts beside the sign-in check and the layout (docs/decisions/2026-11-25-admin-prefetch.md).
 */
function useAdminPrefetch(routes: RouteObject[]) {
  const location = useLocation()
  const client = useQueryClient()
  const search = new URLSearchParams(location.search)
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle = match.route.handle as { preload?: () => Promise<unknown> } | undefined
    void handle
      ?.preload?.()
      .then((module) =>
        (module as { adminPrefetch?: AdminPrefetch } | undefined)?.adminPrefetch?.(client, { params: match.params, search }),
      )
  }
}

/** The signed-in screen's chunks for the address, loaded before the first render (router.tsx). */
export const preloadAdminScreen = () => preloadMatched(adminArea)

export function AdminArea() {
  usePreloadedChunks(adminArea)
  useAdminPrefetch(adminArea)
  return useRoutes(adminArea)
}
