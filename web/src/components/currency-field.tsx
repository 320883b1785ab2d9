import { useLanguage, useT } from '../lib/i18n'
import { CodeSelectField, supportedValues } from './code-select-field'

/** A short list for a browser without `Intl.supportedValuesOf` (worker/domain/money.ts has the same). */
const FALLBACK = ['AUD', 'BHD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'MXN', 'NZD', 'USD']

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
    <CodeSelectField
      id={id}
      label={t('admin.currency.label')}
      hint={t('admin.currency.hint')}
      value={value}
      codes={supportedValues('currency', value, FALLBACK)}
      display={name}
      onChange={onChange}
      error={error}
    />
  )
}
