// Placeholder until this screen is built.
export function StatsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Stats</h1>
    </section>
  )
}
