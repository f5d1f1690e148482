import { css, useTheme } from '@emotion/react'
import { Container } from '../../../components/layout'
import { NewsletterForm } from '../../../features/newsletter/components/newsletter-form'

/** SPEC section 2, home section 8: the newsletter sign-up, last on the page. */
export function NewsletterSection() {
  const theme = useTheme()
  return (
    <section
      id="join-newsletter"
      aria-labelledby="join-newsletter-heading"
      css={css`
        padding: 56px 0;
        scroll-margin-top: ${theme.layout.sectionOffset}px;
        background: linear-gradient(135deg, ${theme.palette.background.hero}, ${theme.palette.background.heroEnd});
        color: ${theme.palette.text.inverse};
        ${theme.mq.md} {
          padding: 72px 0;
        }
      `}
    >
      <Container>
        <div
          css={css`
            display: grid;
            gap: 24px;
            align-items: center;
            ${theme.mq.md} {
              grid-template-columns: 1fr 1fr;
              gap: 48px;
            }
          `}
        >
          <div>
            <h2
              id="join-newsletter-heading"
              css={css`
                margin: 0 0 12px;
                font-size: clamp(1.5rem, 4vw, 2rem);
              `}
            >
              Never miss a competition
            </h2>
            <p
              css={css`
                margin: 0;
                color: ${theme.palette.text.inverseMuted};
              `}
            >
              Be the first to hear about new competitions, closing dates and winners. We send a link to
              confirm your address first, and every email has a one-click unsubscribe.
            </p>
          </div>
          <NewsletterForm
            inputId="home-newsletter-email"
            label="Newsletter sign-up: never miss a competition"
          />
        </div>
      </Container>
    </section>
  )
}
