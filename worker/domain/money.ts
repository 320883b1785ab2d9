// Money is integer minor units of a currency (docs/registration.md "Money"): never a float.

/** Minor units as the currency writes them (2 decimals for USD, none for JPY): exact, from integers. */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  if (digits === 0) return String(amount)
  const sign = amount < 0 ? '-' : ''
  const text = String(Math.abs(amount)).padStart(digits + 1, '0')
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}
