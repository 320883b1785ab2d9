// Money is integer minor units of a currency (docs/registration.md "Money"): never a float.

/** Minor units as the currency writes them (2 decimals for USD, none for JPY): exact, from integers. */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  if (digits === 0) return String(amount)
  const sign = amount < 0 ? '-' : ''
  const text = String(Math.abs(amount)).padStart(digits + 1, '0')
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/**
 * The ISO 4217 codes an organization may choose (docs/decisions/2026-11-29-organization-currency.md):
 * the runtime's own list (`Intl.supportedValuesOf('currency')`, in workerd, Node and current
 * browsers), else a short list of common ones.
 */
export const FALLBACK_CURRENCIES = ['AUD', 'BHD', 'BRL', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'INR', 'JPY', 'MXN', 'NZD', 'USD']
export function currencies(): string[] {
  try {
    if (typeof Intl.supportedValuesOf === 'function') {
      const known = Intl.supportedValuesOf('currency')
      if (known.length > 0) return known
    }
  } catch {
    // An old runtime without the list: the fallback below.
  }
  return FALLBACK_CURRENCIES
}
let known: Set<string> | undefined
export function isCurrency(code: string): boolean {
  known ??= new Set(currencies())
  return known.has(code)
}
