import { type FormEvent, useId, useState } from 'react'
import type { GameStatus } from '../../../../../worker/domain/games'
import { useAddAnother } from '../../../components/add-another'
import { FormError } from '../../../components/form-modal'
import { GameLocationField, GameStatusField, GameVenueFields, GameWhenFields } from '../../../components/game-fields'
import { Modal } from '../../../components/modal'
import { NameOptions, SelectField } from '../../../components/select-field'
import { useT } from '../../../lib/i18n'
import { useVenues } from '../../../lib/venues-api'
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
  const t = useT()
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
  const [venueId, setVenueId] = useState<number | null>(game?.venue?.id ?? null)
  const [courtId, setCourtId] = useState<number | null>(game?.court?.id ?? null)
  const venues = useVenues()
  const [problem, setProblem] = useState<string | null>(null)
  const leagues = useSeasonLeagues(seasonId)
  const teams = useLeagueTeams(seasonId, leagueId)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const more = another.take()
    if (!editing && (!seasonId || !leagueId)) return setProblem(t('admin.gameForm.chooseSeasonLeague'))
    if (!homeId || !awayId) return setProblem(t('admin.gameForm.chooseTeams'))
    if (homeId === awayId) return setProblem(t('admin.gameForm.sameTeam'))
    setProblem(null)
    const common = { date: date || null, time: time || null, location: location.trim() || null, venueId, courtId }
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
    ? t('admin.gameForm.leagueFirst')
    : teams.isPending
      ? t('admin.common.loadingTeams')
      : teams.isError
        ? t('admin.gameForm.teamsError')
        : teamOptions.length < 2
          ? t('admin.gameForm.twoTeams')
          : null

  return (
    <Modal
      open
      title={editing ? t('admin.gameForm.edit') : t('admin.schedule.addGame')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('admin.common.cancel')}
          </button>
          {editing ? null : another.button(formId, busy)}
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? t('admin.common.savingDots') : editing ? t('admin.common.save') : t('admin.schedule.addGame')}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={submit}>
        {editing ? null : (
          <div className="form-grid">
            <SelectField
              id={`${formId}-season`}
              label={t('admin.common.season')}
              required
              value={seasonId ?? ''}
              onChange={(event) => {
                setSeasonId(toId(event.target.value))
                setLeagueId(null)
                setHomeId(null)
                setAwayId(null)
              }}
            >
              <option value="">{t('admin.gameForm.chooseSeason')}</option>
              <NameOptions items={seasons} markActive />
            </SelectField>
            <SelectField
              id={`${formId}-league`}
              label={t('admin.common.league')}
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
              <option value="">
                {leagues.isPending && seasonId ? t('admin.common.loadingLeagues') : t('admin.gameForm.chooseLeague')}
              </option>
              <NameOptions items={leagues.data} />
            </SelectField>
          </div>
        )}
        <div className="form-grid">
          <SelectField
            id={`${formId}-home`}
            label={t('admin.gameForm.home')}
            required
            value={homeId ?? ''}
            disabled={!leagueId}
            onChange={(event) => setHomeId(toId(event.target.value))}
            after={fieldErrors?.team1_id ? <span className="field-error">{fieldErrors.team1_id}</span> : null}
          >
            <option value="">{t('admin.gameForm.chooseTeam')}</option>
            <NameOptions items={teamOptions} />
          </SelectField>
          <SelectField
            id={`${formId}-away`}
            label={t('admin.gameForm.away')}
            required
            value={awayId ?? ''}
            disabled={!leagueId}
            onChange={(event) => setAwayId(toId(event.target.value))}
            after={fieldErrors?.team2_id ? <span className="field-error">{fieldErrors.team2_id}</span> : null}
          >
            <option value="">{t('admin.gameForm.chooseTeam')}</option>
            {teamOptions.map((team) => (
              <option key={team.id} value={team.id} disabled={team.id === homeId}>
                {team.name}
              </option>
            ))}
          </SelectField>
        </div>
        {teamsHint ? <p className="field-hint">{teamsHint}</p> : null}
        <GameWhenFields formId={formId} date={date} time={time} onDate={setDate} onTime={setTime} />
        <GameVenueFields
          formId={formId}
          venues={venues.data ?? []}
          venueId={venueId}
          courtId={courtId}
          errors={fieldErrors}
          onChange={(venue, court) => {
            setVenueId(venue)
            setCourtId(court)
          }}
        />
        <GameLocationField formId={formId} value={location} onChange={setLocation} />
        {editing ? <GameStatusField formId={formId} value={status} onChange={setStatus} /> : null}
        <FormError>{problem ?? error}</FormError>
      </form>
    </Modal>
  )
}
