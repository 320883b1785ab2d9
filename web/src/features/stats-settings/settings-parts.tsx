import type { UseMutationResult } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { TextField } from '../../components/field'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'

/**
 * The parts the settings screens (docs/reference/league-admin.md Stats, Game Periods, Player Attributes) share: a
 * list row with its Hide button, the add form's required name, and the Reset to Default confirmation.
 */

interface SettingsRowProps {
  name: string
  hidden: boolean
  /** Shown after the name (a stat's abbreviation, an attribute's type). */
  meta?: ReactNode
  /** The button's word for a hidden row: "Unhide" or "Show" (a value of admin.statsSettings.toggle). */
  showWord: 'unhide' | 'show'
  disabled?: boolean
  onToggle: () => void
}

/** A list row: the name (badged when hidden), its meta, and the button that hides or shows it. */
export function SettingsRow({ name, hidden, meta, showWord, disabled, onToggle }: SettingsRowProps) {
  const t = useT()
  const action = hidden ? showWord : 'hide'
  return (
    <>
      <span className="settings-name">
        {name}
        {hidden ? <span className="settings-badge">{t('admin.statsSettings.hidden')}</span> : null}
      </span>
      {meta === undefined ? null : <span className="settings-meta">{meta}</span>}
      <button
        type="button"
        className="button button-small"
        aria-label={t('admin.statsSettings.toggleOf', { action, name })}
        disabled={disabled}
        onClick={onToggle}
      >
        {t('admin.statsSettings.toggle', { action })}
      </button>
    </>
  )
}

export type Added<Item> = { onSuccess: (item: Item) => void; onError: (error: unknown) => void }

/**
 * The add form's name: required and trimmed. `submitWith` makes the form's submit: the name goes to `add`; its success
 * clears the input and tells `onAdded`, its failure shows under the input.
 */
export function useNameToAdd(failure: string) {
  const t = useT()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const submitWith =
    <Item,>(add: (name: string, callbacks: Added<Item>) => void, onAdded: (item: Item) => void) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const trimmed = name.trim()
      if (!trimmed) {
        setNameError(t('admin.statsSettings.nameRequired'))
        return
      }
      setNameError(null)
      add(trimmed, {
        onSuccess: (item) => {
          setName('')
          onAdded(item)
        },
        onError: (error) => setNameError(errorMessage(error, failure)),
      })
    }
  return { name, setName, nameError, submitWith }
}

interface NameFieldProps {
  id: string
  label: string
  placeholder: string
  named: ReturnType<typeof useNameToAdd>
}

/** The add form's name input, at most 60 characters, its error under it. */
export function NameField({ id, label, placeholder, named }: NameFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={named.name}
      maxLength={60}
      placeholder={placeholder}
      error={named.nameError}
      onChange={named.setName}
    />
  )
}

export interface ResetTexts {
  title: string
  message: ReactNode
  /** What the dialog says when the reset fails. */
  failure: string
  /** The flash once it is done. */
  done: string
}

interface ResetToDefaultDialogProps {
  open: boolean
  texts: ResetTexts
  reset: UseMutationResult<unknown, Error, void>
  onDone: (message: string) => void
  onClose: () => void
}

/**
 * The screen's Reset to Default: `ask` opens the confirmation, `dialog` is the confirmation to render. Done, it
 * closes and flashes the texts' `done`.
 */
export function useResetToDefault(
  reset: UseMutationResult<unknown, Error, void>,
  texts: ResetTexts,
  onDone: (message: string) => void,
) {
  const [open, setOpen] = useState(false)
  const dialog = <ResetToDefaultDialog open={open} texts={texts} reset={reset} onDone={onDone} onClose={() => setOpen(false)} />
  return { ask: () => setOpen(true), dialog }
}

/** Reset to Default, confirmed first: the dialog stays open with the error if it fails; Cancel forgets the error. */
export function ResetToDefaultDialog({ open, texts, reset, onDone, onClose }: ResetToDefaultDialogProps) {
  const t = useT()
  const { title, message, failure, done } = texts
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={t('admin.statsSettings.resetToDefault')}
      busy={reset.isPending}
      error={reset.isError ? errorMessage(reset.error, failure) : null}
      onConfirm={() =>
        reset.mutate(undefined, {
          onSuccess: () => {
            onClose()
            onDone(done)
          },
        })
      }
      onCancel={() => {
        reset.reset()
        onClose()
      }}
    />
  )
}
