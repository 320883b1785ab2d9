import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Flash, useFlash } from '../../components/flash'
import { FieldError, FormError } from '../../components/form-modal'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, api, errorMessage } from '../../lib/api-client'
import { type Translate, useRichT, useT } from '../../lib/i18n'
import { useAddLeague, useSeasonLeagues, useSeasons } from '../../lib/seasons-api'
import { useDebounced } from '../../lib/use-debounced'
import {
  exportUrls,
  type GameRow,
  type ImportChoices,
  type ImportKind,
  type Preview,
  type RosterRow,
  type RowStatus,
  useCommitImport,
} from './api'
import './import-export.css'
import { NameOptions, SelectField } from '../../components/select-field'
import { useAdminTitle } from '../../lib/use-admin-title'

const MAX_CHARS = 1_000_000
/** `label` and `columns` are catalog keys; `example` is a sample in the import's own column names (machine keys). */
type KindInfo = { kind: ImportKind; label: string; columns: string; example: string }
const KINDS: [KindInfo, ...KindInfo[]] = [
  {
    kind: 'rosters',
    label: 'admin.import.kindRosters',
    columns: 'admin.import.columnsRosters',
    example: 'Team\tFirst name\tLast name\tCaptain\nHawks\tAnn\tLee\tyes\nHawks\tBo\tDiaz\t\nOwls\tCy\tPark\tyes',
  },
  {
    kind: 'games',
    label: 'admin.import.kindGames',
    columns: 'admin.import.columnsGames',
    example:
      'Date\tTime\tHome\tAway\tHome score\tAway score\n2026-01-05\t19:00\tHawks\tOwls\t\t\n2026-01-05\t20:00\tOwls\tHawks\t61\t58',
  },
]
const STATUS_LABEL: Record<RowStatus, string> = {
  new: 'admin.import.statusNew',
  match: 'admin.import.statusMatch',
  error: 'admin.import.statusError',
}
const TEAM_NOTE = {
  new: 'admin.import.teamNew',
  existing: 'admin.import.teamExisting',
  inLeague: 'admin.import.teamInLeague',
} as const

/** A file as text: UTF-8 (the BOM is dropped by the server), else the Windows encoding spreadsheets save in. */
async function readFileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer()
  const text = new TextDecoder('utf-8').decode(bytes)
  return text.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : text
}

function StatusCell({ status }: { status: RowStatus }) {
  const t = useT()
  return <span className={`import-status import-status-${status}`}>{t(STATUS_LABEL[status])}</span>
}

/** The preview's counts: each a whole phrase with its ICU plural, listed with " · ". */
function summaryText(preview: Preview, t: Translate): string {
  const s = preview.summary
  const parts: string[] = [t('admin.import.rows', { count: s.rows })]
  if ('newTeams' in s) {
    if (s.newTeams) parts.push(t('admin.import.newTeams', { count: s.newTeams }))
    if (s.addedTeams) parts.push(t('admin.import.returningTeams', { count: s.addedTeams }))
    if (s.newPlayers) parts.push(t('admin.import.newPlayers', { count: s.newPlayers }))
    if (s.existingPlayers) parts.push(t('admin.import.existingPlayers', { count: s.existingPlayers }))
  } else {
    if (s.newGames) parts.push(t('admin.import.newGames', { count: s.newGames }))
    if (s.updatedGames) parts.push(t('admin.import.updated', { count: s.updatedGames }))
  }
  if (s.unchanged) parts.push(t('admin.import.unchanged', { count: s.unchanged }))
  if (s.errors) parts.push(t('admin.import.withErrors', { count: s.errors }))
  return parts.join(' · ')
}

/**
 * Import and export (docs/csv-import-export.md): paste rows from a spreadsheet or upload a CSV for a
 * league of a season, see what each row would do, commit them all at once; download the league's
 * rosters, schedule, standings and box scores, and every player.
 */
