import { css, keyframes, useTheme } from '@emotion/react'
import { type ReactNode, useEffect } from 'react'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { AlertIcon } from '../../../components/icons/alert'
import { CheckCircleIcon } from '../../../components/icons/check-circle'
import { RefreshIcon } from '../../../components/icons/refresh'
import { TicketIcon } from '../../../components/icons/ticket'
import { Section } from '../../../components/layout'
import { ApiError } from '../../../lib/api-client'
import { useNow } from '../../../lib/use-now'
import { showSnackbar } from '../../../stores/ui-store'
import { useGridCompetitions } from '../api/get-competitions'
import { CompetitionCard } from './competition-card'

const cachedWarning = 'Using cached competitions - API temporarily unavailable'

/** Home section 2 (SPEC section 2): the Live Competitions grid, with its data status and a retry. */
export function LiveCompetitionsSection() {
  const now = useNow()
  const query = useGridCompetitions()
  const { data, isError, isPending, isFetching, errorUpdatedAt, refetch } = query
  const hasCache = data !== undefined

  useEffect(() => {
    if (isError && hasCache && errorUpdatedAt > 0) showSnackbar(cachedWarning, { severity: 'warning' })
  }, [isError, hasCache, errorUpdatedAt])

  const status = isError ? (
    <Chip tone="error" icon={<AlertIcon size={16} />}>
      Connection error
    </Chip>
  ) : isPending ? (
    <Chip tone="info">Loading</Chip>
  ) : (
    <Chip tone="success" icon={<CheckCircleIcon size={16} />}>
      Live data
    </Chip>
  )

  return (
    <Section
      id="competitions"
      title="Live Competitions"
      intro="Answer the question, pick your entries and you are in the draw. Sold-out and closed competitions stay here until they are drawn."
      aside={
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 12px;
          `}
        >
          <output aria-live="polite" aria-label="Competition data status">
            {status}
          </output>
          <Button type="button" variant="outline" size="sm" onClick={() => refetch()} disabled={isFetching}>
            <RefreshIcon size={16} />
            {isError ? 'Retry' : 'Refresh'}
          </Button>
        </div>
      }
    >
      {isPending ? (
        <Grid busy>
          {[1, 2, 3].map((n) => (
            <CardSkeleton key={n} />
          ))}
        </Grid>
      ) : data === undefined ? (
        <Notice
          title="Competitions could not be loaded"
          text={query.error instanceof ApiError ? query.error.message : 'Please try again in a moment.'}
        />
      ) : data.length === 0 ? (
        <Notice
          title="No Active Competitions"
          text="There are no competitions open right now. New prizes are added regularly, so check back soon."
        />
      ) : (
        <Grid>
          {data.map((competition) => (
            <CompetitionCard key={competition.id} competition={competition} now={now} />
          ))}
        </Grid>
      )}
    </Section>
  )
}

function Grid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  const theme = useTheme()
  return (
    <div
      data-testid="competition-grid"
      aria-busy={busy}
      css={css`
        display: grid;
        gap: 24px;
        grid-template-columns: minmax(0, 1fr);
        ${theme.mq.sm} {
          grid-template-columns: repeat(2, minmax(0, 1fr));
        }
        ${theme.mq.md} {
          grid-template-columns: repeat(3, minmax(0, 1fr));
        }
      `}
    >
      {children}
    </div>
  )
}

function Notice({ title, text }: { title: string; text: string }) {
  const theme = useTheme()
  return (
    <div
      css={css`
        display: grid;
        justify-items: center;
        gap: 8px;
        padding: 48px 24px;
        text-align: center;
        border: 2px dashed ${theme.palette.border};
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        color: ${theme.palette.text.secondary};
      `}
    >
      <TicketIcon size={40} />
      <h3
        css={css`
          font-size: 1.25rem;
          color: ${theme.palette.text.primary};
        `}
      >
        {title}
      </h3>
      <p>{text}</p>
    </div>
  )
}

const pulse = keyframes`
  50% {
    opacity: 0.55;
  }
`

function CardSkeleton() {
  const theme = useTheme()
  const block = (height: string, width = '100%') => css`
    height: ${height};
    width: ${width};
    border-radius: ${theme.radius.sm};
    background: ${theme.palette.background.muted};
  `
  return (
    <div
      aria-hidden="true"
      css={css`
        overflow: hidden;
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        border: 1px solid ${theme.palette.border};
        animation: ${pulse} 1.6s ease-in-out infinite;
      `}
    >
      <div
        css={css`
          aspect-ratio: 16 / 10;
          background: ${theme.palette.background.muted};
        `}
      />
      <div
        css={css`
          display: grid;
          gap: 12px;
          padding: 20px;
        `}
      >
        <div css={block('14px', '40%')} />
        <div css={block('22px', '80%')} />
        <div css={block('8px')} />
        <div css={block('56px')} />
        <div css={block('44px')} />
      </div>
    </div>
  )
}
