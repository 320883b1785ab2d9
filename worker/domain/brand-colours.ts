// An organization's brand colours (docs/site-look.md "Brand colours", planned): a colour is only
// accepted when what is drawn with it stays readable on both site themes. No colour reaches 4.5:1
// against both the light page (#f6f7f9) and the dark one (#111418): text needs a luminance of at
// most 0.18 on the first and at least 0.21 on the second. So a brand colour fills and outlines
// (bars, buttons, borders: WCAG 2.x 1.4.11, 3:1 on every background of both themes) and carries its
// own text colour, white or near-black, at AA for normal text (4.5:1, 1.4.3); links keep the theme's
// own accent. Pure rules, shared by the Worker's check and the Site look screen.

/** The backgrounds a brand colour is drawn on: each theme's page and its cards (web/src/app/styles.css). */
export const THEME_BACKGROUNDS = {
  light: ['#f6f7f9', '#ffffff'],
  dark: ['#111418', '#1a1e24'],
} as const

/** WCAG 2.x AA for normal text (1.4.3) and for the parts of controls and graphics (1.4.11). */
export const AA_TEXT = 4.5
export const AA_NON_TEXT = 3

/** The text drawn on a brand-coloured fill: whichever of these reads best on it. */
export const TEXT_ON_FILL = ['#ffffff', '#111418'] as const

const HEX = /^#([0-9a-f]{6})$/i

export function isHexColour(value: string): boolean {
  return HEX.test(value)
}

/** WCAG 2.x relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const match = HEX.exec(hex)
  if (!match?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`)
  const value = Number.parseInt(match[1], 16)
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The text colour for a fill of this colour: white or near-black, whichever contrasts more. */
export function textOnFill(hex: string): (typeof TEXT_ON_FILL)[number] {
  const [white, dark] = TEXT_ON_FILL
  return contrastRatio(hex, white) >= contrastRatio(hex, dark) ? white : dark
}

/**
 * Why a brand colour cannot be used, or null: it must be `#rrggbb`, stand out at 3:1 from every
 * background of both themes, and carry its text at 4.5:1. The message names the theme and ratio.
 */
export function brandColourProblem(hex: string): string | null {
  if (!isHexColour(hex)) return 'Must be a colour like #1d4ed8'
  for (const theme of ['light', 'dark'] as const) {
    const worst = Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrastRatio(hex, bg)))
    if (worst < AA_NON_TEXT) {
      return `Too little contrast on the ${theme} theme: ${worst.toFixed(1)}:1, WCAG AA needs ${AA_NON_TEXT}:1`
    }
  }
  const text = contrastRatio(hex, textOnFill(hex))
  if (text < AA_TEXT) return `Text on this colour reaches only ${text.toFixed(1)}:1, WCAG AA needs ${AA_TEXT}:1`
  return null
}

/**
 * The CSS custom properties the public site draws an organization's brand colours with
 * (web/src/app/styles.css "Brand colours"): each colour with the text colour the rule chose for it.
 * Unset or unusable colours give no property, so the theme's own accent stays.
 */
export function brandStyle(primary: string | null | undefined, accent: string | null | undefined): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, hex] of [
    ['primary', primary],
    ['accent', accent],
  ] as const) {
    if (!hex || brandColourProblem(hex) !== null) continue
    style[`--brand-${name}`] = hex.toLowerCase()
    style[`--brand-${name}-text`] = textOnFill(hex)
  }
  return style
}

/** The same properties as an inline `style` attribute's text (the Worker's first-paint header). */
export function brandStyleAttribute(primary: string | null | undefined, accent: string | null | undefined): string {
  return Object.entries(brandStyle(primary, accent))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
}
