import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** Runs scripts/check-node.cjs as if Node were `version`. */
function checkAs(version: string) {
  const run = spawnSync(
    process.execPath,
    ['-e', `Object.defineProperty(process.versions, 'node', { value: '${version}' }); require('./scripts/check-node.cjs')`],
    { encoding: 'utf8' },
  )
  return { code: run.status, stderr: run.stderr.trim() }
}

describe('the Node version check before npm install, start and dev', () => {
  it('stops an older Node with one line saying what to install', () => {
    for (const version of ['20.20.2', '22.17.9', '18.0.0']) {
      const { code, stderr } = checkAs(version)
      expect(code).toBe(1)
      expect(stderr.split('\n')).toHaveLength(1)
      expect(stderr).toContain(`Courtside needs Node 22.18 or newer (this is Node ${version})`)
      expect(stderr).toContain('install Node 22')
    }
  })

  it('lets 22.18 and newer through silently', () => {
    for (const version of ['22.18.0', '22.23.3', '24.1.0']) expect(checkAs(version)).toEqual({ code: 0, stderr: '' })
  })
})
