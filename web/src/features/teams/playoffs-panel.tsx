// The league page's playoffs panel (docs/playoffs.md): the league's tiebreakers and playoff places,
// and the brackets made from its standings.
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { SelectField } from '../../components/select-field'
import { ApiError, errorMessage } from '../../lib/api-client'
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
  return (
    <button
      type="button"
      className="button"
      aria-label={`Move ${label} ${up ? 'up' : 'down'}`}
      disabled={disabled}
      onClick={onClick}
    >
      {up ? '↑' : '↓'}
    </button>
  )
}

function TiebreakersForm({ leagueId, teams }: { leagueId: number; teams: TeamOption[] }) {
  const id = useId()
  const settings = useTiebreakers(leagueId)
  const save = useSaveTiebreakers(leagueId)
  // The staff's edits, else the settings as saved: a refetch never overwrites an edit in progress.
  const [edits, setDraft] = useState<Tiebreakers | null>(null)
  const draft = edits ?? settings.data
  const [addRule, setAddRule] = useState('')
  const [addTeam, setAddTeam] = useState('')
  const [saved, setSaved] = useState(false)

  if (settings.isPending) return <p>Loading tiebreakers...</p>
  if (settings.isError || !draft) return <p role="alert">{errorMessage(settings.error, 'Tiebreakers could not be loaded.')}</p>

  const unused = ALL_RULES.filter((r) => !draft.rules.includes(r))
  const teamName = (teamId: number) => teams.find((t) => t.id === teamId)?.name ?? `Team ${teamId}`
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
        <legend id={`${id}-title`}>Tiebreakers</legend>
        <p className="muted">Win percentage always comes first. Teams level on it are then placed by these rules, in order.</p>
        <ol className="playoffs-rules">
          {draft.rules.map((rule, i) => (
            <li key={rule}>
              <span>{TIEBREAK_RULE_LABELS[rule]}</span>
              <MoveButton
                label={TIEBREAK_RULE_LABELS[rule]}
                up
                disabled={i === 0}
                onClick={() => update({ rules: move(draft.rules, i, i - 1) })}
              />
              <MoveButton
                label={TIEBREAK_RULE_LABELS[rule]}
                disabled={i === draft.rules.length - 1}
                onClick={() => update({ rules: move(draft.rules, i, i + 1) })}
              />
              <button
                type="button"
                className="button"
                aria-label={`Remove ${TIEBREAK_RULE_LABELS[rule]}`}
                onClick={() => update({ rules: draft.rules.filter((r) => r !== rule) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <div className="playoffs-grid">
          <SelectField
            id={`${id}-add-rule`}
            label="Add a rule"
            value={addRule}
            onChange={(event) => {
              const rule = event.target.value as TiebreakRule
              if (rule) update({ rules: [...draft.rules, rule] })
              setAddRule('')
            }}
          >
            <option value="">Choose…</option>
            {unused.map((rule) => (
              <option key={rule} value={rule}>
                {TIEBREAK_RULE_LABELS[rule]}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <label htmlFor={`${id}-cap`}>Point differential cap per game</label>
            <input
              id={`${id}-cap`}
              type="number"
              min={1}
              inputMode="numeric"
              placeholder="No cap"
              value={draft.pointCap ?? ''}
              onChange={(event) => update({ pointCap: event.target.value ? Number(event.target.value) : null })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-spots`}>Playoff places</label>
            <input
              id={`${id}-spots`}
              type="number"
              min={1}
              max={64}
              inputMode="numeric"
              placeholder="No clinched/eliminated marks"
              value={draft.playoffSpots ?? ''}
              onChange={(event) => update({ playoffSpots: event.target.value ? Number(event.target.value) : null })}
            />
          </div>
        </div>
        {draft.rules.includes('staffOrder') ? (
          <>
            <p className="muted">Order set by staff (the recorded coin flip), first drawn first:</p>
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
                    aria-label={`Remove ${teamName(teamId)} from the draw`}
                    onClick={() => update({ staffOrder: draft.staffOrder.filter((t) => t !== teamId) })}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ol>
            <SelectField
              id={`${id}-draw`}
              label="Add a team to the draw"
              value={addTeam}
              onChange={(event) => {
                const teamId = Number(event.target.value)
                if (teamId) update({ staffOrder: [...draft.staffOrder, teamId] })
                setAddTeam('')
              }}
            >
              <option value="">Choose…</option>
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
        {save.isError ? <p role="alert">{errorMessage(save.error, 'Tiebreakers could not be saved.')}</p> : null}
        {saved ? <p role="status">Tiebreakers saved</p> : null}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tiebreakers'}
        </button>
      </fieldset>
    </form>
  )
}

const roundsFor = (n: number) => Math.ceil(Math.log2(Math.max(2, n)))

function NewBracketForm({ seasonId, leagueId, teamCount }: { seasonId: number; leagueId: number; teamCount: number }) {
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
        <legend id={`${id}-title`}>New playoff bracket</legend>
        <p className="muted">
          Seeds come from the standings as they are now; the top seeds get byes when the count is not a power of two.
        </p>
        <div className="playoffs-grid">
          <div className="field">
            <label htmlFor={`${id}-teams`}>Teams</label>
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
            label="From"
            value={divisionId}
            onChange={(event) => setDivisionId(event.target.value)}
          >
            <option value="">The whole league</option>
            {(divisions.data?.divisions ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                Division {d.name}
              </option>
            ))}
          </SelectField>
          <label className="checkbox">
            <input type="checkbox" checked={thirdPlace} disabled={teams < 4} onChange={(e) => setThirdPlace(e.target.checked)} />{' '}
            Third-place game
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={reseed} onChange={(e) => setReseed(e.target.checked)} /> Reseed after each round
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={noForfeits} onChange={(e) => setNoForfeits(e.target.checked)} /> Only teams without a
            forfeit
          </label>
        </div>
        {shown
          .map((night, i) => ({ night, i, round: i + 1 }))
          .map(({ night, i, round }) => (
            <div className="playoffs-grid" key={round}>
              <div className="field">
                <label htmlFor={`${id}-date-${i}`}>Round {i + 1} night</label>
                <input
                  id={`${id}-date-${i}`}
                  type="date"
                  required
                  value={night.date}
                  onChange={(e) => setNight(i, { date: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-times-${i}`}>Round {i + 1} time slots</label>
                <input
                  id={`${id}-times-${i}`}
                  placeholder="Schedule builder's slots"
                  value={night.times}
                  onChange={(e) => setNight(i, { times: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-location-${i}`}>Round {i + 1} location</label>
                <input
                  id={`${id}-location-${i}`}
                  value={night.location}
                  onChange={(e) => setNight(i, { location: e.target.value })}
                />
              </div>
            </div>
          ))}
        {create.isError ? <p role="alert">{errorMessage(create.error, 'The bracket could not be created.')}</p> : null}
        {create.isSuccess ? <p role="status">{create.data.name} created</p> : null}
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create bracket'}
        </button>
      </fieldset>
    </form>
  )
}

function BracketList({ seasonId, leagueId }: { seasonId: number; leagueId: number }) {
  const working = useWorkingOrganization()
  const brackets = useSeasonBrackets(null, seasonId)
  const remove = useDeleteBracket()
  const reseed = useReseedBracket()
  const [confirm, setConfirm] = useState<BracketSummary | null>(null)
  const mine = (brackets.data ?? []).filter((b) => b.leagueId === leagueId)
  const slug = working?.slug
  if (brackets.isPending) return <p>Loading brackets...</p>
  if (brackets.isError) return <p role="alert">{errorMessage(brackets.error, 'Brackets could not be loaded.')}</p>
  return (
    <section aria-label="Brackets of this league">
      <h2 className="section-title">Brackets</h2>
      {mine.length === 0 ? <p className="muted">No brackets yet.</p> : null}
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
              title="Seed again from the standings as they are now (before any game is played)"
            >
              Reseed from standings
            </button>{' '}
            <button type="button" className="button" onClick={() => setConfirm(b)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {reseed.isError ? <p role="alert">{errorMessage(reseed.error, 'The bracket could not be reseeded.')}</p> : null}
      {reseed.isSuccess ? <p role="status">{reseed.data.name} reseeded</p> : null}
      <ConfirmDialog
        open={confirm !== null}
        title="Delete bracket"
        message={<p>Delete {confirm?.name} and its unplayed games?</p>}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The bracket could not be deleted.') : null}
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
  return (
    <section className="playoffs-panel" aria-label="Playoffs">
      <TiebreakersForm leagueId={leagueId} teams={teams} />
      <NewBracketForm seasonId={seasonId} leagueId={leagueId} teamCount={teams.length} />
      <BracketList seasonId={seasonId} leagueId={leagueId} />
    </section>
  )
}
