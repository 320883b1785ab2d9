// Placeholder until this screen is built.
export function GamePeriodsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Game Periods</h1>
    </section>
  )
}
