// Moving an organization (docs/scaling.md "Moving an organization"): the time `org:move` takes for
// the seeded main league (ocbl) from DB to DB_2, per million box-score rows (extrapolated from the
// measured move: the copy, check and purge are linear in rows), the writes' pause, and the public
// p50/p95 of the league's reads before (on DB) and after (on DB_2). Writes a section of bench/RESULTS.md.
//
//   npm run bench:move [-- --slug ocbl] [--requests 200] [--no-write]
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
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
    requests: { type: 'string', default: '200' },
    'no-write': { type: 'boolean' },
  },
})
const SLUG = values.slug as string
const N = Number(values.requests)
const TOKEN = 'bench-move-token'
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

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

const stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-bench-move-'))
try {
  await migrate(stateDir, false)
  await seedIfEmpty(stateDir)
  await runWrangler(['d1', 'migrations', 'apply', 'DB_2', '--local', ...persistArgs(stateDir)], 'Applying migrations to DB_2')
  await runWrangler(
    ['d1', 'execute', 'DB_2', '--local', '--command', idRangeStatements('DB_2').join('; '), '--yes', ...persistArgs(stateDir)],
    "Setting DB_2's id range",
  )
  const home = new DatabaseSync(d1File(stateDir, HOME_DATABASE_ID), { readOnly: true })
  const orgId = (home.prepare('SELECT id FROM organizations WHERE slug = ?').get(SLUG) as { id: number }).id
  const boxRows = (
    home.prepare('SELECT count(*) AS n FROM player_game_stats WHERE organization_id = ?').get(orgId) as { n: number }
  ).n
  const tables = (
    home
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
      .all() as {
      name: string
    }[]
  ).map((t) => t.name)
  let allRows = 0
  for (const t of tables) {
    const cols = (home.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[]).map((c) => c.name)
    if (cols.includes('organization_id') && t !== 'org_directory')
      allRows += (home.prepare(`SELECT count(*) AS n FROM "${t}" WHERE organization_id = ?`).get(orgId) as { n: number }).n
  }
  home.close()

  const server = await startLocalServer({ stateDir, vars: { ORG_MOVE_TOKEN: TOKEN, ORG_MOVE_GRACE_MS: '0' } })
  try {
    const before = await measure(server.baseUrl)
    // The pause lasts from the first step (pause) to the switch: the CLI's lines say when each step ended.
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
      if (!pauseStart && /: copy/.test(chunk)) pauseStart = now
      if (!pauseEnd && /: purge/.test(chunk)) pauseEnd = now
    })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    const moveMs = performance.now() - started
    if (code !== 0) throw new Error(`org:move exited with ${code}`)
    const pausedMs = pauseEnd - started
    const after = await measure(server.baseUrl)
    const perMillion = (moveMs / 1000) * (1_000_000 / Math.max(1, boxRows))
    const ms = (n: number) => `${n.toFixed(1)} ms`
    const body = `## Moving an organization (\`npm run bench:move\`)

Measured ${new Date().toISOString().slice(0, 10)} on this machine (2 shared cores, other work running),
local workerd: \`org:move -- ${SLUG} DB_2\` of the seeded main league, ${boxRows.toLocaleString('en')} box-score
rows (${allRows.toLocaleString('en')} rows of the organization in all), grace period 0.

| | figure |
|---|---|
| whole move (pause, copy, verify, switch, purge) | ${(moveMs / 1000).toFixed(1)} s |
| per million box-score rows (extrapolated, linear) | ${(perMillion / 60).toFixed(1)} min |
| public p50 / p95 before (on DB) | ${ms(before.p50)} / ${ms(before.p95)} |
| public p50 / p95 after (on DB_2) | ${ms(after.p50)} / ${ms(after.p95)} |

The organization's writes are paused from the first step to the switch (copy + verify), so the
pause grows with its rows: ${(pausedMs / 1000).toFixed(1)} s here (${(((pausedMs / 1000) * (1_000_000 / Math.max(1, boxRows))) / 60).toFixed(1)} min per million box-score rows).
Reads are served throughout; the purge of the old copy runs after writes resumed.`
    console.log(body)
    if (!values['no-write']) writeResultsSection('bench-move', body)
  } finally {
    await server.stop()
  }
} finally {
  await rm(stateDir, { recursive: true, force: true })
}
