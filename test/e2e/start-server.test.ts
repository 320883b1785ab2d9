// `npm start` serves without wrangler's dev proxy, quietly, and keeps answering under the load that
// used to end it (docs/decisions/2026-11-28-serve-without-dev-proxy.md; the full soak is
// `npm run soak:start`).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/local-server.ts'
import {
  answers,
  cancelStorm,
  liveGameIds,
  probe,
  publicUrls,
  type ServerProcess,
  socketFlood,
  startLikeNpmStart,
} from '../../scripts/soak-start.ts'
import { ROOT } from '../../scripts/start.ts'

let server: ServerProcess
let stateDir: string

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-start-'))
  server = await startLikeNpmStart(ROOT, await freePort(), stateDir)
})

afterAll(async () => {
  await server?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

describe('npm start', () => {
  it('starts without output that reads like a failure', () => {
    const output = server.output()
    expect(output).toContain('Courtside is running on http://localhost:')
    expect(output).not.toContain('Request.cf')
    expect(output).not.toContain('Scheduled Workers are not automatically triggered')
    expect(output).not.toMatch(/✘|\[ERROR\]|\bError:/)
  })

  it('answers throughout clients cancelling requests mid-flight and a flood of oversized socket messages', async () => {
    const urls = await publicUrls(server.baseUrl)
    const games = (await liveGameIds(server.baseUrl)).slice(0, 4)
    const until = Date.now() + 10_000
    const [storm, flood, probed] = await Promise.all([
      cancelStorm(server.baseUrl, urls, 20, until),
      socketFlood(server.baseUrl, games, 100, 4, until),
      probe(server.baseUrl, 500, until),
    ])
    expect(storm.cancelled).toBeGreaterThan(50)
    expect(flood.oversized).toBeGreaterThan(0)
    expect(flood.closes).toEqual({ 1009: flood.oversized })
    expect(probed.answered).toBe(probed.asked)
    expect(server.child.exitCode).toBeNull()
    expect(await answers(server.baseUrl, 10_000)).toBe(true)
  })
})
