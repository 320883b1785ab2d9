// The tenant scope of docs/architecture.md ("Which organization a request acts on"), held by the
// repository itself: every query function names whose rows it reads first, "every organization" is
// made in one place only, and no query takes a null that would mean every tenant.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const QUERIES = 'worker/db/queries'
const source = (file: string) => readFileSync(file, 'utf8')
const workerFiles = (dir = 'worker'): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? workerFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** Query functions that are not about one organization's rows, and why. */
const NOT_TENANT_ROWS: Record<string, string> = {
  listBusinessDirectory: 'the platform directory lists every organization’s public businesses',
  findOrganizationBySlug: 'finds the tenant itself',
  findOrganizationByDomain: 'finds the tenant itself',
  organizationRowsBy: 'reads the tenant itself',
  organizationSportsBy: 'reads the tenant itself',
  sportsByOrganization: 'the sports of the organizations named',
  listOrganizations: 'the super admin’s list of organizations',
  sportsByIds: 'sports are shared by every organization',
  createOrganization: 'makes a tenant',
  slugTaken: 'slugs are unique across tenants',
  domainTaken: 'domains are unique across tenants',
  getSport: 'sports are shared by every organization',
  getSessionUser: 'the session names the user',
  sessionUserRows: 'the session names the user',
  recentLoginFailures: 'keyed by organization and username already',
  recordLoginFailure: 'keyed by organization and username already',
  clearLoginFailures: 'keyed by organization and username already',
  createUser: 'the new user’s organization is in its input',
}

/** Exported query functions: name and the name of the parameter that follows `db`. */
function queryFunctions() {
  return readdirSync(QUERIES)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...source(join(QUERIES, f)).matchAll(/export (?:async )?function (\w+)\(\s*db: Db,\s*(\w+)/g)].map((m) => ({
        file: f,
        name: m[1] ?? '',
        first: m[2] ?? '',
      })),
    )
}

describe('tenant scope', () => {
  it('gives every query function the organization (or scope) right after the database', () => {
    const functions = queryFunctions()
    expect(functions.length).toBeGreaterThan(100)
    const unscoped = functions
      .filter((f) => !['orgId', 'scope', 'door'].includes(f.first) && !(f.name in NOT_TENANT_ROWS))
      .map((f) => `${f.file}: ${f.name}(db, ${f.first}, …)`)
    expect(unscoped).toEqual([])
  })

  it('lets no query take a null organization', () => {
    const nullable = workerFiles(QUERIES).filter((f) => /\b(orgId|organizationId|scope)\??: number \| null\b/.test(source(f)))
    expect(nullable).toEqual([])
  })

  it('makes "every organization" in worker/middleware/tenant.ts only, behind a super admin check', () => {
    const makers = workerFiles().filter((f) => /as AllOrganizations\b/.test(source(f)))
    expect(makers).toEqual(['worker/middleware/tenant.ts'])
    const tenant = source('worker/middleware/tenant.ts')
    expect(tenant).toMatch(
      /export function allOrganizations\(c: Context<AppEnv>\): AllOrganizations \{\n {2}requireUser\(c, \['super_admin'\]\)/,
    )
  })
})
