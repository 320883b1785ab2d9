// Placeholder until this screen is built.
export function SingleTeamPage() {
  return (
    <section className="admin-page">
      <h1 className="page-title">Team</h1>
    </section>
  )
}
