import { Hono } from 'hono'
import { z } from 'zod'
import { divisionAck, divisionMembers, divisionTeam, divisionTeamOrder } from '../contract/seasons'
import {
  assignToDivision,
  deleteDivision,
  getDivision,
  placeInSeason,
  reorderDivisionTeams,
  teamsInDivision,
  unassignFromDivision,
} from '../db/queries/divisions'
import type { AppEnv } from '../env'
import { notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { ownedRow } from './owned-row'

const divisions = ownedRow('Division', getDivision)

// docs/reference/league-admin.md §4 division assignment: dropping a team in assigns it (duplicates ignored), removing
// returns it to unassigned, deleting a division returns all its teams to unassigned.
export const divisionsRoutes = new Hono<AppEnv>()
  .delete(
    '/:id',
    answers('Delete a division (its teams return to unassigned)', { 204: null }),
    validate('param', z.object({ id })),
    async (c) => {
      const { orgId, row: division } = await divisions.toWrite(c, c.req.valid('param').id)
      await deleteDivision(c.var.db, orgId, division.id)
      return c.body(null, 204)
    },
  )
  .post(
    '/:id/teams',
    answers('Put a team in the division', { 200: divisionMembers }),
    validate('param', z.object({ id })),
    validate('json', divisionTeam),
    async (c) => {
      const { orgId, row: division } = await divisions.toWrite(c, c.req.valid('param').id)
      const place = await placeInSeason(c.var.db, orgId, c.req.valid('json').seasons_leagues_teams_id, division.seasonId)
      if (!place) throw notFound('Team')
      if (place.divisionId !== division.id) await assignToDivision(c.var.db, orgId, division.id, place.id)
      return c.json({ division: { id: division.id, teams: await teamsInDivision(c.var.db, orgId, division.id) } })
    },
  )
  .delete(
    '/:id/teams/:sltId',
    answers('Take a team out of the division', { 204: null }),
    validate('param', z.object({ id, sltId: id })),
    async (c) => {
      const { id: divisionId, sltId } = c.req.valid('param')
      const { orgId, row: division } = await divisions.toWrite(c, divisionId)
      if (!(await unassignFromDivision(c.var.db, orgId, division.id, sltId))) throw notFound('Team')
      return c.body(null, 204)
    },
  )
  .put(
    '/:id/teams/order',
    answers("Reorder the division's teams", { 200: divisionAck }),
    validate('param', z.object({ id })),
    validate('json', divisionTeamOrder),
    async (c) => {
      const { orgId, row: division } = await divisions.toWrite(c, c.req.valid('param').id)
      const { orderedTeams } = c.req.valid('json')
      const members = await teamsInDivision(c.var.db, orgId, division.id)
      if (orderedTeams.some((o) => !members.some((m) => m.id === o.slt_id))) throw notFound('Team')
      await reorderDivisionTeams(c.var.db, orgId, division.id, orderedTeams)
      return c.json({ division: { id: division.id } })
    },
  )
