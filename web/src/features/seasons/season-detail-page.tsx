// Placeholder until this screen is built.
export function SeasonDetailPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Season</h1>
    </section>
  )
}
