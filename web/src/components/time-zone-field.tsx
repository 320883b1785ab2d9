import { useT } from '../lib/i18n'
import { SelectField } from './select-field'

/** Every IANA zone the browser knows, with the current value kept even if this browser lacks it. */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return known.includes(current) ? known : [current, ...known]
}

/**
 * The organization's time zone (docs/decisions/2026-11-28-time-zones.md): every game date and time
 * is typed, shown and exported in it, and calendar feeds carry it.
 */
export function TimeZoneField({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string
  onChange: (zone: string) => void
  error?: string
}) {
  const t = useT()
  return (
    <SelectField
      id={id}
      label={t('admin.timeZone.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      after={
        <>
          <span className="field-hint muted" id={`${id}-hint`}>
            {t('admin.timeZone.hint')}
          </span>
          {error ? (
            <span className="field-error" id={`${id}-error`}>
              {error}
            </span>
          ) : null}
        </>
      }
    >
      {zones(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectField>
  )
}
