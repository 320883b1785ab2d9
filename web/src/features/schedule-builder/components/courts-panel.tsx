// Schedules for real gyms (docs/reference/schedule-builder.md §7): the teams' blackout dates and
// requests, generating a schedule into the venues' courts with every unmet request explained, and a
// closed night's re-plan (from → to per game, published in one click).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type {
  CourtsGenerated,
  MoveJson,
  ReplanProposal,
  SlotJson,
  UnmetRequestJson,
} from '../../../../../worker/contract/court-schedules'
import type { RequestKind, TeamConstraints } from '../../../../../worker/contract/team-constraints'
import { FormError } from '../../../components/form-modal'
import { SelectField } from '../../../components/select-field'
import { TableScroll } from '../../../components/table-scroll'
import { api, errorMessage } from '../../../lib/api-client'
import { gameDate, gameTime } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { useVenues } from '../../../lib/venues-api'
import type { LeagueTeam } from '../api'

const KINDS: RequestKind[] = ['earliestStart', 'latestStart', 'preferredVenue', 'oneGameANight']

const constraintsKey = (teamId: number) => ['team-constraints', teamId] as const

/** Where and when, as the explanations say it: "January 4, 2027 · 7:00 PM · North · Court 1". */
function useSlotText() {
  const t = useT()
  return (slot: SlotJson) =>
    t('admin.courts.slot', { date: gameDate(slot.date), time: gameTime(slot.time), venue: slot.venue, court: slot.court })
}

