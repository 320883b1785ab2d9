// Chaos test of `npm run org:move` (docs/scaling.md "Moving an organization"): a local server, a
// writer that keeps adding leagues to demo-west (retrying on 503 + Retry-After) and a reader, while
// the mover CLI is SIGKILLed at random points and run again until the move is done. Writes flow
// while the organization is copied (they are acknowledged during the copy, catch-up and live check;
// docs/decisions/2026-11-29-org-move-short-pause.md), and the longest run of 503s is reported. Then: every
// acknowledged write is in the new database exactly once, the organization's rows were copied once
// (per-table counts = before + acknowledged inserts), nothing of it is left in the old database, and
// at every probe it was readable and held (directory + organizations row) by exactly one database.
import { type ChildProcess, spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { d1File, HOME_DATABASE_ID } from '../../scripts/db-restore.ts'
import { migrate, persistArgs, ROOT, runWrangler, seedIfEmpty } from '../../scripts/start.ts'
import { idRangeStatements } from '../../worker/db/id-ranges.ts'
import { HttpSession } from '../helpers/http-session'
import { startServer, type TestServer } from '../helpers/server'

const SLUG = 'demo-west'
const TOKEN = 'chaos-move-token'
const DB2_ID = '00000000-0000-0000-0000-000000000002'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let server: TestServer
let stateDir: string

const open = (id: string) => new DatabaseSync(d1File(stateDir, id), { readOnly: true })
const one = <T>(id: string, sql: string, ...params: (string | number)[]) => {
  const db = open(id)
  try {
    return db.prepare(sql).get(...params) as T
  } finally {
    db.close()
  }
}

/** The organization's rows per table that names it, in one database file. */
function counts(id: string, orgId: number): Record<string, number> {
  const db = open(id)
  try {
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
        .all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter((t) => !['org_directory', 'org_moves', 'org_write_locks', 'audit_context'].includes(t))
    const out: Record<string, number> = {}
    for (const t of tables) {
      const cols = (db.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[]).map((c) => c.name)
      if (!cols.includes('organization_id')) continue
      const n = (db.prepare(`SELECT count(*) AS n FROM "${t}" WHERE organization_id = ?`).get(orgId) as { n: number }).n
      if (n) out[t] = n
    }
    const org = (db.prepare('SELECT count(*) AS n FROM organizations WHERE id = ?').get(orgId) as { n: number }).n
    if (org) out.organizations = org
    return out
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  const template = process.env.COURTSIDE_STATE_TEMPLATE
  stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-move-'))
  if (template) await cp(template, stateDir, { recursive: true })
  else {
    await migrate(stateDir, false)
    await seedIfEmpty(stateDir)
  }
  // Test servers migrate DB only: the database the organization moves to is migrated here.
  await runWrangler(['d1', 'migrations', 'apply', 'DB_2', '--local', ...persistArgs(stateDir)], 'Applying migrations to DB_2')
  await runWrangler(
    ['d1', 'execute', 'DB_2', '--local', '--command', idRangeStatements('DB_2').join('; '), '--yes', ...persistArgs(stateDir)],
    "Setting DB_2's id range",
  )
  server = await startServer({ stateDir, vars: { ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  if (stateDir) await rm(stateDir, { recursive: true, force: true })
})

function mover(): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'scripts', 'org-move.ts'), SLUG, 'DB_2', '--url', server.baseUrl, '--quiet'], {
    cwd: ROOT,
    env: { ...process.env, ORG_MOVE_TOKEN: TOKEN },
    stdio: 'ignore',
  })
}

