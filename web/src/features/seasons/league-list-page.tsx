// Placeholder until this screen is built.
export function LeagueListPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Leagues</h1>
    </section>
  )
}
