// The league page's playoffs panel (docs/playoffs.md): the league's tiebreakers and playoff places,
// and the brackets made from its standings.
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { SelectField } from '../../components/select-field'
import { ApiError, errorMessage } from '../../lib/api-client'
import { t as translate, useT } from '../../lib/i18n'
import {
  type BracketSummary,
  type NewBracket,
  TIEBREAK_RULE_LABELS,
  type Tiebreakers,
  type TiebreakRule,
  useCreateBracket,
  useDeleteBracket,
  useReseedBracket,
  useSaveTiebreakers,
  useSeasonBrackets,
  useTiebreakers,
} from '../../lib/playoffs-api'
import { useDivisions } from '../../lib/seasons-api'
import { useWorkingOrganization } from '../../lib/use-acting-org'
import '../../components/playoffs.css'

interface TeamOption {
  id: number
  name: string
}

const ALL_RULES = Object.keys(TIEBREAK_RULE_LABELS) as TiebreakRule[]

/** A rule's name in the user's language (the catalog's admin.playoffs.rule.*; English as lib/playoffs-api.ts). */
const ruleLabel = (rule: TiebreakRule) => translate(`admin.playoffs.rule.${rule}`)

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item === undefined) return list
  next.splice(to, 0, item)
  return next
}

/** An arrow that moves a rule or a team one place up (or down) its list. */
function MoveButton({
  label,
  up = false,
  disabled,
  onClick,
}: {
  label: string
  up?: boolean
  disabled: boolean
  onClick: () => void
}) {
  const t = useT()
  return (
    <button
      type="button"
      className="button"
      aria-label={up ? t('admin.playoffs.moveUp', { name: label }) : t('admin.playoffs.moveDown', { name: label })}
      disabled={disabled}
      onClick={onClick}
    >
      {up ? '↑' : '↓'}
    </button>
  )
}

function TiebreakersForm({ leagueId, teams }: { leagueId: number; teams: TeamOption[] }) {
  const t = useT()
  const id = useId()
  const settings = useTiebreakers(leagueId)
  const save = useSaveTiebreakers(leagueId)
  // The staff's edits, else the settings as saved: a refetch never overwrites an edit in progress.
  const [edits, setDraft] = useState<Tiebreakers | null>(null)
  const draft = edits ?? settings.data
  const [addRule, setAddRule] = useState('')
  const [addTeam, setAddTeam] = useState('')
  const [saved, setSaved] = useState(false)

  if (settings.isPending) return <p>{t('admin.playoffs.loadingTiebreakers')}</p>
  if (settings.isError || !draft)
    return <p role="alert">{errorMessage(settings.error, t('admin.playoffs.tiebreakersLoadError'))}</p>

  const unused = ALL_RULES.filter((r) => !draft.rules.includes(r))
  const teamName = (teamId: number) => teams.find((t) => t.id === teamId)?.name ?? t('admin.playoffs.teamNumber', { id: teamId })
  const update = (changes: Partial<Tiebreakers>) => {
    setSaved(false)
    setDraft({ ...draft, ...changes })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      {
        rules: draft.rules,
        pointCap: draft.pointCap,
        staffOrder: draft.staffOrder,
        playoffSpots: draft.playoffSpots,
        version: draft.version,
      },
      {
        onSuccess: (next) => {
          setDraft(next)
          setSaved(true)
        },
        onError: (error) => {
          // A stale copy: show the message and start again from what is saved now.
          if (error instanceof ApiError && error.status === 409) void settings.refetch()
        },
      },
    )
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`}>
      <fieldset>
        <legend id={`${id}-title`}>{t('admin.playoffs.tiebreakers')}</legend>
        <p className="muted">{t('admin.playoffs.tiebreakersHint')}</p>
        <ol className="playoffs-rules">
          {draft.rules.map((rule, i) => (
            <li key={rule}>
              <span>{ruleLabel(rule)}</span>
              <MoveButton
                label={ruleLabel(rule)}
                up
                disabled={i === 0}
                onClick={() => update({ rules: move(draft.rules, i, i - 1) })}
              />
              <MoveButton
                label={ruleLabel(rule)}
                disabled={i === draft.rules.length - 1}
                onClick={() => update({ rules: move(draft.rules, i, i + 1) })}
              />
              <button
                type="button"
                className="button"
                aria-label={t('admin.common.removeNamed', { name: ruleLabel(rule) })}
                onClick={() => update({ rules: draft.rules.filter((r) => r !== rule) })}
              >
                {t('admin.common.remove')}
              </button>
            </li>
          ))}
        </ol>
        <div className="playoffs-grid">
          <SelectField
            id={`${id}-add-rule`}
            label={t('admin.playoffs.addRule')}
            value={addRule}
            onChange={(event) => {
              const rule = event.target.value as TiebreakRule
              if (rule) update({ rules: [...draft.rules, rule] })
              setAddRule('')
            }}
          >
            <option value="">{t('admin.playoffs.choose')}</option>
            {unused.map((rule) => (
              <option key={rule} value={rule}>
                {ruleLabel(rule)}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <label htmlFor={`${id}-cap`}>{t('admin.playoffs.pointCap')}</label>
            <input
              id={`${id}-cap`}
              type="number"
              min={1}
              inputMode="numeric"
              placeholder={t('admin.playoffs.noCap')}
              value={draft.pointCap ?? ''}
              onChange={(event) => update({ pointCap: event.target.value ? Number(event.target.value) : null })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-spots`}>{t('admin.playoffs.places')}</label>
            <input
              id={`${id}-spots`}
              type="number"
              min={1}
              max={64}
              inputMode="numeric"
              placeholder={t('admin.playoffs.noMarks')}
              value={draft.playoffSpots ?? ''}
              onChange={(event) => update({ playoffSpots: event.target.value ? Number(event.target.value) : null })}
            />
          </div>
        </div>
        {draft.rules.includes('staffOrder') ? (
          <>
            <p className="muted">{t('admin.playoffs.staffOrderHint')}</p>
            <ol className="playoffs-rules">
              {draft.staffOrder.map((teamId, i) => (
                <li key={teamId}>
                  <span>{teamName(teamId)}</span>
                  <MoveButton
                    label={teamName(teamId)}
                    up
                    disabled={i === 0}
                    onClick={() => update({ staffOrder: move(draft.staffOrder, i, i - 1) })}
                  />
                  <button
                    type="button"
                    className="button"
                    aria-label={t('admin.playoffs.removeFromDraw', { name: teamName(teamId) })}
                    onClick={() => update({ staffOrder: draft.staffOrder.filter((t) => t !== teamId) })}
                  >
                    {t('admin.common.remove')}
                  </button>
                </li>
              ))}
            </ol>
            <SelectField
              id={`${id}-draw`}
              label={t('admin.playoffs.addToDraw')}
              value={addTeam}
              onChange={(event) => {
                const teamId = Number(event.target.value)
                if (teamId) update({ staffOrder: [...draft.staffOrder, teamId] })
                setAddTeam('')
              }}
            >
              <option value="">{t('admin.playoffs.choose')}</option>
              {teams
                .filter((t) => !draft.staffOrder.includes(t.id))
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </SelectField>
          </>
        ) : null}
        {save.isError ? <p role="alert">{errorMessage(save.error, t('admin.playoffs.saveError'))}</p> : null}
        {saved ? <p role="status">{t('admin.playoffs.saved')}</p> : null}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? t('admin.common.saving') : t('admin.playoffs.save')}
        </button>
      </fieldset>
    </form>
  )
}

