// The user calls (docs/reference/public-site.md §6, docs/reference/league-admin.md "User Settings"): answers and request bodies.
import { z } from 'zod'
import { LANGUAGE_CODE } from '../domain/i18n'
// The password limits are the policy's own (a pure module, no data or HTTP): one rule for routes and SPA.
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '../domain/password-policy'
import { named, rowId, version } from './common'
import { optionalText, someChange, uniqueIds, versionField } from './fields'
import { adminOrganization, theme } from './organizations'

export const role = z.enum(['super_admin', 'org_owner', 'staff'])
export type Role = z.output<typeof role>

/** A user, with the sports they look after. */
export const user = z.object({
  id: rowId,
  username: z.string(),
  version: version.nullable(),
  email: z.string().nullable(),
  role,
  organization_id: rowId,
  theme,
  /** The dashboard's language, or null: the organization's (docs/decisions/2026-11-28-languages.md). */
  language: z.string().nullable(),
  /** Signed in with a temporary password: everything but choosing a new one is refused. */
  resetPassword: z.boolean(),
  sportIds: z.array(rowId),
  sports: z.array(named),
})
export type User = z.output<typeof user>

export const userList = z.object({
  users: z.array(user),
  /** Super admin's everyone list, with `limit`: the cursor of the next page (null: the last page). */
  nextCursor: z.string().nullable().optional(),
})
export const oneUser = z.object({ user })
/** A created user, or one whose password was reset: the temporary password is shown this once. */
export const savedUser = oneUser.extend({ tempPassword: z.string().optional() })
export type SavedUser = z.output<typeof savedUser>

/** GET /organizations/{id}: the organization with its users (empty for staff, who do not see them). */
export const organizationWithUsers = z.object({ organization: adminOrganization.extend({ users: z.array(user) }) })

const password = z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH)
const email = optionalText(254).refine((v) => v === null || z.email().safeParse(v).success, 'Not a valid e-mail address')
const username = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .max(60)
  .regex(/^[^\s]+$/, 'Username cannot contain spaces')
const assignableRole = z.enum(['org_owner', 'staff'], 'Role must be Organization Owner or Staff')
const sportIds = uniqueIds(20)

/** POST /usersv2: without a password the user gets a temporary one. */
export const newUser = z.object({
  username,
  email,
  password: password.nullish().or(z.literal('')),
  role: assignableRole,
  /** A super admin's choice of organization (default: their own); others create in their own. */
  organization_id: z.coerce.number().int().positive().nullish(),
  sportIds: sportIds.default([]),
})

/** PUT /usersv2/{id}: what changes; your own new password needs the old one. */
export const userChanges = someChange(
  z.object({
    version: versionField,
    username: username.optional(),
    email: email.optional(),
    role: assignableRole.optional(),
    resetPassword: z.boolean().optional(),
    sportIds: sportIds.optional(),
    theme: theme.optional(),
    /** A shipped language's code, or null to follow the organization's. */
    language: z.string().regex(LANGUAGE_CODE, 'Not a language: choose one from the list').nullable().optional(),
    oldPassword: z.string().max(200).nullish(),
    password: password.nullish().or(z.literal('')),
  }),
)
