import { isRouteErrorResponse, useRouteError } from 'react-router'

/** Last resort for a route that throws (e.g. a lazy chunk that failed to download after a deploy). */
export function RouteError() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return (
    <main className="page-center" id="main">
      <div className="card notice-card" role="alert">
        <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p>{notFound ? 'There is nothing at this address.' : 'Please reload the page and try again.'}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  )
}
