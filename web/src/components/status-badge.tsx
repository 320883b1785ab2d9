import './status-badge.css'

/**
 * A game's display status as a small pill (docs/reference/public-site.md §4: Completed, Scheduled, Postponed, Bye...).
 * The text is the status itself; the colour only repeats it.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span className={`status-badge status-${status.toLowerCase().replace(/\s+/g, '-')}${className ? ` ${className}` : ''}`}>
      {status}
    </span>
  )
}
