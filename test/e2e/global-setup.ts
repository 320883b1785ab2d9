// Once per e2e run: one state folder migrated and seeded with the demo data, which every journey's
// server copies instead of migrating and seeding its own (test/helpers/server.ts,
// docs/decisions/2026-11-29-parallel-journeys.md). The copy is taken before any server runs on it,
// so each journey still starts from the same fresh demo and changes only its own copy. The demo is
// spread over the three local databases as `npm start` spreads it
// (docs/decisions/2026-11-29-demo-across-databases.md), so every journey runs across databases.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEMO_PLACEMENT } from '../../scripts/seed-data.ts'
import { migrate, seedIfEmpty } from '../../scripts/start.ts'

export default async function setup(): Promise<() => Promise<void>> {
  const template = await mkdtemp(path.join(tmpdir(), 'courtside-template-'))
  await migrate(template)
  await seedIfEmpty(template, undefined, DEMO_PLACEMENT)
  process.env.COURTSIDE_STATE_TEMPLATE = template
  return async () => {
    await rm(template, { recursive: true, force: true })
  }
}
