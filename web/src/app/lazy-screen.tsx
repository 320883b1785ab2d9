import { type ComponentType, lazy, Suspense } from 'react'
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
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    ),
    handle: { preload },
  } satisfies Partial<RouteObject>
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
