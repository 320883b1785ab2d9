// Restoring one organization from a backup into any database (docs/backups.md "Restore one
// organization", docs/decisions/2026-11-29-org-restore.md): a served state is backed up, demo-west
// (on DB) is deleted, and `npm run org:move -- demo-west DB_3 --from-backup <file>` brings it back
// on DB_3 — SIGKILLed midway once and run again. Then DB_3 holds exactly the backup's rows of it
// (per table), DB none, the directory names DB_3, and its public site and staff sign-in work.
import { type ChildProcess, spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '../../scripts/db-backup.ts'
import { d1File } from '../../scripts/db-restore.ts'
import { loadBackup } from '../../scripts/org-restore.ts'
import { DEFAULT_SUPERADMIN_PASSWORD, DEMO_PLACEMENT, SEED_ACCOUNTS } from '../../scripts/seed-data.ts'
import { migrate, ROOT, seedIfEmpty } from '../../scripts/start.ts'
import { HttpSession } from '../helpers/http-session'
import { startServer, type TestServer } from '../helpers/server'

const SLUG = 'demo-west'
const TOKEN = 'restore-token'
const DB_ID = '00000000-0000-0000-0000-000000000000'
const DB3_ID = '00000000-0000-0000-0000-000000000003'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let server: TestServer
let work: string
let stateDir: string

/** The organization's rows per table that names it (its own row as `organizations`). */
function countsIn(db: DatabaseSync, orgId: number): Record<string, number> {
  const out: Record<string, number> = {}
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all() as { name: string }[]
  for (const { name } of tables) {
    if (['org_directory', 'org_moves', 'org_write_locks'].includes(name)) continue
    const cols = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name)
    if (!cols.includes('organization_id')) continue
    const n = (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE organization_id = ?`).get(orgId) as { n: number }).n
    if (n) out[name] = n
  }
  const org = (db.prepare('SELECT count(*) AS n FROM organizations WHERE id = ?').get(orgId) as { n: number }).n
  if (org) out.organizations = org
  return out
}

function inFile<T>(id: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(d1File(stateDir, id), { readOnly: true })
  try {
    return work(db)
  } finally {
    db.close()
  }
}

function restorer(slug: string, binding: string, file: string): ChildProcess {
  return spawn(
    process.execPath,
    [path.join(ROOT, 'scripts', 'org-move.ts'), slug, binding, '--from-backup', file, '--url', server.baseUrl, '--quiet'],
    { cwd: ROOT, env: { ...process.env, ORG_MOVE_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
}

async function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = ''
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
  return { code, output }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'courtside-org-restore-'))
  stateDir = path.join(work, 'state')
  const template = process.env.COURTSIDE_STATE_TEMPLATE
  if (template) await cp(template, stateDir, { recursive: true })
  else {
    await migrate(stateDir)
    await seedIfEmpty(stateDir, undefined, DEMO_PLACEMENT)
  }
  server = await startServer({ stateDir, vars: { ORG_MOVE_TOKEN: TOKEN } })
}, 240_000)

afterAll(async () => {
  await server?.stop()
  if (work) await rm(work, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
})

describe('org:move --from-backup', () => {
  it('restores a deleted organization from a backup into DB_3, through a SIGKILL, with every table as the backup has it', async () => {
    const file = await backupDatabase({ stateDir, output: path.join(work, 'backup.sql') })
    const backup = loadBackup(await readFile(file, 'utf8'))
    const orgId = (backup.prepare('SELECT id FROM organizations WHERE slug = ?').get(SLUG) as { id: number }).id
    const expected = countsIn(backup, orgId)
    backup.close()
    expect(expected.player_game_stats).toBeGreaterThan(1000)

    // While the organization exists, a restore is refused and changes nothing.
    const refused = await finished(restorer('ocbl', 'DB_3', file))
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/still exists on DB/)

    const admin = new HttpSession(server.baseUrl)
    expect((await admin.signIn(SEED_ACCOUNTS.superadmin.username, DEFAULT_SUPERADMIN_PASSWORD)).status).toBe(200)
    const deleted = await admin.call('DELETE', `/api/organizations/${orgId}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    expect((await admin.call('GET', `/api/organizations/current?slug=${SLUG}`)).status).toBe(404)
    // Gone from DB but for its audit trail, which a deletion keeps.
    const { audit_log: _kept, ...left } = inFile(DB_ID, (db) => countsIn(db, orgId)) as Record<string, number>
    expect(left).toEqual({})

    // Killed midway (once rows have reached DB_3), then run again to the end.
    const first = restorer(SLUG, 'DB_3', file)
    for (let i = 0; i < 600; i++) {
      const rows = inFile(
        DB3_ID,
        (db) => (db.prepare('SELECT count(*) AS n FROM players WHERE organization_id = ?').get(orgId) as { n: number }).n,
      )
      if (rows > 0 || first.exitCode !== null) break
      await sleep(50)
    }
    expect(first.exitCode, 'the first run was to be killed midway').toBeNull()
    first.kill('SIGKILL')
    await finished(first)
    const halfway = inFile(DB3_ID, (db) => countsIn(db, orgId)) as Record<string, number>
    expect(halfway.player_game_stats ?? 0).toBeLessThan(expected.player_game_stats as number)
    // Half restored, it is locked: the site does not take its writes.
    expect(inFile(DB3_ID, (db) => db.prepare('SELECT mode FROM org_write_locks WHERE organization_id = ?').get(orgId))).toEqual({
      mode: 'restoring',
    })

    const second = await finished(restorer(SLUG, 'DB_3', file))
    expect(second.code, second.output).toBe(0)

    // Every table of it as the backup has it, on DB_3 only; the directory names DB_3; the lock is gone.
    const restored = inFile(DB3_ID, (db) => countsIn(db, orgId)) as Record<string, number>
    expect(restored).toEqual(expected)
    expect(inFile(DB_ID, (db) => db.prepare('SELECT count(*) AS n FROM organizations WHERE id = ?').get(orgId))).toEqual({ n: 0 })
    expect(
      inFile(DB_ID, (db) => db.prepare('SELECT binding, state FROM org_directory WHERE organization_id = ?').get(orgId)),
    ).toEqual({ binding: 'DB_3', state: 'active' })
    expect(
      inFile(DB3_ID, (db) => db.prepare('SELECT mode FROM org_write_locks WHERE organization_id = ?').get(orgId)),
    ).toBeUndefined()

    // Its public site and its staff, served from DB_3.
    const visitor = new HttpSession(server.baseUrl)
    const current = await visitor.call('GET', `/api/organizations/current?slug=${SLUG}`)
    expect(current.status).toBe(200)
    expect(current.body.organization.id).toBe(orgId)
    const page = await fetch(`${server.baseUrl}/${SLUG}`)
    expect(page.status).toBe(200)
    await page.arrayBuffer()
    const owner = new HttpSession(server.baseUrl)
    expect((await owner.signIn(SEED_ACCOUNTS.owner.username, SEED_ACCOUNTS.owner.password, SLUG)).status).toBe(200)
    // Its writes go on, on DB_3 (the restore's lock is gone).
    const venue = await owner.call('POST', '/api/venues', { name: 'Restored gym' })
    expect(venue.status, JSON.stringify(venue.body)).toBe(201)
    expect(
      inFile(DB3_ID, (db) =>
        db.prepare("SELECT count(*) AS n FROM venues WHERE organization_id = ? AND name = 'Restored gym'").get(orgId),
      ),
    ).toEqual({ n: 1 })
  }, 300_000)

  it('restores an organization from a backup of another database (db:backup --binding DB_3) into DB_2', async () => {
    const file = await backupDatabase({ stateDir, output: path.join(work, 'backup-db3.sql'), binding: 'DB_3' })
    const backup = loadBackup(await readFile(file, 'utf8'))
    const pickup = backup.prepare('SELECT id FROM organizations WHERE slug = ?').get('pickup') as { id: number }
    const expected = countsIn(backup, pickup.id)
    backup.close()
    expect(expected.users).toBeGreaterThan(0)
    const admin = new HttpSession(server.baseUrl)
    expect((await admin.signIn(SEED_ACCOUNTS.superadmin.username, DEFAULT_SUPERADMIN_PASSWORD)).status).toBe(200)
    expect((await admin.call('DELETE', `/api/organizations/${pickup.id}`)).status).toBe(204)
    const run = await finished(restorer('pickup', 'DB_2', file))
    expect(run.code, run.output).toBe(0)
    const DB2_ID = '00000000-0000-0000-0000-000000000002'
    expect(inFile(DB2_ID, (db) => countsIn(db, pickup.id))).toEqual(expected)
    expect(
      inFile(DB_ID, (db) => db.prepare('SELECT binding, state FROM org_directory WHERE organization_id = ?').get(pickup.id)),
    ).toEqual({ binding: 'DB_2', state: 'active' })
    const owner = new HttpSession(server.baseUrl)
    expect((await owner.signIn(SEED_ACCOUNTS.owner.username, SEED_ACCOUNTS.owner.password, 'pickup')).status).toBe(200)
  }, 180_000)
})
