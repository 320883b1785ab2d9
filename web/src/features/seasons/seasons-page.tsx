// Placeholder until this screen is built.
export function SeasonsPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Seasons</h1>
    </section>
  )
}
