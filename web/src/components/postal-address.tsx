import { css } from '@emotion/react'
import { useContactDetails } from '../lib/contact-details'

/**
 * Where free entries by post go (POSTAL_ADDRESS, issue 24), one line each, as an `<address>`.
 * While it loads, or when it cannot be had, says so in words rather than leaving a gap: the
 * free route must never look like it has nowhere to go without saying why.
 */
export function PostalAddress() {
  const details = useContactDetails()
  if (details.isPending) return <p>Loading the postal address…</p>
  const lines = details.data?.postalAddress
  if (!lines) {
    return (
      <p role="status">
        {details.isError
          ? 'The postal address could not be loaded: reload the page, or ask us through the contact form.'
          : 'This site has no postal address set up yet, so it cannot take entries by post: ask us through the contact form.'}
      </p>
    )
  }
  return (
    <address
      data-testid="postal-address"
      css={css`
        font-style: normal;
        font-weight: 700;
        line-height: 1.5;
      `}
    >
      {lines.map((line) => (
        <span
          key={line}
          css={css`
            display: block;
          `}
        >
          {line}
        </span>
      ))}
    </address>
  )
}

/** What an envelope must hold (issue 24): the same facts a paid entry gives, one entry each. */
export function EnvelopeContents({ competitionTitle }: { readonly competitionTitle?: string }) {
  return (
    <ul data-testid="envelope-contents">
      <li>One entry per envelope: each envelope is one entry and gets one ticket.</li>
      <li>
        The competition's title{competitionTitle ? ` ("${competitionTitle}")` : ''} and your answer to its
        skill question.
      </li>
      <li>Your full name, postal address, date of birth (you must be 18 or over) and email address.</li>
      <li>
        It must arrive before the competition closes; envelopes that arrive after the close are not entered.
      </li>
    </ul>
  )
}
