// Backups and a running server (docs/backups.md): a restore refuses to swap the state folder under
// a server that uses it, and a local backup carries every store the product keeps — D1, the KV
// sessions, the R2 images and the live games' Durable Object storage — back into a fresh folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '../../scripts/db-backup.ts'
import { queryLocal, restoreDatabase } from '../../scripts/db-restore.ts'
import { migrate, seedIfEmpty } from '../../scripts/start.ts'
import { startWorkerServer, type WorkerServer } from '../../scripts/worker-server.ts'

const ROOM = { name: 'game:backup-probe' }

describe('backups with every store, and restores while a server runs', () => {
  let work: string
  let source: string
  let backup: string
  let server: WorkerServer | undefined

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'courtside-stores-test-'))
    source = path.join(work, 'source')
    await migrate(source)
    await seedIfEmpty(source)
    server = await startWorkerServer({ stateDir: source })
    const mf = server.miniflare
    await (await mf.getKVNamespace('SESSIONS')).put('backup-probe', 'a session')
    await (await mf.getR2Bucket('LOGOS')).put('org/1/backup-probe.webp', new Uint8Array([82, 73, 70, 70, 1, 2, 3]))
    const room = await mf.unsafeGetDurableObjectStorage('courtside', 'GameRoom', ROOM)
    await room.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('backup-probe', 'live events')")
    // Taken while the server runs, as an owner would.
    backup = await backupDatabase({ stateDir: source, output: path.join(work, 'backup.sql') })
  }, 600_000)

  afterAll(async () => {
    await server?.stop()
    if (work) await rm(work, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  })

  it('refuses to restore into a state folder a running server uses, and the server goes on answering', async () => {
    await expect(restoreDatabase(backup, { stateDir: source, force: true })).rejects.toThrow(
      /A server \(process \d+, http:\/\/127\.0\.0\.1:\d+\) is using .*Stop it first/,
    )
    const res = await fetch(`${server?.url.origin}/api/auth/check-auth`)
    expect(res.status).toBe(200)
    const [{ n }] = await queryLocal<{ n: number }>(source, 'SELECT COUNT(*) AS n FROM organizations')
    expect(n).toBeGreaterThan(0)
  }, 300_000)

  it('brings the KV sessions, R2 images and live games storage back with the database', async () => {
    const restored = path.join(work, 'restored')
    const result = await restoreDatabase(backup, { stateDir: restored })
    expect(result.stores).toEqual(['kv', 'r2', 'do'])
    const [{ n }] = await queryLocal<{ n: number }>(restored, 'SELECT COUNT(*) AS n FROM organizations')
    expect(n).toBeGreaterThan(0)

    const again = await startWorkerServer({ stateDir: restored })
    try {
      const mf = again.miniflare
      expect(await (await mf.getKVNamespace('SESSIONS')).get('backup-probe')).toBe('a session')
      const object = await (await mf.getR2Bucket('LOGOS')).get('org/1/backup-probe.webp')
      expect([...new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([82, 73, 70, 70, 1, 2, 3])
      const room = await mf.unsafeGetDurableObjectStorage('courtside', 'GameRoom', ROOM)
      expect(await room.exec("SELECT value FROM meta WHERE key = 'backup-probe'")).toEqual([{ value: 'live events' }])
    } finally {
      await again.stop()
    }
  }, 300_000)
})
