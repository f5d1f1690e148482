import { css, useTheme } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import { Link } from 'wouter'
import { formatDate } from '../../../lib/format'

/** What a completed draw's page says of its randomness: verified by drand's signature, or not. */
export function randomnessVerdict(verified: boolean): string {
  return verified
    ? 'Verified with drand’s signature on the round'
    : 'UNVERIFIED: entered without drand’s signature, so nothing shows it is drand’s value'
}

interface DrawCommitmentProps {
  readonly competition: Pick<PublicCompetitionDetail, 'id' | 'status' | 'draw'>
}

/**
 * What the draw is already bound to (DESIGN section 8): the seed's commitment from publication,
 * the public randomness round from close; and when it is drawn, with the certificate once it is.
 */
export function DrawCommitment({ competition: { id, status, draw } }: DrawCommitmentProps) {
  const theme = useTheme()
  const drawn = status === 'completed'
  return (
    <div
      css={css`
        display: grid;
        gap: 12px;
      `}
    >
      <p>
        The winner is drawn at random from the sealed list of eligible entries, using a secret seed committed
        to when the competition was published and public randomness from a future drand round named when it
        closes, so nobody can choose the result.
      </p>
      <dl
        css={css`
          display: grid;
          gap: 10px;
          dt {
            font-size: 0.8125rem;
            font-weight: 700;
            color: ${theme.palette.text.secondary};
          }
          dd {
            font-weight: 600;
          }
          code {
            display: block;
            overflow-wrap: anywhere;
            word-break: break-all;
            font-size: 0.8125rem;
          }
        `}
      >
        <div>
          <dt>{drawn ? 'Drawn on' : 'Draw date'}</dt>
          <dd>
            <time dateTime={draw.draw_date}>{formatDate(draw.draw_date)}</time>
          </dd>
        </div>
        <div>
          <dt>Seed commitment (sha256)</dt>
          <dd>{draw.seed_commitment ? <code>{draw.seed_commitment}</code> : 'Not published'}</dd>
        </div>
        <div>
          <dt>Public randomness</dt>
          <dd>
            {draw.randomness_round === null
              ? 'Named when the competition closes'
              : `drand quicknet round ${draw.randomness_round}`}
          </dd>
        </div>
        {drawn && typeof draw.randomness_verified === 'boolean' && (
          <div>
            <dt>Randomness verified</dt>
            <dd data-testid="randomness-verified">{randomnessVerdict(draw.randomness_verified)}</dd>
          </div>
        )}
      </dl>
      {drawn && (
        <p>
          <Link href={`/draws/${encodeURIComponent(id)}`}>
            View the draw certificate and check it yourself
          </Link>
        </p>
      )}
    </div>
  )
}
