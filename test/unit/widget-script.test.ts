import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

// docs/widgets.md: an embedded widget loads one script of its own, under 10 KB gzipped (KB = 1024
// bytes). Every widget kind loads the same file, so its size is each widget's JavaScript.
const SCRIPT = 'web/public/widgets/widget.js'
const BUDGET = 10 * 1024

describe('the widget script', () => {
  const source = readFileSync(SCRIPT)
  const gzipped = gzipSync(source, { level: 9 }).byteLength

  it('is under 10 KB gzipped', () => {
    console.log(`${SCRIPT}: ${source.byteLength} bytes, ${gzipped} bytes gzipped (budget ${BUDGET})`)
    expect(gzipped).toBeGreaterThan(0)
    expect(gzipped).toBeLessThan(BUDGET)
  })

  it('is the only script the widget pages name, and imports nothing', () => {
    const widgets = readFileSync('worker/routes/widgets.ts', 'utf8')
    expect(widgets).toContain(`WIDGET_SCRIPT = '/${SCRIPT.replace('web/public/', '')}'`)
    expect(source.toString()).not.toMatch(/\bimport\s*[({'"]|\brequire\(/)
  })
})
