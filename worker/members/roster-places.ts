// A place on a team's roster taken by a member (docs/members.md "Roster invites"): the league's roster
// size, and a share link's uses, are checked by the statements that write them, in one D1 batch (one
// transaction), so two people joining at once can never pass the size or a link's last use.
import type { Db } from '../db/client'

export type JoinResult = 'joined' | 'already' | 'full' | 'link'

/**
 * Puts a player on a roster within the league's roster size (and, with `linkId`, uses up one use of
 * that share link in the same batch). The insert itself counts the roster and checks the link;
 * the link's `uses` is raised only when that insert added the row (`changes()` of the statement
 * just before it).
 */
export async function joinRoster(
  db: Db,
  place: { orgId: number; playerId: number; teamId: number; sltId: number; linkId?: number },
): Promise<JoinResult> {
  const d1 = db.$client
  const now = Date.now()
  const linkOk = place.linkId
    ? 'AND EXISTS (SELECT 1 FROM roster_invites WHERE id = ?5 AND revoked_at IS NULL AND expires_at > ?6 AND uses < max_uses)'
    : 'AND ?5 IS NULL AND ?6 > 0'
  const insert = d1
    .prepare(
      `INSERT INTO rosters (organization_id, player_id, team_id, seasons_league_team_id)
       SELECT ?1, ?2, ?3, ?4
       WHERE NOT EXISTS (SELECT 1 FROM rosters WHERE seasons_league_team_id = ?4 AND player_id = ?2)
         AND (SELECT count(*) FROM rosters WHERE seasons_league_team_id = ?4) < coalesce((
           SELECT l.roster_size FROM seasons_leagues_teams slt
           JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
           JOIN leagues l ON l.id = sl.league_id
           WHERE slt.id = ?4 AND slt.organization_id = ?1), 1000000000)
         ${linkOk}
       RETURNING id`,
    )
    .bind(place.orgId, place.playerId, place.teamId, place.sltId, place.linkId ?? null, now)
  const statements = [insert]
  if (place.linkId)
    statements.push(
      d1.prepare('UPDATE roster_invites SET uses = uses + 1 WHERE id = ? AND changes() = 1 RETURNING uses').bind(place.linkId),
    )
  const [inserted] = await d1.batch<{ id: number }>(statements)
  if (inserted?.results?.length) return 'joined'
  // Nothing written: say why (already there comes first: joining twice is not an error of the link).
  const there = await d1
    .prepare('SELECT 1 AS x FROM rosters WHERE seasons_league_team_id = ? AND player_id = ?')
    .bind(place.sltId, place.playerId)
    .first()
  if (there) return 'already'
  if (place.linkId) {
    const link = await d1
      .prepare('SELECT 1 AS x FROM roster_invites WHERE id = ? AND revoked_at IS NULL AND expires_at > ? AND uses < max_uses')
      .bind(place.linkId, now)
      .first()
    if (!link) return 'link'
  }
  return 'full'
}
