// Placeholder until this screen is built.
export function SeasonLeagueTeamsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Teams</h1>
    </section>
  )
}
