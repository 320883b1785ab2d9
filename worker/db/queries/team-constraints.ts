// Team constraints (docs/venues.md "Team constraints"): every statement names the organization.
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { TeamConstraintsInput, TeamConstraints as TeamConstraintsJson } from '../../contract/team-constraints'
import type { Db } from '../client'
import { teamConstraints, teams, venues } from '../schema'

export type TeamConstraintRow = typeof teamConstraints.$inferSelect & { venueName: string | null }

/** The rows of some teams of one organization, blackouts by date then requests as entered. */
export function constraintRowsQuery(db: Db, orgId: number, teamIds: number[]) {
  return db
    .select({
      id: teamConstraints.id,
      version: teamConstraints.version,
      organizationId: teamConstraints.organizationId,
      teamId: teamConstraints.teamId,
      kind: teamConstraints.kind,
      date: teamConstraints.date,
      time: teamConstraints.time,
      venueId: teamConstraints.venueId,
      reason: teamConstraints.reason,
      memberId: teamConstraints.memberId,
      venueName: venues.name,
    })
    .from(teamConstraints)
    .leftJoin(venues, eq(venues.id, teamConstraints.venueId))
    .where(and(eq(teamConstraints.organizationId, orgId), inArray(teamConstraints.teamId, teamIds.length > 0 ? teamIds : [0])))
    .orderBy(asc(teamConstraints.date), asc(teamConstraints.id))
}

/** A team of the organization (its id and name), or none. */
export function teamQuery(db: Db, orgId: number, teamId: number) {
  return db
    .select({ id: teams.id, name: teams.name, organizationId: teams.organizationId })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
}

/** The set's revision: the newest row's id (every save writes its rows anew), 0 without rows. */
export const revisionOf = (rows: { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0)

export function constraintsJson(team: { id: number; name: string }, rows: TeamConstraintRow[]): TeamConstraintsJson {
  const mine = rows.filter((r) => r.teamId === team.id)
  return {
    teamId: team.id,
    teamName: team.name,
    blackouts: mine
      .filter((r) => r.kind === 'blackout')
      .map((r) => ({ id: r.id, date: r.date ?? '', reason: r.reason, byCaptain: r.memberId !== null })),
    requests: mine
      .filter((r) => r.kind !== 'blackout')
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        id: r.id,
        kind: r.kind as Exclude<typeof r.kind, 'blackout'>,
        time: r.time,
        venueId: r.venueId,
        venue: r.venueName,
        reason: r.reason,
        byCaptain: r.memberId !== null,
      })),
    version: revisionOf(mine),
  }
}

/**
 * The save: the team's rows replaced by the sent set, in one batch (the request's guards at its head:
 * the version and the venues are decided there). Decision: every save writes its rows anew, so the
 * set's revision (its newest id) moves with every save (docs/decisions/2026-11-29-team-constraints.md).
 */
export function constraintWrites(
  db: Db,
  orgId: number,
  teamId: number,
  input: TeamConstraintsInput,
  memberId: number | null,
): BatchItem<'sqlite'>[] {
  const rows = [
    ...input.blackouts.map((b) => ({ kind: 'blackout' as const, date: b.date, time: null, venueId: null, reason: b.reason })),
    ...input.requests.map((r) => ({
      kind: r.kind,
      date: null,
      time: r.kind === 'earliestStart' || r.kind === 'latestStart' ? (r.time ?? null) : null,
      venueId: r.kind === 'preferredVenue' ? (r.venueId ?? null) : null,
      reason: r.reason,
    })),
  ]
  const writes: BatchItem<'sqlite'>[] = [
    db.delete(teamConstraints).where(and(eq(teamConstraints.organizationId, orgId), eq(teamConstraints.teamId, teamId))),
  ]
  // D1 binds at most 100 values a statement: ten rows of nine columns each.
  for (let i = 0; i < rows.length; i += 10) {
    const chunk = rows.slice(i, i + 10).map((r) => ({ ...r, organizationId: orgId, teamId, memberId }))
    writes.push(db.insert(teamConstraints).values(chunk))
  }
  return writes
}
