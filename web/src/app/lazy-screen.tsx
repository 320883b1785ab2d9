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
  // No Suspense of its own: the layout's boundary around <Outlet /> is already showing a page, so
  // (navigations being transitions) the current page stays until the next one's chunk is in, as
  // with the data router's lazy routes; only a first load shows the fallback.
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

/** Where a layout shows its lazy screens. */
export function ScreenOutlet({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}
