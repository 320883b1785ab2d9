import { useLanguage, useT } from '../lib/i18n'
import { SelectField } from './select-field'

/** A short list for a browser without `Intl.supportedValuesOf` (worker/domain/money.ts has the same). */
const FALLBACK = ['AUD', 'BHD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'MXN', 'NZD', 'USD']

/** Every ISO 4217 code the browser knows, with the current value kept even if this browser lacks it. */
function codes(current: string): string[] {
  let known: string[] = []
  try {
    known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []
  } catch {
    known = []
  }
  if (known.length === 0) known = FALLBACK
  return known.includes(current) ? known : [current, ...known]
}

function namer(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'currency' })
    return (code) => {
      const name = names.of(code)
      return name && name !== code ? `${code} — ${name}` : code
    }
  } catch {
    return (code) => code
  }
}

/**
 * The organization's currency (docs/registration.md "Money"): every fee and payment is in its minor
 * units; the server refuses a change while any is recorded
 * (docs/decisions/2026-11-29-organization-currency.md).
 */
export function CurrencyField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange: (currency: string) => void
  error?: string
}) {
  const t = useT()
  const name = namer(useLanguage())
  return (
    <SelectField
      id={id}
      label={t('admin.currency.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      after={
        <>
          <span className="field-hint muted" id={`${id}-hint`}>
            {t('admin.currency.hint')}
          </span>
          {error ? (
            <span className="field-error" id={`${id}-error`}>
              {error}
            </span>
          ) : null}
        </>
      }
    >
      {codes(value).map((code) => (
        <option key={code} value={code}>
          {name(code)}
        </option>
      ))}
    </SelectField>
  )
}
