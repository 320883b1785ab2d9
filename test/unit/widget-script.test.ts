import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { WIDGETS, widgetSnippet, widgetUrl } from '../../worker/domain/widgets'

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

describe('the embed snippet', () => {
  it('is a sized, titled, lazy iframe of the widget address, with its text escaped', () => {
    const url = widgetUrl('https://platform.example/ocbl/', 'schedule', { team: 7, season: undefined })
    expect(url).toBe('https://platform.example/ocbl/widgets/schedule?team=7')
    expect(widgetUrl('https://hoops.example', 'scoreboard')).toBe('https://hoops.example/widgets/scoreboard')
    const snippet = widgetSnippet(url, 'Schedule · "Ballers" <A>', WIDGETS.schedule.height)
    expect(snippet).toBe(
      '<iframe src="https://platform.example/ocbl/widgets/schedule?team=7" title="Schedule · &quot;Ballers&quot; &lt;A&gt;" width="100%" height="520" style="border:0;max-width:100%" loading="lazy"></iframe>',
    )
  })
})
