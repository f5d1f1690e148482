import { css, useTheme } from '@emotion/react'
import { Chip } from '../../../components/chip'
import { ClockIcon } from '../../../components/icons/clock'
import { formatDateTime, timeLeft } from '../../../lib/format'
import { useNow } from '../../../lib/use-now'

const units = ['days', 'hours', 'minutes', 'seconds'] as const
const unitLabel: Record<(typeof units)[number], string> = {
  days: 'Days',
  hours: 'Hours',
  minutes: 'Minutes',
  seconds: 'Seconds',
}

/**
 * Time left to enter, ticking each second: days, hours, minutes and seconds; a warning colour
 * and "Closing soon" in the last 24 hours; "Ended" after. It is a timer, not a live region, so
 * screen readers are not told every second.
 */
export function LiveCountdown({ endDate }: { readonly endDate: string }) {
  const theme = useTheme()
  const now = useNow(1000)
  const left = timeLeft(endDate, now)
  const tone = left.ended
    ? theme.palette.error
    : left.closingSoon
      ? theme.palette.warning
      : theme.palette.primary

  return (
    <div
      data-testid="countdown"
      data-state={left.ended ? 'ended' : left.closingSoon ? 'closing-soon' : 'open'}
      css={css`
        display: grid;
        gap: 10px;
      `}
    >
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          justify-content: space-between;
          gap: 8px;
        `}
      >
        <h2
          css={css`
            display: flex;
            align-items: center;
            gap: 6px;
            font-size: 1rem;
          `}
        >
          <ClockIcon size={18} />
          {left.ended ? 'Entries have closed' : 'Time left to enter'}
        </h2>
        {left.ended ? (
          <Chip tone="error">Ended</Chip>
        ) : (
          left.closingSoon && <Chip tone="warning">Closing soon</Chip>
        )}
      </div>
      {!left.ended && (
        <div
          role="timer"
          aria-label={`Closes ${formatDateTime(endDate)}`}
          css={css`
            display: grid;
            grid-template-columns: repeat(4, minmax(0, 1fr));
            gap: 8px;
          `}
        >
          {units.map((unit) => (
            <div
              key={unit}
              data-unit={unit}
              css={css`
                display: grid;
                justify-items: center;
                padding: 10px 4px;
                border-radius: ${theme.radius.md};
                background: ${tone.soft};
                color: ${tone.text};
              `}
            >
              <span
                css={css`
                  font-size: 1.5rem;
                  font-weight: 800;
                  font-variant-numeric: tabular-nums;
                  line-height: 1.2;
                `}
              >
                {String(left[unit]).padStart(2, '0')}
              </span>
              <span
                css={css`
                  font-size: 0.75rem;
                  font-weight: 600;
                `}
              >
                {unitLabel[unit]}
              </span>
            </div>
          ))}
        </div>
      )}
      <p
        css={css`
          font-size: 0.875rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        {left.ended ? 'Closed' : 'Closes'} <time dateTime={endDate}>{formatDateTime(endDate)}</time> (UK time)
      </p>
    </div>
  )
}
