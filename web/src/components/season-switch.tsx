import { useId } from 'react'

/** A season the public site may show: the active one, or one published ahead. */
export interface SeasonChoice {
  id: number
  name: string
  active: boolean
}

/**
 * The public site's season choice (docs/published-seasons.md): shown only when a season is
 * published ahead of becoming active; the active season stays the default, the others read "upcoming".
 */
export function SeasonSwitch({
  seasons,
  value,
  onChange,
}: {
  seasons: SeasonChoice[]
  /** The chosen season; null for the active one. */
  value: number | null
  onChange: (season: number | null) => void
}) {
  const id = useId()
  if (!seasons.some((season) => !season.active)) return null
  const active = seasons.find((season) => season.active)
  const chosen = value ?? active?.id ?? ''
  return (
    <div className="field season-switch">
      <label htmlFor={id}>Season</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          const next = Number(event.target.value)
          onChange(next && next !== active?.id ? next : null)
        }}
      >
        {seasons.map((season) => (
          <option key={season.id} value={season.id}>
            {season.name} {season.active ? '(current)' : '(upcoming)'}
          </option>
        ))}
      </select>
    </div>
  )
}
