// Moving an organization (docs/scaling.md "Moving an organization",
// docs/decisions/2026-11-29-org-move-short-pause.md): `org:move` of the seeded main league (ocbl)
// from DB to DB_2 while a writer keeps adding leagues to it, and the same with its box scores scaled
// up (`--scale`: every game with a box score copied that many times, in the same seasons). Per data
// set: the whole move's time and per million box-score rows, the writes' pause (the longest run of
// 503s the writer saw, and the time from the `pause` step to the switch), and the public p50/p95 of
// the league's reads before (on DB) and after (on DB_2). Also the write cost of the change-log
// triggers (migration 0035) when nobody is moving, measured on the database file itself. Writes a
// section of bench/RESULTS.md.
//
//   npm run bench:move [-- --slug ocbl] [--scale 4] [--requests 200] [--no-write]
import { spawn } from 'node:child_process'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { parseArgs } from 'node:util'
import { idRangeStatements } from '../worker/db/id-ranges.ts'
import { d1File, HOME_DATABASE_ID } from './db-restore.ts'
import { startLocalServer } from './local-server.ts'
import { writeResultsSection } from './results-section.ts'
import { migrate, persistArgs, ROOT, runWrangler, seedIfEmpty } from './start.ts'

const { values } = parseArgs({
  options: {
    slug: { type: 'string', default: 'ocbl' },
    scale: { type: 'string', default: '4' },
    requests: { type: 'string', default: '200' },
    'no-write': { type: 'boolean' },
  },
})
const SLUG = values.slug as string
const SCALE = Math.max(1, Number(values.scale))
const N = Number(values.requests)
const TOKEN = 'bench-move-token'
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ms = (n: number) => `${n.toFixed(1)} ms`
const s = (n: number) => `${(n / 1000).toFixed(1)} s`

async function measure(origin: string) {
  const paths = [`/api/organizations/current?slug=${SLUG}`, `/api/seasonsv2?slug=${SLUG}`]
  for (let i = 0; i < 20; i++) await fetch(origin + paths[i % paths.length]).then((r) => r.arrayBuffer())
  const times: number[] = []
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const res = await fetch(origin + paths[i % paths.length])
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) }
}

