import type { organizations, users } from '../schema'

export type Organization = typeof organizations.$inferSelect
export type User = typeof users.$inferSelect
export type Role = User['role']
/** A signed-in user, with the time zone of their organization (read in the same statement). */
export type SessionUser = Omit<User, 'passwordHash' | 'createdAt' | 'version'> & {
  orgTimeZone: string
  orgLanguage: string
  orgLanguages: string
}
