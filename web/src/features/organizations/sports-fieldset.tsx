import type { UseQueryResult } from '@tanstack/react-query'
import { useT } from '../../lib/i18n'
import type { Sport } from './api'

interface SportsFieldsetProps {
  sports: UseQueryResult<Sport[]>
  selected: number[]
  onChange: (ids: number[]) => void
  idPrefix: string
}

/** Sports checkboxes, from GET /api/sportsv2. */
export function SportsFieldset({ sports, selected, onChange, idPrefix }: SportsFieldsetProps) {
  const t = useT()
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((selectedId) => selectedId !== id))

  return (
    <fieldset className="field checkbox-group">
      <legend>{t('admin.organizations.sports')}</legend>
      {sports.isPending ? <p className="muted">{t('admin.organizations.sports.loading')}</p> : null}
      {sports.isError ? <p className="form-error">{t('admin.organizations.sports.failed')}</p> : null}
      {sports.data?.length === 0 ? <p className="muted">{t('admin.organizations.sports.none')}</p> : null}
      {sports.data?.map((sport) => (
        <label key={sport.id} className="checkbox" htmlFor={`${idPrefix}-sport-${sport.id}`}>
          <input
            id={`${idPrefix}-sport-${sport.id}`}
            type="checkbox"
            checked={selected.includes(sport.id)}
            onChange={(event) => toggle(sport.id, event.target.checked)}
          />
          {sport.name || sport.type}
        </label>
      ))}
    </fieldset>
  )
}
