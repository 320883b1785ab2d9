import { useT } from '../lib/i18n'
import './status-badge.css'

/** The display statuses (worker/domain/games.ts displayStatus) the catalog names: `status.<lower case>`. */
const KNOWN = new Set(['scheduled', 'completed', 'postponed', 'cancelled', 'forfeit', 'bye'])

/**
 * A game's display status as a small pill (docs/reference/public-site.md §4: Completed, Scheduled, Postponed, Bye...).
 * The text is the status itself, in the page's language; the colour only repeats it.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const t = useT()
  const known = status.toLowerCase()
  return (
    <span className={`status-badge status-${status.toLowerCase().replace(/\s+/g, '-')}${className ? ` ${className}` : ''}`}>
      {KNOWN.has(known) ? t(`status.${known}`) : status}
    </span>
  )
}
