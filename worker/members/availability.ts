// Who is coming (docs/members.md "Availability"): the answers of a team's roster per game, the signed
// answer links of the reminder e-mail, and the minute's work — one reminder per member and game
// `reminder_hours` before tip-off, and one forfeit-risk alert per team and game 24 hours before when
// fewer than `min_players` answered In (docs/decisions/2026-11-28-availability-alerts.md).
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Bindings } from '../env'
import { sendMail } from '../mail/outbox'
import { defaultOrigin, scheduleFlush } from '../notify/flush'
import { signLink } from './signed-links'
import { mailBody, mailLanguage, mailWords } from './words'

export const ANSWERS = ['in', 'out', 'maybe'] as const
export type Answer = (typeof ANSWERS)[number]

/** The purpose an answer link is signed for: [organization, member, game, answer]. */
export const answerLinkPurpose = 'availability'

/** The three signed answer links of a member and a game (the site's page asks before it records). */
export async function answerLinks(env: Bindings, orgId: number, memberId: number, gameId: number) {
  const signatures: Record<Answer, string> = { in: '', out: '', maybe: '' }
  for (const answer of ANSWERS) signatures[answer] = await signLink(env, answerLinkPurpose, [orgId, memberId, gameId, answer])
  return signatures
}

/** The address of an answer link under the organization's site. */
export const answerUrl = (base: string, memberId: number, gameId: number, answer: Answer, signature: string) =>
  `${base}/member/answer?m=${memberId}&g=${gameId}&a=${answer}&s=${signature}`

/**
 * A team place's coming games (scheduled or postponed, not begun more than six hours ago) with its
 * roster's answers counted — one batchable statement keyed by the place alone.
 */
export function availabilitySummary(db: Db, q: { orgId: number; sltId: number; now: number }) {
  const since = new Date(q.now - 6 * 3_600_000).toISOString()
  const yesterday = new Date(q.now - 86_400_000).toISOString().slice(0, 10)
  const counted = (answer: Answer) =>
    sql<number>`(SELECT count(*) FROM rosters r JOIN availability a ON a.player_id = r.player_id AND a.game_id = g.id WHERE r.seasons_league_team_id = ${q.sltId} AND a.answer = ${answer})`
  return db.all<{
    id: number
    date: string | null
    time: string | null
    team1: number
    team2: number
    name1: string | null
    name2: string | null
    nIn: number
    nOut: number
    nMaybe: number
    nRoster: number
  }>(sql`SELECT g.id, g.date, g.time, g.team1_id AS team1, g.team2_id AS team2,
      (SELECT name FROM teams WHERE id = g.team1_id) AS name1, (SELECT name FROM teams WHERE id = g.team2_id) AS name2,
      ${counted('in')} AS nIn, ${counted('out')} AS nOut, ${counted('maybe')} AS nMaybe,
      (SELECT count(*) FROM rosters r WHERE r.seasons_league_team_id = ${q.sltId}) AS nRoster
    FROM seasons_leagues_teams slt
    JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
    JOIN games g ON g.season_id = sl.season_id AND g.league_id = sl.league_id AND slt.team_id IN (g.team1_id, g.team2_id)
    WHERE slt.id = ${q.sltId} AND slt.organization_id = ${q.orgId} AND g.status IN ('scheduled', 'postponed')
      AND (g.game_date_time > ${since} OR (g.game_date_time IS NULL AND (g.date IS NULL OR g.date >= ${yesterday})))
    ORDER BY g.date IS NULL, g.date, g.time
    LIMIT 20`)
}

/** The summary's rows as the captain's page shows them (opponent, home or away, counts). */
export function toSummary(rows: Awaited<ReturnType<typeof availabilitySummary>>, teamId: number) {
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    time: r.time,
    opponent: (r.team1 === teamId ? r.name2 : r.name1) ?? '',
    home: r.team1 === teamId,
    counts: {
      in: r.nIn,
      out: r.nOut,
      maybe: r.nMaybe,
      none: Math.max(0, r.nRoster - r.nIn - r.nOut - r.nMaybe),
    },
  }))
}

/** The longest reminder lead a league may set (hours): the window the minute's query looks into. */
const MAX_LEAD_HOURS = 336
/** The forfeit-risk alert is raised this long before tip-off. */
export const ALERT_HOURS = 24
/** Rows written per minute at most (the rest wait for the next minute). */
const PER_MINUTE = 400

