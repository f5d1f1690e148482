import { css, useTheme } from '@emotion/react'
import { ClockIcon } from '../../../components/icons/clock'
import { MailIcon } from '../../../components/icons/mail'
import { Section } from '../../../components/layout'
import { ContactForm } from '../../../features/contact/components/contact-form'
import { useSupportHours } from '../../../features/contact/components/support-hours'
import { useContactDetails } from '../../../lib/contact-details'
import { PostalEntryNote } from './postal-entry-note'

/** SPEC section 2, home section 7: support hours, the published support address and the contact form. */
export function ContactSection() {
  const theme = useTheme()
  const details = useContactDetails()
  const supportEmail = details.data?.supportEmail
  const supportHours = useSupportHours()
  const row = css`
    display: flex;
    gap: 14px;
    align-items: flex-start;
    svg {
      flex: none;
      margin-top: 2px;
      color: ${theme.palette.primary.main};
    }
  `
  return (
    <Section
      id="contact"
      title="Contact"
      intro="Questions about a competition or an entry? We are here to help."
    >
      <div
        css={css`
          display: grid;
          gap: 20px;
          max-width: 840px;
          padding: 28px;
          border-radius: ${theme.radius.lg};
          background: ${theme.palette.background.surface};
          border: 1px solid ${theme.palette.border};
          color: ${theme.palette.text.secondary};
        `}
      >
        <p css={row}>
          <ClockIcon />
          <span>
            <strong
              css={css`
                color: ${theme.palette.text.primary};
              `}
            >
              Support hours:
            </strong>{' '}
            {supportHours ?? 'Loading…'}
          </span>
        </p>
        <p css={row}>
          <MailIcon />
          <span>
            {supportEmail ? (
              <>
                Write to us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or use the form below.
              </>
            ) : (
              'Use the form below to write to our support team.'
            )}
          </span>
        </p>
        <PostalEntryNote />
        <ContactForm />
      </div>
    </Section>
  )
}
