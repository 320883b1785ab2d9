import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { matchRoutes, type RouteObject, useLocation } from 'react-router'
import { Loading } from '../components/status'

function lazyModule<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined
  return () => {
    pending ??= load()
    return pending
  }
}

/**
 * A lazily loaded screen: `screen(() => import('…'), 'ExportName')`. Its chunk starts downloading as
 * soon as the address matches (`handle.preload`, see AppRoutes), not when the layout above it has
 * finished loading the organization: no waterfall of chunk after data.
 */
export function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyScreen(async () => (await load())[name] as ComponentType)
}

export function lazyScreen(load: () => Promise<ComponentType>) {
  const preload = lazyModule(load)
  const Screen = lazy(async () => ({ default: await preload() }))
  // No Suspense of its own: the one boundary is above every layout (AppRoutes). A first load shows
  // the page with its layout at once, and a navigation (a transition) keeps the current page until
  // the next one's chunk is in — as the data router's lazy routes did.
  return { element: <Screen />, handle: { preload } } satisfies Partial<RouteObject>
}

export function PageLoading() {
  return (
    <main className="page-center">
      <Loading />
    </main>
  )
}

/** Starts the download of every lazy chunk the address needs at once (layout and screen together). */
export function usePreloadedChunks(routes: RouteObject[]) {
  const location = useLocation()
  for (const match of matchRoutes(routes, location) ?? []) {
    void (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()
  }
}

/** The boundary lazy screens suspend to: one, above every layout. */
export function ScreenOutlet({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}
