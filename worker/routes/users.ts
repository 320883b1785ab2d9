import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { newUser, oneUser, savedUser, userChanges, userList } from '../contract/users'
import { boundedMap, d1Named, directory, HOME_BINDING } from '../db/directory'
import { expectVersion } from '../db/guards'
import { getOrganization, sportsByIds } from '../db/queries/organizations'
import type { Organization, SessionUser, User } from '../db/queries/types'
import {
  createUser,
  deleteUser,
  getUser,
  getUserJson,
  listUsers,
  toUserJson,
  type UserChanges,
  updateUser,
  usernameTaken,
  userWithSportsQueries,
} from '../db/queries/users'
import { passwordProblem } from '../domain/password-policy'
import type { AppEnv } from '../env'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { bindingsInUse, compareKeys, decodeCursor, encodeCursor, FAN_OUT_LIMIT, fanOut } from '../lib/fan-out'
import { availableLanguages } from '../lib/i18n'
import { temporaryPassword } from '../lib/ids'
import { answers } from '../lib/openapi'
import { pageLimit } from '../lib/paging'
import { hashPassword, verifyPassword } from '../lib/password'
import { idParam, validate } from '../lib/validate'
import { switchDatabase } from '../middleware/database'
import { PASSWORD_CHANGE_REQUIRED } from '../middleware/password-change'
import { startSession } from '../middleware/session'
import { requireUser, userScope } from '../middleware/tenant'

/**
 * Who may manage whom. Decision (docs/reference/public-site.md §6 leaves it open): a super admin manages every user; an
 * organization owner manages the staff and owners of their own organization; staff manage nobody
 * but themselves. Another organization's user answers 404, not 403.
 */
async function managedUser(c: Context<AppEnv>, actor: SessionUser, userId: number): Promise<User> {
  const target = await getUser(c.var.db, userScope(c), userId)
  if (!(await followUser(c, actor, userId, target?.organizationId))) return mayManage(actor, target)
  return mayManage(actor, await getUser(c.var.db, userScope(c), userId))
}

function mayManage(actor: SessionUser, target: User | undefined): User {
  if (!target) throw notFound('User')
  if (actor.role === 'super_admin' || actor.id === target.id) return target
  if (actor.role !== 'org_owner' || target.role === 'super_admin') throw forbidden()
  return target
}

async function assertSports(c: Context<AppEnv>, ids: number[] | undefined) {
  if (!ids || ids.length === 0) return
  const found = await sportsByIds(c.var.db, ids)
  if (found.length !== new Set(ids).size) throw new ApiError(400, 'Unknown sport', { sportIds: 'Unknown sport' })
}

/** Refuses a weak password as a field error (the policy in worker/domain/password-policy.ts). */
function assertPasswordAllowed(password: string, username: string, org: Pick<Organization, 'name' | 'slug'> | undefined) {
  const problem = passwordProblem(password, { username, organizationName: org?.name, organizationSlug: org?.slug })
  if (problem) throw new ApiError(400, problem, { password: problem })
}

/**
 * A super admin names a user by id alone, and the request went to the database whose id range holds
 * the id (worker/middleware/database.ts): where the user was made, which their organization may have
 * left since (docs/scaling.md "Moving an organization"). The directory decides: the request moves to
 * the database it names for the user's organization — and, when the user is not on this one, to the
 * database in use where the user is and their organization lives (asked only after that miss, a few
 * at once). The range is only the first guess.
 */
async function followUser(c: Context<AppEnv>, actor: SessionUser, userId: number, foundIn: number | undefined) {
  if (actor.role !== 'super_admin') return false
  const dir = await directory(c.env)
  const placed = foundIn === undefined ? undefined : (dir.byId.get(foundIn)?.binding ?? HOME_BINDING)
  if (placed === c.var.binding) return false
  const where = placed ?? (await userDatabase(c, userId))
  if (!where) return false
  switchDatabase(c, where)
  return true
}

/**
 * The database in use (other than the request's) that holds user `userId` where the directory places
 * their organization — a move's copy awaiting its purge does not count — or undefined.
 */
export async function userDatabase(c: Context<AppEnv>, userId: number): Promise<string | undefined> {
  const dir = await directory(c.env)
  const others = (await bindingsInUse(c)).filter((b) => b !== c.var.binding)
  const found = await boundedMap(others, FAN_OUT_LIMIT, async (binding) => {
    const row = await d1Named(c.env, binding)
      .prepare('SELECT organization_id FROM users WHERE id = ?')
      .bind(userId)
      .first<{ organization_id: number }>()
    return row && (dir.byId.get(row.organization_id)?.binding ?? HOME_BINDING) === binding ? binding : undefined
  })
  return found.find(Boolean)
}

