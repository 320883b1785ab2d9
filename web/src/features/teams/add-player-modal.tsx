import { type FormEvent, useId, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FormModal } from '../../components/form-modal'
import { useT } from '../../lib/i18n'
import { useDebounced } from '../../lib/use-debounced'
import { type NewRosterPlayerInput, type PlayerMatch, usePlayerMatches } from './api'
import { ExistingPicker } from './existing-picker'
import { PlayerFields, usePlayerFields } from './player-fields'

const SEARCH_DELAY_MS = 300

interface AddPlayerModalProps {
  busy: boolean
  error: string | null
  /** Players already on the roster are marked in the search results. */
  rosterIds: number[]
  /** `another`: saved with "Add and Add Another", so the form comes back empty for the next one. */
  onSubmit: (input: NewRosterPlayerInput, label: string, another: boolean) => void
  onClose: () => void
  /** Which way the form starts (the last one used, when adding several in a row). */
  initialMode?: 'existing' | 'new'
}

/** docs/reference/league-admin.md Admin team page "Add player": search existing and pick one, or create new with a photo. */
export function AddPlayerModal({ busy, error, rosterIds, onSubmit, onClose, initialMode = 'existing' }: AddPlayerModalProps) {
  const t = useT()
  const id = useId()
  const [mode, setMode] = useState<'existing' | 'new'>(initialMode)
  const another = useAddAnother()
  const [search, setSearch] = useState('')
  const debounced = useDebounced(search.trim(), SEARCH_DELAY_MS)
  const matches = usePlayerMatches(mode === 'existing' ? debounced : '')
  const [picked, setPicked] = useState<PlayerMatch | null>(null)
  const fields = usePlayerFields()
  const { firstName, lastName, image, preparing } = fields
  const [problem, setProblem] = useState<string | null>(null)
  const formId = `${id}-form`

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const more = another.take()
    if (mode === 'existing') {
      if (!picked) return setProblem(t('admin.picker.search'))
      setProblem(null)
      return onSubmit({ player_id: picked.id }, `${picked.firstName} ${picked.lastName}`, more)
    }
    if (fields.missing) return setProblem(t('admin.player.namesRequired'))
    setProblem(null)
    onSubmit({ firstName, lastName, image }, `${firstName.trim()} ${lastName.trim()}`, more)
  }

  return (
    <FormModal
      title={t('admin.team.addPlayer')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={t('admin.team.addPlayer')}
      busy={busy}
      submitDisabled={preparing}
      extraButtons={another.button(formId, busy || preparing)}
      alerts={[error, problem]}
    >
      <fieldset className="field checkbox-group">
        <legend>{t('admin.common.player')}</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'existing'} onChange={() => setMode('existing')} />
          {t('admin.addPlayer.existing')}
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />
          {t('admin.addPlayer.new')}
        </label>
      </fieldset>

      {mode === 'existing' ? (
        <ExistingPicker
          id={id}
          label={t('admin.addPlayer.search')}
          placeholder={t('admin.addPlayer.searchPlaceholder')}
          noun="players"
          pendingText={t('admin.addPlayer.searching')}
          search={search}
          onSearch={setSearch}
          matches={
            !debounced
              ? { kind: 'none' }
              : matches.isPending
                ? { kind: 'pending' }
                : matches.isError
                  ? { kind: 'error' }
                  : { kind: 'found', items: matches.data }
          }
          busy={matches.isFetching}
          picked={picked}
          onPick={(player) => {
            setPicked(player)
            if (player) setProblem(null)
          }}
          pickedLabel={(player) => <strong>{`${player.firstName} ${player.lastName}`}</strong>}
          matchLabel={(player) => (
            <>
              {player.firstName} {player.lastName}
              {player.team?.name ? <span className="muted"> · {player.team.name}</span> : null}
              {rosterIds.includes(player.id) ? <span className="muted"> {t('admin.addPlayer.onThisTeam')}</span> : null}
            </>
          )}
        />
      ) : (
        <PlayerFields id={id} fields={fields} />
      )}
    </FormModal>
  )
}