/** Scheduled games of visible seasons starting within (?1, ?2] (UTC instants), one row per team place. */
const TEAM_GAMES = `
  FROM games g
  JOIN seasons s ON s.id = g.season_id AND (s.active = 1 OR s.published = 1)
  JOIN leagues l ON l.id = g.league_id
  JOIN seasons_leagues sl ON sl.season_id = g.season_id AND sl.league_id = g.league_id
  JOIN seasons_leagues_teams slt ON slt.seasons_league_id = sl.id AND slt.team_id IN (g.team1_id, g.team2_id)`
const IN_WINDOW = `g.status = 'scheduled' AND g.game_date_time IS NOT NULL
    AND g.game_date_time > ?1 AND g.game_date_time <= ?2`

/**
 * Reminders: each rostered member without an answer gets one `availability_reminder` notification
 * per game once the game is `reminder_hours` away. The insert decides (WHERE NOT EXISTS), so a
 * minute run twice, or two at once, writes one. Its payload carries the three signed answer links.
 */
export async function writeReminders(env: Bindings, db: Db, now = Date.now()) {
  const d1 = db.$client
  const nowIso = new Date(now).toISOString()
  const horizon = new Date(now + MAX_LEAD_HOURS * 3_600_000).toISOString()
  const due = await d1
    .prepare(
      `SELECT DISTINCT g.organization_id AS org, g.id AS game, m.id AS member
      ${TEAM_GAMES}
      JOIN rosters r ON r.seasons_league_team_id = slt.id
      JOIN members m ON m.player_id = r.player_id AND m.organization_id = g.organization_id
      WHERE ${IN_WINDOW}
        AND julianday(g.game_date_time) <= julianday(?1) + l.reminder_hours / 24.0
        AND NOT EXISTS (SELECT 1 FROM availability a WHERE a.game_id = g.id AND a.player_id = m.player_id)
        AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.member_id = m.id AND n.game_id = g.id AND n.kind = 'availability_reminder')
      LIMIT ${PER_MINUTE}`,
    )
    .bind(nowIso, horizon)
    .all<{ org: number; game: number; member: number }>()
  if (due.results.length === 0) return 0
  const statements: D1PreparedStatement[] = []
  for (const row of due.results) {
    const links = await answerLinks(env, row.org, row.member, row.game)
    statements.push(
      d1
        .prepare(
          `INSERT INTO notifications (organization_id, member_id, kind, game_id, payload, created_at)
          SELECT ?1, ?2, 'availability_reminder', ?3, ?4, ?5
          WHERE NOT EXISTS (SELECT 1 FROM notifications WHERE member_id = ?2 AND game_id = ?3 AND kind = 'availability_reminder')
            AND NOT EXISTS (SELECT 1 FROM availability a JOIN members m ON m.player_id = a.player_id WHERE m.id = ?2 AND a.game_id = ?3)`,
        )
        .bind(row.org, row.member, row.game, JSON.stringify({ memberId: row.member, links }), now),
    )
  }
  let written = 0
  for (let i = 0; i < statements.length; i += 50) {
    for (const result of await d1.batch(statements.slice(i, i + 50))) written += result.meta.changes ?? 0
  }
  for (const org of new Set(due.results.map((r) => r.org))) await scheduleFlush(env, org, defaultOrigin(env), undefined, 0)
  return written
}

/**
 * Forfeit-risk alerts: 24 hours before tip-off, a team whose members take part (at least one rostered
 * member) with fewer "In" than the league's `min_players` is alerted once: its captains (members) get
 * a `forfeit_risk` notification, the organization's staff and owners with an e-mail get one e-mail.
 * The alert is claimed by its row in availability_alerts (INSERT OR IGNORE … RETURNING).
 */
