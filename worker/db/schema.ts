// The only schema. Every tenant-owned table carries organization_id (cascade on organization delete)
// so a query can always be scoped to one tenant without joins. Foreign keys between tenant rows use
// NO ACTION (checked at statement end) where history must not vanish silently — the routes refuse
// with 409 first — and CASCADE only for pure link rows that mean nothing without their parent.
import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { LEAGUE_TIME_ZONE } from '../domain/time'

const id = () => integer('id').primaryKey({ autoIncrement: true })
// Raised by the database on every update (migration 0008): the optimistic-concurrency token of
// docs/api-concurrency.md.
const version = () => integer('version').notNull().default(1)
const createdAt = () => text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`)
const orgRef = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' })

/** A DNS record the operator creates for a custom domain (CNAME to the fallback origin, TXTs). */
export interface CustomHostnameRecord {
  type: 'CNAME' | 'TXT'
  name: string
  value: string
  /** What the record is for: routing, hostname ownership, or certificate validation. */
  purpose: 'routing' | 'ownership' | 'certificate'
}

export const sports = sqliteTable('sports', {
  id: id(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
})

export const organizations = sqliteTable(
  'organizations',
  {
    id: id(),
    version: version(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    domain: text('domain'),
    theme: text('theme', { enum: ['light', 'dark'] })
      .notNull()
      .default('light'),
    logoKey: text('logo_key'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    youtubeUrl: text('youtube_url'),
    customPageUrl: text('custom_page_url'),
    customSite: integer('custom_site', { mode: 'boolean' }).notNull().default(false),
    // Which navigation bar the public site shows (docs/reference/public-site.md §2.4) and which home it renders (§2.6).
    navigation: text('navigation', { enum: ['full', 'small'] })
      .notNull()
      .default('small'),
    homeVariant: text('home_variant', { enum: ['history', 'stat_leaders', 'empty'] })
      .notNull()
      .default('empty'),
    // The platform's own organization (where the super admin lives) is never listed publicly.
    isPlatform: integer('is_platform', { mode: 'boolean' }).notNull().default(false),
    // Bumped by every write so cached public responses are never stale.
    dataVersion: integer('data_version').notNull().default(1),
    // Drawn anew at every data-version bump (migration 0008), so cache keys never repeat after a restore.
    cacheEpoch: text('cache_epoch').notNull().default(''),
    createdAt: createdAt(),
    // The domain's Cloudflare for SaaS custom hostname (worker/custom-hostnames/): its id and the
    // API's own hostname and certificate statuses, the DNS records the operator must create, and
    // the work still owed to the API when it was slow or down (retried by the scheduled trigger).
    customHostnameId: text('custom_hostname_id'),
    customHostnameStatus: text('custom_hostname_status'),
    customHostnameSslStatus: text('custom_hostname_ssl_status'),
    customHostnameRecords: text('custom_hostname_records', { mode: 'json' }).$type<CustomHostnameRecord[]>(),
    customHostnameError: text('custom_hostname_error'),
    customHostnameAction: text('custom_hostname_action', { enum: ['register', 'refresh'] }),
    // Hostnames of a removed or replaced domain that Cloudflare has not confirmed deleting yet.
    customHostnameStaleIds: text('custom_hostname_stale_ids', { mode: 'json' }).$type<string[]>(),
    customHostnameAttempts: integer('custom_hostname_attempts').notNull().default(0),
    customHostnameRetryAt: text('custom_hostname_retry_at'),
    customHostnameCheckedAt: text('custom_hostname_checked_at'),
    // The record book's qualification minimums (docs/records.md): games for per-game averages,
    // attempts for percentages.
    recordMinGames: integer('record_min_games').notNull().default(10),
    recordMinAttempts: integer('record_min_attempts').notNull().default(50),
    // The IANA zone every local date and time of the organization is read in (docs/decisions/2026-11-28-time-zones.md).
    timeZone: text('time_zone').notNull().default(LEAGUE_TIME_ZONE),
    // Brand colours, `#rrggbb`, or null for the theme's own; stored only when they pass the
    // contrast rule on both themes (worker/domain/brand-colours.ts, docs/site-look.md).
    brandPrimary: text('brand_primary'),
    brandAccent: text('brand_accent'),
    // The public site's language and the languages visitors may switch to, comma-separated, the
    // site's own first (docs/decisions/2026-11-28-languages.md). Staff default to the site's language.
    language: text('language').notNull().default('en'),
    languages: text('languages').notNull().default('en'),
    // Every amount is an integer of this currency's minor units (docs/registration.md "Money").
    currency: text('currency').notNull().default('USD'),
  },
  (t) => [uniqueIndex('organizations_slug_unique').on(t.slug), uniqueIndex('organizations_domain_unique').on(t.domain)],
)

