import type { ReactNode } from 'react'
import { SelectField } from './select-field'

/**
 * Every value of one of the runtime's Intl lists (`Intl.supportedValuesOf`), or `fallback` where the
 * browser has none, with the current value kept even if this browser lacks it.
 */
export function supportedValues(kind: 'currency' | 'timeZone', current: string, fallback: readonly string[] = []): string[] {
  let known: string[] = []
  try {
    known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf(kind) : []
  } catch {
    known = []
  }
  if (known.length === 0) known = [...fallback]
  return known.includes(current) ? known : [current, ...known]
}

/**
 * A select of codes (a time zone, a currency) with a hint under it and the server's field error:
 * the hint and the error describe the select.
 */
export function CodeSelectField({
  id,
  label,
  hint,
  value,
  codes,
  display,
  onChange,
  error,
}: {
  id: string
  label: ReactNode
  hint: ReactNode
  value: string
  codes: string[]
  display: (code: string) => string
  onChange: (code: string) => void
  error?: string
}) {
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      after={
        <>
          <span className="field-hint muted" id={`${id}-hint`}>
            {hint}
          </span>
          {error ? (
            <span className="field-error" id={`${id}-error`}>
              {error}
            </span>
          ) : null}
        </>
      }
    >
      {codes.map((code) => (
        <option key={code} value={code}>
          {display(code)}
        </option>
      ))}
    </SelectField>
  )
}
