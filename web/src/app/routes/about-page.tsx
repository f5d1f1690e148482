import { Link } from 'wouter'
import { ContentPage } from '../../components/content-page'

/** Loaded lazily (SPEC section 2): the home page does not pay for it. */
export default function AboutPage() {
  return (
    <ContentPage
      title="About us"
      lead="We run skill-based prize competitions for adults in the UK and Ireland, with clear odds, a fair draw and no surprises."
    >
      <h2>How it works</h2>
      <p>
        Each competition has a fixed number of tickets, an entry price and a closing date, all shown on its
        card. To enter you answer one multiple-choice question and choose from 1 to 10 entries. Only entries
        with the correct answer go into the draw.
      </p>
      <h2>Fair draws</h2>
      <p>
        When a competition closes, the winner is drawn at random from every eligible entry, and each draw is
        audited. We contact winners within 48 hours of the draw.
      </p>
      <h2>Playing responsibly</h2>
      <p>
        Entry is for people aged 18 or over. Competitions should be fun; if they stop being fun, our{' '}
        <Link href="/responsible-gaming">responsible gaming page</Link> explains how to take a break and where
        to find free, confidential support.
      </p>
    </ContentPage>
  )
}
