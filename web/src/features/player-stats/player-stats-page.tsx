// Placeholder until this screen is built.
export function PlayerStatsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Player Stats</h1>
    </section>
  )
}
