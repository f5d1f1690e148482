import { ContentPage } from '../../components/content-page'

const support = [
  {
    name: 'GamCare',
    detail: 'National Gambling Helpline, free and open 24 hours a day: 0808 8020 133',
    href: 'https://www.gamcare.org.uk',
  },
  {
    name: 'BeGambleAware',
    detail: 'Advice and support across Great Britain',
    href: 'https://www.begambleaware.org',
  },
  {
    name: 'GAMSTOP',
    detail: 'Free self-exclusion from online gambling sites licensed in Great Britain',
    href: 'https://www.gamstop.co.uk',
  },
  {
    name: 'Samaritans',
    detail: 'Someone to talk to, day or night, free on 116 123',
    href: 'https://www.samaritans.org',
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
      <h2 id="spending-limits">Monthly spending limits</h2>
      <p>
        In Account Settings, under Limits &amp; breaks, you can set a limit on what you spend on entries each
        calendar month (UK time), any amount from £0. We ask you to set one when you sign up and before your
        first purchase. A purchase that would take you over your limit is refused before any payment, and we
        tell you what you have left this month; unpaid reservations count too. Lowering your limit applies at
        once; raising or removing it applies only after 24 hours, so the decision is never made in the heat of
        the moment.
      </p>
      <h2 id="breaks">Taking a break</h2>
      <p>
        You can take a break from entering for 1 day, 7 days, 30 days, 6 months, or exclude yourself
        permanently, from Account Settings. During a break you cannot enter any competition and we send you no
        marketing email. A break cannot be ended or shortened early; you can only make it longer. To exclude
        yourself from other gambling sites as well, use GAMSTOP below.
      </p>
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
