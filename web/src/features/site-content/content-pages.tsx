// Placeholders until the content pages are built.
function Placeholder({ title }: { title: string }) {
  return (
    <section className="admin-page">
      <h1 className="page-title">{title}</h1>
    </section>
  )
}
export const RegistrationPage = () => <Placeholder title="Registration" />
export const LeagueInfoPage = () => <Placeholder title="League Info" />
export const TournamentPage = () => <Placeholder title="Tournament" />
export const OurTeamPage = () => <Placeholder title="Join Our Team" />
export const LeagueFootagePage = () => <Placeholder title="League Footage" />
export const YouthPage = () => <Placeholder title="Youth" />
export const ContactPage = () => <Placeholder title="Contact Us" />
