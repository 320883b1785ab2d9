import { useT } from '../lib/i18n'
import './hidden-name-mark.css'

/**
 * Beside a name on the staff lists when the player chose to hide it on the public site (docs/members.md
 * "Privacy"): an eye struck through, and the words for screen readers (the title for a pointer).
 */
export function HiddenNameMark() {
  const t = useT()
  const label = t('admin.hiddenName.mark')
  return (
    <span className="hidden-name-mark" title={label}>
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        <path d="M3 3l18 18" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