export async function writeForfeitAlerts(env: Bindings, db: Db, now = Date.now()) {
  const d1 = db.$client
  const nowIso = new Date(now).toISOString()
  const horizon = new Date(now + ALERT_HOURS * 3_600_000).toISOString()
  const claimed = await d1
    .prepare(
      `INSERT OR IGNORE INTO availability_alerts (organization_id, game_id, team_id, kind, in_count, created_at)
      SELECT g.organization_id, g.id, slt.team_id, 'forfeit_risk',
        (SELECT count(*) FROM rosters r JOIN availability a ON a.player_id = r.player_id AND a.game_id = g.id WHERE r.seasons_league_team_id = slt.id AND a.answer = 'in'),
        ?3
      ${TEAM_GAMES}
      WHERE ${IN_WINDOW}
        AND EXISTS (SELECT 1 FROM rosters r JOIN members m ON m.player_id = r.player_id WHERE r.seasons_league_team_id = slt.id)
        AND (SELECT count(*) FROM rosters r JOIN availability a ON a.player_id = r.player_id AND a.game_id = g.id WHERE r.seasons_league_team_id = slt.id AND a.answer = 'in') < l.min_players
        AND NOT EXISTS (SELECT 1 FROM availability_alerts x WHERE x.game_id = g.id AND x.team_id = slt.team_id AND x.kind = 'forfeit_risk')
      LIMIT ${PER_MINUTE}
      RETURNING organization_id AS org, game_id AS game, team_id AS team, in_count AS inCount`,
    )
    .bind(nowIso, horizon, now)
    .all<{ org: number; game: number; team: number; inCount: number }>()
  for (const alert of claimed.results) await raiseAlert(env, db, alert, now)
  for (const org of new Set(claimed.results.map((r) => r.org))) await scheduleFlush(env, org, defaultOrigin(env), undefined, 0)
  return claimed.results.length
}

async function raiseAlert(
  env: Bindings,
  db: Db,
  alert: { org: number; game: number; team: number; inCount: number },
  now: number,
) {
  const d1 = db.$client
  const info = await d1
    .prepare(
      `SELECT g.date, g.time, l.min_players AS min, t.name AS team,
        (SELECT name FROM teams WHERE id = g.team1_id) AS home, (SELECT name FROM teams WHERE id = g.team2_id) AS away
      FROM games g JOIN leagues l ON l.id = g.league_id JOIN teams t ON t.id = ?2 WHERE g.id = ?1`,
    )
    .bind(alert.game, alert.team)
    .first<{ date: string | null; time: string | null; min: number; team: string; home: string; away: string }>()
  if (!info) return
  const payload = JSON.stringify({ teamId: alert.team, team: info.team, inCount: alert.inCount, minPlayers: info.min })
  // The team's captains who are members: a notification each (batched with their other news).
  await d1
    .prepare(
      `INSERT INTO notifications (organization_id, member_id, kind, game_id, payload, created_at)
      SELECT DISTINCT ?1, m.id, 'forfeit_risk', ?2, ?3, ?4
      FROM games g
      JOIN seasons_leagues sl ON sl.season_id = g.season_id AND sl.league_id = g.league_id
      JOIN seasons_leagues_teams slt ON slt.seasons_league_id = sl.id AND slt.team_id = ?5
      JOIN rosters r ON r.seasons_league_team_id = slt.id AND r.captain = 1
      JOIN members m ON m.player_id = r.player_id AND m.organization_id = ?1
      WHERE g.id = ?2`,
    )
    .bind(alert.org, alert.game, payload, now, alert.team)
    .run()
  // The organization's staff and owners who have an e-mail: one e-mail each, in their language.
  const org = await d1
    .prepare('SELECT id, name, language, languages FROM organizations WHERE id = ?')
    .bind(alert.org)
    .first<{ id: number; name: string; language: string; languages: string }>()
  if (!org) return
  const staff = await d1
    .prepare(
      "SELECT email, language FROM users WHERE organization_id = ? AND role IN ('org_owner', 'staff') AND email IS NOT NULL AND email <> ''",
    )
    .bind(alert.org)
    .all<{ email: string; language: string | null }>()
  for (const person of staff.results) {
    const language = mailLanguage(org, person.language)
    const words = await mailWords(env, language)
    const game = words.t('server.mail.game', {
      date: words.date(info.date),
      time: words.time(info.time),
      home: info.home,
      away: info.away,
    })
    const line = words.t('server.mail.line.forfeitRisk', {
      team: info.team,
      game,
      count: alert.inCount,
      min: info.min,
    })
    await sendMail(db, env, {
      organizationId: alert.org,
      to: person.email,
      language,
      subject: words.t('server.mail.forfeitRisk.subject', { team: info.team, organization: org.name }),
      headers: { 'X-Courtside-Kind': 'forfeit_risk' },
      ...mailBody([line, words.t('server.mail.forfeitRisk.staff')]),
    })
  }
}

/** The minute's availability work (worker/scheduled.ts MINUTE_TASKS). */
export async function availabilityMinute(env: Bindings, db: Db) {
  await writeReminders(env, db)
  await writeForfeitAlerts(env, db)
}
