// Placeholder until this screen is built.
export function BusinessPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Businesses</h1>
    </section>
  )
}
