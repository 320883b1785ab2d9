import {
  AA_NON_TEXT,
  AA_TEXT,
  brandColourProblem,
  contrastRatio,
  isHexColour,
  THEME_BACKGROUNDS,
  textOnFill,
} from '../../../worker/domain/brand-colours'
import { formatCount, type Translate, useT } from '../lib/i18n'
import './brand-colour-fields.css'

export interface BrandColours {
  brandPrimary: string
  brandAccent: string
}

/** Each colour's catalog keys (i18n/<language>/admin.json): its label and what it colours. */
const FIELDS = [
  { key: 'brandPrimary', label: 'admin.brandColours.primary', use: 'admin.brandColours.primaryUse' },
  { key: 'brandAccent', label: 'admin.brandColours.accent', use: 'admin.brandColours.accentUse' },
] as const

/** A contrast ratio as the page's language writes it, one decimal (`4.5`, `4,5`). */
const ratio = (value: number) => formatCount(Number(value.toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
/** A threshold as written (`3`, `4.5`). */
const needed = (value: number) => formatCount(value)

/** What the colour input shows for an unset colour: each theme's own accent (web/src/app/styles.css). */
const THEME_ACCENT = { light: '#c2410c', dark: '#ff7a33' } as const

/** The lowest contrast of a colour against a theme's page and cards. */
const worstOn = (hex: string, theme: keyof typeof THEME_BACKGROUNDS) =>
  Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrastRatio(hex, bg)))

/**
 * Why the rule (worker/domain/brand-colours.ts brandColourProblem) refuses a colour, in the page's
 * language: the same checks in the same order, each with its theme and ratio.
 */
function refusal(hex: string, t: Translate): string {
  if (!isHexColour(hex)) return t('admin.brandColours.notHex')
  for (const theme of ['light', 'dark'] as const) {
    const worst = worstOn(hex, theme)
    if (worst < AA_NON_TEXT) return t('admin.brandColours.tooLittle', { theme, ratio: ratio(worst), needed: needed(AA_NON_TEXT) })
  }
  return t('admin.brandColours.textLow', { ratio: ratio(contrastRatio(hex, textOnFill(hex))), needed: needed(AA_TEXT) })
}

/** The rule's verdict, shown before saving: null when the colour is unset (the theme's own). */
export function brandColourVerdict(value: string, t: Translate): { ok: boolean; text: string } | null {
  const hex = value.trim()
  if (hex === '') return null
  if (brandColourProblem(hex)) return { ok: false, text: refusal(hex, t) }
  const text = textOnFill(hex)
  return {
    ok: true,
    text: t('admin.brandColours.passes', {
      light: ratio(worstOn(hex, 'light')),
      dark: ratio(worstOn(hex, 'dark')),
      needed: needed(AA_NON_TEXT),
      text: text === '#ffffff' ? 'white' : 'dark',
      reach: ratio(contrastRatio(hex, text)),
    }),
  }
}

/** True when a colour is typed and the rule refuses it: the form does not send it. */
export const brandColoursRefused = (colours: BrandColours) =>
  FIELDS.some(({ key }) => {
    const hex = colours[key].trim()
    return hex !== '' && brandColourProblem(hex) !== null
  })

function Preview({ theme, colours }: { theme: 'light' | 'dark'; colours: BrandColours }) {
  const t = useT()
  const fill = (value: string) => {
    const hex = value.trim().toLowerCase()
    return isHexColour(hex) && brandColourProblem(hex) === null ? { background: hex, color: textOnFill(hex) } : null
  }
  const primary = fill(colours.brandPrimary)
  const accent = fill(colours.brandAccent)
  return (
    <figure className={`brand-preview brand-preview-${theme}`}>
      <figcaption>{theme === 'light' ? t('admin.brandColours.lightTheme') : t('admin.brandColours.darkTheme')}</figcaption>
      <div className="brand-preview-header" style={primary ? { boxShadow: `inset 0 -4px 0 ${primary.background}` } : undefined}>
        <span className="brand-preview-name">{t('admin.brandColours.sampleLeague')}</span>
        <span className="brand-preview-link" style={accent ?? undefined}>
          {t('admin.brandColours.sampleSchedule')}
        </span>
      </div>
      <div className="brand-preview-page">
        <span className="brand-preview-button" style={primary ?? undefined}>
          {t('admin.brandColours.sampleRegister')}
        </span>
      </div>
    </figure>
  )
}

/**
 * The organization's brand colours (docs/site-look.md "Brand colours"): a colour picker and its
 * hex for each, the contrast rule's verdict as it is typed, a preview on both themes, and one
 * action back to the theme's own colours. `errors` are the server's field errors.
 */
export function BrandColourFields({
  id,
  value,
  onChange,
  errors,
}: {
  id: string
  value: BrandColours
  onChange: (value: BrandColours) => void
  errors?: Record<string, string>
}) {
  const t = useT()
  return (
    <fieldset className="field brand-colours">
      <legend>{t('admin.brandColours.legend')}</legend>
      <p className="field-hint muted" id={`${id}-hint`}>
        {t('admin.brandColours.hint')}
      </p>
      {FIELDS.map(({ key, label, use }) => {
        const verdict = brandColourVerdict(value[key], t)
        const serverError = errors?.[key]
        const hex = value[key].trim().toLowerCase()
        const describedBy = [`${id}-${key}-use`, verdict ? `${id}-${key}-verdict` : '', serverError ? `${id}-${key}-error` : '']
          .filter(Boolean)
          .join(' ')
        return (
          <div className="brand-colour" key={key}>
            <label htmlFor={`${id}-${key}`}>{t(label)}</label>
            <div className="brand-colour-inputs">
              <input
                type="color"
                id={`${id}-${key}-picker`}
                aria-label={t('admin.brandColours.picker', { colour: t(label) })}
                value={isHexColour(hex) ? hex : THEME_ACCENT.light}
                onChange={(event) => onChange({ ...value, [key]: event.target.value })}
              />
              <input
                id={`${id}-${key}`}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('admin.brandColours.placeholder')}
                maxLength={20}
                value={value[key]}
                aria-invalid={verdict?.ok === false || serverError ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => onChange({ ...value, [key]: event.target.value })}
              />
            </div>
            <span className="field-hint muted" id={`${id}-${key}-use`}>
              {t(use)}
            </span>
            {verdict ? (
              <span
                className={verdict.ok ? 'brand-verdict brand-verdict-ok' : 'field-error'}
                id={`${id}-${key}-verdict`}
                role="status"
              >
                {verdict.text}
              </span>
            ) : null}
            {serverError && serverError !== verdict?.text ? (
              <span className="field-error" id={`${id}-${key}-error`}>
                {serverError}
              </span>
            ) : null}
          </div>
        )
      })}
      <div className="brand-previews">
        <Preview theme="light" colours={value} />
        <Preview theme="dark" colours={value} />
      </div>
      <div>
        <button
          type="button"
          className="button button-small"
          disabled={value.brandPrimary === '' && value.brandAccent === ''}
          onClick={() => onChange({ brandPrimary: '', brandAccent: '' })}
        >
          {t('admin.brandColours.useTheme')}
        </button>
      </div>
    </fieldset>
  )
}
