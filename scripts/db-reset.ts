// Throws away the local state (D1, KV sessions, R2 logos), then migrates and seeds again.
// Run with `node scripts/db-reset.ts` while no server (npm start) is using the same state.
// The state is COURTSIDE_STATE_DIR when set, else wrangler's default .wrangler/state.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { refuseWhileServing } from './db-restore.ts'
import { prepareDatabase, ROOT, stateDirFromEnv } from './start.ts'

async function main() {
  const stateDir = stateDirFromEnv()
  const target = stateDir ?? path.join(ROOT, '.wrangler', 'state')
  // Refuse obviously wrong targets: COURTSIDE_STATE_DIR pointing at / or at the repository itself.
  if (target === path.parse(target).root || target === ROOT || ROOT.startsWith(target + path.sep)) {
    throw new Error(`Refusing to delete ${target}: COURTSIDE_STATE_DIR must be a folder of its own`)
  }
  refuseWhileServing(target, 'reset')
  console.log(`Deleting local state in ${target}`)
  await rm(target, { recursive: true, force: true })
  await prepareDatabase(stateDir)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