/** A signed-in owner of the organization that adds a league every ~50 ms, retrying 503s; the longest run of 503s. */
async function startWriter(origin: string) {
  const cookies = new Map<string, string>()
  const call = async (method: string, p: string, json?: unknown) => {
    const headers: Record<string, string> = { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '')
    if (json !== undefined) headers['Content-Type'] = 'application/json'
    const res = await fetch(origin + p, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = (pair ?? '').indexOf('=')
      cookies.set((pair ?? '').slice(0, at), (pair ?? '').slice(at + 1))
    }
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }
  }
  await call('GET', '/api/auth/check-auth')
  const login = await call('POST', '/api/auth/login', { username: 'owner', password: 'owner-local', slug: SLUG })
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`)
  const seasons = await call('GET', `/api/seasonsv2?slug=${SLUG}`)
  const seasonId = ((seasons.body.seasons ?? seasons.body.data ?? []) as { id: number }[])[0]?.id
  if (!seasonId) throw new Error(`no season: ${JSON.stringify(seasons.body).slice(0, 200)}`)
  const state = { running: true, acknowledged: 0, refused: 0, longestPauseMs: 0, failures: [] as string[] }
  const done = (async () => {
    for (let i = 0; state.running; i++) {
      let firstRefusal = 0
      for (;;) {
        const res = await call('POST', `/api/seasonsv2/${seasonId}/leagues`, { name: `Bench move league ${i}` })
        if (res.status === 201) {
          state.acknowledged++
          if (firstRefusal) state.longestPauseMs = Math.max(state.longestPauseMs, performance.now() - firstRefusal)
          break
        }
        if (res.status === 503) {
          state.refused++
          firstRefusal ||= performance.now()
          await sleep(100)
          continue
        }
        state.failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
        break
      }
      await sleep(50)
    }
  })()
  const stop = async () => {
    state.running = false
    await done
  }
  return { state, stop }
}

/** Every game of the organization that has a box score, copied `times` more times with its box score (triggers on: totals stay true). */
function scaleUp(file: string, orgId: number, times: number) {
  const db = new DatabaseSync(file)
  try {
    const cols = (db.prepare('PRAGMA table_info(games)').all() as { name: string }[]).map((c) => c.name).filter((c) => c !== 'id')
    const games = db
      .prepare(
        'SELECT id FROM games WHERE organization_id = ? AND id IN (SELECT DISTINCT game_id FROM player_game_stats WHERE organization_id = ?)',
      )
      .all(orgId, orgId) as { id: number }[]
    const copyGame = db.prepare(
      `INSERT INTO games (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${cols.map((c) => (c === 'bracket_slot_id' ? 'NULL' : `"${c}"`)).join(', ')} FROM games WHERE id = ? RETURNING id`,
    )
    const copyStats = db.prepare(
      'INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) SELECT organization_id, ?, player_id, team_id, stat_id, value FROM player_game_stats WHERE game_id = ?',
    )
    db.exec('BEGIN')
    for (let k = 1; k < times; k++)
      for (const game of games) {
        const copy = copyGame.get(game.id) as { id: number }
        copyStats.run(copy.id, game.id)
      }
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}

/** Microseconds per write (a box-score value changed, a league added) on a copy of the database file, in one transaction. */
async function triggerCost(file: string, orgId: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'courtside-bench-triggers-'))
  try {
    const run = async (variant: 'without' | 'with' | 'tracked') => {
      const copy = path.join(dir, `${variant}.sqlite`)
      await copyFile(file, copy)
      const db = new DatabaseSync(copy)
      try {
        if (variant === 'without') {
          const names = db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_change_log'")
            .all() as {
            name: string
          }[]
          for (const { name } of names) db.exec(`DROP TRIGGER "${name}"`)
        }
        if (variant === 'tracked') db.prepare('INSERT INTO org_change_tracking (organization_id) VALUES (?)').run(orgId)
        const ids = (
          db.prepare('SELECT id FROM player_game_stats WHERE organization_id = ? ORDER BY id LIMIT 2000').all(orgId) as {
            id: number
          }[]
        ).map((r) => r.id)
        const season = (db.prepare('SELECT id FROM seasons WHERE organization_id = ? LIMIT 1').get(orgId) as { id: number }).id
        const update = db.prepare('UPDATE player_game_stats SET value = value + 1 WHERE id = ?')
        const insert = db.prepare('INSERT INTO leagues (organization_id, name) VALUES (?, ?)')
        const time = (fn: (i: number) => void, n: number) => {
          db.exec('BEGIN')
          const started = performance.now()
          for (let i = 0; i < n; i++) fn(i)
          const took = performance.now() - started
          db.exec('ROLLBACK')
          return (took * 1000) / n
        }
        const rounds = 5
        let boxScore = Number.POSITIVE_INFINITY
        let league = Number.POSITIVE_INFINITY
        for (let r = 0; r < rounds; r++) {
          boxScore = Math.min(
            boxScore,
            time((i) => update.run(ids[i % ids.length] as number), ids.length),
          )
          league = Math.min(
            league,
            time((i) => insert.run(orgId, `Cost ${season} ${i}`), 2000),
          )
        }
        return { boxScore, league }
      } finally {
        db.close()
      }
    }
    return { without: await run('without'), with: await run('with'), tracked: await run('tracked') }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

interface MoveFigures {
  boxRows: number
  allRows: number
  moveMs: number
  pauseWindowMs: number
  longestPauseMs: number
  acknowledged: number
  refused: number
  before: { p50: number; p95: number }
  after: { p50: number; p95: number }
}

async function benchOne(scale: number): Promise<MoveFigures & { cost?: Awaited<ReturnType<typeof triggerCost>> }> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-bench-move-'))
  try {
    await migrate(stateDir, false)
    await seedIfEmpty(stateDir)
    await runWrangler(['d1', 'migrations', 'apply', 'DB_2', '--local', ...persistArgs(stateDir)], 'Applying migrations to DB_2')
    await runWrangler(
      ['d1', 'execute', 'DB_2', '--local', '--command', idRangeStatements('DB_2').join('; '), '--yes', ...persistArgs(stateDir)],
      "Setting DB_2's id range",
    )
    const file = d1File(stateDir, HOME_DATABASE_ID)
    const home = new DatabaseSync(file, { readOnly: true })
    const orgId = (home.prepare('SELECT id FROM organizations WHERE slug = ?').get(SLUG) as { id: number }).id
    home.close()
    if (scale > 1) scaleUp(file, orgId, scale)
    const cost = scale === 1 ? await triggerCost(file, orgId) : undefined
    const db = new DatabaseSync(file, { readOnly: true })
    const boxRows = (
      db.prepare('SELECT count(*) AS n FROM player_game_stats WHERE organization_id = ?').get(orgId) as { n: number }
    ).n
    let allRows = 0
    for (const { name } of db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
      .all() as { name: string }[]) {
      const cols = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name)
      if (cols.includes('organization_id') && !['org_directory', 'org_change_log'].includes(name))
        allRows += (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE organization_id = ?`).get(orgId) as { n: number }).n
    }
    db.close()

    const server = await startLocalServer({ stateDir, vars: { ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } })
    try {
      const before = await measure(server.baseUrl)
      const writer = await startWriter(server.baseUrl)
      // The pause lasts from the `pause` step to the switch: the CLI prints each step's answer as it comes.
      let pauseStart = 0
      let pauseEnd = 0
      const started = performance.now()
      const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'org-move.ts'), SLUG, 'DB_2', '--url', server.baseUrl], {
        cwd: ROOT,
        env: { ...process.env, ORG_MOVE_TOKEN: TOKEN },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        const now = performance.now()
        // "…: pause" is printed when the step before it answered: the pause step is called right after.
        if (!pauseStart && /: pause\b/.test(chunk)) pauseStart = now
        if (!pauseEnd && /: purge\b/.test(chunk)) pauseEnd = now
      })
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      const moveMs = performance.now() - started
      await sleep(500)
      await writer.stop()
      if (code !== 0) throw new Error(`org:move exited with ${code}`)
      if (writer.state.failures.length) throw new Error(`writes failed: ${writer.state.failures.slice(0, 3).join('; ')}`)
      const after = await measure(server.baseUrl)
      return {
        boxRows,
        allRows,
        moveMs,
        pauseWindowMs: pauseEnd - pauseStart,
        longestPauseMs: writer.state.longestPauseMs,
        acknowledged: writer.state.acknowledged,
        refused: writer.state.refused,
        before,
        after,
        cost,
      }
    } finally {
      await server.stop()
    }
  } finally {
    await rm(stateDir, { recursive: true, force: true })
  }
}

