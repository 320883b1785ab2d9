// Hot-reload development: migrate and seed like `npm start`, then rebuild the SPA on every change
// (vite build --watch) while `wrangler dev` reloads the Worker on every change of worker/.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { prepareDatabase, ROOT, serve, stateDirFromEnv } from './start.ts'

const stateDir = stateDirFromEnv()
await prepareDatabase(stateDir)
const vite = spawn(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--watch', '--config', 'web/vite.config.ts'],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
)
const stop = () => vite.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
const code = await serve(Number(process.env.PORT) || 8787, stateDir)
stop()
process.exit(code)
