// The danger button is readable on every theme (docs/site-look.md; WCAG 2.1 AA, 4.5:1 for text):
// its text colour against its background, both read from web/src/app/styles.css for the light
// (`:root`) and dark (`[data-theme="dark"]`) themes.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = readFileSync('web/src/app/styles.css', 'utf8')

/** The custom properties of the first rule with exactly this selector. */
function variables(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`)
  const body = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]))
}

/** A declaration of the first `.button-danger {` rule. */
function declaration(property: string): string {
  const start = css.indexOf('.button-danger {')
  const body = css.slice(start, css.indexOf('}', start))
  const found = body.match(new RegExp(`\\n\\s*${property}:\\s*([^;]+);`))
  return (found?.[1] ?? '').trim()
}

const resolve = (value: string, vars: Record<string, string>) =>
  value.replace(/var\((--[\w-]+)\)/g, (_, name) => vars[name] ?? '')

function luminance(hex: string): number {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255)
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r as number) + 0.7152 * lin(g as number) + 0.0722 * lin(b as number)
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
const hex = (value: string) => (value === 'white' ? '#ffffff' : value)

describe('the danger button', () => {
  const light = variables(':root')
  const themes = { light, dark: { ...light, ...variables('[data-theme="dark"]') } }
  for (const [theme, vars] of Object.entries(themes)) {
    it(`${theme}: its text has at least 4.5:1 against its background`, () => {
      const text = hex(resolve(declaration('color'), vars))
      const background = hex(resolve(declaration('background'), vars))
      expect(text).toMatch(/^#[0-9a-f]{3,6}$/i)
      expect(background).toMatch(/^#[0-9a-f]{3,6}$/i)
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5)
    })
  }
})
