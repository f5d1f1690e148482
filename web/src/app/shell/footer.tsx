import { css, useTheme } from '@emotion/react'
import { siteName } from '@prizes/contracts'
import { Link } from 'wouter'
import { Container } from '../../components/layout'
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form'
import { LicenceLine } from './licence-line'
import { Logo } from './logo'
import { legalLinks, sectionLinks } from './nav'
import { PostalEntryLine } from './postal-entry-line'
import { responsibleGamblingNotice } from './regulatory'
import { SectionLink } from './section-link'

/** The newsletter block's id, for "Get Notified". */
export const newsletterSectionId = 'newsletter'

export function Footer() {
  const theme = useTheme()
  const columnTitle = css`
    margin-bottom: 12px;
    font-size: 0.875rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${theme.palette.text.inverse};
  `
  const linkList = css`
    display: grid;
    gap: 8px;
    padding: 0;
    list-style: none;
    a {
      color: #e2e8f0;
      text-decoration: none;
      &:hover {
        color: ${theme.palette.accent.main};
        text-decoration: underline;
      }
    }
  `

  return (
    <footer
      css={css`
        background: #0f172a;
        color: ${theme.palette.text.inverseMuted};
      `}
    >
      <Container
        css={css`
          display: grid;
          gap: 40px;
          padding-top: 56px;
          padding-bottom: 40px;
          grid-template-columns: minmax(0, 1fr);
          ${theme.mq.sm} {
            grid-template-columns: repeat(2, minmax(0, 1fr));
          }
          ${theme.mq.md} {
            grid-template-columns: 1.3fr 0.7fr 0.9fr 1.6fr;
          }
        `}
      >
        <div
          css={css`
            display: grid;
            gap: 16px;
            align-content: start;
          `}
        >
          <Logo inverse />
          <p>Skill-based prize competitions for adults in the UK and Ireland.</p>
          <LicenceLine />
          <PostalEntryLine />
        </div>

        <nav aria-label="Explore">
          <h2 css={columnTitle}>Explore</h2>
          <ul css={linkList}>
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink section={link.id}>{link.label}</SectionLink>
              </li>
            ))}
            <li>
              <Link href="/about">About</Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Legal">
          <h2 css={columnTitle}>Legal</h2>
          <ul css={linkList}>
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section
          id={newsletterSectionId}
          aria-labelledby="newsletter-heading"
          css={css`
            scroll-margin-top: ${theme.layout.sectionOffset}px;
          `}
        >
          <h2 id="newsletter-heading" css={columnTitle}>
            Newsletter
          </h2>
          <p
            css={css`
              margin-bottom: 16px;
            `}
          >
            New prizes and draw results in your inbox. Unsubscribe at any time.
          </p>
          <NewsletterForm />
        </section>
      </Container>

      <div
        css={css`
          border-top: 1px solid rgb(255 255 255 / 12%);
        `}
      >
        <Container
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            justify-content: space-between;
            gap: 12px 24px;
            padding-top: 20px;
            padding-bottom: 24px;
            font-size: 0.875rem;
          `}
        >
          <p
            css={css`
              display: flex;
              align-items: center;
              gap: 12px;
              max-width: 760px;
            `}
          >
            <span
              aria-hidden="true"
              css={css`
                flex: none;
                display: grid;
                place-items: center;
                width: 36px;
                height: 36px;
                border: 2px solid ${theme.palette.accent.main};
                border-radius: ${theme.radius.pill};
                font-weight: 800;
                color: ${theme.palette.accent.main};
              `}
            >
              18+
            </span>
            <span>
              {responsibleGamblingNotice}{' '}
              <Link
                href="/responsible-gaming"
                css={css`
                  color: ${theme.palette.accent.main};
                  font-weight: 700;
                `}
              >
                Get help and set limits
              </Link>
            </span>
          </p>
          <p>
            © {new Date().getFullYear()} {siteName}
          </p>
        </Container>
      </div>
    </footer>
  )
}
