import { lazy, Suspense, useEffect } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '../../components/status'
import { useAuth } from '../../lib/auth'
import { hasNamespace, rememberLanguage, switchLanguage, useLanguage } from '../../lib/i18n'

// Only users with a temporary password ever download this screen.
const ChoosePasswordPage = lazy(async () => ({ default: (await import('./choose-password-page')).ChoosePasswordPage }))

const checking = (text: string) => (
  <main className="page-center">
    <Loading text={text} />
  </main>
)

/**
 * Admin routes need a signed-in user; others go to `redirectTo` (the sign-in page by default). A user
 * signed in with a temporary password chooses a new one first, then lands where they were going.
 */
export function RequireAuth({ redirectTo = '/login' }: { redirectTo?: string }) {
  const { isLoading, isAuthenticated, user } = useAuth()
  const location = useLocation()
  // The dashboard speaks the user's language, else their organization's (docs/decisions/2026-11-28-languages.md),
  // with its own words loaded before its screens render.
  const wanted = user ? (user.language ?? user.organization?.language ?? 'en') : null
  const language = useLanguage()
  const ready = wanted !== null && language === wanted && hasNamespace('admin')
  useEffect(() => {
    if (!wanted) return
    rememberLanguage(wanted)
    void switchLanguage(wanted, ['site', 'admin']).catch(() => undefined)
  }, [wanted])
  if (isLoading) return checking('Checking your session...')
  if (!isAuthenticated) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />
  if (user?.mustChangePassword) {
    return (
      <Suspense fallback={checking('Loading...')}>
        <ChoosePasswordPage user={user} />
      </Suspense>
    )
  }
  if (!ready) return checking('Loading...')
  return <Outlet />
}
