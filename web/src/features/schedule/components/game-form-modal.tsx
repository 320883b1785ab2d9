import { type FormEvent, useId, useState } from 'react'
import type { GameStatus } from '../../../../../worker/domain/games'
import { useAddAnother } from '../../../components/add-another'
import { FormError } from '../../../components/form-modal'
import { GameLocationField, GameStatusField, GameWhenFields } from '../../../components/game-fields'
import { Modal } from '../../../components/modal'
import { NameOptions, SelectField } from '../../../components/select-field'
import { type AdminSeason, type GameChangesInput, type NewGameInput, useLeagueTeams, useSeasonLeagues } from '../api'
import type { ScheduleGame } from '../schedule-rows'

export type GameFormResult =
  | { kind: 'create'; input: NewGameInput; another: boolean }
  | { kind: 'update'; id: number; input: GameChangesInput }

export interface GameFormModalProps {
  /** The game to edit; none to add one. */
  game: ScheduleGame | null
  seasons: AdminSeason[]
  defaultSeasonId: number | null
  busy: boolean
  error: string | null
  fieldErrors?: Record<string, string>
  onSave: (result: GameFormResult) => void
  onClose: () => void
  /** After "Add and Add Another": the last game's season, league, date, time and place, kept for the next. */
  carry?: NewGameInput | null
}

const toId = (value: string) => (value ? Number(value) : null)

/**
 * Add Game (one game: season, league, home team, away team, date, time, location) and the edit
 * modal of the admin schedule (teams, date, time, location, status). A game needs two different teams.
 */
export function GameFormModal({
  game,
  seasons,
  defaultSeasonId,
  busy,
  error,
  fieldErrors,
  onSave,
  onClose,
  carry,
}: GameFormModalProps) {
  const formId = useId()
  const another = useAddAnother()
  const editing = game !== null
  const [seasonId, setSeasonId] = useState<number | null>(game?.season_id ?? carry?.season_id ?? defaultSeasonId)
  const [leagueId, setLeagueId] = useState<number | null>(game?.leagueId ?? carry?.leagueId ?? null)
  const [homeId, setHomeId] = useState<number | null>(game?.team1_id ?? null)
  const [awayId, setAwayId] = useState<number | null>(game?.team2_id ?? null)
  const [date, setDate] = useState(game?.date ?? carry?.date ?? '')
  const [time, setTime] = useState(game?.time ?? carry?.time ?? '')
  const [location, setLocation] = useState(game?.location ?? carry?.location ?? '')
  const [status, setStatus] = useState<GameStatus>((game?.status as GameStatus) ?? 'scheduled')
  const [problem, setProblem] = useState<string | null>(null)
  const leagues = useSeasonLeagues(seasonId)
  const teams = useLeagueTeams(seasonId, leagueId)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const more = another.take()
    if (!editing && (!seasonId || !leagueId)) return setProblem('Choose a season and a league.')
    if (!homeId || !awayId) return setProblem('Choose the home team and the away team.')
    if (homeId === awayId) return setProblem('A game needs two different teams.')
    setProblem(null)
    const common = { date: date || null, time: time || null, location: location.trim() || null }
    if (game) onSave({ kind: 'update', id: game.id, input: { team1_id: homeId, team2_id: awayId, status, ...common } })
    else if (seasonId && leagueId) {
      onSave({
        kind: 'create',
        input: { season_id: seasonId, leagueId, team1_id: homeId, team2_id: awayId, ...common },
        another: more,
      })
    }
  }

  const teamOptions = teams.data ?? []
  const teamsHint = !leagueId
    ? 'Choose a league first.'
    : teams.isPending
      ? 'Loading teams...'
      : teams.isError
        ? 'The teams could not be loaded.'
        : teamOptions.length < 2
          ? 'This league needs at least two teams.'
          : null

  return (
    <Modal
      open
      title={editing ? 'Edit Game' : 'Add Game'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          {editing ? null : another.button(formId, busy)}
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Save' : 'Add Game'}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={submit}>
        {editing ? null : (
          <div className="form-grid">
            <SelectField
              id={`${formId}-season`}
              label="Season"
              required
              value={seasonId ?? ''}
              onChange={(event) => {
                setSeasonId(toId(event.target.value))
                setLeagueId(null)
                setHomeId(null)
                setAwayId(null)
              }}
            >
              <option value="">Choose a season</option>
              <NameOptions items={seasons} markActive />
            </SelectField>
            <SelectField
              id={`${formId}-league`}
              label="League"
              required
              value={leagueId ?? ''}
              disabled={!seasonId}
              onChange={(event) => {
                setLeagueId(toId(event.target.value))
                setHomeId(null)
                setAwayId(null)
              }}
              after={fieldErrors?.leagueId ? <span className="field-error">{fieldErrors.leagueId}</span> : null}
            >
              <option value="">{leagues.isPending && seasonId ? 'Loading leagues...' : 'Choose a league'}</option>
              <NameOptions items={leagues.data} />
            </SelectField>
          </div>
        )}
        <div className="form-grid">
          <SelectField
            id={`${formId}-home`}
            label="Home team"
            required
            value={homeId ?? ''}
            disabled={!leagueId}
            onChange={(event) => setHomeId(toId(event.target.value))}
            after={fieldErrors?.team1_id ? <span className="field-error">{fieldErrors.team1_id}</span> : null}
          >
            <option value="">Choose a team</option>
            <NameOptions items={teamOptions} />
          </SelectField>
          <SelectField
            id={`${formId}-away`}
            label="Away team"
            required
            value={awayId ?? ''}
            disabled={!leagueId}
            onChange={(event) => setAwayId(toId(event.target.value))}
            after={fieldErrors?.team2_id ? <span className="field-error">{fieldErrors.team2_id}</span> : null}
          >
            <option value="">Choose a team</option>
            {teamOptions.map((team) => (
              <option key={team.id} value={team.id} disabled={team.id === homeId}>
                {team.name}
              </option>
            ))}
          </SelectField>
        </div>
        {teamsHint ? <p className="field-hint">{teamsHint}</p> : null}
        <GameWhenFields formId={formId} date={date} time={time} onDate={setDate} onTime={setTime} />
        <GameLocationField formId={formId} value={location} onChange={setLocation} />
        {editing ? <GameStatusField formId={formId} value={status} onChange={setStatus} /> : null}
        <FormError>{problem ?? error}</FormError>
      </form>
    </Modal>
  )
}
