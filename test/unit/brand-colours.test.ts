import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AA_NON_TEXT,
  AA_TEXT,
  brandColourProblem,
  brandStyle,
  brandStyleAttribute,
  contrastRatio,
  THEME_BACKGROUNDS,
  textOnFill,
} from '../../worker/domain/brand-colours'

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`)

// Brand colours are checked for WCAG AA on both themes before saving (docs/site-look.md).
describe('brand colour contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    // The light theme's own accent, noted in styles.css as 5.2:1 on white.
    expect(contrastRatio('#c2410c', '#ffffff')).toBeCloseTo(5.18, 1)
  })

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b)
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 10)
        expect(ratio).toBeGreaterThanOrEqual(1)
        expect(ratio).toBeLessThanOrEqual(21.0001)
      }),
    )
  })

  it('no colour carries text at AA on both themes: hence fills checked at 3:1 with their own text at 4.5:1', () => {
    fc.assert(
      fc.property(hex, (colour) => {
        const onBoth = Object.values(THEME_BACKGROUNDS)
          .flat()
          .every((bg) => contrastRatio(colour, bg) >= AA_TEXT)
        expect(onBoth).toBe(false)
      }),
    )
  })

  it('accepts a colour only when it stands out on every background of both themes and carries its text', () => {
    fc.assert(
      fc.property(hex, (colour) => {
        const fine =
          Object.values(THEME_BACKGROUNDS)
            .flat()
            .every((bg) => contrastRatio(colour, bg) >= AA_NON_TEXT) && contrastRatio(colour, textOnFill(colour)) >= AA_TEXT
        expect(brandColourProblem(colour) === null).toBe(fine)
      }),
    )
    // Some colours pass: a mid blue and the platform's own orange-red.
    expect(brandColourProblem('#2563eb')).toBeNull()
    expect(brandColourProblem('#dc2626')).toBeNull()
  })

  it('says why a colour is refused', () => {
    expect(brandColourProblem('blue')).toBe('Must be a colour like #1d4ed8')
    expect(brandColourProblem('#ffff00')).toMatch(/^Too little contrast on the light theme: 1\.\d:1, WCAG AA needs 3:1$/)
    expect(brandColourProblem('#000080')).toMatch(/^Too little contrast on the dark theme/)
  })
})

// The public site draws them through CSS custom properties (docs/site-look.md "Brand colours").
describe('brand colours as CSS properties', () => {
  it('gives each usable colour its property and the text colour the rule chose, and nothing for unset or refused ones', () => {
    expect(brandStyle('#2563EB', null)).toEqual({ '--brand-primary': '#2563eb', '--brand-primary-text': '#ffffff' })
    expect(brandStyle(null, '#dc2626')).toEqual({ '--brand-accent': '#dc2626', '--brand-accent-text': '#ffffff' })
    expect(brandStyle('#ffff00', 'red')).toEqual({})
    expect(brandStyleAttribute('#2563eb', '#dc2626')).toBe(
      '--brand-primary:#2563eb;--brand-primary-text:#ffffff;--brand-accent:#dc2626;--brand-accent-text:#ffffff',
    )
    fc.assert(
      fc.property(hex, hex, (p, a) => {
        const style = brandStyle(p, a)
        for (const [name, colour] of [
          ['primary', p],
          ['accent', a],
        ] as const) {
          const text = style[`--brand-${name}-text`]
          if (text) expect(contrastRatio(colour, text)).toBeGreaterThanOrEqual(AA_TEXT)
          else expect(brandColourProblem(colour)).not.toBeNull()
        }
      }),
    )
  })
})