export function ImportExportPage() {
  const t = useT()
  const rich = useRichT()
  const id = useId()
  const flash = useFlash(6000)
  const [params, setParams] = useSearchParams()
  const seasons = useSeasons()
  const requestedSeason = Number(params.get('seasonId')) || null
  const seasonId = requestedSeason ?? seasons.data?.find((s) => s.active)?.id ?? seasons.data?.[0]?.id ?? null
  const leagues = useSeasonLeagues(seasonId)
  const requestedLeague = Number(params.get('leagueId')) || null
  const leagueId =
    requestedLeague && leagues.data?.some((l) => l.id === requestedLeague) ? requestedLeague : (leagues.data?.[0]?.id ?? null)
  const season = seasons.data?.find((s) => s.id === seasonId)
  const league = leagues.data?.find((l) => l.id === leagueId)
  const [kind, setKind] = useState<ImportKind>(params.get('kind') === 'games' ? 'games' : 'rosters')
  const [text, setText] = useState('')
  const [fileNote, setFileNote] = useState<string | null>(null)
  const [choiceState, setChoiceState] = useState<{ token: string | null; values: ImportChoices }>({ token: null, values: {} })
  const [done, setDone] = useState<ReactNode>(null)
  const doneBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!done) return
    doneBox.current?.scrollIntoView({ block: 'center' })
    doneBox.current?.focus({ preventScroll: true })
  }, [done])
  const fileInput = useRef<HTMLInputElement>(null)
  const commit = useCommitImport()
  // A league made here for the rows about to be pasted (the season page's Add League, inline).
  const [newLeague, setNewLeague] = useState<string | null>(null)
  const addLeague = useAddLeague(seasonId ?? 0)

  useAdminTitle(t('admin.import.title'))

  // The preview follows the paste, the file and the choices above it (a read: nothing is written).
  const input = useDebounced({ seasonId, leagueId, kind, text }, 350)
  const ready = input.seasonId !== null && input.leagueId !== null && input.text.trim() !== ''
  const preview = useQuery<Preview>({
    queryKey: ['csv-preview', input.seasonId, input.leagueId, input.kind, input.text],
    queryFn: ({ signal }) =>
      api
        .post<Preview>(`/api/csv/seasons/${input.seasonId}/leagues/${input.leagueId}/import/preview`, {
          kind: input.kind,
          text: input.text,
        })
        .then((body) => {
          signal.throwIfAborted()
          return body
        }),
    enabled: ready,
    retry: false,
    gcTime: 0,
    placeholderData: keepPreviousData,
  })
  const settled =
    ready &&
    !preview.isFetching &&
    input.text === text &&
    input.kind === kind &&
    input.seasonId === seasonId &&
    input.leagueId === leagueId
  const shown = text.trim() !== '' && preview.data?.kind === kind ? preview.data : null

  // Choices belong to the preview they were made on: a new preview starts with its own defaults.
  const choices = choiceState.token !== null && choiceState.token === shown?.token ? choiceState.values : {}
  const choose = (next: Partial<Record<string, string>>) => {
    const merged: ImportChoices = { ...choices }
    for (const [row, value] of Object.entries(next)) {
      if (value === undefined) continue
      merged[Number(row)] = value === 'new' || value === 'existing' ? value : Number(value)
    }
    setChoiceState({ token: shown?.token ?? null, values: merged })
  }

  const selectSeason = (value: string) => {
    const next = new URLSearchParams(params)
    next.set('seasonId', value)
    next.delete('leagueId')
    setParams(next, { replace: true })
  }
  const selectLeague = (value: string) => {
    const next = new URLSearchParams(params)
    if (seasonId) next.set('seasonId', String(seasonId))
    next.set('leagueId', value)
    setParams(next, { replace: true })
  }

  const submitLeague = (event: FormEvent) => {
    event.preventDefault()
    const name = newLeague?.trim()
    if (!name || seasonId === null) return
    addLeague.mutate(
      { name },
      {
        onSuccess: (created) => {
          setNewLeague(null)
          selectLeague(String(created.id))
          flash.show(t('admin.import.leagueAdded', { league: created.name, season: season?.name ?? t('admin.import.theSeason') }))
        },
      },
    )
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    if (file.size > MAX_CHARS * 2) {
      setFileNote(t('admin.import.tooLarge', { file: file.name }))
      return
    }
    setText(await readFileText(file))
    setFileNote(t('admin.import.read', { file: file.name }))
    setDone(null)
  }

  const clear = () => {
    setText('')
    setFileNote(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  const submit = () => {
    if (!shown || !settled || !shown.canCommit || seasonId === null || leagueId === null) return
    commit.mutate(
      { seasonId, leagueId, kind, text, token: shown.token, choices },
      {
        onSuccess: () => {
          flash.show(t('admin.import.imported', { kind, league: league?.name ?? t('admin.import.theLeague') }))
          setDone(
            <p className="import-done" role="status">
              {t('admin.import.importedSummary', { kind, summary: summaryText(shown, t) })}{' '}
              {kind === 'rosters' ? (
                <>
                  <Link to={`/dashboard/seasons/${seasonId}/leagues/${leagueId}`}>
                    {t('admin.import.seeTeams', { league: league?.name })}
                  </Link>
                  {' · '}
                  <Link to={`/scheduleBuilder?season=${seasonId}&league=${leagueId}`}>{t('admin.import.buildSchedule')}</Link>
                </>
              ) : (
                <Link to="/schedule">{t('admin.import.seeSchedule')}</Link>
              )}
            </p>,
          )
          clear()
        },
        // The league changed since the preview: show what the import does now.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) preview.refetch()
        },
      },
    )
  }

  if (seasons.isPending) return <Loading text={t('admin.import.loadingSeasons')} />
  if (seasons.isError) return <ErrorState message={errorMessage(seasons.error, t('admin.import.seasonsFailed'))} />

  const kindInfo = KINDS.find((k) => k.kind === kind) ?? KINDS[0]
  const files = seasonId && leagueId ? exportUrls(seasonId, leagueId) : null
  const attributeNames =
    shown?.kind === 'rosters' ? [...new Set(shown.rows.flatMap((r) => Object.keys(r.attributes)))] : ([] as string[])

  return (
    <section className="admin-page import-export">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.import.title')}</h1>
      </div>
      <p className="muted">{t('admin.import.intro')}</p>
      <Flash message={flash.message} />
      {/* After an import the form below is cleared: focus moves here, to the result and its next steps. */}
      <div ref={doneBox} tabIndex={-1} className="import-done-box">
        {done}
      </div>

      {!seasons.data?.length ? (
        <EmptyState>
          {rich('admin.import.noSeasons', { link: (chunks) => <Link to="/dashboard/seasons">{chunks}</Link> })}
        </EmptyState>
      ) : (
        <div className="form-grid import-where">
          <SelectField
            id={`${id}-season`}
            label={t('admin.import.season')}
            value={seasonId ?? ''}
            onChange={(event) => selectSeason(event.target.value)}
          >
            <NameOptions items={seasons.data} markActive />
          </SelectField>
          <SelectField
            id={`${id}-league`}
            label={t('admin.import.league')}
            value={leagueId ?? ''}
            disabled={!leagues.data?.length}
            onChange={(event) => selectLeague(event.target.value)}
          >
            {leagues.isPending ? <option value="">{t('admin.import.loadingLeagues')}</option> : null}
            {leagues.data?.length === 0 ? <option value="">{t('admin.import.noLeaguesOption')}</option> : null}
            <NameOptions items={leagues.data} />
          </SelectField>
          {seasonId && newLeague === null ? (
            <div className="field import-new-league">
              <button
                type="button"
                className="button"
                onClick={() => {
                  addLeague.reset()
                  setNewLeague('')
                }}
              >
                {t('admin.import.newLeague')}
              </button>
            </div>
          ) : null}
        </div>
      )}
      {seasonId && newLeague !== null ? (
        <form className="import-league-form" onSubmit={submitLeague} noValidate aria-label={t('admin.import.newLeague')}>
          <div className="field">
            <label htmlFor={`${id}-new-league`}>
              {t('admin.import.newLeagueIn', { season: season?.name ?? t('admin.import.thisSeason') })}
            </label>
            <input
              id={`${id}-new-league`}
              value={newLeague}
              maxLength={120}
              required
              // biome-ignore lint/a11y/noAutofocus: the field the button just opened
              autoFocus
              aria-invalid={addLeague.isError ? true : undefined}
              aria-describedby={addLeague.isError ? `${id}-new-league-error` : undefined}
              onChange={(event) => setNewLeague(event.target.value)}
            />
            <FieldError id={`${id}-new-league-error`}>
              {addLeague.isError && errorMessage(addLeague.error, t('admin.import.addLeagueFailed'))}
            </FieldError>
          </div>
          <button type="submit" className="button button-primary" disabled={addLeague.isPending || !newLeague.trim()}>
            {addLeague.isPending ? t('admin.import.adding') : t('admin.import.addLeague')}
          </button>
          <button type="button" className="button" onClick={() => setNewLeague(null)}>
            {t('admin.import.cancel')}
          </button>
        </form>
      ) : null}
      {leagues.isError ? (
        <ErrorState message={errorMessage(leagues.error, t('admin.import.leaguesFailed'))} onRetry={() => leagues.refetch()} />
      ) : null}
      {seasonId && leagues.data?.length === 0 && newLeague === null ? (
        <EmptyState>{t('admin.import.noLeagues', { season: season?.name ?? t('admin.import.thisSeasonCapital') })}</EmptyState>
      ) : null}

      {league ? (
        <>
          <h2 className="import-heading">{t('admin.import.importInto', { league: league.name })}</h2>
          <fieldset className="import-kind">
            <legend>{t('admin.import.whatRows')}</legend>
            {KINDS.map((k) => (
              <label key={k.kind} className="checkbox">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k.kind}
                  checked={kind === k.kind}
                  onChange={() => {
                    setKind(k.kind)
                    setDone(null)
                  }}
                />
                {t(k.label)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('admin.import.paste')}</label>
            <textarea
              id={`${id}-text`}
              className="import-text"
              rows={8}
              spellCheck={false}
              value={text}
              placeholder={kindInfo.example}
              aria-describedby={`${id}-columns`}
              onChange={(event) => {
                setText(event.target.value)
                setFileNote(null)
                setDone(null)
              }}
            />
            <span className="field-hint" id={`${id}-columns`}>
              {t('admin.import.columnsHint', { columns: t(kindInfo.columns) })}
            </span>
          </div>
          <div className="import-file">
            <div className="field">
              <label htmlFor={`${id}-file`}>{t('admin.import.upload')}</label>
              <input
                id={`${id}-file`}
                ref={fileInput}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                onChange={onFile}
              />
            </div>
            {text ? (
              <button type="button" className="button" onClick={clear}>
                {t('admin.import.clear')}
              </button>
            ) : null}
          </div>
          {fileNote ? (
            <p className="field-hint" role="status">
              {fileNote}
            </p>
          ) : null}

          <div className="import-preview">
            {text.trim() === '' ? null : preview.isError && settled ? (
              <p className="form-error" role="alert">
                {errorMessage(preview.error, t('admin.import.unreadable'))}
              </p>
            ) : !shown ? (
              <Loading text={t('admin.import.reading')} />
            ) : (
              <>
                <h2 className="import-heading">
                  {t('admin.import.preview')}{' '}
                  {preview.isFetching ? <span className="muted">{t('admin.import.updating')}</span> : null}
                </h2>
                <p className="import-summary" role="status">
                  {summaryText(shown, t)}
                </p>
                {shown.ignoredColumns.length > 0 ? (
                  <p className="field-hint">{t('admin.import.ignored', { columns: shown.ignoredColumns.join(', ') })}</p>
                ) : null}
                {shown.kind === 'rosters' ? (
                  <RosterTable rows={shown.rows} attributeNames={attributeNames} choices={choices} onChoose={choose} />
                ) : (
                  <GameTable rows={shown.rows} choices={choices} onChoose={choose} />
                )}
                <FormError>{!shown.canCommit && t('admin.import.fixErrors')}</FormError>
                <FormError>{commit.isError && errorMessage(commit.error, t('admin.import.importFailed'))}</FormError>
                <div className="form-actions import-actions">
                  <button type="button" className="button" onClick={() => preview.refetch()} disabled={preview.isFetching}>
                    {t('admin.import.previewAgain')}
                  </button>
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={submit}
                    disabled={!shown.canCommit || !settled || commit.isPending}
                  >
                    {commit.isPending ? t('admin.import.importing') : t('admin.import.importRows', { count: shown.summary.rows })}
                  </button>
                  {commit.isPending ? (
                    <progress className="import-progress" aria-label={t('admin.import.importingLabel')} />
                  ) : null}
                </div>
              </>
            )}
          </div>

          <h2 className="import-heading">{t('admin.import.exportLeague', { league: league.name })}</h2>
          <p className="muted">{t('admin.import.exportHint', { league: league.name, season: season?.name })}</p>
          {files ? (
            <div className="import-exports">
              <a className="button" href={files.rosters} download>
                {t('admin.import.rosters')}
              </a>
              <a className="button" href={files.schedule} download>
                {t('admin.import.schedule')}
              </a>
              <a className="button" href={files.standings} download>
                {t('admin.import.standings')}
              </a>
              <a className="button" href={files.boxScores} download>
                {t('admin.import.boxScores')}
              </a>
            </div>
          ) : null}
        </>
      ) : null}
      <h2 className="import-heading">{t('admin.import.exportEveryPlayer')}</h2>
      <div className="import-exports">
        <a className="button" href={exportUrls(0, 0).players} download>
          {t('admin.import.allPlayers')}
        </a>
      </div>
    </section>
  )
}

type Choose = (next: Partial<Record<string, string>>) => void

/** An import's preview: a line a row, its number and status first, the note on it last. */
function PreviewTable<Row extends { row: number; status: RowStatus; message: string | null }>({
  rows,
  columns,
  cells,
}: {
  rows: Row[]
  columns: ReactNode
  cells: (row: Row) => ReactNode
}) {
  const t = useT()
  return (
    <div className="table-scroll">
      <table className="data-table import-table">
        <caption className="visually-hidden">{t('admin.import.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.import.row')}</th>
            <th scope="col">{t('admin.import.status')}</th>
            {columns}
            <th scope="col">{t('admin.import.note')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className={`import-row-${r.status}`}>
              <td className="cell-number">{r.row}</td>
              <td>
                <StatusCell status={r.status} />
              </td>
              {cells(r)}
              <td>{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function RosterTable({
  rows,
  attributeNames,
  choices,
  onChoose,
}: {
  rows: RosterRow[]
  attributeNames: string[]
  choices: ImportChoices
  onChoose: Choose
}) {
  const t = useT()
  return (
    <PreviewTable
      rows={rows}
      columns={
        <>
          <th scope="col">{t('admin.import.team')}</th>
          <th scope="col">{t('admin.import.division')}</th>
          <th scope="col">{t('admin.import.firstName')}</th>
          <th scope="col">{t('admin.import.lastName')}</th>
          <th scope="col">{t('admin.import.captain')}</th>
          {attributeNames.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
          <th scope="col">{t('admin.import.player')}</th>
        </>
      }
      cells={(r) => (
        <>
          <td>
            {r.team}
            {r.teamStatus ? <span className="import-team-note"> ({t(TEAM_NOTE[r.teamStatus])})</span> : null}
          </td>
          <td>{r.division}</td>
          <td>{r.firstName}</td>
          <td>{r.lastName}</td>
          <td>{r.captain ? t('admin.import.yes') : ''}</td>
          {attributeNames.map((name) => (
            <td key={name}>{r.attributes[name] ?? ''}</td>
          ))}
          <td>
            {r.status === 'match' && r.candidates.length > 0 ? (
              <select
                aria-label={t('admin.import.playerForRow', { row: r.row })}
                value={String(choices[r.row] === 'new' ? 'new' : (choices[r.row] ?? r.playerId ?? 'new'))}
                onChange={(event) => onChoose({ [r.row]: event.target.value })}
              >
                {r.candidates.map((p) => (
                  <option key={p.id} value={p.id}>
                    {t('admin.import.use', {
                      first: p.firstName,
                      last: p.lastName,
                      team: p.team ?? t('admin.import.noTeamYet'),
                    })}
                  </option>
                ))}
                <option value="new">{t('admin.import.createPlayer')}</option>
              </select>
            ) : r.firstName && r.status === 'new' ? (
              t('admin.import.newPlayer')
            ) : (
              ''
            )}
          </td>
        </>
      )}
    />
  )
}

function GameTable({ rows, choices, onChoose }: { rows: GameRow[]; choices: ImportChoices; onChoose: Choose }) {
  const t = useT()
  return (
    <PreviewTable
      rows={rows}
      columns={
        <>
          <th scope="col">{t('admin.import.date')}</th>
          <th scope="col">{t('admin.import.time')}</th>
          <th scope="col">{t('admin.import.home')}</th>
          <th scope="col">{t('admin.import.away')}</th>
          <th scope="col">{t('admin.import.score')}</th>
          <th scope="col">{t('admin.import.gameStatus')}</th>
          <th scope="col">{t('admin.import.location')}</th>
          <th scope="col">{t('admin.import.game')}</th>
        </>
      }
      cells={(r) => (
        <>
          <td>{r.date ?? (r.status === 'error' ? '' : t('admin.import.tbd'))}</td>
          <td>{r.time ?? ''}</td>
          <td>{r.home}</td>
          <td>{r.away}</td>
          <td>{r.homeScore !== null && r.awayScore !== null ? `${r.homeScore}–${r.awayScore}` : ''}</td>
          <td>{r.gameStatus ?? ''}</td>
          <td>{r.location ?? ''}</td>
          <td>
            {r.status === 'match' ? (
              <select
                aria-label={t('admin.import.gameForRow', { row: r.row })}
                value={choices[r.row] === 'new' ? 'new' : 'existing'}
                onChange={(event) => onChoose({ [r.row]: event.target.value })}
              >
                <option value="existing">{t('admin.import.updateExisting')}</option>
                <option value="new">{t('admin.import.addAnother')}</option>
              </select>
            ) : r.status === 'new' ? (
              t('admin.import.newGame')
            ) : (
              ''
            )}
          </td>
        </>
      )}
    />
  )
}
