import { lazy, Suspense } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '../../components/status'
import { useAuth } from '../../lib/auth'

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
  if (isLoading) return checking('Checking your session...')
  if (!isAuthenticated) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />
  if (user?.mustChangePassword) {
    return (
      <Suspense fallback={checking('Loading...')}>
        <ChoosePasswordPage user={user} />
      </Suspense>
    )
  }
  return <Outlet />
}
