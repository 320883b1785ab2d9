import { Component, type ErrorInfo, type ReactNode } from 'react'
import { t } from '../lib/i18n'

type Props = { pathname: string; children: ReactNode }
type State = { failedAt: string | null }

/**
 * Last resort for a screen that throws (e.g. a lazy chunk that failed to download after a deploy).
 * Navigating elsewhere clears it. A class: React catches render errors only in class boundaries.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failedAt: null }

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.pathname }
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null }
    return null
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    if (this.state.failedAt === null) return this.props.children
    return (
      <main className="page-center" id="main">
        <div className="card notice-card" role="alert">
          <h1>{t('error.title')}</h1>
          <p>{t('error.text')}</p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
        </div>
      </main>
    )
  }
}