describe('org:move under writes and SIGKILL', () => {
  it('loses no acknowledged write, duplicates no row, and serves the organization from one database throughout', async () => {
    const orgId = one<{ id: number }>(HOME_DATABASE_ID, 'SELECT id FROM organizations WHERE slug = ?', SLUG).id
    const before0 = counts(HOME_DATABASE_ID, orgId)
    const owner = new HttpSession(server.baseUrl)
    await owner.call('GET', '/api/auth/check-auth')
    const login = await owner.call('POST', '/api/auth/login', { username: 'owner', password: 'owner-local', slug: SLUG })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const seasonId = one<{ id: number }>(
      HOME_DATABASE_ID,
      'SELECT id FROM seasons WHERE organization_id = ? ORDER BY id LIMIT 1',
      orgId,
    ).id
    // What one acknowledged write adds, per table (a league, its audit rows, …), measured once before the move.
    const calibration = await owner.call('POST', `/api/seasonsv2/${seasonId}/leagues`, { name: 'Calibration league' })
    expect(calibration.status, JSON.stringify(calibration.body)).toBe(201)
    const before = counts(HOME_DATABASE_ID, orgId)
    const perWrite = Object.fromEntries(Object.entries(before).map(([t, n]) => [t, n - (before0[t] ?? 0)]))

    const acknowledged: string[] = []
    const problems: string[] = []
    let paused = 0
    /** Writes acknowledged while the mover was copying or catching up (its step in org_moves), before the pause. */
    let acknowledgedWhileCopying = 0
    /** The longest stretch from a write's first 503 to its acknowledgement. */
    let longestPauseMs = 0
    const moveStep = () =>
      one<{ step: string } | undefined>(HOME_DATABASE_ID, 'SELECT step FROM org_moves WHERE organization_id = ?', orgId)?.step
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const name = `Chaos league ${i}`
        let firstRefusal = 0
        for (;;) {
          const res = await owner.call('POST', `/api/seasonsv2/${seasonId}/leagues`, { name })
          if (res.status === 201) {
            acknowledged.push(name)
            if (firstRefusal) longestPauseMs = Math.max(longestPauseMs, performance.now() - firstRefusal)
            if (['copy', 'catch-up', 'verify-live'].includes(moveStep() ?? '')) acknowledgedWhileCopying++
            break
          }
          if (res.status === 503 && res.headers.get('Retry-After')) {
            paused++
            firstRefusal ||= performance.now()
            await sleep(200)
            continue
          }
          problems.push(`write ${name}: ${res.status} ${JSON.stringify(res.body)}`)
          break
        }
        await sleep(20)
      }
    })()
    let reading = true
    let reads = 0
    const reader = (async () => {
      while (reading) {
        const res = await fetch(`${server.baseUrl}/api/organizations/slug/${SLUG}`)
        await res.arrayBuffer()
        if (res.status !== 200) problems.push(`read: ${res.status}`)
        reads++
        await sleep(30)
      }
    })()
    /** Exactly one database holds the organization and the directory names it. */
    const probe = (when: string) => {
      const binding =
        one<{ binding: string }>(HOME_DATABASE_ID, 'SELECT binding FROM org_directory WHERE organization_id = ?', orgId)
          ?.binding ?? 'DB'
      const held = one<{ n: number }>(
        binding === 'DB' ? HOME_DATABASE_ID : DB2_ID,
        'SELECT count(*) AS n FROM organizations WHERE id = ?',
        orgId,
      ).n
      if (held !== 1) problems.push(`${when}: the directory names ${binding}, which does not hold the organization`)
    }

    // The mover, SIGKILLed at random points, three times; then run to completion.
    const kills: number[] = []
    for (let k = 0; k < 3; k++) {
      const child = mover()
      const after = 300 + Math.floor(Math.random() * 1500)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      const code = await Promise.race([exited, sleep(after).then(() => 'kill' as const)])
      if (code === 'kill') {
        child.kill('SIGKILL')
        await exited
        kills.push(after)
      }
      probe(`after kill ${k + 1}`)
    }
    const last = mover()
    const code = await new Promise<number | null>((resolve) => last.once('exit', (c) => resolve(c)))
    expect(code).toBe(0)
    probe('after the move')
    await sleep(500)
    writing = false
    reading = false
    await Promise.all([writer, reader])

    expect(problems).toEqual([])
    expect(kills.length).toBeGreaterThan(0)
    expect(acknowledged.length).toBeGreaterThan(0)
    expect(reads).toBeGreaterThan(0)
    expect(paused).toBeGreaterThanOrEqual(0)
    // Writes flow while the organization is copied: they are not all held until the switch.
    expect(acknowledgedWhileCopying).toBeGreaterThan(0)
    // Every acknowledged write is in the new database, once.
    const db2 = new DatabaseSync(d1File(stateDir, DB2_ID), { readOnly: true })
    try {
      const names = (
        db2.prepare("SELECT name FROM leagues WHERE organization_id = ? AND name LIKE 'Chaos league %'").all(orgId) as {
          name: string
        }[]
      ).map((r) => r.name)
      expect(names.sort()).toEqual([...acknowledged].sort())
    } finally {
      db2.close()
    }
    // Nothing left behind, nothing copied twice: the counts are the old ones plus the acknowledged inserts.
    expect(counts(HOME_DATABASE_ID, orgId)).toEqual({})
    const expected = Object.fromEntries(Object.entries(before).map(([t, n]) => [t, n + (perWrite[t] ?? 0) * acknowledged.length]))
    expect(counts(DB2_ID, orgId)).toEqual(expected)
    console.log(
      `org-move chaos: ${acknowledged.length} writes acknowledged (${acknowledgedWhileCopying} while copying), ${paused} paused answers, longest run of 503s ${(longestPauseMs / 1000).toFixed(1)} s, ${reads} reads, kills after ${kills.join(', ')} ms`,
    )
  }, 240_000)
})
