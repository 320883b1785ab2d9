import { type RouteObject, useLocation, useRoutes } from 'react-router'
import { PageNotFound } from '../features/site/organization-not-found'
import { isCustomDomain } from '../lib/tenant'
import { ADMIN_SEGMENTS, SHARED_ADMIN_SEGMENTS } from './admin-paths'
import { BareLayout, PlatformLoginLayout, PublicLayout } from './layouts/public-layout'
import { lazyScreen, preloadMatched, ScreenOutlet, screen, usePreloadedChunks } from './lazy-screen'
import { RouteErrorBoundary } from './route-error'

/**
 * docs/reference/performance.md (first load < 100 KB gz JS): the router runs in react-router's declarative mode
 * (`useRoutes` over the route objects) — the data router alone adds ~16 KB gz and nothing here
 * uses loaders or actions. Every screen is a lazy chunk; the whole signed-in area (its route table,
 * screens, @dnd-kit, image compression, the schedule builder) is one more lazy import reached only
 * through an admin path, so a visitor never downloads it (docs/architecture.md, Front end).
 */
const homePage = screen(() => import('../features/site/home-page'), 'HomePage')
const loginPage = () => screen(() => import('../features/auth/login-page'), 'LoginPage')

/** An organization's public pages, under /{slug} on the platform host or at the root of its domain. */
const siteRoutes: RouteObject[] = [
  { index: true, ...homePage },
  { path: 'login', ...loginPage() },
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
  ).map(([path, name]) => ({ path, ...screen(() => import('../features/site-content/content-pages'), name) })),
  { path: 'teamList', ...screen(() => import('../features/standings/public-standings-page'), 'PublicStandingsPage') },
  { path: 'schedule', ...screen(() => import('../features/schedule/public-schedule-page'), 'PublicSchedulePage') },
  { path: 'games', ...screen(() => import('../features/schedule/public-games-page'), 'PublicGamesPage') },
  { path: 'games/:gameId', ...screen(() => import('../features/games/public-game-page'), 'PublicGamePage') },
  { path: 'player/:playerId/stats', ...screen(() => import('../features/player-stats/player-stats-page'), 'PlayerStatsPage') },
  { path: 'leaderboard', ...screen(() => import('../features/leaderboard/leaderboard-page'), 'LeaderboardPage') },
  { path: 'players', ...screen(() => import('../features/public-players/public-players-page'), 'PublicPlayersPage') },
  { path: 'teams/:teamId', ...screen(() => import('../features/public-teams/public-team-page'), 'PublicTeamPage') },
  { path: 'playerList', ...screen(() => import('../features/public-players/public-players-page'), 'PublicPlayersPage') },
  { path: 'players/:playerId', ...screen(() => import('../features/public-players/public-player-page'), 'PublicPlayerPage') },
  // docs/notifications.md: the page an e-mail's unsubscribe link opens.
  { path: 'member/unsubscribe', ...screen(() => import('../features/member/unsubscribe-page'), 'UnsubscribePage') },
  // A captain's score report (docs/members.md "Score reports").
  { path: 'member/games/:gameId/report', ...screen(() => import('../features/games/score-report-page'), 'ScoreReportPage') },
  // docs/members.md "Captains", "Roster invites", "Availability": the captain's team, a member's game, joining, e-mail answers.
  {
    path: 'member/team/:seasonsLeagueTeamId',
    ...screen(() => import('../features/member/captain-team-page'), 'CaptainTeamPage'),
  },
  { path: 'member/games/:gameId', ...screen(() => import('../features/member/member-game-page'), 'MemberGamePage') },
  { path: 'member/answer', ...screen(() => import('../features/member/answer-link-page'), 'AnswerLinkPage') },
  { path: 'join/:token', ...screen(() => import('../features/member/join-page'), 'JoinPage') },
  // The members' own pages (docs/members.md): signing in, and the member's home.
  { path: 'member/sign-in', ...screen(() => import('../features/member/sign-in-page'), 'MemberSignInPage') },
  { path: 'member', ...screen(() => import('../features/member/member-home-page'), 'MemberHomePage') },
  // docs/registration.md "Signing up": the forms, one form, and the member's own registrations.
  { path: 'register', ...screen(() => import('../features/registration/sign-up-page'), 'RegisterListPage') },
  { path: 'register/:formId', ...screen(() => import('../features/registration/sign-up-page'), 'SignUpPage') },
  { path: 'member/registrations', ...screen(() => import('../features/registration/sign-up-page'), 'MyRegistrationsPage') },
  { path: '*', ...screen(() => import('./site-placeholder-page'), 'SitePlaceholderPage') },
]

function platformRoutes(): RouteObject[] {
  return [
    {
      element: <BareLayout />,
      children: [
        { index: true, ...screen(() => import('./platform-pages'), 'RootListingsPage') },
        { path: 'browse', ...screen(() => import('../features/directory/browse-page'), 'BrowsePage') },
        { path: 'millionaire', ...screen(() => import('./platform-pages'), 'MillionairePage') },
      ],
    },
    { path: 'login', element: <PlatformLoginLayout />, children: [{ index: true, ...loginPage() }] },
    { path: ':slug', element: <PublicLayout />, children: siteRoutes },
    { path: '*', element: <PageNotFound /> },
  ]
}

function customDomainRoutes(): RouteObject[] {
  return [
    {
      element: <PublicLayout />,
      // docs/reference/public-site.md §2.1: /site is the site home on a custom domain.
      children: [{ path: 'site', ...homePage }, ...siteRoutes],
    },
  ]
}

const appRoutes: RouteObject[] = isCustomDomain() ? customDomainRoutes() : platformRoutes()
const adminSegments = new Set<string>(isCustomDomain() ? ADMIN_SEGMENTS : [...ADMIN_SEGMENTS, ...SHARED_ADMIN_SEGMENTS])
const adminArea = lazyScreen(async () => (await import('./admin-routes')).AdminArea)

const isAdmin = (pathname: string) => adminSegments.has(pathname.split('/')[1] ?? '')

/**
 * The chunks the first address needs, loaded before the first render (main.tsx): a first load then
 * never commits a loading fallback, whose reveal React holds back for 300 ms after it was shown
 * (docs/decisions/2026-11-25-first-screen-before-render.md).
 */
export const firstScreenLoaded = () =>
  isAdmin(window.location.pathname)
    ? Promise.all([adminArea.handle.preload(), import('./admin-routes').then((m) => m.preloadAdminScreen())])
    : preloadMatched(appRoutes)

export function AppRoutes() {
  const location = useLocation()
  const admin = isAdmin(location.pathname)
  if (admin) void adminArea.handle.preload()
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <ScreenOutlet>{admin ? adminArea.element : <SiteRoutes />}</ScreenOutlet>
    </RouteErrorBoundary>
  )
}

function SiteRoutes() {
  usePreloadedChunks(appRoutes)
  return useRoutes(appRoutes)
}