const roundsFor = (n: number) => Math.ceil(Math.log2(Math.max(2, n)))

function NewBracketForm({ seasonId, leagueId, teamCount }: { seasonId: number; leagueId: number; teamCount: number }) {
  const t = useT()
  const id = useId()
  const create = useCreateBracket()
  const divisions = useDivisions(seasonId)
  const [divisionId, setDivisionId] = useState('')
  const [teams, setTeams] = useState(Math.min(8, Math.max(2, teamCount)))
  const [thirdPlace, setThirdPlace] = useState(false)
  const [reseed, setReseed] = useState(false)
  const [noForfeits, setNoForfeits] = useState(false)
  const [nights, setNights] = useState<{ date: string; times: string; location: string }[]>([])
  const rounds = roundsFor(teams)
  const shown = Array.from({ length: rounds }, (_, i) => nights[i] ?? { date: '', times: '', location: '' })
  const setNight = (i: number, changes: Partial<(typeof shown)[number]>) =>
    setNights(shown.map((n, j) => (j === i ? { ...n, ...changes } : n)))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input: NewBracket = {
      seasonId,
      leagueId,
      divisionId: divisionId ? Number(divisionId) : null,
      teams,
      thirdPlace: thirdPlace && teams >= 4,
      reseed,
      eligibility: noForfeits ? 'noForfeits' : 'all',
      nights: shown.map((n) => ({
        date: n.date,
        times: n.times
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        location: n.location.trim() || null,
      })),
    }
    create.mutate(input)
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`}>
      <fieldset>
        <legend id={`${id}-title`}>{t('admin.playoffs.newBracket')}</legend>
        <p className="muted">{t('admin.playoffs.newBracketHint')}</p>
        <div className="playoffs-grid">
          <div className="field">
            <label htmlFor={`${id}-teams`}>{t('admin.common.teams')}</label>
            <input
              id={`${id}-teams`}
              type="number"
              min={2}
              max={64}
              required
              value={teams}
              onChange={(event) => setTeams(Math.max(2, Math.min(64, Number(event.target.value) || 2)))}
            />
          </div>
          <SelectField
            id={`${id}-division`}
            label={t('admin.playoffs.from')}
            value={divisionId}
            onChange={(event) => setDivisionId(event.target.value)}
          >
            <option value="">{t('admin.playoffs.wholeLeague')}</option>
            {(divisions.data?.divisions ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {t('admin.playoffs.divisionOption', { name: d.name })}
              </option>
            ))}
          </SelectField>
          <label className="checkbox">
            <input type="checkbox" checked={thirdPlace} disabled={teams < 4} onChange={(e) => setThirdPlace(e.target.checked)} />{' '}
            {t('admin.playoffs.thirdPlace')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={reseed} onChange={(e) => setReseed(e.target.checked)} /> {t('admin.playoffs.reseed')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={noForfeits} onChange={(e) => setNoForfeits(e.target.checked)} />{' '}
            {t('admin.playoffs.noForfeits')}
          </label>
        </div>
        {shown
          .map((night, i) => ({ night, i, round: i + 1 }))
          .map(({ night, i, round }) => (
            <div className="playoffs-grid" key={round}>
              <div className="field">
                <label htmlFor={`${id}-date-${i}`}>{t('admin.playoffs.roundNight', { round: i + 1 })}</label>
                <input
                  id={`${id}-date-${i}`}
                  type="date"
                  required
                  value={night.date}
                  onChange={(e) => setNight(i, { date: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-times-${i}`}>{t('admin.playoffs.roundTimes', { round: i + 1 })}</label>
                <input
                  id={`${id}-times-${i}`}
                  placeholder={t('admin.playoffs.slotsPlaceholder')}
                  value={night.times}
                  onChange={(e) => setNight(i, { times: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-location-${i}`}>{t('admin.playoffs.roundLocation', { round: i + 1 })}</label>
                <input
                  id={`${id}-location-${i}`}
                  value={night.location}
                  onChange={(e) => setNight(i, { location: e.target.value })}
                />
              </div>
            </div>
          ))}
        {create.isError ? <p role="alert">{errorMessage(create.error, t('admin.playoffs.createError'))}</p> : null}
        {create.isSuccess ? <p role="status">{t('admin.common.createdNamed', { name: create.data.name })}</p> : null}
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? t('admin.playoffs.creating') : t('admin.playoffs.create')}
        </button>
      </fieldset>
    </form>
  )
}

function BracketList({ seasonId, leagueId }: { seasonId: number; leagueId: number }) {
  const t = useT()
  const working = useWorkingOrganization()
  const brackets = useSeasonBrackets(null, seasonId)
  const remove = useDeleteBracket()
  const reseed = useReseedBracket()
  const [confirm, setConfirm] = useState<BracketSummary | null>(null)
  const mine = (brackets.data ?? []).filter((b) => b.leagueId === leagueId)
  const slug = working?.slug
  if (brackets.isPending) return <p>{t('admin.playoffs.loadingBrackets')}</p>
  if (brackets.isError) return <p role="alert">{errorMessage(brackets.error, t('admin.playoffs.bracketsLoadError'))}</p>
  return (
    <section aria-label={t('admin.playoffs.bracketsOfLeague')}>
      <h2 className="section-title">{t('admin.playoffs.brackets')}</h2>
      {mine.length === 0 ? <p className="muted">{t('admin.playoffs.noBrackets')}</p> : null}
      <ul>
        {mine.map((b) => (
          <li key={b.id}>
            {slug ? (
              <a href={`/${slug}/bracket/${b.id}`} target="_blank" rel="noreferrer">
                {b.name}
              </a>
            ) : (
              b.name
            )}{' '}
            <button
              type="button"
              className="button"
              disabled={reseed.isPending}
              onClick={() => reseed.mutate(b)}
              title={t('admin.playoffs.reseedHint')}
            >
              {t('admin.playoffs.reseedNow')}
            </button>{' '}
            <button type="button" className="button" onClick={() => setConfirm(b)}>
              {t('admin.common.delete')}
            </button>
          </li>
        ))}
      </ul>
      {reseed.isError ? <p role="alert">{errorMessage(reseed.error, t('admin.playoffs.reseedError'))}</p> : null}
      {reseed.isSuccess ? <p role="status">{t('admin.playoffs.reseeded', { name: reseed.data.name })}</p> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={t('admin.playoffs.deleteTitle')}
        message={<p>{t('admin.playoffs.deleteQuestion', { name: confirm?.name })}</p>}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('admin.playoffs.deleteError')) : null}
        onConfirm={() => confirm && remove.mutate(confirm, { onSuccess: () => setConfirm(null) })}
        onCancel={() => {
          remove.reset()
          setConfirm(null)
        }}
      />
    </section>
  )
}

/** docs/reference/league-admin.md's league page, extended (docs/playoffs.md): tiebreakers and playoff brackets. */
export function PlayoffsPanel({ seasonId, leagueId, teams }: { seasonId: number; leagueId: number; teams: TeamOption[] }) {
  const t = useT()
  return (
    <section className="playoffs-panel" aria-label={t('admin.playoffs.title')}>
      <TiebreakersForm leagueId={leagueId} teams={teams} />
      <NewBracketForm seasonId={seasonId} leagueId={leagueId} teamCount={teams.length} />
      <BracketList seasonId={seasonId} leagueId={leagueId} />
    </section>
  )
}
