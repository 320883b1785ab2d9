import type { UseQueryResult } from '@tanstack/react-query'
import type { Sport } from './api'

interface SportsFieldsetProps {
  sports: UseQueryResult<Sport[]>
  selected: number[]
  onChange: (ids: number[]) => void
  idPrefix: string
}

/** Sports checkboxes, from GET /api/sportsv2. */
export function SportsFieldset({ sports, selected, onChange, idPrefix }: SportsFieldsetProps) {
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((selectedId) => selectedId !== id))

  return (
    <fieldset className="field checkbox-group">
      <legend>Sports</legend>
      {sports.isPending ? <p className="muted">Loading sports...</p> : null}
      {sports.isError ? <p className="form-error">Sports could not be loaded.</p> : null}
      {sports.data?.length === 0 ? <p className="muted">No sports available.</p> : null}
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
