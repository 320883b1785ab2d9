// First path segments on the platform host, shared by the Worker (slug rules) and the SPA (routing).

/** docs/reference/public-site.md §9: the league content pages; reserved, never organization slugs. */
export const CONTENT_SEGMENTS = [
  'registration',
  'leagueInfo',
  'tournament',
  'ourTeam',
  'leagueFootage',
  'youth',
  'contact',
  // The member area and share-link landing pages of every site (docs/members.md).
  'member',
  'join',
] as const

/**
 * First segments of the signed-in area (docs/reference/public-site.md §2.2, docs/reference/league-admin.md §2): the SPA loads its admin chunk
 * for these (web/src/app/admin-paths.ts).
 */
export const ADMIN_SEGMENTS = [
  'dashboard',
  'organizations',
  'stats',
  'playerListAuth',
  'userSettings',
  'leagueList',
  'leagues',
  'season',
  'fab',
  'scheduleBuilder',
  'businessPage',
  'gamePeriod',
  'playerAttributes',
] as const

/** The SPA's own pages and the Worker's own paths on the platform host: never slugs either. */
export const APP_SEGMENTS = [
  'login',
  ...ADMIN_SEGMENTS,
  'browse',
  'millionaire',
  'games',
  'players',
  'player',
  'teams',
  'teamList',
  'playerList',
  'schedule',
  'leaderboard',
  'records',
  'site',
  'media',
  'api',
  'assets',
  'images',
] as const

/** Every first segment that can never be read as an organization's slug. */
export const NON_SLUG_SEGMENTS: readonly string[] = [...CONTENT_SEGMENTS, ...APP_SEGMENTS]
