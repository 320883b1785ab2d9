import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// npm 11 runs a dependency's install scripts only when package.json's `allowScripts` names it, and
// warns about every other one at each install (docs/decisions/2026-11-28-install-scripts.md).
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; optional?: boolean }>
}

/** Every package in the lock file that has an install script, by name. */
const withInstallScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript)
      .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort()

describe("package.json's allowScripts", () => {
  it('approves every installed package that has an install script, so npm ci runs them without a warning', () => {
    expect(withInstallScripts).toContain('esbuild')
    expect(withInstallScripts).toContain('workerd')
    for (const name of withInstallScripts) expect(pkg.allowScripts?.[name], name).toBe(true)
  })

  it('names packages without a version, so an upgrade does not bring the warning back', () => {
    for (const key of Object.keys(pkg.allowScripts ?? {})) expect(key).toMatch(/^(@[^/@]+\/)?[^/@]+$/)
  })
})
