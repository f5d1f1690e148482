import { css, useTheme } from '@emotion/react'
import { useId } from 'react'
import { Link } from 'wouter'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { MapPinIcon } from '../../../components/icons/map-pin'
import { ProgressBar } from '../../../components/progress-bar'
import { maxEntriesFor } from '../../../lib/entry-limits'
import {
  countdown,
  formatCount,
  formatDate,
  formatPrice,
  formatPrizeValue,
  timeLeft,
} from '../../../lib/format'
import { openOverlay } from '../../../stores/ui-store'
import { entryState, entryTarget, type HomeCompetition } from '../model/home-competition'
import { availabilityBadge, competitionPath, enterLabel } from './availability'
import { CompetitionImage } from './competition-image'
import { CompetitionOdds } from './competition-odds'

interface CompetitionCardProps {
  readonly competition: HomeCompetition
  readonly now: Date
}

export function CompetitionCard({ competition: c, now }: CompetitionCardProps) {
  const theme = useTheme()
  const titleId = useId()
  const badge = availabilityBadge[c.availabilityStatus]
  const sold = Math.floor(c.soldPercentage)
  const state = entryState(c, now)
  const closingSoon = state === 'open' && timeLeft(c.endDate, now).closingSoon
  const target = entryTarget(c)
  const perPurchase = maxEntriesFor(target)
  const href = competitionPath(c.id)

  return (
    <article
      aria-labelledby={titleId}
      css={css`
        display: flex;
        flex-direction: column;
        overflow: hidden;
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        box-shadow: ${theme.shadow.card};
        border: 1px solid ${theme.palette.border};
        transition:
          box-shadow 200ms ease,
          transform 200ms ease;
        &:hover {
          box-shadow: ${theme.shadow.raised};
          transform: translateY(-2px);
        }
      `}
    >
      <div
        css={css`
          position: relative;
        `}
      >
        {/* The title's link is the one announced; the picture is a larger target for the same page. */}
        <Link href={href} tabIndex={-1} aria-hidden="true">
          <CompetitionImage src={c.image_url} alt={c.prize} />
        </Link>
        <div
          css={css`
            position: absolute;
            inset: 12px 12px auto 12px;
            display: flex;
            justify-content: space-between;
            gap: 8px;
          `}
        >
          <Chip tone="accent" solid>
            Worth {formatPrizeValue(c.prizeValue)}
          </Chip>
          {badge && (
            <Chip tone={badge.tone} solid>
              {badge.label}
            </Chip>
          )}
        </div>
      </div>

      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 14px;
          flex: 1;
          padding: 20px;
        `}
      >
        <div>
          <p
            css={css`
              display: flex;
              align-items: center;
              gap: 4px;
              font-size: 0.875rem;
              color: ${theme.palette.text.secondary};
            `}
          >
            <MapPinIcon size={16} />
            {c.location}
          </p>
          <h3
            id={titleId}
            css={css`
              margin-top: 4px;
              font-size: 1.1875rem;
              font-weight: 800;
            `}
          >
            <Link
              href={href}
              css={css`
                color: inherit;
                text-decoration: none;
                &:hover {
                  text-decoration: underline;
                }
              `}
            >
              {c.title}
            </Link>
          </h3>
          <p
            css={css`
              margin-top: 4px;
              color: ${theme.palette.text.secondary};
              display: -webkit-box;
              -webkit-line-clamp: 2;
              -webkit-box-orient: vertical;
              overflow: hidden;
            `}
          >
            {c.prize}
          </p>
          {c.minimumTickets !== null && (
            <p
              css={css`
                margin-top: 4px;
                font-size: 0.8125rem;
                color: ${theme.palette.text.secondary};
              `}
            >
              Minimum {formatCount(c.minimumTickets)} tickets
            </p>
          )}
        </div>

        <div>
          <div
            css={css`
              display: flex;
              justify-content: space-between;
              margin-bottom: 6px;
              font-size: 0.875rem;
              font-weight: 600;
            `}
          >
            <span>
              {c.tickets === null
                ? 'Unlimited tickets'
                : `${formatCount(c.tickets)} ${c.tickets === 1 ? 'ticket' : 'tickets'} available`}
            </span>
            {c.maxEntries !== null && (
              <span
                css={css`
                  color: ${theme.palette.text.secondary};
                `}
              >
                {sold}% sold
              </span>
            )}
          </div>
          {c.maxEntries !== null && (
            <ProgressBar
              value={c.soldPercentage}
              label={`Tickets sold for ${c.title}`}
              valueText={`${sold}% of tickets sold`}
              tone={badge?.tone ?? 'success'}
            />
          )}
        </div>

        <CompetitionOdds totalTickets={c.maxEntries ?? 0} soldTickets={c.soldTickets} />

        <dl
          css={css`
            display: grid;
            grid-template-columns: repeat(3, auto);
            justify-content: space-between;
            gap: 8px;
            padding: 12px 14px;
            border-radius: ${theme.radius.md};
            background: ${theme.palette.background.page};
            font-size: 0.8125rem;
            dt {
              color: ${theme.palette.text.secondary};
            }
            dd {
              font-size: 0.9375rem;
              font-weight: 700;
              white-space: nowrap;
              color: ${theme.palette.text.primary};
            }
          `}
        >
          <div>
            <dt>Entry</dt>
            <dd>{formatPrice(c.price)}</dd>
          </div>
          <div>
            <dt>Per purchase</dt>
            <dd>{perPurchase > 0 ? `Up to ${perPurchase}` : 'None left'}</dd>
          </div>
          <div>
            <dt>Ends</dt>
            <dd>
              <time dateTime={c.endDate}>{formatDate(c.endDate)}</time>
            </dd>
          </div>
        </dl>

        <p
          data-testid="card-status"
          css={css`
            font-size: 0.875rem;
            font-weight: 700;
            color: ${
              state === 'open' && !closingSoon
                ? theme.palette.text.secondary
                : state === 'awaiting-draw'
                  ? theme.palette.purple.text
                  : closingSoon
                    ? theme.palette.warning.text
                    : theme.palette.error.text
            };
          `}
        >
          {cardStatus(c, state, closingSoon, now)}
        </p>

        <Button
          type="button"
          variant="primary"
          fullWidth
          disabled={state !== 'open'}
          aria-describedby={titleId}
          onClick={() => openOverlay({ kind: 'entry', competition: target })}
          css={css`
            margin-top: auto;
          `}
        >
          {enterLabel[state]}
        </Button>
      </div>
    </article>
  )
}

function cardStatus(
  c: HomeCompetition,
  state: ReturnType<typeof entryState>,
  closingSoon: boolean,
  now: Date,
) {
  switch (state) {
    case 'open':
      return closingSoon
        ? `Closing soon: closes ${countdown(c.endDate, now)}`
        : `Closes ${countdown(c.endDate, now)}`
    case 'sold-out':
      return `Sold out · draw on ${formatDate(c.drawDate)}`
    case 'ended':
      return 'Ended'
    case 'awaiting-draw':
      return `Draw on ${formatDate(c.drawDate)}`
    case 'drawn':
      return `Drawn on ${formatDate(c.drawDate)}`
    case 'cancelled':
      return 'Cancelled'
  }
}
