import { ContentPage } from '../../components/content-page'

const support = [
  {
    name: 'GamCare',
    detail: 'National Gambling Helpline, free and open 24 hours a day: 0808 8020 133',
    href: 'https://www.gamcare.org.uk',
  },
  {
    name: 'GambleAware',
    detail: 'Advice and support across Great Britain',
    href: 'https://www.begambleaware.org',
  },
  {
    name: 'Gamblers Anonymous',
    detail: 'Meetings across the UK and Ireland',
    href: 'https://www.gamblersanonymous.org.uk',
  },
  { name: 'Problem Gambling Ireland', detail: 'Support in Ireland', href: 'https://www.problemgambling.ie' },
] as const

export function ResponsibleGamingPage() {
  return (
    <ContentPage
      title="Responsible Gaming"
      lead="Competitions should be fun. Entry is for people aged 18 or over, and we want everyone who plays to stay in control."
    >
      <h2>Stay in control</h2>
      <ul>
        <li>Decide how much you can afford before you start, and stick to it.</li>
        <li>Never chase losses or spend money meant for bills, rent or food.</li>
        <li>Take regular breaks, and do not enter when you are upset or under pressure.</li>
        <li>Keep track of what you spend; your account will show every entry you make.</li>
      </ul>
      <h2>Warning signs</h2>
      <p>
        Spending more than you meant to, hiding how much you spend, borrowing to enter or feeling anxious
        about it are signs it may be time to stop. You can ask us to close your account at any time.
      </p>
      <h2>Free, confidential support</h2>
      <ul>
        {support.map((s) => (
          <li key={s.name}>
            <a href={s.href} target="_blank" rel="noopener noreferrer">
              {s.name}
            </a>
            : {s.detail}
          </li>
        ))}
      </ul>
    </ContentPage>
  )
}