const runs = [{ scale: 1, ...(await benchOne(1)) }]
if (SCALE > 1) runs.push({ scale: SCALE, ...(await benchOne(SCALE)) })
const cost = runs[0]?.cost
const perMillion = (r: MoveFigures) => (r.moveMs / 60_000) * (1_000_000 / Math.max(1, r.boxRows))
const rows = runs
  .map(
    (r) =>
      `| ${r.scale === 1 ? SLUG : `${SLUG} × ${r.scale}`} | ${r.boxRows.toLocaleString('en')} | ${r.allRows.toLocaleString('en')} | ${s(r.moveMs)} | ${perMillion(r).toFixed(1)} min | **${s(r.longestPauseMs)}** | ${s(r.pauseWindowMs)} | ${r.acknowledged} / ${r.refused} | ${ms(r.before.p50)} / ${ms(r.before.p95)} | ${ms(r.after.p50)} / ${ms(r.after.p95)} |`,
  )
  .join('\n')
const us = (n: number) => `${n.toFixed(1)} µs`
const body = `## Moving an organization (\`npm run bench:move\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 shared cores, other work running),
local workerd: \`org:move -- ${SLUG} DB_2\` of the seeded main league while a signed-in owner adds a
league every ~50 ms (retrying 503s), grace period 0; then the same with every game that has a box
score copied ${SCALE} times (\`--scale ${SCALE}\`). Writes pause only from the \`pause\` step to the switch
(final catch-up + final check); the copy, catch-up and live check run while writes flow.

| data set | box-score rows | rows of the organization | whole move | per million box-score rows | longest run of 503s (writer) | pause → switch | writes acknowledged / 503 answers | public p50 / p95 before (DB) | after (DB_2) |
|---|---|---|---|---|---|---|---|---|---|
${rows}

The pause depends on the writes of the last moments (the final catch-up reads the log's last
entries; the final check counts every table and compares only the rows logged since the live check
began), not on the organization's size.
${
  cost
    ? `
Write cost of the change-log triggers (migration 0035), node:sqlite on the database file, one
transaction, best of 5 rounds:

| write | without the triggers | with them, organization not moving | organization being moved (logged) |
|---|---|---|---|
| a box-score value changed (totals, box line, data version triggers) | ${us(cost.without.boxScore)} | ${us(cost.with.boxScore)} | ${us(cost.tracked.boxScore)} |
| a league added | ${us(cost.without.league)} | ${us(cost.with.league)} | ${us(cost.tracked.league)} |
`
    : ''
}`
console.log(body)
if (!values['no-write']) writeResultsSection('bench-move', body)
