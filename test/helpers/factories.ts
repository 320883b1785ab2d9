import { env } from 'cloudflare:workers'
import { createDb } from '../../worker/db/client'
import { organizations, sports, userSports, users } from '../../worker/db/schema'
import { hashPassword } from '../../worker/lib/password'
import { Client } from './client'

export const db = () => createDb(env.DB)

let counter = 0
/** A name unique within the test file's shared storage. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

// Hashing at 100,000 iterations is deliberate but slow; tests share a few precomputed hashes.
const hashCache = new Map<string, Promise<string>>()
const cachedHash = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password))
  return hashCache.get(password) as Promise<string>
}

export async function basketball() {
  const found = await db().query.sports.findFirst({ where: (s, { eq }) => eq(s.type, 'basketball') })
  if (found) return found
  const [created] = await db().insert(sports).values({ name: 'Basketball', type: 'basketball' }).onConflictDoNothing().returning()
  return created ?? (await db().query.sports.findFirst({ where: (s, { eq }) => eq(s.type, 'basketball') }))!
}

export async function createOrg(overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const slug = overrides.slug ?? unique('org')
  const [org] = await db()
    .insert(organizations)
    .values({ name: `League ${slug}`, slug, ...overrides })
    .returning()
  return org
}

export async function createUser(
  orgId: number,
  role: 'super_admin' | 'org_owner' | 'staff',
  overrides: { username?: string; password?: string; email?: string } = {},
) {
  const password = overrides.password ?? 'correct-horse-1'
  const [user] = await db()
    .insert(users)
    .values({
      organizationId: orgId,
      username: overrides.username ?? unique(role),
      email: overrides.email ?? null,
      role,
      passwordHash: await cachedHash(password),
    })
    .returning()
  const sport = await basketball()
  await db().insert(userSports).values({ userId: user.id, sportId: sport.id })
  return { ...user, password }
}

/** An organization with an owner and a staff member, plus signed-in clients for both. */
export async function createTenant(overrides: Partial<typeof organizations.$inferInsert> = {}) {
  const org = await createOrg(overrides)
  const owner = await createUser(org.id, 'org_owner')
  const staff = await createUser(org.id, 'staff')
  const ownerClient = new Client()
  await ownerClient.signIn(owner.username, owner.password, { slug: org.slug })
  const staffClient = new Client()
  await staffClient.signIn(staff.username, staff.password, { slug: org.slug })
  return { org, owner, staff, ownerClient, staffClient }
}

let platformOrg: Promise<typeof organizations.$inferSelect> | undefined
/** The platform organization with a signed-in super admin. */
export async function createSuperAdmin() {
  platformOrg ??= createOrg({ name: 'Platform', slug: unique('platform'), isPlatform: true })
  const org = await platformOrg
  const admin = await createUser(org.id, 'super_admin')
  const client = new Client()
  await client.signIn(admin.username, admin.password)
  return { org, admin, client }
}
