import { Navigate, Outlet, useLocation } from 'react-router'
import { Loading } from '../../components/status'
import { useAuth } from './api'

/** Admin routes need a signed-in user; others go to `redirectTo` (the sign-in page by default). */
export function RequireAuth({ redirectTo = '/login' }: { redirectTo?: string }) {
  const { isLoading, isAuthenticated } = useAuth()
  const location = useLocation()
  if (isLoading) {
    return (
      <main className="page-center">
        <Loading text="Checking your session..." />
      </main>
    )
  }
  if (!isAuthenticated) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />
  return <Outlet />
}
