import type { organizations, users } from '../schema'

export type Organization = typeof organizations.$inferSelect
export type User = typeof users.$inferSelect
export type Role = User['role']
export type SessionUser = Omit<User, 'passwordHash' | 'createdAt' | 'version'>