export const organizationSports = sqliteTable(
  'organization_sports',
  {
    organizationId: orgRef(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sportId] })],
)

// Public content pages of an organization (registration, league info, FAQ, …) as JSON documents.
export const sitePages = sqliteTable(
  'site_pages',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    pageKey: text('page_key').notNull(),
    content: text('content', { mode: 'json' }).notNull(),
  },
  (t) => [uniqueIndex('site_pages_org_key').on(t.organizationId, t.pageKey)],
)

export const users = sqliteTable(
  'users',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['super_admin', 'org_owner', 'staff'] }).notNull(),
    theme: text('theme', { enum: ['light', 'dark'] })
      .notNull()
      .default('light'),
    // The dashboard's language; null follows the organization's (docs/decisions/2026-11-28-languages.md).
    language: text('language'),
    resetPassword: integer('reset_password', { mode: 'boolean' }).notNull().default(false),
    // Raising the epoch ends every session of the user at once (logout everywhere, role change…).
    sessionEpoch: integer('session_epoch').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_org_username').on(t.organizationId, t.username), index('users_username').on(t.username)],
)

export const userSports = sqliteTable(
  'user_sports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportId] })],
)

export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: id(),
    username: text('username').notNull(),
    address: text('address').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('login_failures_key').on(t.username, t.address, t.at)],
)

export const seasons = sqliteTable(
  'seasons',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    sportId: integer('sport_id').references(() => sports.id),
    name: text('name').notNull(),
    startDate: text('start_date'),
    finishDate: text('finish_date'),
    active: integer('active', { mode: 'boolean' }).notNull().default(false),
    // Shown on the public site as "upcoming" before it becomes active (docs/published-seasons.md).
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('seasons_org_active').on(t.organizationId, t.active)],
)

export const leagues = sqliteTable(
  'leagues',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    // League rules for members (docs/members.md "League rules").
    rosterSize: integer('roster_size'),
    rosterDeadline: text('roster_deadline'),
    reminderHours: integer('reminder_hours').notNull().default(48),
    minPlayers: integer('min_players').notNull().default(5),
    reportDeadlineHours: integer('report_deadline_hours').notNull().default(48),
  },
  (t) => [index('leagues_org').on(t.organizationId)],
)

export const seasonsLeagues = sqliteTable(
  'seasons_leagues',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('seasons_leagues_pair').on(t.seasonId, t.leagueId), index('seasons_leagues_league').on(t.leagueId)],
)

export const divisions = sqliteTable(
  'divisions',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('divisions_season').on(t.seasonId)],
)

export const players = sqliteTable(
  'players',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    imageKey: text('image_key'),
    createdAt: createdAt(),
    // Private (docs/members.md "Privacy"): never on a public page nor shown to other members; stored
    // lower-cased, one player per address in an organization.
    email: text('email'),
    // The public site shows "Player hidden" instead of the name, at the player's request.
    hideName: integer('hide_name', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('players_org_email').on(t.organizationId, t.email).where(sql`${t.email} IS NOT NULL`),
    index('players_org_name').on(t.organizationId, t.lastName, t.firstName),
    // Lists are sorted by full name (docs/reference/public-site.md §2.8): read in this order, a page stops at its limit.
    index('players_org_full_name').on(t.organizationId, t.firstName, t.lastName),
    // The players search matches the start of a first or last name (docs/reference/performance.md): ranges on these
    // expressions read the matching names only, never the organization's every player.
    index('players_org_first_lower').on(t.organizationId, sql`lower(${t.firstName})`),
    index('players_org_last_lower').on(t.organizationId, sql`lower(${t.lastName})`),
  ],
)

export const teams = sqliteTable(
  'teams',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    logoKey: text('logo_key'),
    // The league a team is filed under in the global team list (docs/reference/league-admin.md "Global team list").
    leagueId: integer('league_id').references(() => leagues.id, { onDelete: 'set null' }),
    captainId: integer('captain_id').references(() => players.id, { onDelete: 'set null' }),
    // Times (HH:mm) the team cannot play, used by the schedule builder.
    unavailableSlots: text('unavailable_slots', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('teams_org').on(t.organizationId), index('teams_league').on(t.leagueId)],
)

