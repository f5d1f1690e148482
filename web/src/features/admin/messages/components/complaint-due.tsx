import { css } from '@emotion/react'
import { type AdminContactRow, longDate } from '@prizes/contracts'
import { Chip } from '../../../../components/chip'

/**
 * A complaint's next deadline in the Messages tab (issue 24): the acknowledgement while it is
 * open, the final answer once answered; marked Overdue the day after it passed.
 */
export function ComplaintDue({ message }: { readonly message: AdminContactRow }) {
  if (!message.deadlines || message.dueBy === null) return <>—</>
  const what = message.status === 'open' ? 'Acknowledge by' : 'Final answer by'
  return (
    <span
      css={css`
        display: grid;
        gap: 4px;
        justify-items: start;
      `}
    >
      <span>
        {what} {longDate(message.dueBy)}
      </span>
      {message.overdue && <Chip tone="error">Overdue</Chip>}
    </span>
  )
}
