import { type FormEvent, useId, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FieldError, FormModal } from '../../components/form-modal'
import { NameOptions, SelectField } from '../../components/select-field'
import { useT } from '../../lib/i18n'
import { type NewLeagueInput, useSeasonLeagues, useSeasons } from '../../lib/seasons-api'

interface AddLeagueModalProps {
  seasonId: number
  busy: boolean
  error: string | null
  /** `another`: saved with "Add and Add Another", so the form comes back empty for the next one. */
  onSubmit: (input: NewLeagueInput, label: string, another: boolean) => void
  onClose: () => void
}

/** docs/reference/league-admin.md Season detail "Add League": a new name, or a league copied from another season. */
export function AddLeagueModal({ seasonId, busy, error, onSubmit, onClose }: AddLeagueModalProps) {
  const t = useT()
  const id = useId()
  const [mode, setMode] = useState<'new' | 'copy'>('new')
  const [name, setName] = useState('')
  const [copySeasonId, setCopySeasonId] = useState<number | null>(null)
  const [copyLeagueId, setCopyLeagueId] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const seasons = useSeasons()
  const otherSeasons = seasons.data?.filter((season) => season.id !== seasonId) ?? []
  const sourceLeagues = useSeasonLeagues(mode === 'copy' ? copySeasonId : null)
  const formId = `${id}-form`
  const another = useAddAnother()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const more = another.take()
    if (mode === 'new') {
      if (!name.trim()) return setProblem(t('admin.addLeague.nameRequired'))
      setProblem(null)
      return onSubmit({ name: name.trim() }, name.trim(), more)
    }
    const league = sourceLeagues.data?.find((l) => l.id === copyLeagueId)
    if (!copySeasonId || !league) return setProblem(t('admin.addLeague.chooseBoth'))
    setProblem(null)
    onSubmit({ copyFromSeasonId: copySeasonId, copyFromLeagueId: league.id }, league.name, more)
  }

  return (
    <FormModal
      title={t('admin.season.addLeague')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={t('admin.season.addLeague')}
      busy={busy}
      extraButtons={another.button(formId, busy)}
      alerts={[error]}
    >
      <fieldset className="field checkbox-group">
        <legend>{t('admin.addLeague.add')}</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />
          {t('admin.addLeague.new')}
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'copy'} onChange={() => setMode('copy')} />
          {t('admin.addLeague.copy')}
        </label>
      </fieldset>
      {mode === 'new' ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('admin.addLeague.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            required
            maxLength={120}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      ) : (
        <>
          <SelectField
            id={`${id}-season`}
            label={t('admin.season.fallbackTitle')}
            value={copySeasonId ?? ''}
            onChange={(event) => {
              setCopySeasonId(event.target.value ? Number(event.target.value) : null)
              setCopyLeagueId(null)
            }}
          >
            <option value="">{seasons.isPending ? t('admin.seasons.loading') : t('admin.common.chooseSeason')}</option>
            <NameOptions items={otherSeasons} />
          </SelectField>
          <SelectField
            id={`${id}-league`}
            label={t('admin.common.league')}
            value={copyLeagueId ?? ''}
            disabled={!copySeasonId}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setCopyLeagueId(event.target.value ? Number(event.target.value) : null)}
            after={<span className="field-hint">{t('admin.addLeague.copyHint')}</span>}
          >
            <option value="">
              {copySeasonId && sourceLeagues.isPending
                ? t('admin.common.loadingLeagues')
                : copySeasonId && sourceLeagues.data?.length === 0
                  ? t('admin.common.noLeagues')
                  : t('admin.addLeague.chooseLeague')}
            </option>
            {sourceLeagues.data?.map((league) => (
              <option key={league.id} value={league.id}>
                {t('admin.addLeague.option', { name: league.name, count: league.teamsCount })}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <FieldError id={`${id}-problem`} alert>
        {problem}
      </FieldError>
    </FormModal>
  )
}
