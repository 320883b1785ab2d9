import { useId } from 'react'
import { useT } from '../../../lib/i18n'
import type { GameState, Option, ScheduleFilter } from '../schedule-rows'

export interface ScheduleFiltersProps {
  filter: ScheduleFilter
  dates: { value: string; label: string }[]
  leagues: Option[]
  teams: Option[]
  onChange: (filter: ScheduleFilter) => void
}

/** Each game state and its catalog key. */
const STATES: [GameState, string][] = [
  ['all', 'schedule.filter.allGames'],
  ['scheduled', 'schedule.filter.scheduledGames'],
  ['completed', 'schedule.filter.completedGames'],
]

/** docs/reference/league-admin.md Schedule screen filters: date, league, team and game state. */
export function ScheduleFilters({ filter, dates, leagues, teams, onChange }: ScheduleFiltersProps) {
  const id = useId()
  const t = useT()
  return (
    <form className="schedule-filters" aria-label={t('schedule.filter.label')} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t('schedule.date')}</label>
        <select id={`${id}-date`} value={filter.date} onChange={(event) => onChange({ ...filter, date: event.target.value })}>
          <option value="">{t('schedule.filter.allDates')}</option>
          {dates.map((date) => (
            <option key={date.value} value={date.value}>
              {date.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-league`}>{t('schedule.filter.league')}</label>
        <select
          id={`${id}-league`}
          value={filter.leagueId}
          // A team of another league would match nothing: choosing a league resets the team.
          onChange={(event) => onChange({ ...filter, leagueId: event.target.value, teamId: '' })}
        >
          <option value="">{t('schedule.filter.allLeagues')}</option>
          {leagues.map((league) => (
            <option key={league.id} value={league.id}>
              {league.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-team`}>{t('schedule.filter.team')}</label>
        <select id={`${id}-team`} value={filter.teamId} onChange={(event) => onChange({ ...filter, teamId: event.target.value })}>
          <option value="">{t('schedule.filter.allTeams')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>{t('schedule.filter.games')}</label>
        <select
          id={`${id}-state`}
          value={filter.state}
          onChange={(event) => onChange({ ...filter, state: event.target.value as GameState })}
        >
          {STATES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
    </form>
  )
}