// A team taking part in a league of a season, with its division and place in it.
export const seasonsLeaguesTeams = sqliteTable(
  'seasons_leagues_teams',
  {
    id: id(),
    organizationId: orgRef(),
    seasonsLeagueId: integer('seasons_league_id')
      .notNull()
      .references(() => seasonsLeagues.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id').references(() => divisions.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('slt_pair').on(t.seasonsLeagueId, t.teamId),
    index('slt_team').on(t.teamId),
    index('slt_division').on(t.divisionId),
  ],
)

export const rosters = sqliteTable(
  'rosters',
  {
    id: id(),
    organizationId: orgRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    seasonsLeagueTeamId: integer('seasons_league_team_id')
      .notNull()
      .references(() => seasonsLeaguesTeams.id, { onDelete: 'cascade' }),
    // Captain rights on this roster (docs/members.md "Captains"), marked by staff.
    captain: integer('captain', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('rosters_slt_player').on(t.seasonsLeagueTeamId, t.playerId),
    index('rosters_player').on(t.playerId),
    index('rosters_team').on(t.teamId),
  ],
)

export const playerAttributes = sqliteTable(
  'player_attributes',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    attributeName: text('attribute_name').notNull(),
    attributeType: text('attribute_type', { enum: ['string', 'number', 'date'] }).notNull(),
    isVisible: integer('is_visible', { mode: 'boolean' }).notNull().default(true),
    order: integer('order').notNull().default(0),
  },
  (t) => [index('player_attributes_org').on(t.organizationId)],
)

export const playerAttributeValues = sqliteTable(
  'player_attribute_values',
  {
    id: id(),
    organizationId: orgRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => playerAttributes.id, { onDelete: 'cascade' }),
    value: text('value'),
  },
  (t) => [uniqueIndex('pav_player_attribute').on(t.playerId, t.attributeId)],
)

