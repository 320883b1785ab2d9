import {
  AA_NON_TEXT,
  brandColourProblem,
  contrastRatio,
  isHexColour,
  THEME_BACKGROUNDS,
  textOnFill,
} from '../../../worker/domain/brand-colours'
import { t as translate, useT } from '../lib/i18n'
import './brand-colour-fields.css'

export interface BrandColours {
  brandPrimary: string
  brandAccent: string
}

/** Each colour and the catalog keys of its label and of what it is used for. */
const FIELDS = [
  { key: 'brandPrimary', label: 'brand.primary', use: 'brand.primaryUse' },
  { key: 'brandAccent', label: 'brand.accent', use: 'brand.accentUse' },
] as const

/** What the colour input shows for an unset colour: each theme's own accent (web/src/app/styles.css). */
const THEME_ACCENT = { light: '#c2410c', dark: '#ff7a33' } as const

/** The lowest contrast of a colour against a theme's page and cards. */
const worstOn = (hex: string, theme: keyof typeof THEME_BACKGROUNDS) =>
  Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrastRatio(hex, bg)))

/** The rule's verdict, shown before saving: null when the colour is unset (the theme's own). */
export function brandColourVerdict(value: string): { ok: boolean; text: string } | null {
  const hex = value.trim()
  if (hex === '') return null
  const problem = brandColourProblem(hex)
  if (problem) return { ok: false, text: problem }
  const text = textOnFill(hex)
  return {
    ok: true,
    text: translate('brand.passes', {
      light: worstOn(hex, 'light').toFixed(1),
      dark: worstOn(hex, 'dark').toFixed(1),
      needed: String(AA_NON_TEXT),
      text: text === '#ffffff' ? 'white' : 'dark',
      reaches: contrastRatio(hex, text).toFixed(1),
    }),
  }
}

/** True when a colour is typed and the rule refuses it: the form does not send it. */
export const brandColoursRefused = (colours: BrandColours) =>
  FIELDS.some(({ key }) => brandColourVerdict(colours[key])?.ok === false)

function Preview({ theme, colours }: { theme: 'light' | 'dark'; colours: BrandColours }) {
  const fill = (value: string) => {
    const hex = value.trim().toLowerCase()
    return isHexColour(hex) && brandColourProblem(hex) === null ? { background: hex, color: textOnFill(hex) } : null
  }
  const primary = fill(colours.brandPrimary)
  const accent = fill(colours.brandAccent)
  const t = useT()
  return (
    <figure className={`brand-preview brand-preview-${theme}`}>
      <figcaption>{theme === 'light' ? t('brand.lightTheme') : t('brand.darkTheme')}</figcaption>
      <div className="brand-preview-header" style={primary ? { boxShadow: `inset 0 -4px 0 ${primary.background}` } : undefined}>
        <span className="brand-preview-name">{t('brand.previewLeague')}</span>
        <span className="brand-preview-link" style={accent ?? undefined}>
          {t('nav.schedule')}
        </span>
      </div>
      <div className="brand-preview-page">
        <span className="brand-preview-button" style={primary ?? undefined}>
          {t('brand.previewRegister')}
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
      <legend>{t('brand.legend')}</legend>
      <p className="field-hint muted" id={`${id}-hint`}>
        {t('brand.hint')}
      </p>
      {FIELDS.map(({ key, label, use }) => {
        const verdict = brandColourVerdict(value[key])
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
                aria-label={t('brand.picker', { label: t(label) })}
                value={isHexColour(hex) ? hex : THEME_ACCENT.light}
                onChange={(event) => onChange({ ...value, [key]: event.target.value })}
              />
              <input
                id={`${id}-${key}`}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('brand.themeOwn')}
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
          {t('brand.reset')}
        </button>
      </div>
    </fieldset>
  )
}