/** One team's blackout dates and requests, each with its reason, saved whole. */
function TeamConstraintsForm({ team }: { team: LeagueTeam }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const venues = useVenues()
  const current = useQuery({
    queryKey: constraintsKey(team.id),
    queryFn: () => api.get<{ constraints: TeamConstraints }>(`/api/teams/${team.id}/constraints`).then((b) => b.constraints),
  })
  const save = useMutation({
    mutationFn: (input: unknown) => api.put<{ constraints: TeamConstraints }>(`/api/teams/${team.id}/constraints`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: constraintsKey(team.id) }),
  })
  const [date, setDate] = useState('')
  const [dateReason, setDateReason] = useState('')
  const [kind, setKind] = useState<RequestKind>('earliestStart')
  const [time, setTime] = useState('')
  const [venueId, setVenueId] = useState('')
  const [reason, setReason] = useState('')
  const data = current.data
  if (!data) return current.isError ? <p role="alert">{t('admin.courts.loadFailed')}</p> : null

  const blackouts = data.blackouts.map((b) => ({ date: b.date, reason: b.reason }))
  const requests = data.requests.map((r) => ({ kind: r.kind, time: r.time, venueId: r.venueId, reason: r.reason }))
  const send = (next: { blackouts: typeof blackouts; requests: typeof requests }) =>
    save.mutate({ ...next, version: data.version })

  const addBlackout = (event: FormEvent) => {
    event.preventDefault()
    send({ blackouts: [...blackouts, { date, reason: dateReason }], requests })
    setDate('')
    setDateReason('')
  }
  const addRequest = (event: FormEvent) => {
    event.preventDefault()
    send({
      blackouts,
      requests: [...requests, { kind, time: time || null, venueId: venueId ? Number(venueId) : null, reason }],
    })
    setTime('')
    setReason('')
  }
  const requestText = (r: (typeof data.requests)[number]) =>
    t(`admin.courts.request.${r.kind}`, { time: r.time ? gameTime(r.time) : '', venue: r.venue ?? '' })

  return (
    <div className="courts-team">
      <h3 className="courts-subtitle">{t('admin.courts.teamTitle', { name: team.name })}</h3>
      <ul className="courts-list">
        {data.blackouts.map((b, i) => (
          <li key={b.id}>
            {t('admin.courts.blackoutLine', { date: gameDate(b.date), reason: b.reason })}{' '}
            <button
              type="button"
              className="button button-small"
              onClick={() => send({ blackouts: blackouts.filter((_, j) => j !== i), requests })}
            >
              {t('admin.courts.removeNamed', { name: gameDate(b.date) })}
            </button>
          </li>
        ))}
        {data.requests.map((r, i) => (
          <li key={r.id}>
            {t('admin.courts.requestLine', { request: requestText(r), reason: r.reason })}{' '}
            <button
              type="button"
              className="button button-small"
              onClick={() => send({ blackouts, requests: requests.filter((_, j) => j !== i) })}
            >
              {t('admin.courts.removeNamed', { name: requestText(r) })}
            </button>
          </li>
        ))}
      </ul>
      <form className="form-grid courts-form" onSubmit={addBlackout}>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('admin.courts.blackoutDate')}</label>
          <input id={`${id}-date`} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-date-reason`}>{t('admin.courts.reason')}</label>
          <input
            id={`${id}-date-reason`}
            required
            maxLength={200}
            value={dateReason}
            onChange={(e) => setDateReason(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={save.isPending}>
          {t('admin.courts.addBlackout')}
        </button>
      </form>
      <form className="form-grid courts-form" onSubmit={addRequest}>
        <SelectField
          id={`${id}-kind`}
          label={t('admin.courts.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as RequestKind)}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.courts.kind.${k}`)}
            </option>
          ))}
        </SelectField>
        {kind === 'earliestStart' || kind === 'latestStart' ? (
          <div className="field">
            <label htmlFor={`${id}-time`}>{t('admin.courts.time')}</label>
            <input id={`${id}-time`} type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
        ) : null}
        {kind === 'preferredVenue' ? (
          <SelectField
            id={`${id}-venue`}
            label={t('admin.gameForm.venue')}
            required
            value={venueId}
            onChange={(e) => setVenueId(e.target.value)}
          >
            <option value="">{t('admin.gameForm.noVenue')}</option>
            {(venues.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('admin.courts.reason')}</label>
          <input id={`${id}-reason`} required maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={save.isPending}>
          {t('admin.courts.addRequest')}
        </button>
      </form>
      <FormError>{save.error ? errorMessage(save.error, t('admin.courts.saveFailed')) : null}</FormError>
    </div>
  )
}

/** An unmet request, and why: the game that took the slot that would have met it, or no slot could. */
function UnmetLine({ unmet }: { unmet: UnmetRequestJson }) {
  const t = useT()
  const slot = useSlotText()
  const game = t('admin.courts.gameAt', { home: unmet.game.home.name, away: unmet.game.away.name, slot: slot(unmet.game.slot) })
  const why = !unmet.takenBy
    ? t('admin.courts.noSlot')
    : unmet.takenBy.game
      ? t('admin.courts.takenBy', {
          slot: slot(unmet.takenBy.slot),
          home: unmet.takenBy.game.home.name,
          away: unmet.takenBy.game.away.name,
        })
      : t('admin.courts.slotFree', { slot: slot(unmet.takenBy.slot) })
  return (
    <li>
      {t('admin.courts.unmetLine', {
        team: unmet.team.name,
        request: t(`admin.courts.kind.${unmet.kind}`),
        reason: unmet.reason ?? '',
        game,
        why,
      })}
    </li>
  )
}

function MoveRow({ move }: { move: MoveJson }) {
  const t = useT()
  const slot = useSlotText()
  return (
    <tr>
      <th scope="row">{t('admin.courts.matchup', { home: move.home.name, away: move.away.name })}</th>
      <td>{slot(move.from)}</td>
      <td>{slot(move.to)}</td>
      <td>{move.cancelled ? t('admin.courts.cancelled') : t('admin.courts.madeRoom')}</td>
    </tr>
  )
}

/** The builder's courts section for the league's schedules. */
export function CourtsPanel({ teams, schedules }: { teams: LeagueTeam[]; schedules: { id: number; name: string }[] }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const [teamId, setTeamId] = useState('')
  const [scheduleId, setScheduleId] = useState(() => String(schedules[0]?.id ?? ''))
  const [makeUp, setMakeUp] = useState('')
  const [proposal, setProposal] = useState<ReplanProposal | null>(null)
  const refresh = () => queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] !== 'auth' })
  const generate = useMutation({
    mutationFn: () => api.post<CourtsGenerated>(`/api/schedules/${scheduleId}/generate-on-courts`, {}),
    onSuccess: refresh,
  })
  const propose = useMutation({
    mutationFn: () => api.get<ReplanProposal>(`/api/schedules/${scheduleId}/replan`, makeUp ? { makeUpDate: makeUp } : undefined),
    onSuccess: setProposal,
  })
  const publish = useMutation({
    mutationFn: (p: ReplanProposal) =>
      api.post<{ moved: number }>(`/api/schedules/${scheduleId}/replan`, {
        ...(makeUp ? { makeUpDate: makeUp } : {}),
        moves: p.moves.map((m) => ({
          gameId: m.gameId,
          version: m.version,
          date: m.to.date,
          time: m.to.time,
          courtId: m.to.courtId,
        })),
      }),
    onSuccess: () => {
      setProposal(null)
      void refresh()
    },
  })
  const team = teams.find((x) => String(x.id) === teamId)
  const result = generate.data

  return (
    <div className="courts-panel">
      <SelectField
        id={`${id}-team`}
        label={t('admin.courts.chooseTeam')}
        value={teamId}
        onChange={(e) => setTeamId(e.target.value)}
      >
        <option value="">{t('admin.gameForm.chooseTeam')}</option>
        {teams.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </SelectField>
      {team ? <TeamConstraintsForm key={team.id} team={team} /> : null}

      <h3 className="courts-subtitle">{t('admin.courts.generateTitle')}</h3>
      <SelectField
        id={`${id}-schedule`}
        label={t('admin.courts.schedule')}
        value={scheduleId}
        onChange={(e) => setScheduleId(e.target.value)}
      >
        {schedules.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <button
        type="button"
        className="button button-primary"
        disabled={!scheduleId || generate.isPending}
        onClick={() => generate.mutate()}
      >
        {t('admin.courts.generate')}
      </button>
      <FormError>{generate.error ? errorMessage(generate.error, t('admin.courts.generateFailed')) : null}</FormError>
      {result ? (
        <div className="courts-result" role="status">
          <p>{t('admin.courts.generated', { games: result.games, unmet: result.unmet.length })}</p>
          {result.unmet.length > 0 ? (
            <ul className="courts-list courts-unmet">
              {result.unmet.map((u) => (
                <UnmetLine key={`${u.team.id}-${u.kind}-${u.game.slot.date}-${u.game.slot.time}`} unmet={u} />
              ))}
            </ul>
          ) : null}
          {result.unplaced.length > 0 ? <p>{t('admin.courts.unplaced', { count: result.unplaced.length })}</p> : null}
          {result.kept.length > 0 ? <p>{t('admin.courts.kept', { count: result.kept.length })}</p> : null}
        </div>
      ) : null}

      <h3 className="courts-subtitle">{t('admin.courts.replanTitle')}</h3>
      <p className="field-hint">{t('admin.courts.replanHint')}</p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-makeup`}>{t('admin.courts.makeUp')}</label>
          <input id={`${id}-makeup`} type="date" value={makeUp} onChange={(e) => setMakeUp(e.target.value)} />
        </div>
      </div>
      <button type="button" className="button" disabled={!scheduleId || propose.isPending} onClick={() => propose.mutate()}>
        {t('admin.courts.propose')}
      </button>
      <FormError>
        {propose.error
          ? errorMessage(propose.error, t('admin.courts.replanFailed'))
          : publish.error
            ? errorMessage(publish.error, t('admin.courts.replanFailed'))
            : null}
      </FormError>
      {publish.data ? <p role="status">{t('admin.courts.published', { count: publish.data.moved })}</p> : null}
      {proposal ? (
        proposal.moves.length === 0 ? (
          <p role="status">{t('admin.courts.nothingToMove')}</p>
        ) : (
          <div className="courts-result">
            <p role="status">
              {t('admin.courts.proposal', {
                cancelled: proposal.cancelled,
                others: proposal.moves.filter((m) => !m.cancelled).length,
              })}
            </p>
            <TableScroll label={t('admin.courts.diffCaption')}>
              <table className="data-table courts-diff">
                <caption className="visually-hidden">{t('admin.courts.diffCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.courts.game')}</th>
                    <th scope="col">{t('admin.courts.from')}</th>
                    <th scope="col">{t('admin.courts.to')}</th>
                    <th scope="col">{t('admin.courts.why')}</th>
                  </tr>
                </thead>
                <tbody>
                  {proposal.moves.map((m) => (
                    <MoveRow key={m.gameId} move={m} />
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {proposal.unplaced.length > 0 ? <p>{t('admin.courts.notReplaced', { count: proposal.unplaced.length })}</p> : null}
            <button
              type="button"
              className="button button-primary"
              disabled={publish.isPending}
              onClick={() => publish.mutate(proposal)}
            >
              {t('admin.courts.publish')}
            </button>
          </div>
        )
      ) : null}
    </div>
  )
}
