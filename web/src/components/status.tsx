import type { ReactNode } from 'react'
import { useT } from '../lib/i18n'

export function Loading({ text }: { text?: string }) {
  const t = useT()
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text ?? t('common.loading')}
    </p>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT()
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      ) : null}
    </div>
  )
}
