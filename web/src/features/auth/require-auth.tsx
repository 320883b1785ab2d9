import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '../../components/status'
import { useAuth } from '../../lib/auth'
import { hasNamespace, rememberLanguage, switchLanguage, useLanguage, useT } from '../../lib/i18n'

// Only users with a temporary password ever download this screen.
const ChoosePasswordPage = lazy(async () => ({ default: (await import('./choose-password-page')).ChoosePasswordPage }))

const checking = (text: string) => (
  <main className="page-center">
    <Loading text={text} />
  </main>
)

/**
 * The dashboard speaks the user's language, else their organization's (docs/decisions/2026-11-28-languages.md),
 * with its own words loaded before its screens render. Once the dashboard is on screen, a change of
 * language (User settings, Site look) keeps it there while the new words load, then re-renders in them.
 * Words that cannot load are an error with a retry (docs/decisions/2026-11-28-dashboard-language.md).
 */
function useDashboardWords(wanted: string | null) {
  const language = useLanguage()
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    if (!wanted) return
    setFailed(false)
    rememberLanguage(wanted)
    switchLanguage(wanted, ['site', 'admin']).catch(() => setFailed(true))
  }, [wanted])
  useEffect(load, [load])
  // The dashboard's words in some language are on screen: a failed switch leaves them, not an error.
  const shown = language !== '' && hasNamespace('admin')
  return { ready: wanted !== null && shown, failed: failed && !shown, retry: load }
}

/**
 * Admin routes need a signed-in user; others go to `redirectTo` (the sign-in page by default). A user
 * signed in with a temporary password chooses a new one first, then lands where they were going.
 */
export function RequireAuth({ redirectTo = '/login' }: { redirectTo?: string }) {
  const t = useT()
  const { isLoading, isAuthenticated, user } = useAuth()
  const location = useLocation()
  const words = useDashboardWords(user ? (user.language ?? user.organization?.language ?? 'en') : null)
  if (isLoading) return checking(t('signedIn.checking'))
  if (!isAuthenticated) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />
  if (user?.mustChangePassword) {
    return (
      <Suspense fallback={checking(t('signedIn.loading'))}>
        <ChoosePasswordPage user={user} />
      </Suspense>
    )
  }
  if (words.failed)
    return (
      <main className="page-center">
        <div className="state state-error" role="alert">
          <p>{t('signedIn.wordsFailed')}</p>
          <button type="button" className="button" onClick={words.retry}>
            {t('signedIn.retry')}
          </button>
        </div>
      </main>
    )
  if (!words.ready) return checking(t('signedIn.loading'))
  return <Outlet />
}
