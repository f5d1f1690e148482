import { Link } from 'wouter'
import { ContentPage } from '../../components/content-page'
import { EnvelopeContents, PostalAddress } from '../../components/postal-address'

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
          Every competition has a pool of up to ten skill questions, and each entrant is given one of them at
          random, the same one whenever they enter. Only entries with the correct answer go into the draw.
          Entries with a wrong answer are not refunded.
        </li>
        <li>
          We record your answer when you enter and do not tell anyone whether it is correct until the
          competition closes. From then on your dashboard shows each entry as "In the draw" or "Not in the
          draw: incorrect answer", and we email you which when the competition closes.
        </li>
        <li>You can buy from 1 to 10 entries per purchase, or fewer if fewer tickets remain.</li>
        <li>
          Each competition sets a maximum number of entries per person, shown on its page. Paid and postal
          entries count together towards it.
        </li>
        <li>
          An entry is received once payment is taken and you receive an entry reference; its answer is checked
          when the competition closes.
        </li>
      </ul>
      <h2 id="free-entry">Free entry by post</h2>
      <p>
        Every competition can also be entered free of charge by post. A postal entry goes into the same draw
        with the same chance of winning as a paid entry, and must answer the skill question correctly to be
        eligible.
      </p>
      <p>Send one envelope per entry to:</p>
      <PostalAddress />
      <p>Each envelope must hold:</p>
      <EnvelopeContents />
      <ul>
        <li>
          We enter an envelope that arrived before the close even when we record it after the close, up to the
          start of the draw.
        </li>
        <li>
          We record your entry under the email you give, with its own entry reference, and email you the
          reference and ticket number. Postal entries count towards the maximum entries per person.
        </li>
      </ul>
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
