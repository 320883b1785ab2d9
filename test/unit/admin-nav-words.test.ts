// The admin sidebar in the page's language (docs/decisions/2026-11-28-dashboard-language.md): every
// link, group and Ctrl+K section names a catalog key whose English text is the item's English label,
// and the quick switcher finds screens by the words on screen, in the page's language.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NAV_GROUPS, NAV_SECTIONS, NAV_SETTINGS, NAV_TOP } from '../../web/src/app/layouts/admin-nav'
import { matchTargets, screenTargets } from '../../web/src/app/layouts/quick-switcher'
import { createTranslator } from '../../worker/domain/i18n'

const catalog = (language: string) => JSON.parse(readFileSync(`i18n/${language}/admin.json`, 'utf8')) as Record<string, string>

describe('the admin sidebar in catalogs', () => {
  it("names every item by a key whose English text is the item's label", () => {
    const english = catalog('en')
    const items = [...NAV_TOP, ...NAV_GROUPS.flatMap((group) => group.items), ...NAV_SETTINGS, ...NAV_SECTIONS, ...NAV_GROUPS]
    for (const item of items) expect(english[item.key], item.label).toBe(item.label)
    for (const section of NAV_SECTIONS) expect(english[section.screen]).toBeDefined()
  })

  it('lets Ctrl+K find a screen by its French name', () => {
    const t = createTranslator('fr', catalog('fr'))
    const targets = screenTargets('org_owner', t)
    expect(matchTargets(targets, 'apparence')[0]).toMatchObject({
      to: '/dashboard/site',
      label: 'Apparence du site',
      kind: 'Site',
    })
    expect(matchTargets(targets, 'paramètres').map((target) => target.to)).toContain('/userSettings')
  })
})
