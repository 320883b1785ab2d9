import { Fragment, type ReactNode } from 'react'
import { useRichT, useT } from '../../lib/i18n'

/** What the picker lists under its search box: nothing yet, a wait, a failure, or the matches. */
export type PickerMatches<T> = { kind: 'none' } | { kind: 'pending' } | { kind: 'error' } | { kind: 'found'; items: T[] }

/**
 * "Pick an existing one" for the add-player and add-team modals: a search box, the matches as
 * buttons, and once one is picked, that one with a Clear button.
 */
export function ExistingPicker<T extends { id: number }>(props: {
  id: string
  label: string
  placeholder: string
  /** Plural noun of the list: "players", "teams". */
  noun: string
  pendingText: string
  search: string
  onSearch: (search: string) => void
  matches: PickerMatches<T>
  /** The list is being read again (default: while pending). */
  busy?: boolean
  picked: T | null
  onPick: (item: T | null) => void
  pickedLabel: (item: T) => ReactNode
  matchLabel: (item: T) => ReactNode
}) {
  const t = useT()
  const richT = useRichT()
  const { id, noun, matches, picked } = props
  return (
    <div className="field">
      <label htmlFor={`${id}-search`}>{props.label}</label>
      {picked ? (
        <div className="picked">
          <span>
            {richT('admin.picker.selected', { item: () => <Fragment key="item">{props.pickedLabel(picked)}</Fragment> })}
          </span>
          <button type="button" className="button button-small" onClick={() => props.onPick(null)}>
            {t('admin.picker.clear')}
          </button>
        </div>
      ) : (
        <>
          <input
            id={`${id}-search`}
            type="search"
            value={props.search}
            placeholder={props.placeholder}
            autoComplete="off"
            aria-controls={`${id}-matches`}
            onChange={(event) => props.onSearch(event.target.value)}
          />
          {matches.kind === 'none' ? null : (
            <ul
              className="match-list"
              id={`${id}-matches`}
              aria-label={t('admin.picker.matching', { kind: noun })}
              aria-busy={props.busy ?? matches.kind === 'pending'}
            >
              {matches.kind === 'pending' ? (
                <li className="muted">{props.pendingText}</li>
              ) : matches.kind === 'error' ? (
                <li className="field-error">{t('admin.picker.searchFailed', { kind: noun })}</li>
              ) : matches.items.length === 0 ? (
                <li className="muted">{t('admin.picker.noMatch', { kind: noun })}</li>
              ) : (
                matches.items.map((item) => (
                  <li key={item.id}>
                    <button type="button" className="match" onClick={() => props.onPick(item)}>
                      {props.matchLabel(item)}
                    </button>
                  </li>
                ))
              )}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
