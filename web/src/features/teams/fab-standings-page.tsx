// Placeholder until this screen is built.
export function FabStandingsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Standings</h1>
    </section>
  )
}
