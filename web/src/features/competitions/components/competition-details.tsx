import { css, useTheme } from '@emotion/react'
import { entryMessages, type PublicCompetitionDetail } from '@prizes/contracts'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { MapPinIcon } from '../../../components/icons/map-pin'
import { Container } from '../../../components/layout'
import { ProgressBar } from '../../../components/progress-bar'
import { maxEntriesFor } from '../../../lib/entry-limits'
import { formatCount, formatDate, formatPrice, formatPrizeValue } from '../../../lib/format'
import { useNow } from '../../../lib/use-now'
import { usePageTitle } from '../../../lib/use-page-title'
import { openOverlay } from '../../../stores/ui-store'
import { entryState, entryTarget, toHomeCompetition } from '../model/home-competition'
import { availabilityBadge, enterLabel } from './availability'
import { CancelledNotice } from './cancelled-notice'
import { CompetitionDescription } from './competition-description'
import { CompetitionImage } from './competition-image'
import { CompetitionOdds } from './competition-odds'
import { CompetitionWinner } from './competition-winner'
import { DrawCommitment } from './draw-commitment'
import { EntryCounts } from './entry-counts'
import { FreeEntryBox } from './free-entry-box'
import { LiveCountdown } from './live-countdown'
import { enterPanelId, MobileEnterBar } from './mobile-enter-bar'
import { QuestionPool, questionPoolOf } from './question-pool'