export const statDefinitions = sqliteTable(
  'stat_definitions',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    order: integer('order').notNull().default(0),
    isVisible: integer('is_visible', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [uniqueIndex('stat_definitions_org_sport_abbr').on(t.organizationId, t.sportId, t.abbreviation)],
)

export const gamePeriods = sqliteTable(
  'game_periods',
  {
    id: id(),
    organizationId: orgRef(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('game_periods_org_sport').on(t.organizationId, t.sportId)],
)

export const schedules = sqliteTable(
  'schedules',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: text('start_date').notNull(),
    numWeeks: integer('num_weeks').notNull(),
    gameDays: text('game_days', { mode: 'json' }).$type<string[]>().notNull().default([]),
    sameSlot: integer('same_slot', { mode: 'boolean' }).notNull().default(true),
    seed: integer('seed').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('schedules_org_league').on(t.organizationId, t.leagueId)],
)

// The time slots of a schedule: weekIndex null = every week (sameSlot), else that week only.
export const scheduleSlots = sqliteTable(
  'schedule_slots',
  {
    id: id(),
    organizationId: orgRef(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    weekIndex: integer('week_index'),
    time: text('time').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('schedule_slots_schedule').on(t.scheduleId)],
)

export const games = sqliteTable(
  'games',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonId: integer('season_id').references(() => seasons.id),
    leagueId: integer('league_id').references(() => leagues.id),
    seasonsLeagueId: integer('seasons_league_id').references(() => seasonsLeagues.id),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    weekIndex: integer('week_index'),
    // team1 is the home team, team2 the away team.
    team1Id: integer('team1_id')
      .notNull()
      .references(() => teams.id),
    team2Id: integer('team2_id')
      .notNull()
      .references(() => teams.id),
    date: text('date'),
    time: text('time'),
    gameDateTime: text('game_date_time'),
    location: text('location'),
    videoUrl: text('video_url'),
    status: text('status', {
      enum: ['scheduled', 'completed', 'postponed', 'cancelled', 'forfeit'],
    })
      .notNull()
      .default('scheduled'),
    scoreTeam1: integer('score_team1').notNull().default(0),
    scoreTeam2: integer('score_team2').notNull().default(0),
    locked: integer('locked', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    // A playoff game: its place in a bracket (docs/playoffs.md). Never counted in the standings.
    bracketSlotId: integer('bracket_slot_id').references((): AnySQLiteColumn => bracketSlots.id, { onDelete: 'set null' }),
    // Where it is played (docs/venues.md): a venue of the organization and one of its courts, or
    // neither (the free-text `location` alone, as before).
    venueId: integer('venue_id').references((): AnySQLiteColumn => venues.id),
    courtId: integer('court_id').references((): AnySQLiteColumn => courts.id),
  },
  (t) => [
    index('games_org_season_date').on(t.organizationId, t.seasonId, t.date, t.time),
    // A team's games (team page, deletes) read these through a multi-index OR, narrowed to one
    // season when the page shows one: never all of an organization's history (docs/reference/performance.md).
    index('games_team1_season').on(t.team1Id, t.seasonId),
    index('games_team2_season').on(t.team2Id, t.seasonId),
    index('games_schedule').on(t.scheduleId),
    index('games_league_season').on(t.leagueId, t.seasonId),
    uniqueIndex('games_bracket_slot').on(t.bracketSlotId),
    index('games_venue').on(t.venueId),
    index('games_court').on(t.courtId),
  ],
)

export const periodScores = sqliteTable(
  'period_scores',
  {
    id: id(),
    organizationId: orgRef(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    gamePeriodId: integer('game_period_id')
      .notNull()
      .references(() => gamePeriods.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    score: integer('score').notNull().default(0),
  },
  (t) => [uniqueIndex('period_scores_unique').on(t.gameId, t.gamePeriodId, t.teamId)],
)

export const playerGameStats = sqliteTable(
  'player_game_stats',
  {
    id: id(),
    organizationId: orgRef(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    statId: integer('stat_id')
      .notNull()
      .references(() => statDefinitions.id),
    value: integer('value').notNull().default(0),
  },
  (t) => [
    uniqueIndex('pgs_game_player_stat').on(t.gameId, t.playerId, t.statId),
    index('pgs_player').on(t.playerId),
    index('pgs_stat').on(t.statId),
    // Single-game records (migration 0013, docs/records.md): one stat's highest values first.
    index('pgs_stat_value').on(t.statId, t.value),
  ],
)

export const byes = sqliteTable(
  'byes',
  {
    id: id(),
    organizationId: orgRef(),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'cascade' }),
    weekIndex: integer('week_index'),
    date: text('date').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [index('byes_org_season_date').on(t.organizationId, t.seasonId, t.date), index('byes_schedule').on(t.scheduleId)],
)

export const weekOffs = sqliteTable(
  'week_offs',
  {
    id: id(),
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    seasonsLeaguesId: integer('seasons_leagues_id').references(() => seasonsLeagues.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    reason: text('reason').notNull().default('Off Week'),
  },
  (t) => [index('week_offs_org_season').on(t.organizationId, t.seasonId, t.date)],
)

export const businesses = sqliteTable(
  'businesses',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    city: text('city'),
    state: text('state'),
    location: text('location'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    sport: text('sport'),
    category: text('category'),
    season: text('season'),
    nextSeason: text('next_season'),
    signupDeadline: text('signup_deadline'),
    signupStatus: text('signup_status', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    cost: text('cost'),
    skillLevel: text('skill_level'),
  },
  (t) => [index('businesses_org').on(t.organizationId)],
)

// docs/reference/trust-and-security.md §8: who changed what, when, with the row before and after. Written only by the triggers
// of migrations/*_audit_triggers.sql (scripts/generate-audit-triggers.ts), never by route code, so
// every write path is covered. No foreign keys: a deleted organization's or user's trail survives.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: id(),
    /** The organization the changed row belongs to (not the actor's: a super admin acts on others). */
    organizationId: integer('organization_id').notNull(),
    at: text('at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    userId: integer('user_id').notNull(),
    username: text('username').notNull(),
    requestId: text('request_id'),
    action: text('action', { enum: ['insert', 'update', 'delete'] }).notNull(),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    /** JSON of the row before the write (null for an insert); secrets replaced by markers. */
    before: text('before'),
    /** JSON of the row after the write (null for a delete). */
    after: text('after'),
  },
  (t) => [
    index('audit_log_org_id').on(t.organizationId, sql`${t.id} desc`),
    index('audit_log_org_table').on(t.organizationId, t.tableName, t.id),
  ],
)

// One row (id = 1) naming the actor of the writes in flight. worker/db/audit.ts sets it and clears
// it inside the same D1 batch as the writes, so it is never seen by another request's statements.
export const auditContext = sqliteTable('audit_context', {
  id: integer('id').primaryKey(),
  userId: integer('user_id'),
  username: text('username'),
  organizationId: integer('organization_id'),
  requestId: text('request_id'),
})

/**
 * Season totals of each stat per player, team and league (docs/reference/performance.md: leaderboards, stat leaders and
 * standings must not add up millions of box-score rows per request). Never written by the routes:
 * the triggers of migration 0006 keep them equal to the sum of player_game_stats in the same
 * statement that writes, edits or deletes a box-score row (or moves a game to another season or
 * league), so every path — today's routes or tomorrow's — keeps them exact. `league_id` is 0 for a
 * game without a league (no foreign key for that reason); games without a season are not counted.
 * `games` is how many games of the season the player has a row of that stat in.
 */
export const playerSeasonTotals = sqliteTable(
  'player_season_totals',
  {
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    statId: integer('stat_id')
      .notNull()
      .references(() => statDefinitions.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    games: integer('games').notNull().default(0),
  },
  (t) => [
    // Leaderboards read one season and stat; the same key is the triggers' upsert target.
    primaryKey({ columns: [t.seasonId, t.statId, t.leagueId, t.teamId, t.playerId] }),
    // Tenant-scoped reads of one season and stat (leaderboards, standings); also the organization
    // cascade's index.
    index('pst_org_season_stat').on(t.organizationId, t.seasonId, t.statId),
    index('pst_player').on(t.playerId),
  ],
)

/**
 * Season totals of each stat per team and league: the same sums as player_season_totals added up
 * over the team's players, kept by the same triggers (migration 0006), so the standings read 3 rows
 * a team for FT% and 3PM instead of every player's.
 */
export const teamSeasonTotals = sqliteTable(
  'team_season_totals',
  {
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    statId: integer('stat_id')
      .notNull()
      .references(() => statDefinitions.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    // Box-score rows added up (one per player and game): the row goes when the last one does.
    statRows: integer('stat_rows').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.statId, t.leagueId, t.teamId] }),
    index('tst_org_season_stat').on(t.organizationId, t.seasonId, t.statId),
    index('tst_team').on(t.teamId),
  ],
)

/**
 * The record book's totals (migration 0013, docs/records.md): per player and stat, one row per
 * season and league played (`league_id` 0 for games without a league) and career rows
 * (`season_id` 0) for all leagues (`league_id` 0) and each league. Percentage stats have rows of
 * their own: `total` the made, `attempts` the attempted. Kept equal to the box score by the triggers
 * of migration 0013 in the statement that writes it, never by route code. `games` counts the box-score
 * rows of the stat (of the attempted stat for a percentage), `box_rows` every row added in.
 */
export const recordTotals = sqliteTable(
  'record_totals',
  {
    organizationId: orgRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    statId: integer('stat_id')
      .notNull()
      .references(() => statDefinitions.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id').notNull(),
    leagueId: integer('league_id').notNull(),
    total: integer('total').notNull().default(0),
    games: integer('games').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    boxRows: integer('box_rows').notNull().default(0),
    career: integer('career').generatedAlwaysAs(sql`(season_id = 0)`, { mode: 'virtual' }),
    rate: real('rate').generatedAlwaysAs(
      sql`(CASE WHEN attempts > 0 THEN total * 1.0 / attempts WHEN games > 0 THEN total * 1.0 / games ELSE 0 END)`,
      { mode: 'virtual' },
    ),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.statId, t.seasonId, t.leagueId] }),
    index('record_totals_total').on(t.organizationId, t.statId, t.career, t.total),
    index('record_totals_league_total').on(t.organizationId, t.statId, t.leagueId, t.career, t.total),
    index('record_totals_rate').on(t.organizationId, t.statId, t.career, t.rate, t.games, t.attempts),
    index('record_totals_league_rate').on(t.organizationId, t.statId, t.leagueId, t.career, t.rate, t.games, t.attempts),
    index('record_totals_season').on(
      t.organizationId,
      t.statId,
      t.career,
      t.seasonId,
      t.leagueId,
      t.playerId,
      t.total,
      t.games,
      t.attempts,
    ),
    index('record_totals_games').on(t.organizationId, t.statId, t.career, t.games),
    index('record_totals_attempts').on(t.organizationId, t.statId, t.career, t.attempts),
  ],
)

// One player's line of a game's box score, for optimistic concurrency (docs/api-concurrency.md):
// its version is raised by triggers on player_game_stats (migration 0008), so two people entering
// different players never conflict and a stale copy of one line is refused.
export const boxLines = sqliteTable(
  'box_lines',
  {
    gameId: integer('game_id').notNull(),
    playerId: integer('player_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.playerId] })],
)

// A live game's events (docs/live-scoring.md): appended by the game's Durable Object, never edited
// (a correction is a compensating event). The box score is derived from them (worker/domain/live-scoring.ts).
export const gameEvents = sqliteTable(
  'game_events',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    // Made by the scorer's device: the same event sent twice is stored once.
    id: text('id').notNull(),
    organizationId: orgRef(),
    // Arrival order at the Durable Object: what a fan's "last event seen" names.
    position: integer('position').notNull(),
    deviceId: text('device_id').notNull(),
    deviceSeq: integer('device_seq').notNull(),
    playerId: integer('player_id'),
    teamId: integer('team_id'),
    action: text('action').notNull(),
    period: integer('period').notNull(),
    // The event an undo cancels.
    ref: text('ref'),
    userId: integer('user_id'),
    createdAt: text('created_at').notNull(),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.id] }),
    uniqueIndex('game_events_position').on(t.gameId, t.position),
    index('game_events_org_received').on(t.organizationId, t.receivedAt),
  ],
)

