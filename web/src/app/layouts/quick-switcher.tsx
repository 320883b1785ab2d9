import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { SearchIcon } from '../../components/icons'
import { Modal } from '../../components/modal'
import { actingOrganization } from '../../lib/acting-org'
import { api } from '../../lib/api-client'
import { type Translate, useT } from '../../lib/i18n'
import { NAV_GROUPS, NAV_SECTIONS, NAV_SETTINGS, NAV_TOP, type Role, visibleTo } from './admin-nav'

interface Target {
  to: string
  label: string
  /** Where it sits: the sidebar group, or "Season". */
  kind: string
}

interface SeasonOption {
  id: number
  name: string
  active: boolean
}

/** Every screen of the sidebar the role sees, by the group it sits in, named in the page's language. */
export function screenTargets(role: Role | undefined, t: Translate): Target[] {
  const named = (item: { to: string; key: string }, kind: string) => ({ to: item.to, label: t(item.key), kind })
  return [
    ...NAV_TOP.filter((item) => visibleTo(item, role)).map((item) => named(item, t('admin.switcher.screen'))),
    ...NAV_GROUPS.flatMap((group) =>
      group.items.filter((item) => visibleTo(item, role)).map((item) => named(item, t(group.key))),
    ),
    ...NAV_SETTINGS.filter((item) => visibleTo(item, role)).map((item) => named(item, t('admin.nav.settings'))),
    ...NAV_SECTIONS.filter((item) => visibleTo(item, role)).map((item) => named(item, t(item.screen))),
  ]
}

/** Case-insensitive: every word typed appears in the label or the group, in any order. */
export function matchTargets(targets: Target[], text: string): Target[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return targets
  return targets
    .filter((target) => {
      const hay = `${target.label} ${target.kind}`.toLowerCase()
      return words.every((word) => hay.includes(word))
    })
    .sort(
      (a, b) =>
        Number(!a.label.toLowerCase().startsWith(words[0] ?? '')) - Number(!b.label.toLowerCase().startsWith(words[0] ?? '')),
    )
}

/**
 * "Go to…" (Ctrl+K or ⌘K anywhere in the dashboard, or the top bar's button): type a few letters of
 * a screen or a season and press Enter. A combobox over a listbox, driven by the arrow keys.
 */
export function QuickSwitcher({ role }: { role: Role | undefined }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        setOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <button
        type="button"
        className="button button-small quick-switcher-button topbar-button"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <span className="topbar-icon">
          <SearchIcon />
        </span>
        <span className="topbar-words">
          {t('admin.switcher.open')} <kbd>{t('admin.switcher.shortcut')}</kbd>
        </span>
      </button>
      {open ? <SwitcherDialog role={role} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function SwitcherDialog({ role, onClose }: { role: Role | undefined; onClose: () => void }) {
  const navigate = useNavigate()
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const seasons = useQuery({
    queryKey: ['seasons', 'list'],
    queryFn: () => api.get<{ seasons: SeasonOption[] }>('/api/seasonsv2').then((b) => b.seasons),
    // A super admin's seasons are the chosen organization's (lib/acting-org.ts); with none chosen, every one's.
    enabled: role !== 'super_admin' || actingOrganization() !== null,
  })
  const targets = useMemo(
    () => [
      ...screenTargets(role, t),
      ...(seasons.data ?? []).map((season) => ({
        to: `/dashboard/seasons/${season.id}`,
        label: season.name,
        kind: season.active ? t('admin.switcher.activeSeason') : t('admin.switcher.season'),
      })),
    ],
    [role, seasons.data, t],
  )
  const found = useMemo(() => matchTargets(targets, text).slice(0, 12), [targets, text])
  const chosen = found[Math.min(active, found.length - 1)]

  useEffect(() => {
    input.current?.focus()
  }, [])

  const go = (target: Target | undefined) => {
    if (!target) return
    onClose()
    navigate(target.to)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((i) => (found.length === 0 ? 0 : (i + 1) % found.length))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => (found.length === 0 ? 0 : (i - 1 + found.length) % found.length))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      go(chosen)
    }
  }
  const optionId = (index: number) => `${id}-option-${index}`

  return (
    <Modal open title={t('admin.switcher.title')} onClose={onClose} className="quick-switcher">
      <input
        ref={input}
        className="quick-switcher-input"
        role="combobox"
        aria-label={t('admin.switcher.input')}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={chosen ? optionId(found.indexOf(chosen)) : undefined}
        aria-autocomplete="list"
        placeholder={t('admin.switcher.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <div id={`${id}-list`} role="listbox" aria-label={t('admin.switcher.matches')} className="quick-switcher-list">
        {found.map((target, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox above handles the keys (arrows, Enter)
          <div
            key={target.to}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={target === chosen}
            className="quick-switcher-option"
            onMouseEnter={() => setActive(index)}
            onClick={() => go(target)}
          >
            <span>{target.label}</span>
            <span className="muted">{target.kind}</span>
          </div>
        ))}
      </div>
      {found.length === 0 ? (
        <p className="muted" role="status">
          {t('admin.switcher.none', { text })}
        </p>
      ) : null}
    </Modal>
  )
}