/** A competition's own page: everything an entrant weighs before entering, and Enter. */
export function CompetitionDetails({ competition }: { readonly competition: PublicCompetitionDetail }) {
  const theme = useTheme()
  const c = toHomeCompetition(competition)
  usePageTitle(c.title)
  const now = useNow()
  const state = entryState(c, now)
  const target = entryTarget(c)
  const badge = availabilityBadge[c.availabilityStatus]
  const sold =
    competition.total_tickets > 0 ? Math.min(competition.sold_tickets, competition.total_tickets) : 0
  const perPurchase = maxEntriesFor(target)

  return (
    <Container
      css={css`
        padding-top: 24px;
        padding-bottom: 72px;
        ${theme.mq.md} {
          padding-top: 40px;
        }
      `}
    >
      <p
        css={css`
          margin-bottom: 16px;
          font-size: 0.9375rem;
          a {
            display: inline-block;
            padding: 12px 0;
            font-weight: 600;
          }
        `}
      >
        <Link href="/#competitions">← All competitions</Link>
      </p>
      <div
        css={css`
          display: grid;
          gap: 32px;
          grid-template-columns: minmax(0, 1fr);
          ${theme.mq.md} {
            grid-template-columns: minmax(0, 1.4fr) minmax(0, 1fr);
            align-items: start;
          }
        `}
      >
        <article
          aria-labelledby="competition-title"
          css={css`
            display: grid;
            gap: 28px;
            min-width: 0;
          `}
        >
          <header
            css={css`
              display: grid;
              gap: 8px;
            `}
          >
            <p
              css={css`
                display: flex;
                flex-wrap: wrap;
                align-items: center;
                gap: 8px;
                color: ${theme.palette.text.secondary};
                font-size: 0.9375rem;
              `}
            >
              <span
                css={css`
                  display: inline-flex;
                  align-items: center;
                  gap: 4px;
                `}
              >
                <MapPinIcon size={16} />
                {c.location}
              </span>
              {badge && <Chip tone={badge.tone}>{badge.label}</Chip>}
            </p>
            <h1
              id="competition-title"
              css={css`
                font-size: clamp(1.875rem, 1.5rem + 1.6vw, 2.75rem);
                font-weight: 900;
                letter-spacing: -0.02em;
                overflow-wrap: anywhere;
              `}
            >
              {c.title}
            </h1>
          </header>
          {competition.status === 'cancelled' && <CancelledNotice competition={competition} />}

          <figure
            aria-label="Gallery"
            css={css`
              overflow: hidden;
              border-radius: ${theme.radius.lg};
              box-shadow: ${theme.shadow.card};
            `}
          >
            <CompetitionImage src={c.image_url} alt={c.prize} priority />
          </figure>

          <Block title="The prize">
            <p
              css={css`
                font-size: 1.125rem;
                font-weight: 600;
                overflow-wrap: anywhere;
              `}
            >
              {c.prize}
            </p>
            <p>
              Worth <strong>{formatPrice(c.prizeValue)}</strong>
            </p>
          </Block>

          <Block title="About this competition">
            <CompetitionDescription text={competition.description} />
          </Block>

          <Block title={questionPoolOf(competition).length > 1 ? 'The questions' : 'The question'}>
            <QuestionPool competition={competition} />
          </Block>

          <Block title="The draw">
            <CompetitionWinner competition={competition} />
            <DrawCommitment competition={competition} />
          </Block>
        </article>

        <aside
          id={enterPanelId}
          aria-label="Enter this competition"
          css={css`
            display: grid;
            gap: 20px;
            padding: 24px;
            border-radius: ${theme.radius.lg};
            background: ${theme.palette.background.surface};
            border: 1px solid ${theme.palette.border};
            box-shadow: ${theme.shadow.card};
            ${theme.mq.md} {
              position: sticky;
              top: calc(${theme.layout.headerHeight} + 16px);
            }
          `}
        >
          <dl
            css={css`
              display: grid;
              grid-template-columns: repeat(3, minmax(0, 1fr));
              gap: 8px;
              dt {
                font-size: 0.8125rem;
                color: ${theme.palette.text.secondary};
              }
              dd {
                font-size: 1.125rem;
                font-weight: 800;
              }
            `}
          >
            <div>
              <dt>Entry</dt>
              <dd>{formatPrice(c.price)}</dd>
            </div>
            <div>
              <dt>Prize value</dt>
              <dd>{formatPrizeValue(c.prizeValue)}</dd>
            </div>
            {competition.cash_alternative !== null && (
              <div>
                <dt>Cash alternative</dt>
                <dd>{formatPrizeValue(competition.cash_alternative)}</dd>
              </div>
            )}
            <div>
              <dt>Per purchase</dt>
              <dd>{perPurchase > 0 ? `Up to ${perPurchase}` : 'None left'}</dd>
            </div>
          </dl>
          <p
            data-testid="entry-cap"
            css={css`
              font-size: 0.875rem;
              color: ${theme.palette.text.secondary};
            `}
          >
            At most {c.perPerson} {c.perPerson === 1 ? 'entry' : 'entries'} per person in this competition,
            paid and postal together. {entryMessages.answerRule}
          </p>
          <CompetitionOdds
            totalTickets={competition.total_tickets}
            soldTickets={competition.sold_tickets}
            explained
          />

          <div
            css={css`
              display: grid;
              gap: 8px;
            `}
          >
            <p
              data-testid="tickets-sold"
              css={css`
                display: flex;
                flex-wrap: wrap;
                justify-content: space-between;
                gap: 8px;
                font-weight: 700;
              `}
            >
              {competition.total_tickets > 0 ? (
                <>
                  <span>
                    {formatCount(sold)} of {formatCount(competition.total_tickets)} tickets sold
                  </span>
                  <span
                    css={css`
                      color: ${theme.palette.text.secondary};
                    `}
                  >
                    {c.tickets === 1 ? '1 ticket' : `${formatCount(c.tickets ?? 0)} tickets`} left
                  </span>
                </>
              ) : (
                <span>{formatCount(competition.sold_tickets)} tickets sold · no ticket limit</span>
              )}
            </p>
            <EntryCounts competition={competition} />
            {c.minimumTickets !== null && (
              <p data-testid="minimum-tickets">
                Minimum {formatCount(c.minimumTickets)} tickets: below that at the end date, the draw may be
                postponed once or the competition cancelled with full refunds.
              </p>
            )}
            {competition.total_tickets > 0 && (
              <ProgressBar
                value={c.soldPercentage}
                label="Tickets sold"
                valueText={`${Math.floor(c.soldPercentage)}% of tickets sold`}
                tone={badge?.tone ?? 'success'}
              />
            )}
          </div>

          <LiveCountdown endDate={c.endDate} />

          {(state === 'awaiting-draw' || state === 'sold-out') && (
            <p
              css={css`
                font-weight: 700;
                color: ${theme.palette.purple.text};
              `}
            >
              Draw on {formatDate(c.drawDate)}
            </p>
          )}

          <Button
            type="button"
            variant="primary"
            size="lg"
            fullWidth
            disabled={state !== 'open'}
            onClick={() => openOverlay({ kind: 'entry', competition: target })}
          >
            {enterLabel[state]}
          </Button>

          <FreeEntryBox competition={competition} now={now} />
        </aside>
      </div>
      <MobileEnterBar competition={competition} />
    </Container>
  )
}

function Block({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const theme = useTheme()
  return (
    <section
      css={css`
        display: grid;
        gap: 10px;
        p {
          color: ${theme.palette.text.secondary};
        }
      `}
    >
      <h2
        css={css`
          font-size: 1.3125rem;
          font-weight: 800;
        `}
      >
        {title}
      </h2>
      {children}
    </section>
  )
}