// Never holds a row: inserting one aborts the batch it is in (worker/db/guards.ts, migration 0008).
export const writeGuards = sqliteTable('write_guards', {
  reason: text('reason').notNull(),
})

/**
 * A league's tiebreakers and playoff places (docs/playoffs.md): the rules after win percentage in
 * order, the per-game point-differential cap, the staff's recorded draw (team ids) and how many
 * teams reach the playoffs (the clinched/eliminated marks; none when null).
 */
export const leagueTiebreakers = sqliteTable(
  'league_tiebreakers',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    rules: text('rules', { mode: 'json' }).$type<string[]>().notNull(),
    pointCap: integer('point_cap'),
    staffOrder: text('staff_order', { mode: 'json' }).$type<number[]>().notNull().default([]),
    playoffSpots: integer('playoff_spots'),
  },
  (t) => [uniqueIndex('league_tiebreakers_league').on(t.leagueId), index('league_tiebreakers_org').on(t.organizationId)],
)

/** A single-elimination playoff bracket of a league (or one division) in a season (docs/playoffs.md). */
export const brackets = sqliteTable(
  'brackets',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id').references(() => divisions.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    // Team ids, best seed first, as the standings placed them when the bracket was made (or reseeded).
    seeds: text('seeds', { mode: 'json' }).$type<number[]>().notNull(),
    thirdPlace: integer('third_place', { mode: 'boolean' }).notNull().default(false),
    reseed: integer('reseed', { mode: 'boolean' }).notNull().default(false),
    eligibility: text('eligibility', { enum: ['all', 'noForfeits'] })
      .notNull()
      .default('all'),
    // Per round: the night and the time slots its games may take.
    rounds: text('rounds', { mode: 'json' }).$type<{ date: string; times: string[]; location: string | null }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('brackets_org_season').on(t.organizationId, t.seasonId)],
)

