import { css, useTheme } from '@emotion/react'
import { buttonStyles } from '../../../components/button'
import { Container } from '../../../components/layout'
import { FeaturedCarousel } from '../../../features/competitions/components/featured-carousel'
import { newsletterEmailInputId } from '../../../features/newsletter/components/newsletter-form'
import { scrollToSection } from '../../../lib/scroll'
import { newsletterSectionId } from '../../shell/footer'
import { SectionLink } from '../../shell/section-link'

async function goToNewsletter() {
  await scrollToSection(newsletterSectionId)
  document.getElementById(newsletterEmailInputId)?.focus({ preventScroll: true })
}

/** Home section 1: who we are in one line, and the featured-prize carousel. */
export function HeroSection() {
  const theme = useTheme()
  return (
    <div
      css={css`
        position: relative;
        overflow: hidden;
        color: ${theme.palette.text.inverse};
        background:
          radial-gradient(circle at 85% 10%, rgb(251 191 36 / 22%), transparent 40%),
          radial-gradient(circle at 0% 100%, rgb(124 58 237 / 35%), transparent 45%),
          linear-gradient(160deg, ${theme.palette.background.hero}, ${theme.palette.background.heroEnd});
      `}
    >
      <Container
        css={css`
          display: grid;
          gap: 40px;
          align-items: center;
          padding-top: 40px;
          padding-bottom: 56px;
          ${theme.mq.md} {
            grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
            gap: 56px;
            padding-top: 64px;
            padding-bottom: 80px;
          }
        `}
      >
        <div
          css={css`
            display: grid;
            gap: 20px;
            align-content: center;
          `}
        >
          <p
            css={css`
              justify-self: start;
              padding: 6px 12px;
              border-radius: ${theme.radius.pill};
              background: rgb(255 255 255 / 10%);
              color: ${theme.palette.accent.main};
              font-size: 0.875rem;
              font-weight: 700;
            `}
          >
            Prize competitions · UK &amp; Ireland
          </p>
          <h1
            css={css`
              font-size: clamp(2.25rem, 1.6rem + 3vw, 3.75rem);
              font-weight: 900;
              letter-spacing: -0.03em;
            `}
          >
            Answer. Enter.{' '}
            <span
              css={css`
                color: ${theme.palette.accent.main};
              `}
            >
              Win.
            </span>
          </h1>
          <p
            css={css`
              max-width: 34rem;
              font-size: 1.125rem;
              color: ${theme.palette.text.inverseMuted};
            `}
          >
            Pick a prize, answer one skill question and choose up to 10 entries. Every draw is random and
            audited, and winners are contacted within 48 hours.
          </p>
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 12px;
              margin-top: 4px;
              a {
                flex: 1 1 auto;
                ${theme.mq.sm} {
                  flex-grow: 0;
                }
              }
            `}
          >
            <SectionLink section="competitions" css={buttonStyles(theme, { variant: 'accent', size: 'lg' })}>
              Browse live competitions
            </SectionLink>
            <SectionLink section="how-to-play" css={buttonStyles(theme, { variant: 'inverse', size: 'lg' })}>
              How it works
            </SectionLink>
          </div>
        </div>
        <FeaturedCarousel onGetNotified={goToNewsletter} />
      </Container>
    </div>
  )
}
