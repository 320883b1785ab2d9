// The admin sidebar's links, grouped the way a league's staff think of their week
// (docs/decisions/2026-11-24-admin-navigation.md). Every admin screen without an id in its path is
// here (test/unit/admin-nav.test.ts checks it against the router); the rest open from these.
export type Role = 'super_admin' | 'org_owner' | 'staff'

export interface NavLinkItem {
  to: string
  /** The English name (the source catalog's text, docs/decisions/2026-11-28-languages.md). */
  label: string
  /** Its catalog key (i18n/<language>/admin.json): what the screen shows. */
  key: string
  /** Shown only to these roles (default: everyone signed in). */
  roles?: Role[]
  /** Marked current only on this exact path, not on the paths below it. */
  end?: boolean
  /** A count shown beside the name, hidden at 0: the games waiting in the score reports queue. */
  count?: 'scoreReports'
}

export interface NavGroup {
  label: string
  key: string
  items: NavLinkItem[]
}

/** Above the groups: the spec's Dashboard (the home of what needs attention), and the owner's Audit Trail. */
export const NAV_TOP: NavLinkItem[] = [
  { to: '/dashboard', label: 'Dashboard', key: 'admin.nav.dashboard', end: true },
  { to: '/dashboard/auditTrail', label: 'Audit Trail', key: 'admin.nav.auditTrail', roles: ['org_owner', 'super_admin'] },
]

/** Always-open groups between Dashboard and the spec's collapsible Settings. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Season setup',
    key: 'admin.nav.seasonSetup',
    items: [
      { to: '/dashboard/seasons', label: 'Seasons', key: 'admin.nav.seasons' },
      { to: '/leagueList', label: 'Leagues', key: 'admin.nav.leagues' },
      { to: '/teamList', label: 'Teams', key: 'admin.nav.teams' },
      { to: '/dashboard/import', label: 'Import and export', key: 'admin.nav.importExport' },
    ],
  },
  {
    label: 'Games and schedules',
    key: 'admin.nav.gamesAndSchedules',
    items: [
      { to: '/schedule', label: 'Schedule', key: 'admin.nav.schedule' },
      { to: '/scheduleBuilder', label: 'Schedule Builder', key: 'admin.nav.scheduleBuilder' },
      { to: '/dashboard/venues', label: 'Venues', key: 'admin.nav.venues' },
      { to: '/dashboard/score-reports', label: 'Score reports', key: 'admin.nav.scoreReports', count: 'scoreReports' },
      { to: '/fab/standings', label: 'Standings', key: 'admin.nav.standings' },
    ],
  },
  {
    label: 'Site',
    key: 'admin.nav.site',
    items: [
      { to: '/dashboard/site', label: 'Site look', key: 'admin.nav.siteLook', roles: ['org_owner'] },
      { to: '/businessPage', label: 'Businesses', key: 'admin.nav.businesses' },
      { to: '/dashboard/widgets', label: 'Embed widgets', key: 'admin.nav.embedWidgets' },
    ],
  },
]

/** The spec's Settings group (Stats, All Players, User, Organizations for super admins, Logout) and the rest of the settings. */
export const NAV_SETTINGS: NavLinkItem[] = [
  { to: '/stats', label: 'Stats', key: 'admin.nav.stats' },
  { to: '/gamePeriod', label: 'Game Periods', key: 'admin.nav.gamePeriods' },
  { to: '/playerAttributes', label: 'Player Attributes', key: 'admin.nav.playerAttributes' },
  { to: '/playerListAuth', label: 'All Players', key: 'admin.nav.allPlayers' },
  { to: '/userSettings', label: 'User', key: 'admin.nav.user' },
  { to: '/dashboard/users', label: 'Users', key: 'admin.nav.users', roles: ['org_owner'] },
  { to: '/organizations', label: 'Organizations', key: 'admin.nav.organizations', roles: ['super_admin'] },
]

/**
 * Sections inside a screen that the quick switcher (Ctrl+K) finds by their own name: the screen's
 * path and the section's id; the section scrolls into view and takes focus when opened so.
 */
/** `screen` is the screen's catalog key. */
export const NAV_SECTIONS: (NavLinkItem & { screen: string })[] = [
  { to: '/stats#record-book', label: 'Record book minimums', key: 'admin.nav.recordBookMinimums', screen: 'admin.nav.stats' },
]

/** Paths that open the same screen as a listed link (aliases the specification names). */
export const NAV_ALIASES: Record<string, string> = {
  '/playerList': '/playerListAuth',
  '/players': '/playerListAuth',
  '/games': '/schedule',
}

export const visibleTo = (item: NavLinkItem, role: Role | undefined) =>
  !item.roles || (role !== undefined && item.roles.includes(role))
