import { useId } from 'react'
import { NameOptions, SelectField } from '../../../components/select-field'
import type { GameState, Option, ScheduleFilter } from '../schedule-rows'

export interface ScheduleFiltersProps {
  filter: ScheduleFilter
  dates: { value: string; label: string }[]
  leagues: Option[]
  teams: Option[]
  onChange: (filter: ScheduleFilter) => void
}

const STATES: [GameState, string][] = [
  ['all', 'All Games'],
  ['scheduled', 'Scheduled Games'],
  ['completed', 'Completed Games'],
]

/** docs/reference/league-admin.md Schedule screen filters: date, league, team and game state. */
export function ScheduleFilters({ filter, dates, leagues, teams, onChange }: ScheduleFiltersProps) {
  const id = useId()
  return (
    <form className="schedule-filters" aria-label="Filter the schedule" onSubmit={(event) => event.preventDefault()}>
      <SelectField
        id={`${id}-date`}
        label="Date"
        value={filter.date}
        onChange={(event) => onChange({ ...filter, date: event.target.value })}
      >
        <option value="">All Dates</option>
        {dates.map((date) => (
          <option key={date.value} value={date.value}>
            {date.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-league`}
        label="League"
        value={filter.leagueId}
        // A team of another league would match nothing: choosing a league resets the team.
        onChange={(event) => onChange({ ...filter, leagueId: event.target.value, teamId: '' })}
      >
        <option value="">All Leagues</option>
        <NameOptions items={leagues} />
      </SelectField>
      <SelectField
        id={`${id}-team`}
        label="Team"
        value={filter.teamId}
        onChange={(event) => onChange({ ...filter, teamId: event.target.value })}
      >
        <option value="">All Teams</option>
        <NameOptions items={teams} />
      </SelectField>
      <SelectField
        id={`${id}-state`}
        label="Games"
        value={filter.state}
        onChange={(event) => onChange({ ...filter, state: event.target.value as GameState })}
      >
        {STATES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </form>
  )
}
