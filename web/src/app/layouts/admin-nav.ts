// The admin sidebar's links, grouped the way a league's staff think of their week
// (docs/decisions/2026-11-24-admin-navigation.md). Every admin screen without an id in its path is
// here (test/unit/admin-nav.test.ts checks it against the router); the rest open from these.
export type Role = 'super_admin' | 'org_owner' | 'staff'

export interface NavLinkItem {
  to: string
  label: string
  /** Shown only to these roles (default: everyone signed in). */
  roles?: Role[]
  /** Marked current only on this exact path, not on the paths below it. */
  end?: boolean
}

export interface NavGroup {
  label: string
  items: NavLinkItem[]
}

/** Above the groups: the spec's Dashboard (the home of what needs attention), and the owner's Audit Trail. */
export const NAV_TOP: NavLinkItem[] = [
  { to: '/dashboard', label: 'Dashboard', end: true },
  { to: '/dashboard/auditTrail', label: 'Audit Trail', roles: ['org_owner', 'super_admin'] },
]

/** Always-open groups between Dashboard and the spec's collapsible Settings. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Season setup',
    items: [
      { to: '/dashboard/seasons', label: 'Seasons' },
      { to: '/leagueList', label: 'Leagues' },
      { to: '/teamList', label: 'Teams' },
      { to: '/dashboard/import', label: 'Import and export' },
    ],
  },
  {
    label: 'Games and schedules',
    items: [
      { to: '/schedule', label: 'Schedule' },
      { to: '/scheduleBuilder', label: 'Schedule Builder' },
      { to: '/dashboard/venues', label: 'Venues' },
      { to: '/fab/standings', label: 'Standings' },
    ],
  },
  {
    label: 'Site',
    items: [
      { to: '/dashboard/site', label: 'Site look', roles: ['org_owner'] },
      { to: '/businessPage', label: 'Businesses' },
      { to: '/dashboard/widgets', label: 'Embed widgets' },
    ],
  },
]

/** The spec's Settings group (Stats, All Players, User, Organizations for super admins, Logout) and the rest of the settings. */
export const NAV_SETTINGS: NavLinkItem[] = [
  { to: '/stats', label: 'Stats' },
  { to: '/gamePeriod', label: 'Game Periods' },
  { to: '/playerAttributes', label: 'Player Attributes' },
  { to: '/playerListAuth', label: 'All Players' },
  { to: '/userSettings', label: 'User' },
  { to: '/dashboard/users', label: 'Users', roles: ['org_owner'] },
  { to: '/organizations', label: 'Organizations', roles: ['super_admin'] },
]

/**
 * Sections inside a screen that the quick switcher (Ctrl+K) finds by their own name: the screen's
 * path and the section's id; the section scrolls into view and takes focus when opened so.
 */
export const NAV_SECTIONS: (NavLinkItem & { screen: string })[] = [
  { to: '/stats#record-book', label: 'Record book minimums', screen: 'Stats' },
]

/** Paths that open the same screen as a listed link (aliases the specification names). */
export const NAV_ALIASES: Record<string, string> = {
  '/playerList': '/playerListAuth',
  '/players': '/playerListAuth',
  '/games': '/schedule',
}

export const visibleTo = (item: NavLinkItem, role: Role | undefined) =>
  !item.roles || (role !== undefined && item.roles.includes(role))
