// What the audit trail costs a write: the same batches of box-score rows saved with and without an
// actor (with one, every row also writes an audit entry through the triggers), against a fresh
// local D1 in workerd (wrangler's platform proxy, nothing persisted), migrated like production.
//   node scripts/bench-audit.ts [rounds=30] [rows per batch=96]
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { getPlatformProxy } from 'wrangler'
import { withAuditActor } from '../worker/db/audit.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const rounds = Number(process.argv[2] ?? 30)
const rowsPerBatch = Number(process.argv[3] ?? 96)

// The Worker's own bindings (wrangler.toml), with nothing persisted: a fresh database every run.
const proxy = await getPlatformProxy<{ DB: D1Database }>({ persist: false, remoteBindings: false })
const d1 = proxy.env.DB

const migrations = readdirSync(path.join(ROOT, 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort()
for (const file of migrations) {
  for (const statement of readFileSync(path.join(ROOT, 'migrations', file), 'utf8').split('--> statement-breakpoint')) {
    const sql = statement
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim()
    if (sql) await d1.prepare(sql).run()
  }
}

// One organization, two teams, a game, players and stats enough for the rows of one batch.
const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await d1
    .prepare(sql)
    .bind(...binds)
    .first<T>()) as T
const org = await one<{ id: number }>("INSERT INTO organizations (name, slug) VALUES ('Bench', 'bench') RETURNING id")
const sport = await one<{ id: number }>("INSERT INTO sports (name, type) VALUES ('Basketball', 'basketball') RETURNING id")
const team = await one<{ id: number }>("INSERT INTO teams (organization_id, name) VALUES (?, 'Home') RETURNING id", org.id)
const away = await one<{ id: number }>("INSERT INTO teams (organization_id, name) VALUES (?, 'Away') RETURNING id", org.id)
const game = await one<{ id: number }>(
  'INSERT INTO games (organization_id, team1_id, team2_id) VALUES (?, ?, ?) RETURNING id',
  org.id,
  team.id,
  away.id,
)
const statIds: number[] = []
for (let s = 0; s < 12; s++) {
  const row = await one<{ id: number }>(
    'INSERT INTO stat_definitions (organization_id, sport_id, name, abbreviation) VALUES (?, ?, ?, ?) RETURNING id',
    org.id,
    sport.id,
    `Stat ${s}`,
    `S${s}`,
  )
  statIds.push(row.id)
}
const playerIds: number[] = []
for (let p = 0; p < Math.ceil(rowsPerBatch / statIds.length); p++) {
  const row = await one<{ id: number }>(
    "INSERT INTO players (organization_id, first_name, last_name) VALUES (?, 'P', ?) RETURNING id",
    org.id,
    String(p),
  )
  playerIds.push(row.id)
}
const cells = playerIds.flatMap((playerId) => statIds.map((statId) => ({ playerId, statId }))).slice(0, rowsPerBatch)

/** 16 rows a statement (6 parameters each: D1 binds at most 100), as worker/db/queries/games.ts saves them. */
const upsert = (rows: number) =>
  `INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?, ?)').join(', ')}
  ON CONFLICT (game_id, player_id, stat_id) DO UPDATE SET value = excluded.value WHERE player_game_stats.value IS NOT excluded.value`

/** One box-score save: every cell gets a new value (so every row is written and, with an actor, logged). */
const save = (binding: Pick<D1Database, 'prepare' | 'batch'>, round: number) => {
  const statements: D1PreparedStatement[] = []
  for (let i = 0; i < cells.length; i += 16) {
    const part = cells.slice(i, i + 16)
    const binds = part.flatMap((c) => [org.id, game.id, c.playerId, team.id, c.statId, round])
    statements.push(binding.prepare(upsert(part.length)).bind(...binds))
  }
  return binding.batch(statements)
}

const actor = { userId: 1, username: 'bench', organizationId: org.id, requestId: 'bench' }
const variants = {
  'no actor (seeds, scripts)': d1,
  'signed-in actor (audited)': withAuditActor(d1, () => actor),
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]
let round = 0
await save(d1, round++) // the rows exist from here on: every timed save updates them all
const results: Record<string, number[]> = {}
for (const name of Object.keys(variants)) results[name] = []
// Interleaved so both variants see the same machine load.
for (let i = 0; i < 5 + rounds; i++) {
  for (const [name, binding] of Object.entries(variants)) {
    const start = performance.now()
    await save(binding, round++)
    if (i >= 5) results[name].push(performance.now() - start)
  }
}
const entries = await one<{ n: number }>('SELECT COUNT(*) AS n FROM audit_log')
console.log(
  `Box-score save of ${cells.length} changed rows as one D1 batch of 16-row statements, ${rounds} rounds each (local workerd D1):\n`,
)
console.log('| Writer | p50 ms | p95 ms | mean ms | per row ms |')
console.log('|---|---|---|---|---|')
for (const [name, times] of Object.entries(results)) {
  const sorted = [...times].sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `| ${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${mean.toFixed(1)} | ${(mean / cells.length).toFixed(3)} |`,
  )
}
console.log(`\naudit_log rows written: ${entries.n} (expected ${(rounds + 5) * cells.length})`)
await proxy.dispose()