/** One place of a bracket: round (1 = first), slot within the round, or the third-place game. */
export const bracketSlots = sqliteTable(
  'bracket_slots',
  {
    id: id(),
    organizationId: orgRef(),
    bracketId: integer('bracket_id')
      .notNull()
      .references(() => brackets.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    slot: integer('slot').notNull(),
    kind: text('kind', { enum: ['main', 'third'] })
      .notNull()
      .default('main'),
  },
  (t) => [uniqueIndex('bracket_slots_place').on(t.bracketId, t.kind, t.round, t.slot)],
)

/** One weekly opening of a court: a weekday (as a schedule's game days) and a time span. */
export interface CourtHours {
  day: 'Sunday' | 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday'
  from: string
  to: string
}

/** A gym or field of the organization (docs/venues.md): where games are played. */
export const venues = sqliteTable(
  'venues',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    name: text('name').notNull(),
    address: text('address'),
    mapUrl: text('map_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('venues_org_name').on(t.organizationId, t.name)],
)

/** A court of a venue, with the weekly hours it can be booked. */
export const courts = sqliteTable(
  'courts',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    hours: text('hours', { mode: 'json' }).$type<CourtHours[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('courts_venue_name').on(t.venueId, t.name), index('courts_org').on(t.organizationId)],
)

/**
 * A dated closure of one court, or of the whole venue when court_id is null; all day when from/to
 * are null, else that span of the day. Each says why.
 */
export const courtClosures = sqliteTable(
  'court_closures',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    courtId: integer('court_id').references(() => courts.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    fromTime: text('from_time'),
    toTime: text('to_time'),
    reason: text('reason').notNull(),
  },
  (t) => [index('court_closures_venue_date').on(t.venueId, t.date), index('court_closures_org').on(t.organizationId)],
)

// ---- Members (docs/members.md, migration 0021) ----

/** What a member chose per kind of message (docs/notifications.md): e-mail (the default) or nothing. */
export type NotificationChoices = Partial<Record<'changes' | 'results' | 'invites' | 'reminders' | 'alerts', 'email' | 'none'>>

// A member account: one per e-mail per organization, linked to exactly one player record.
export const members = sqliteTable(
  'members',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: text('language'),
    notifications: text('notifications', { mode: 'json' }).$type<NotificationChoices>().notNull().default({}),
    sessionEpoch: integer('session_epoch').notNull().default(1),
    createdAt: createdAt(),
    lastSignInAt: text('last_sign_in_at'),
  },
  (t) => [uniqueIndex('members_org_email').on(t.organizationId, t.email), uniqueIndex('members_player').on(t.playerId)],
)

export const memberPasskeys = sqliteTable(
  'member_passkeys',
  {
    id: id(),
    organizationId: orgRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull().default([]),
    name: text('name'),
    createdAt: createdAt(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [uniqueIndex('member_passkeys_credential').on(t.credentialId), index('member_passkeys_member').on(t.memberId)],
)

// One-time sign-in links: the token's SHA-256 only; single use, 15 minutes, one organization.
export const memberSignInLinks = sqliteTable(
  'member_sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    organizationId: orgRef(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('member_sign_in_links_expiry').on(t.expiresAt)],
)

// Fixed-window request counters (sign-in links per address and per e-mail), counted and checked in one upsert.
export const requestThrottles = sqliteTable('request_throttles', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

export const rosterInvites = sqliteTable(
  'roster_invites',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonsLeagueTeamId: integer('seasons_league_team_id')
      .notNull()
      .references(() => seasonsLeaguesTeams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    email: text('email'),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roster_invites_token').on(t.tokenHash), index('roster_invites_slt').on(t.seasonsLeagueTeamId)],
)

export const availability = sqliteTable(
  'availability',
  {
    organizationId: orgRef(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ['in', 'out', 'maybe'] }).notNull(),
    answeredAt: text('answered_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.playerId] }), index('availability_player').on(t.playerId)],
)

export const scoreReports = sqliteTable(
  'score_reports',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    reportedBy: text('reported_by').notNull(),
    scoreTeam1: integer('score_team1').notNull(),
    scoreTeam2: integer('score_team2').notNull(),
    lines: text('lines', { mode: 'json' }).$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('score_reports_game_team').on(t.gameId, t.teamId), index('score_reports_org').on(t.organizationId)],
)

// Changes waiting to reach a member (docs/notifications.md), gathered per member into one e-mail.
export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    organizationId: orgRef(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    gameId: integer('game_id'),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    createdAt: integer('created_at').notNull(),
    deliveryId: integer('delivery_id'),
  },
  (t) => [
    index('notifications_pending').on(t.memberId, t.deliveryId),
    index('notifications_org_pending').on(t.organizationId, t.deliveryId),
  ],
)

// One e-mail to one address: claimed once, sent once (docs/notifications.md "Exactly once").
export const mailDeliveries = sqliteTable(
  'mail_deliveries',
  {
    id: id(),
    organizationId: orgRef(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    raw: text('raw').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: integer('claimed_at'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [index('mail_deliveries_org').on(t.organizationId, t.id)],
)

// An availability alert raised for a team's game (migration 0024, docs/members.md "Availability"):
// claimed by its insert, so each is raised once.
export const availabilityAlerts = sqliteTable(
  'availability_alerts',
  {
    organizationId: orgRef(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inCount: integer('in_count').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.teamId, t.kind] }), index('availability_alerts_org').on(t.organizationId)],
)

// WebAuthn challenges (docs/members.md "Passkeys", migration 0023): used up once, one purpose, 5 minutes.
export const memberPasskeyChallenges = sqliteTable(
  'member_passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    organizationId: orgRef(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('member_passkey_challenges_expiry').on(t.expiresAt)],
)

// The directory (docs/scaling.md "Past one database", migration 0029): which D1 binding holds each
// organization, by id, slug and custom domain. Read from the home database `DB` only.
export const orgDirectory = sqliteTable(
  'org_directory',
  {
    organizationId: integer('organization_id').primaryKey(),
    slug: text('slug').notNull(),
    domain: text('domain'),
    binding: text('binding').notNull().default('DB'),
    state: text('state', { enum: ['active', 'moving', 'moved-cleanup'] })
      .notNull()
      .default('active'),
    version: integer('version').notNull().default(1),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex('org_directory_slug').on(t.slug), uniqueIndex('org_directory_domain').on(t.domain)],
)

// ---- Team constraints (docs/venues.md "Team constraints", migration 0027) ----

/** What a team asks of its schedule: a blackout date (hard) or a request (soft), each with its reason. */
export const TEAM_CONSTRAINT_KINDS = ['blackout', 'earliestStart', 'latestStart', 'preferredVenue', 'oneGameANight'] as const
export const teamConstraints = sqliteTable(
  'team_constraints',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TEAM_CONSTRAINT_KINDS }).notNull(),
    /** A blackout's date (yyyy-MM-dd). */
    date: text('date'),
    /** An earliest or latest start (HH:mm). */
    time: text('time'),
    /** A preferred venue. */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Who entered it: staff, or a captain (their member id). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [index('team_constraints_team').on(t.teamId), index('team_constraints_org').on(t.organizationId)],
)

// ---- Registration (docs/registration.md, migration 0025): amounts in minor units of the organization's currency ----

/** A question of the registration form. */
export interface RegistrationQuestion {
  id: string
  label: string
  type: 'text' | 'choice' | 'yesno' | 'date'
  required: boolean
  choices?: string[]
}

export const registrationSettings = sqliteTable(
  'registration_settings',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonsLeagueId: integer('seasons_league_id')
      .notNull()
      .references(() => seasonsLeagues.id, { onDelete: 'cascade' }),
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
    teamFee: integer('team_fee'),
    playerFee: integer('player_fee'),
    teamCapacity: integer('team_capacity'),
    payAtGym: integer('pay_at_gym', { mode: 'boolean' }).notNull().default(false),
    freeAgents: integer('free_agents', { mode: 'boolean' }).notNull().default(true),
    questions: text('questions', { mode: 'json' }).$type<RegistrationQuestion[]>().notNull().default([]),
    eligibility: text('eligibility', { mode: 'json' }).$type<unknown>(),
    waiverText: text('waiver_text').notNull().default(''),
    waiverVersion: integer('waiver_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registration_settings_sl').on(t.seasonsLeagueId), index('registration_settings_org').on(t.organizationId)],
)

export const REGISTRATION_STATUSES = ['held', 'paid', 'gym', 'waitlisted', 'released', 'refunded'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

export const registrations = sqliteTable(
  'registrations',
  {
    id: id(),
    version: version(),
    organizationId: orgRef(),
    seasonsLeagueId: integer('seasons_league_id')
      .notNull()
      .references(() => seasonsLeagues.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['team', 'free_agent'] }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    teamName: text('team_name'),
    colours: text('colours'),
    answers: text('answers', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    birthDate: text('birth_date'),
    availability: text('availability'),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    amount: integer('amount').notNull().default(0),
    currency: text('currency').notNull(),
    payAtGym: integer('pay_at_gym', { mode: 'boolean' }).notNull().default(false),
    checkoutSessionId: text('checkout_session_id'),
    paymentIntentId: text('payment_intent_id'),
    heldUntil: integer('held_until'),
    paidAt: text('paid_at'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('registrations_sl_status').on(t.seasonsLeagueId, t.kind, t.status),
    index('registrations_org').on(t.organizationId),
    uniqueIndex('registrations_checkout').on(t.checkoutSessionId).where(sql`${t.checkoutSessionId} IS NOT NULL`),
    index('registrations_held').on(t.status, t.heldUntil),
  ],
)

export const waiverSignatures = sqliteTable(
  'waiver_signatures',
  {
    id: id(),
    organizationId: orgRef(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    waiverVersion: integer('waiver_version').notNull(),
    typedName: text('typed_name').notNull(),
    signedAt: text('signed_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('waiver_signatures_registration').on(t.registrationId)],
)

// Payment provider events taken in, by id (replays find their row). organization_id is null when
// the event named no organization of ours.
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id'),
    registrationId: integer('registration_id'),
    type: text('type').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [index('payment_events_org').on(t.organizationId)],
)

export const registrationRefunds = sqliteTable(
  'registration_refunds',
  {
    id: id(),
    organizationId: orgRef(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    providerRefundId: text('provider_refund_id').notNull(),
    amount: integer('amount').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registration_refunds_provider').on(t.providerRefundId),
    index('registration_refunds_registration').on(t.registrationId),
  ],
)

export const playerSuspensions = sqliteTable(
  'player_suspensions',
  {
    id: id(),
    organizationId: orgRef(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    until: text('until'),
    reason: text('reason'),
    createdAt: createdAt(),
    // When staff lifted it (null: not lifted); the row stays as history (migration 0033).
    liftedAt: text('lifted_at'),
  },
  (t) => [index('player_suspensions_player').on(t.playerId)],
)
