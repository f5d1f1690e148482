import { css } from '@emotion/react'
import type { AdminResponsiblePlay } from '@prizes/contracts'
import { Chip } from '../../../../components/chip'
import { formatDate, formatPrice } from '../../../../lib/format'

/** What a user's limit says, in a few words. */
export function limitText(play: AdminResponsiblePlay): string {
  const limit = play.monthly_limit === null ? 'No limit' : `${formatPrice(play.monthly_limit)} a month`
  if (!play.pending_limit) return limit
  const next = play.pending_limit.amount === null ? 'none' : formatPrice(play.pending_limit.amount)
  return `${limit} (${next} from ${formatDate(play.pending_limit.effective_at)})`
}

/** What a user's break says: permanent, until when, or none. */
export function breakText(play: AdminResponsiblePlay): string | null {
  if (play.break_permanent) return 'Self-excluded permanently'
  return play.break_until ? `On a break until ${formatDate(play.break_until)}` : null
}

/** How many competitions' caps per person the user reached, in a few words. */
export function capsText(play: AdminResponsiblePlay): string {
  if (play.caps_reached === 0) return 'No caps reached'
  return play.caps_reached === 1 ? '1 cap reached' : `${play.caps_reached} caps reached`
}

/** The Users tab's "Limits" cell: the alert mark, 30-day spending, the limit, any break and caps reached. */
export function ResponsiblePlayCell({ play }: { readonly play: AdminResponsiblePlay | undefined }) {
  if (!play) return <span>Unknown</span>
  const onBreak = breakText(play)
  return (
    <div
      css={css`
        display: grid;
        gap: 4px;
        font-size: 0.875rem;
        min-width: 160px;
      `}
    >
      {play.held_for_review && <Chip tone="error">Held for review</Chip>}
      {play.over_threshold && <Chip tone="warning">High spending</Chip>}
      <span>30 days: {formatPrice(play.spent_last_30_days)}</span>
      <span>{limitText(play)}</span>
      {onBreak && <Chip tone="error">{onBreak}</Chip>}
      {play.caps_reached > 0 && <Chip tone="warning">{capsText(play)}</Chip>}
    </div>
  )
}
