import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { CheckCircleIcon } from '../../../components/icons/check-circle'
import { LockIcon } from '../../../components/icons/lock'
import { MailIcon } from '../../../components/icons/mail'
import { ShieldIcon } from '../../../components/icons/shield'
import { Section } from '../../../components/layout'
import { useSupportHours } from '../../../features/contact/components/support-hours'
import { useContactDetails } from '../../../lib/contact-details'

interface Indicator {
  readonly title: string
  readonly text: string
  readonly icon: ReactNode
}

/**
 * Only what is true (issue 24): the licence card only when a licence is configured
 * (OPERATOR_LICENCE), and support by its real hours in UK time, GMT or BST as the date says.
 */
function indicatorsOf(licence: string | null | undefined, supportHours: string | undefined): Indicator[] {
  return [
    {
      title: 'Secure',
      text: 'Card payments are taken by our payment provider over an encrypted connection. We never see or store your card number.',
      icon: <LockIcon size={24} />,
    },
    ...(licence ? [{ title: 'Licence', text: licence, icon: <ShieldIcon size={24} /> }] : []),
    {
      title: 'Fair Play',
      text: 'Every draw is random and can be checked: its seed is committed before entries open, and each draw has a public certificate.',
      icon: <CheckCircleIcon size={24} />,
    },
    {
      title: 'Support',
      text: supportHours
        ? `Write to us at any time from the contact section below. We answer ${supportHours}.`
        : 'Write to us at any time from the contact section below, and we will reply by email.',
      icon: <MailIcon size={24} />,
    },
  ]
}

/** Home section 4 (SPEC section 2): the trust indicators. */
export function TrustSection() {
  const theme = useTheme()
  const details = useContactDetails()
  const indicators = indicatorsOf(details.data?.licence, useSupportHours())
  return (
    <Section id="trust" title="Why enter with us" intro="What we promise every entrant.">
      <ul
        css={css`
          display: grid;
          gap: 16px;
          padding: 0;
          list-style: none;
          ${theme.mq.sm} {
            grid-template-columns: repeat(2, minmax(0, 1fr));
          }
          ${theme.mq.lg} {
            grid-template-columns: repeat(4, minmax(0, 1fr));
          }
        `}
      >
        {indicators.map((item) => (
          <li
            key={item.title}
            css={css`
              display: grid;
              align-content: start;
              gap: 10px;
              padding: 24px;
              border-radius: ${theme.radius.lg};
              background: ${theme.palette.background.surface};
              border: 1px solid ${theme.palette.border};
            `}
          >
            <span
              aria-hidden="true"
              css={css`
                display: grid;
                place-items: center;
                width: 48px;
                height: 48px;
                border-radius: ${theme.radius.md};
                background: ${theme.palette.success.soft};
                color: ${theme.palette.success.text};
              `}
            >
              {item.icon}
            </span>
            <h3
              css={css`
                font-size: 1.125rem;
                font-weight: 800;
              `}
            >
              {item.title}
            </h3>
            <p
              css={css`
                color: ${theme.palette.text.secondary};
              `}
            >
              {item.text}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  )
}
