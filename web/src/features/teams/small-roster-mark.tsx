import { useT } from '../../lib/i18n'
/** docs/reference/league-admin.md §9: a team with fewer than 5 players gets a warning mark. */
export const MIN_ROSTER = 5

export function SmallRosterMark({ count }: { count: number }) {
  const t = useT()
  if (count >= MIN_ROSTER) return null
  const text = t('admin.smallRoster')
  return (
    // Focusable so keyboard users reach the tooltip text too; the label carries it for screen readers.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip trigger must take focus
    <span className="warning-mark" role="img" aria-label={text} title={text} tabIndex={0} data-tooltip={text}>
      ⚠
    </span>
  )
}