async function readUser(c: Context<AppEnv>) {
  const actor = requireUser(c)
  const userId = Number(c.req.param('id'))
  // The user and their sports in one round trip; who may see them is decided on the row.
  const read = () => c.var.db.batch(userWithSportsQueries(c.var.db, userScope(c), userId))
  let [[target], links] = await read()
  if (await followUser(c, actor, userId, target?.organizationId)) [[target], links] = await read()
  return c.json({ user: toUserJson(mayManage(actor, target), links) })
}

async function removeUser(c: Context<AppEnv>) {
  const actor = requireUser(c, ['super_admin', 'org_owner'])
  const target = await managedUser(c, actor, Number(c.req.param('id')))
  if (target.id === actor.id) throw new ApiError(409, 'You cannot delete your own account')
  // Deleting the row ends the user's sessions: every request confirms the user in D1.
  await deleteUser(c.var.db, target.organizationId, target.id)
  return c.body(null, 204)
}

const readAnswer = answers('A user', { 200: oneUser })
const removeAnswer = answers('Delete a user (their sessions end)', { 204: null })

/** A super admin's list of everyone's users, paged: `limit` rows after `cursor` (docs/scaling.md "Super admin lists"). */
const usersPage = z.object({
  limit: pageLimit().optional(),
  cursor: z.string().max(400, 'cursor is not valid').optional(),
})

function usersCursor(cursor: string | undefined): [number, string, number] | undefined {
  if (cursor === undefined) return undefined
  const key = decodeCursor(cursor)
  if (key?.length !== 3 || typeof key[0] !== 'number' || typeof key[1] !== 'string' || typeof key[2] !== 'number')
    throw new ApiError(400, 'cursor is not valid', { cursor: 'Not a cursor of this list' })
  return [key[0], key[1], key[2]]
}

