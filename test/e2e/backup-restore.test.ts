// Backups (docs/reference/trust-and-security.md §10): a seeded local database, backed up with scripts/db-backup.ts and restored
// with scripts/db-restore.ts into a fresh state folder, comes back exactly — every table's row count,
// the rows of a few tables byte for byte, the id sequences, and each organization's data_version
// (the edge cache key, which the tenant-table triggers would bump if rows were replayed under them).
// Runs real wrangler commands; no server needed.
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '../../scripts/db-backup.ts'
import { queryLocal, restoreDatabase, userTables } from '../../scripts/db-restore.ts'
import { migrate, seedIfEmpty } from '../../scripts/start.ts'

const CHECKSUMMED = ['organizations', 'users', 'games', 'player_game_stats', 'site_pages']

async function rowCounts(stateDir: string): Promise<Record<string, number>> {
  const tables = await userTables(stateDir)
  // One row of scalar subqueries: D1 caps the terms of a compound SELECT (UNION ALL) well below 30.
  const sql = `SELECT ${tables.map((t) => `(SELECT COUNT(*) FROM "${t}") AS "${t}"`).join(', ')}`
  const [row] = await queryLocal<Record<string, number>>(stateDir, sql)
  return Object.fromEntries(tables.map((t) => [t, row[t]]))
}

async function checksum(stateDir: string, table: string): Promise<string> {
  const rows = await queryLocal(stateDir, `SELECT * FROM "${table}" ORDER BY id`)
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex')
}

const sequences = (stateDir: string) => queryLocal(stateDir, 'SELECT name, seq FROM sqlite_sequence ORDER BY name')
const dataVersions = (stateDir: string) => queryLocal(stateDir, 'SELECT id, data_version FROM organizations ORDER BY id')

describe('backup and restore', () => {
  let work: string
  let source: string
  let backup: string

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'courtside-backup-test-'))
    source = path.join(work, 'source')
    await migrate(source)
    await seedIfEmpty(source)
    // A page whose text looks like SQL (quotes, `;` and a line break), and a deleted row: the
    // sequence then runs ahead of the largest id and data_version has moved past the seed's.
    await queryLocal(
      source,
      `INSERT INTO site_pages (organization_id, page_key, content) VALUES (1, 'backup-probe', '{"text":"It''s 1; DROP TABLE games;",\n"two":2}');
       INSERT INTO site_pages (organization_id, page_key, content) VALUES (1, 'backup-gone', '{}');
       DELETE FROM site_pages WHERE page_key = 'backup-gone'`,
    )
    backup = await backupDatabase({ stateDir: source, output: path.join(work, 'backup.sql') })
  }, 600_000)

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  })

  it('restores a backup into a fresh database with every row, sequence and data_version as they were', async () => {
    const restored = path.join(work, 'restored')
    await restoreDatabase(backup, { stateDir: restored })

    const [before, after] = [await rowCounts(source), await rowCounts(restored)]
    expect(Object.keys(after)).toEqual(Object.keys(before))
    expect(after).toEqual(before)
    expect(before.player_game_stats).toBeGreaterThan(1000)
    expect(before.d1_migrations).toBeGreaterThan(0)

    for (const table of CHECKSUMMED) expect(await checksum(restored, table), table).toBe(await checksum(source, table))
    expect(await sequences(restored)).toEqual(await sequences(source))
    const versions = await dataVersions(source)
    expect(versions.some((o) => Number(o.data_version) > 0)).toBe(true)
    expect(await dataVersions(restored)).toEqual(versions)

    const probe = await queryLocal<{ content: string }>(
      restored,
      "SELECT content FROM site_pages WHERE page_key = 'backup-probe'",
    )
    expect(probe[0].content).toBe(`{"text":"It's 1; DROP TABLE games;",\n"two":2}`)

    // The backup file itself replays in order: tables, rows, then the triggers last.
    const sql = await readFile(backup, 'utf8')
    expect(sql.indexOf('CREATE TABLE `teams`')).toBeLessThan(sql.indexOf('INSERT INTO "games"'))
    // Row inserts are the export's `INSERT INTO "table"` lines; trigger bodies write INSERT INTO too.
    const rowInserts = [...sql.matchAll(/^INSERT INTO "/gm)]
    expect(rowInserts.length).toBeGreaterThan(0)
    expect(rowInserts[rowInserts.length - 1].index).toBeLessThan(sql.indexOf('CREATE TRIGGER'))
  }, 900_000)

  it('refuses to restore over a database that has tables, and replaces it with --force', async () => {
    // A migrated, empty database: its backup is small, so the replacement is quick to check.
    const empty = path.join(work, 'empty')
    await migrate(empty)
    const small = await backupDatabase({ stateDir: empty, output: path.join(work, 'empty.sql') })

    await expect(restoreDatabase(small, { stateDir: source })).rejects.toThrow(/not empty/)
    expect((await rowCounts(source)).games).toBeGreaterThan(0)

    // A restore that fails part-way (here: a statement the database refuses, at the very end)
    // leaves the database it was replacing exactly as it was.
    const before = await rowCounts(source)
    const broken = path.join(work, 'broken.sql')
    await writeFile(broken, `${await readFile(small, 'utf8')}\nINSERT INTO "no_such_table" VALUES (1);\n`)
    await expect(restoreDatabase(broken, { stateDir: source, force: true })).rejects.toThrow()
    expect(await rowCounts(source)).toEqual(before)

    await restoreDatabase(small, { stateDir: source, force: true })
    expect(await rowCounts(source)).toEqual(await rowCounts(empty))
    expect((await rowCounts(source)).games).toBe(0)
  }, 600_000)
})
