import { useT } from '../lib/i18n'
import { CodeSelectField, supportedValues } from './code-select-field'

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
    <CodeSelectField
      id={id}
      label={t('timeZone.label')}
      hint={t('timeZone.hint')}
      value={value}
      codes={supportedValues('timeZone', value)}
      display={(zone) => zone.replaceAll('_', ' ')}
      onChange={onChange}
      error={error}
    />
  )
}
