import { contactTopicLabels } from '@prizes/contracts'
import { complaintAcknowledgeWorkingDays, complaintFinalAnswerWeeks } from '@prizes/domain'
import { Link } from 'wouter'
import { ContentPage } from '../../components/content-page'
import { useContactDetails } from '../../lib/contact-details'

/** Where a complainant can go after our final answer: the configured body, else the honest fallback. */
function NextStep() {
  const body = useContactDetails().data?.complaintsBody
  if (body) {
    return (
      <span data-testid="complaints-body">
        If our final answer does not settle your complaint, or we have not answered within{' '}
        {complaintFinalAnswerWeeks} weeks, you can take it to{' '}
        {body.url ? (
          <a href={body.url} target="_blank" rel="noopener noreferrer">
            {body.name}
          </a>
        ) : (
          body.name
        )}
        , an independent body. Please quote your reference.
      </span>
    )
  }
  return (
    <span data-testid="complaints-body">
      We are not yet a member of an independent complaints scheme. If our final answer does not settle your
      complaint, or we have not answered within {complaintFinalAnswerWeeks} weeks,{' '}
      <a href="https://www.citizensadvice.org.uk" target="_blank" rel="noopener noreferrer">
        Citizens Advice
      </a>{' '}
      can advise you on what to do next, including a claim through the courts. In Ireland, the{' '}
      <a href="https://www.ccpc.ie" target="_blank" rel="noopener noreferrer">
        Competition and Consumer Protection Commission
      </a>{' '}
      gives the same advice.
    </span>
  )
}

/**
 * How we handle complaints (issue 24), as the DCMS Code of Good Practice for prize draw
 * operators asks: the stages, what we need, the deadlines (which a complaint sent from the
 * contact form is given at once) and the independent body to go to next.
 */
export function ComplaintsPage() {
  const supportEmail = useContactDetails().data?.supportEmail
  return (
    <ContentPage
      title="Complaints"
      lead="If something has gone wrong, please tell us. This is how we handle every complaint, and how long each step takes."
    >
      <h2>How to complain</h2>
      <p>
        Use the <Link href="/contact">contact form</Link> and choose the topic "{contactTopicLabels.complaint}
        "
        {supportEmail ? (
          <>
            , or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with "Complaint" in the
            subject
          </>
        ) : null}
        . It costs nothing.
      </p>
      <h2>What we need from you</h2>
      <ul>
        <li>Your name and the email address you enter with.</li>
        <li>The competition and your entry reference (PRZ-…), if it is about an entry.</li>
        <li>What went wrong, and when.</li>
        <li>What you would like us to do to put it right.</li>
      </ul>
      <h2>What happens next</h2>
      <ol>
        <li>
          <strong>Received.</strong> A complaint sent from the contact form is given a reference (CT-…) at
          once, with the dates below, on screen and by email.
        </li>
        <li>
          <strong>Acknowledged</strong> by a member of our team within {complaintAcknowledgeWorkingDays}{' '}
          working days (Monday to Friday, except bank holidays in England and Wales). We may ask you for more
          information.
        </li>
        <li>
          <strong>Final answer</strong> by email within {complaintFinalAnswerWeeks} weeks of receiving your
          complaint, saying what we found and what we will do.
        </li>
        <li>
          <strong>Independent review.</strong> <NextStep />
        </li>
      </ol>
      <h2>Related</h2>
      <p>
        Read <Link href="/our-commitments">our commitments</Link>, the{' '}
        <Link href="/terms-and-conditions">terms and conditions</Link> and{' '}
        <Link href="/responsible-gaming">responsible gaming</Link>.
      </p>
    </ContentPage>
  )
}
