import { css, useTheme } from '@emotion/react'
import { Link } from 'wouter'
import { Chip } from '../../../components/chip'
import { TrophyIcon } from '../../../components/icons/trophy'
import { countdown, formatCount, formatDate, formatPrice, formatPrizeValue } from '../../../lib/format'
import type { HomeCompetition } from '../model/home-competition'
import { competitionPath } from './availability'
import { CompetitionImage } from './competition-image'
import { CompetitionOdds } from './competition-odds'

interface FeaturedSlideProps {
  readonly competition: HomeCompetition
  /** 0-based place of this slide, and how many there are. */
  readonly index: number
  readonly count: number
  readonly fading: boolean
  readonly fadeMs: number
  readonly now: Date
}

/** One featured prize: picture, badges, title, and what it costs, how many tickets are left and when it ends. */
export function FeaturedSlide({
  competition: current,
  index,
  count,
  fading,
  fadeMs,
  now,
}: FeaturedSlideProps) {
  const theme = useTheme()
  const ends = countdown(current.endDate, now)
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks each slide as a group; a fieldset is for form controls
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      data-testid="featured-slide"
      css={css`
          opacity: ${fading ? 0 : 1};
          transition: opacity ${fadeMs}ms ease;
        `}
    >
      <div
        css={css`
            position: relative;
          `}
      >
        <Link href={competitionPath(current.id)} tabIndex={-1} aria-hidden="true">
          {/* Whichever slide shows is the top of the page (the first is its largest paint), and
              the slides share one <img>: each picture is loaded at once, never lazily. */}
          <CompetitionImage src={current.image_url} alt={current.prize} priority />
        </Link>
        <div
          css={css`
              position: absolute;
              top: 12px;
              left: 12px;
              display: flex;
              gap: 8px;
            `}
        >
          <Chip tone="accent" solid icon={<TrophyIcon size={14} />}>
            Featured
          </Chip>
          <Chip tone="primary" solid>
            Worth {formatPrizeValue(current.prizeValue)}
          </Chip>
        </div>
      </div>
      <div
        css={css`
            display: grid;
            gap: 12px;
            padding: 20px 20px 0;
            ${theme.mq.sm} {
              padding: 24px 24px 0;
            }
          `}
      >
        <h2
          css={css`
              font-size: clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem);
              font-weight: 800;
            `}
        >
          <Link
            href={competitionPath(current.id)}
            css={css`
              color: inherit;
              text-decoration: none;
              &:hover {
                text-decoration: underline;
              }
            `}
          >
            {current.title}
          </Link>
        </h2>
        <p
          css={css`
              color: ${theme.palette.text.secondary};
            `}
        >
          {current.prize}
        </p>
        <dl
          css={css`
              display: grid;
              grid-template-columns: repeat(3, auto);
              justify-content: space-between;
              gap: 12px;
              font-size: 0.8125rem;
              ${theme.mq.sm} {
                justify-content: start;
                column-gap: 40px;
              }
              dt {
                color: ${theme.palette.text.secondary};
              }
              dd {
                font-size: 1rem;
                font-weight: 800;
                white-space: nowrap;
              }
            `}
        >
          <div>
            <dt>Entry price</dt>
            <dd>{formatPrice(current.price)}</dd>
          </div>
          <div>
            <dt>Tickets left</dt>
            <dd>{current.tickets === null ? 'Unlimited' : formatCount(current.tickets)}</dd>
          </div>
          <div>
            <dt>Ends</dt>
            <dd>
              <time dateTime={current.endDate}>{formatDate(current.endDate)}</time>
              <span
                css={css`
                    display: block;
                    font-weight: 600;
                    font-size: 0.8125rem;
                    color: ${theme.palette.text.secondary};
                  `}
              >
                {ends}
              </span>
            </dd>
          </div>
        </dl>
        <CompetitionOdds totalTickets={current.maxEntries ?? 0} soldTickets={current.soldTickets} />
      </div>
    </div>
  )
}
