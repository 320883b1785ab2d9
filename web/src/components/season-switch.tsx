import { useId } from 'react'
import { useT } from '../lib/i18n'

/** A season the public site may show: the active one, or one published ahead. */
export interface SeasonChoice {
  id: number
  name: string
  active: boolean
  published?: boolean
  startDate?: string | null
}

/** Whether there is anything to choose: a season published ahead beside the active one. */
export const hasUpcoming = (seasons: SeasonChoice[] | undefined) =>
  Boolean(seasons?.some((season) => season.published && !season.active) && seasons.some((season) => season.active))

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
  const t = useT()
  // The active season first, then those published ahead by start.
  const offered = seasons
    .filter((season) => season.active || season.published)
    .sort((a, b) => Number(b.active) - Number(a.active) || (a.startDate ?? '').localeCompare(b.startDate ?? '') || a.id - b.id)
  if (!hasUpcoming(offered)) return null
  const active = offered.find((season) => season.active)
  const chosen = value ?? active?.id ?? ''
  return (
    <div className="field season-switch">
      <label htmlFor={id}>{t('seasonSwitch.label')}</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          const next = Number(event.target.value)
          onChange(next && next !== active?.id ? next : null)
        }}
      >
        {offered.map((season) => (
          <option key={season.id} value={season.id}>
            {season.active
              ? t('seasonSwitch.current', { season: season.name })
              : t('seasonSwitch.upcoming', { season: season.name })}
          </option>
        ))}
      </select>
    </div>
  )
}
