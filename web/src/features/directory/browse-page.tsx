// Placeholder until the directory is built.
export function BrowsePage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Browse</h1>
    </section>
  )
}
