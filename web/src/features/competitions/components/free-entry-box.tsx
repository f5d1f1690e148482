import { css } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import { Link } from 'wouter'
import { EnvelopeContents, PostalAddress } from '../../../components/postal-address'
import { formatDateTime } from '../../../lib/format'
import { type EntryState, entryState, toHomeCompetition } from '../model/home-competition'

/** Where the terms describe entering free of charge. */
export const freeEntryHref = '/terms-and-conditions#free-entry'

/**
 * Why the free route is closed, in plain words, or undefined while it is open (issue 24: a closed,
 * drawn or cancelled competition no longer says "to reach us before it closes").
 */
export function postalClosedReason(
  competition: Pick<PublicCompetitionDetail, 'status' | 'end_date'>,
  state: EntryState,
): string | undefined {
  const close = formatDateTime(competition.end_date)
  if (competition.status === 'cancelled')
    return 'This competition was cancelled, so entries by post have closed.'
  if (state === 'open') return undefined
  if (state === 'sold-out') return 'Every ticket has gone, so entries by post have closed.'
  return `Entries by post have closed: envelopes had to arrive before ${close}.`
}

/** The competition page's free route: the address, what an envelope holds, and when it closes. */
export function FreeEntryBox({
  competition,
  now,
}: {
  readonly competition: PublicCompetitionDetail
  readonly now: Date
}) {
  const closed = postalClosedReason(competition, entryState(toHomeCompetition(competition), now))
  return (
    <section aria-labelledby="free-entry-heading" data-testid="free-entry">
      <h2
        id="free-entry-heading"
        css={css`
          font-size: 1.125rem;
          font-weight: 800;
        `}
      >
        {closed ? 'Free entry by post' : 'Or enter free by post'}
      </h2>
      {closed ? (
        <p data-testid="postal-closed">{closed}</p>
      ) : (
        <div
          css={css`
            display: grid;
            gap: 8px;
          `}
        >
          <p>
            A postal entry has the same chance of winning as a paid one. Post one envelope per entry, to
            arrive before {formatDateTime(competition.end_date)}, to:
          </p>
          <PostalAddress />
          <p>Each envelope must hold:</p>
          <EnvelopeContents competitionTitle={competition.title} />
          <p>
            See <Link href={freeEntryHref}>how to enter free by post</Link>.
          </p>
        </div>
      )}
    </section>
  )
}
