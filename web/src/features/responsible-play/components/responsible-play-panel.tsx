import { css } from '@emotion/react'
import { formatPence, formatUkMoment } from '@prizes/contracts'
import { useResponsiblePlay } from '../../../api/get-responsible-play'
import { Alert } from '../../../components/alert'
import { BreakForm } from './break-form'
import { SpendingLimitForm } from './spending-limit-form'

const heading = css`
  margin: 0;
  font-size: 1.05rem;
`

/** Account Settings, "Limits & breaks": the monthly spending limit and breaks from entering. */
export function ResponsiblePlayPanel() {
  const play = useResponsiblePlay()
  if (play.isPending) return <p>Loading…</p>
  if (play.isError) return <Alert tone="error">Your limits could not be loaded. Please try again.</Alert>
  const status = play.data
  return (
    <div
      css={css`
        display: grid;
        gap: 20px;
      `}
    >
      <section aria-labelledby="limit-heading">
        <h3 id="limit-heading" css={heading}>
          Monthly spending limit
        </h3>
        <p data-testid="spending-summary">
          {status.limitPence === null
            ? `No limit set. Spent this month: ${formatPence(status.spentThisMonthPence)}.`
            : `Limit ${formatPence(status.limitPence)} a month. Spent this month: ${formatPence(status.spentThisMonthPence)}. Left: ${formatPence(status.leftThisMonthPence ?? 0)}.`}
        </p>
        {status.pendingLimit && (
          <Alert tone="info">
            {status.pendingLimit.limitPence === null
              ? `Your limit will be removed on ${formatUkMoment(status.pendingLimit.effectiveAt)}.`
              : `Your new limit of ${formatPence(status.pendingLimit.limitPence)} applies from ${formatUkMoment(status.pendingLimit.effectiveAt)}.`}
          </Alert>
        )}
        <SpendingLimitForm
          key={`${status.limitPence}`}
          prompt="account-settings"
          limitPence={status.limitPence}
        />
      </section>
      <section aria-labelledby="break-heading">
        <h3 id="break-heading" css={heading}>
          Take a break
        </h3>
        <p>
          Step away from entering for 1 day, 7 days, 30 days, 6 months or permanently. A break cannot be ended
          early. <a href="/responsible-gaming">Support and advice</a>
        </p>
        <BreakForm onBreakUntil={status.onBreak === null ? undefined : status.onBreak.endsAt} />
      </section>
    </div>
  )
}

export default ResponsiblePlayPanel