export const usersV2 = new Hono<AppEnv>()
  .get(
    '/',
    answers("The organization's users (any organization's, or all, for a super admin)", { 200: userList }),
    validate('query', usersPage),
    async (c) => {
      const actor = requireUser(c, ['super_admin', 'org_owner'])
      const requested = Number(c.req.query('organization_id')) || undefined
      const orgId = actor.role === 'super_admin' ? requested : actor.organizationId
      if (orgId !== undefined) return c.json({ users: await listUsers(c.var.db, orgId) })
      // Everyone's, for a super admin: every database, a few at once, merged by (organization, username, id)
      // and paged by a cursor when `limit` is given (docs/scaling.md "Super admin lists").
      const { limit, cursor } = c.req.valid('query')
      const after = usersCursor(cursor)
      const merged = (await fanOut(c, (db) => listUsers(db, undefined, { after, limit })))
        .flat()
        .sort((a, b) => compareKeys([a.organization_id, a.username, a.id], [b.organization_id, b.username, b.id]))
      const shown = limit ? merged.slice(0, limit) : merged
      const last = shown.at(-1)
      return c.json({
        users: shown,
        ...(limit
          ? { nextCursor: merged.length > limit && last ? encodeCursor([last.organization_id, last.username, last.id]) : null }
          : {}),
      })
    },
  )
  .get('/:id{[0-9]+}', readAnswer, validate('param', idParam), readUser)
  .post('/', answers('Create a user', { 201: savedUser }), validate('json', newUser), async (c) => {
    const actor = requireUser(c, ['super_admin', 'org_owner'])
    const input = c.req.valid('json')
    const orgId = actor.role === 'super_admin' ? (input.organization_id ?? actor.organizationId) : actor.organizationId
    // A super admin names the organization in the body: the user is made on its database (docs/scaling.md).
    if (orgId !== actor.organizationId) {
      // One the directory does not name lives on DB.
      switchDatabase(c, (await directory(c.env)).byId.get(orgId)?.binding ?? HOME_BINDING)
    }
    const org = await getOrganization(c.var.db, orgId)
    if (!org) throw notFound('Organization')
    if (input.password) assertPasswordAllowed(input.password, input.username, org)
    if (await usernameTaken(c.var.db, orgId, input.username)) {
      throw new ApiError(409, 'That username is already taken in this organization', { username: 'Already taken' })
    }
    await assertSports(c, input.sportIds)
    // Without a password the user gets a temporary one, shown once, to change at first sign-in.
    const tempPassword = input.password ? undefined : temporaryPassword()
    const created = await createUser(
      c.var.db,
      {
        organizationId: orgId,
        username: input.username,
        email: input.email,
        role: input.role,
        passwordHash: await hashPassword(input.password || (tempPassword as string)),
        resetPassword: Boolean(tempPassword),
      },
      input.sportIds,
    )
    const user = await getUserJson(c.var.db, created.organizationId, created.id)
    return c.json(tempPassword ? { user, tempPassword } : { user }, 201)
  })
  .put(
    '/:id{[0-9]+}',
    answers('Change a user', { 200: savedUser }),
    validate('param', idParam),
    validate('json', userChanges),
    async (c) => {
      const actor = requireUser(c)
      const target = await managedUser(c, actor, c.req.valid('param').id)
      const input = c.req.valid('json')
      const self = target.id === actor.id
      expectVersion(c.var, { table: 'users', orgId: target.organizationId, id: target.id, version: input.version }, async () => {
        const [[row], links] = await c.var.db.batch(userWithSportsQueries(c.var.db, target.organizationId, target.id))
        return row ? toUserJson(row, links) : null
      })
      const changes: UserChanges = {}
      let tempPassword: string | undefined
      if (input.username !== undefined && input.username !== target.username) {
        if (await usernameTaken(c.var.db, target.organizationId, input.username)) {
          throw new ApiError(409, 'That username is already taken in this organization', { username: 'Already taken' })
        }
        changes.username = input.username
      }
      if (input.email !== undefined) changes.email = input.email
      if (input.theme !== undefined) changes.theme = input.theme
      if (input.language !== undefined) {
        if (input.language !== null && !(await availableLanguages(c)).includes(input.language)) {
          throw new ApiError(400, 'Not a language: choose one from the list', {
            language: 'Not a language: choose one from the list',
          })
        }
        changes.language = input.language
      }
      // docs/reference/trust-and-security.md: after a reset, the temporary password is good for nothing but choosing a new one.
      if (self && actor.resetPassword && !input.password) throw new ApiError(403, PASSWORD_CHANGE_REQUIRED)
      if (input.password) {
        // docs/reference/league-admin.md User Settings: the old password is required to set a new one on your own account.
        if (self && !(input.oldPassword && (await verifyPassword(input.oldPassword, target.passwordHash)))) {
          throw new ApiError(400, 'Old password is incorrect', { oldPassword: 'Old password is incorrect' })
        }
        if (!self && actor.role !== 'super_admin') throw forbidden('Use Reset password to give another user a new password')
        assertPasswordAllowed(
          input.password,
          changes.username ?? target.username,
          await getOrganization(c.var.db, target.organizationId),
        )
        if (self && input.oldPassword === input.password) {
          throw new ApiError(400, 'Choose a password different from the current one', {
            password: 'Choose a password different from the current one',
          })
        }
        changes.passwordHash = await hashPassword(input.password)
        changes.resetPassword = false
        changes.endSessions = true
      }
      if (!self) {
        if (input.role !== undefined && input.role !== target.role) {
          if (target.role === 'super_admin') throw forbidden('A super admin’s role cannot be changed here')
          changes.role = input.role
          changes.endSessions = true
        }
        if (input.resetPassword) {
          tempPassword = temporaryPassword()
          changes.passwordHash = await hashPassword(tempPassword)
          changes.resetPassword = true
          changes.endSessions = true
        }
      }
      const sports = !self || actor.role === 'super_admin' ? input.sportIds : undefined
      await assertSports(c, sports)
      await updateUser(c.var.db, target.organizationId, target.id, changes, sports)
      // Changing your own password ends your other sessions; this one continues on a fresh token.
      if (self && changes.endSessions)
        await startSession(c, target.id, target.sessionEpoch + 1, target.role === 'super_admin', target.organizationId)
      const user = await getUserJson(c.var.db, target.organizationId, target.id)
      return c.json(tempPassword ? { user, tempPassword } : { user })
    },
  )
  .delete('/:id{[0-9]+}', removeAnswer, validate('param', idParam), removeUser)

/** The older /api/users/{id} calls of the spec: read and delete. */
export const usersV1 = new Hono<AppEnv>()
  .get('/:id{[0-9]+}', readAnswer, validate('param', idParam), readUser)
  .delete('/:id{[0-9]+}', removeAnswer, validate('param', idParam), removeUser)
