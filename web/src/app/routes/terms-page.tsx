import { Link } from 'wouter'
import { ContentPage } from '../../components/content-page'

export function TermsPage() {
  return (
    <ContentPage
      title="Terms & Conditions"
      lead="These are the main rules for entering our competitions. Each competition's own page may add details such as its closing date and number of tickets."
    >
      <h2>Who can enter</h2>
      <p>
        You must be 18 or over and live in the UK or Ireland. We may ask for proof of age and identity before
        awarding a prize.
      </p>
      <h2>Entering</h2>
      <ul>
        <li>
          Every competition has one skill question. Only entries with the correct answer are eligible for the
          draw.
        </li>
        <li>You can buy from 1 to 10 entries per purchase, or fewer if fewer tickets remain.</li>
        <li>An entry counts once payment is confirmed and you receive an entry reference.</li>
      </ul>
      <h2 id="free-entry">Free entry by post</h2>
      <p>
        Every competition can also be entered free of charge by post. A postal entry goes into the same draw
        with the same chance of winning as a paid entry, and must answer the skill question correctly to be
        eligible. The postal address and exactly what a postal entry must include will be set out in this
        section; until then, please use the contact details on our home page to ask how to enter by post.
      </p>
      <h2>The draw</h2>
      <p>
        When a competition closes, one winning entry is drawn at random from all eligible entries. Every draw
        is audited. We contact the winner within 48 hours of the draw.
      </p>
      <h2>Cancellations and refunds</h2>
      <p>If we cancel a competition, every paid entry in it is refunded to the card used to pay.</p>
      <h2>Responsible play</h2>
      <p>
        Please only spend what you can afford. Our{' '}
        <Link href="/responsible-gaming">responsible gaming page</Link> lists free, confidential support.
      </p>
    </ContentPage>
  )
}
