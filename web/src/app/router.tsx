import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { useAuth } from '../features/auth/api'
import { RequireAuth } from '../features/auth/require-auth'
import { HomePage } from '../features/site/home-page'
import { ListingsPage, PlainPage } from '../features/site/listings-page'
import { PageNotFound } from '../features/site/organization-not-found'
import { SitePlaceholderPage } from '../features/site/site-placeholder-page'
import { isCustomDomain } from '../lib/tenant'
import { BareLayout, PlatformLoginLayout, PublicLayout } from './layouts/public-layout'
import { RouteError } from './route-error'

// Admin code is only ever reached through these lazy imports, so Vite puts it in chunks a visitor
// never downloads (ARCHITECTURE.md, Front end).
const adminLayout = async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout })
const loginPage = async () => ({ Component: (await import('../features/auth/login-page')).LoginPage })

/** A lazily loaded screen: `screen(() => import('…'), 'ExportName')`. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType })
}

/** Spec 01 §2.2 and spec 02 §2: the signed-in area. Most screens arrive in later issues. */
const adminRoutes: RouteObject[] = [
  { path: 'dashboard', element: <Navigate to="/dashboard/seasons" replace /> },
  { path: 'dashboard/seasons', lazy: screen(() => import('../features/seasons/seasons-page'), 'SeasonsPage') },
  {
    path: 'dashboard/seasons/:seasonId',
    lazy: screen(() => import('../features/seasons/season-detail-page'), 'SeasonDetailPage'),
  },
  {
    path: 'dashboard/seasons/:seasonId/leagues/:leagueId',
    lazy: screen(() => import('../features/teams/season-league-teams-page'), 'SeasonLeagueTeamsPage'),
  },
  {
    path: 'dashboard/seasons/:seasonId/leagues/:leagueId/teams/:teamId',
    lazy: screen(() => import('../features/teams/admin-team-page'), 'AdminTeamPage'),
  },
  // Issue 8: an organization owner's users, with Reset password (under /dashboard: no new reserved segment).
  {
    path: 'dashboard/users',
    lazy: async () => {
      const [{ UsersPage }, { RequireRole }] = await Promise.all([
        import('../features/users/users-page'),
        import('../features/auth/require-role'),
      ])
      return {
        element: (
          <RequireRole allow="org_owner">
            <UsersPage />
          </RequireRole>
        ),
      }
    },
  },
  { path: 'dashboard/players/:playerId', lazy: screen(() => import('../features/players/admin-player-page'), 'AdminPlayerPage') },
  {
    path: 'dashboard/singleTeamToggle/:teamId',
    lazy: screen(() => import('../features/teams/single-team-page'), 'SingleTeamPage'),
  },
  {
    path: 'organizations',
    lazy: async () => {
      const [{ OrganizationsPage }, { RequireRole }] = await Promise.all([
        import('../features/organizations/organizations-page'),
        import('../features/auth/require-role'),
      ])
      return {
        element: (
          <RequireRole allow="super_admin">
            <OrganizationsPage />
          </RequireRole>
        ),
      }
    },
  },
  // Issue 8 §8: under /dashboard, a segment already reserved from slugs.
  {
    path: 'dashboard/auditTrail',
    lazy: screen(() => import('../features/audit-trail/audit-trail-page'), 'AuditTrailPage'),
  },
  { path: 'stats', lazy: screen(() => import('../features/stats-settings/stats-page'), 'StatsPage') },
  { path: 'playerListAuth', lazy: screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'userSettings', lazy: screen(() => import('../features/settings/user-settings-page'), 'UserSettingsPage') },
  { path: 'leagueList', lazy: screen(() => import('../features/seasons/league-list-page'), 'LeagueListPage') },
  { path: 'leagues/:leagueId', lazy: screen(() => import('../features/seasons/league-page'), 'LeaguePage') },
  { path: 'season/:seasonId', lazy: screen(() => import('../features/seasons/season-detail-page'), 'SeasonDetailPage') },
  { path: 'fab/standings', lazy: screen(() => import('../features/teams/fab-standings-page'), 'FabStandingsPage') },
  {
    path: 'scheduleBuilder',
    lazy: screen(() => import('../features/schedule-builder/schedule-builder-page'), 'ScheduleBuilderPage'),
  },
  { path: 'businessPage', lazy: screen(() => import('../features/businesses/business-page'), 'BusinessPage') },
  { path: 'gamePeriod', lazy: screen(() => import('../features/stats-settings/game-periods-page'), 'GamePeriodsPage') },
  {
    path: 'playerAttributes',
    lazy: screen(() => import('../features/stats-settings/player-attributes-page'), 'PlayerAttributesPage'),
  },
]

