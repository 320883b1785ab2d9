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
const adminPlaceholder = (title: string) => async () => {
  const { AdminPlaceholderPage } = await import('../features/dashboard/placeholder-pages')
  return { element: <AdminPlaceholderPage title={title} /> }
}
const loginPage = async () => ({ Component: (await import('../features/auth/login-page')).LoginPage })

/** Spec 01 §2.2 and spec 02 §2: the signed-in area. Most screens arrive in later issues. */
const adminRoutes: RouteObject[] = [
  { path: 'dashboard', element: <Navigate to="/dashboard/seasons" replace /> },
  {
    path: 'dashboard/seasons',
    lazy: async () => ({ Component: (await import('../features/dashboard/placeholder-pages')).SeasonsPlaceholderPage }),
  },
  { path: 'dashboard/seasons/:seasonId', lazy: adminPlaceholder('Season') },
  { path: 'dashboard/seasons/:seasonId/leagues/:leagueId', lazy: adminPlaceholder('League') },
  { path: 'dashboard/seasons/:seasonId/leagues/:leagueId/teams/:teamId', lazy: adminPlaceholder('Team') },
  { path: 'dashboard/players/:playerId', lazy: adminPlaceholder('Player') },
  { path: 'dashboard/singleTeamToggle/:teamId', lazy: adminPlaceholder('Team') },
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
  { path: 'stats', lazy: adminPlaceholder('Stats') },
  { path: 'playerListAuth', lazy: adminPlaceholder('All Players') },
  { path: 'userSettings', lazy: adminPlaceholder('User Settings') },
  { path: 'leagueList', lazy: adminPlaceholder('Leagues') },
  { path: 'leagues/:leagueId', lazy: adminPlaceholder('League') },
  { path: 'season/:seasonId', lazy: adminPlaceholder('Season') },
  { path: 'fab/standings', lazy: adminPlaceholder('Standings') },
  { path: 'scheduleBuilder', lazy: adminPlaceholder('Schedule Builder') },
  { path: 'businessPage', lazy: adminPlaceholder('Businesses') },
  { path: 'gamePeriod', lazy: adminPlaceholder('Game Periods') },
  { path: 'playerAttributes', lazy: adminPlaceholder('Player Attributes') },
]

/**
 * Spec 02 §2: pages whose wrapper picks the admin or public variant by sign-in state. Without a
 * slug or domain they are the admin variant; a visitor who is not signed in goes to /.
 */
const sharedAdminRoutes: RouteObject[] = [
  { path: 'teamList', lazy: adminPlaceholder('Standings') },
  { path: 'teams/:teamId', lazy: adminPlaceholder('Team') },
  { path: 'playerList', lazy: adminPlaceholder('Players') },
  { path: 'players', lazy: adminPlaceholder('Players') },
  { path: 'players/:playerId', lazy: adminPlaceholder('Player') },
  { path: 'player/:playerId/stats', lazy: adminPlaceholder('Player Stats') },
  { path: 'schedule', lazy: adminPlaceholder('Schedule') },
  { path: 'games', lazy: adminPlaceholder('Games') },
  { path: 'games/:gameId', lazy: adminPlaceholder('Game') },
]

/** An organization's public pages, under /{slug} on the platform host or at the root of its domain. */
const siteRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', lazy: loginPage },
  ...(
    [
      ['registration', 'Registration'],
      ['leagueInfo', 'League Info'],
      ['tournament', 'Tournament'],
      ['ourTeam', 'Join Our Team'],
      ['leagueFootage', 'League Footage'],
      ['youth', 'Youth'],
      ['contact', 'Contact Us'],
      ['teamList', 'Standings'],
      ['schedule', 'Schedule'],
      ['playerList', 'Players'],
      ['leaderboard', 'Leader Board'],
      ['players', 'Players'],
      ['players/:playerId', 'Player'],
      ['player/:playerId/stats', 'Player Stats'],
      ['games', 'Games'],
      ['games/:gameId', 'Game'],
      ['teams/:teamId', 'Team'],
    ] as const
  ).map(([path, title]) => ({ path, element: <SitePlaceholderPage title={title} /> })),
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
        { path: 'browse', element: <PlainPage title="Browse" /> },
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
