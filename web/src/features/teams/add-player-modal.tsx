import { type FormEvent, useId, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FormModal } from '../../components/form-modal'
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
      if (!picked) return setProblem('Search for a player and pick one from the list')
      setProblem(null)
      return onSubmit({ player_id: picked.id }, `${picked.firstName} ${picked.lastName}`, more)
    }
    if (fields.missing) return setProblem('First name and last name are required')
    setProblem(null)
    onSubmit({ firstName, lastName, image }, `${firstName.trim()} ${lastName.trim()}`, more)
  }

  return (
    <FormModal
      title="Add Player"
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel="Add Player"
      busy={busy}
      submitDisabled={preparing}
      extraButtons={another.button(formId, busy || preparing)}
      alerts={[error, problem]}
    >
      <fieldset className="field checkbox-group">
        <legend>Player</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'existing'} onChange={() => setMode('existing')} />
          Existing player
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={mode === 'new'} onChange={() => setMode('new')} />
          New player
        </label>
      </fieldset>

      {mode === 'existing' ? (
        <ExistingPicker
          id={id}
          label="Search players"
          placeholder="Search player name..."
          noun="players"
          pendingText="Searching..."
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
              {rosterIds.includes(player.id) ? <span className="muted"> (on this team)</span> : null}
            </>
          )}
        />
      ) : (
        <PlayerFields id={id} fields={fields} />
      )}
    </FormModal>
  )
}
