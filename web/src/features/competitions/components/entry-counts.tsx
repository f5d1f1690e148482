import { css, useTheme } from '@emotion/react'
import type { PublicCompetition } from '@prizes/contracts'
import { formatCount } from '../../../lib/format'

const entries = (n: number) => `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'}`

/** Issue 24: the entries so far, paid and free (by post) apart, as the read model counts them. */
export function EntryCounts({
  competition,
}: {
  readonly competition: Pick<PublicCompetition, 'paid_entries' | 'free_entries'>
}) {
  const theme = useTheme()
  return (
    <p
      data-testid="entry-counts"
      css={css`
        font-size: 0.875rem;
        color: ${theme.palette.text.secondary};
      `}
    >
      {entries(competition.paid_entries)} paid · {entries(competition.free_entries)} free by post
    </p>
  )
}