/**
 * Spec 02 §2: pages whose wrapper picks the admin or public variant by sign-in state. Without a
 * slug or domain they are the admin variant; a visitor who is not signed in goes to /.
 */
const sharedAdminRoutes: RouteObject[] = [
  { path: 'teamList', lazy: screen(() => import('../features/teams/global-team-list-page'), 'GlobalTeamListPage') },
  { path: 'teams/:teamId', lazy: screen(() => import('../features/teams/single-team-page'), 'SingleTeamPage') },
  { path: 'playerList', lazy: screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'players', lazy: screen(() => import('../features/players/admin-player-list-page'), 'AdminPlayerListPage') },
  { path: 'players/:playerId', lazy: screen(() => import('../features/players/admin-player-page'), 'AdminPlayerPage') },
  { path: 'player/:playerId/stats', lazy: screen(() => import('../features/player-stats/player-stats-page'), 'PlayerStatsPage') },
  { path: 'schedule', lazy: screen(() => import('../features/schedule/admin-schedule-page'), 'AdminSchedulePage') },
  { path: 'games', lazy: screen(() => import('../features/schedule/admin-schedule-page'), 'AdminSchedulePage') },
  { path: 'games/:gameId', lazy: screen(() => import('../features/games/admin-game-page'), 'AdminGamePage') },
]

/** An organization's public pages, under /{slug} on the platform host or at the root of its domain. */
const siteRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', lazy: loginPage },
  ...(
    [
      ['registration', 'RegistrationPage'],
      ['leagueInfo', 'LeagueInfoPage'],
      ['tournament', 'TournamentPage'],
      ['ourTeam', 'OurTeamPage'],
      ['leagueFootage', 'LeagueFootagePage'],
      ['youth', 'YouthPage'],
      ['contact', 'ContactPage'],
    ] as const
  ).map(([path, name]) => ({ path, lazy: screen(() => import('../features/site-content/content-pages'), name) })),
  { path: 'teamList', lazy: screen(() => import('../features/standings/public-standings-page'), 'PublicStandingsPage') },
  { path: 'schedule', lazy: screen(() => import('../features/schedule/public-schedule-page'), 'PublicSchedulePage') },
  { path: 'games', lazy: screen(() => import('../features/schedule/public-games-page'), 'PublicGamesPage') },
  { path: 'games/:gameId', lazy: screen(() => import('../features/games/public-game-page'), 'PublicGamePage') },
  { path: 'player/:playerId/stats', lazy: screen(() => import('../features/player-stats/player-stats-page'), 'PlayerStatsPage') },
  { path: 'leaderboard', lazy: screen(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage') },
  { path: 'players', lazy: screen(() => import('../features/public-players/public-players-page'), 'PublicPlayersPage') },
  { path: 'teams/:teamId', lazy: screen(() => import('../features/public-teams/public-team-page'), 'PublicTeamPage') },
  { path: 'playerList', lazy: screen(() => import('../features/public-players/public-players-page'), 'PublicPlayersPage') },
  { path: 'players/:playerId', lazy: screen(() => import('../features/public-players/public-player-page'), 'PublicPlayerPage') },
  { path: '*', element: <SitePlaceholderPage title="Page not found" /> },
]

function RootListings() {
  const { isAuthenticated } = useAuth()
  return <ListingsPage signedIn={isAuthenticated} />
}

function platformRoutes(): RouteObject[] {
  return [
    {
      element: <BareLayout />,
      children: [
        { index: true, element: <RootListings /> },
        { path: 'browse', lazy: screen(() => import('../features/directory/browse-page'), 'BrowsePage') },
        { path: 'millionaire', element: <PlainPage title="Millionaire" /> },
      ],
    },
    { path: 'login', element: <PlatformLoginLayout />, children: [{ index: true, lazy: loginPage }] },
    { element: <RequireAuth />, children: [{ lazy: adminLayout, children: adminRoutes }] },
    { element: <RequireAuth redirectTo="/" />, children: [{ lazy: adminLayout, children: sharedAdminRoutes }] },
    { path: ':slug', element: <PublicLayout />, children: siteRoutes },
    { path: '*', element: <PageNotFound /> },
  ]
}

function customDomainRoutes(): RouteObject[] {
  return [
    { element: <RequireAuth />, children: [{ lazy: adminLayout, children: adminRoutes }] },
    {
      element: <PublicLayout />,
      // Spec 01 §2.1: /site is the site home on a custom domain.
      children: [{ path: 'site', element: <HomePage /> }, ...siteRoutes],
    },
  ]
}

export function createRouter() {
  return createBrowserRouter([
    { ErrorBoundary: RouteError, children: isCustomDomain() ? customDomainRoutes() : platformRoutes() },
  ])
}
