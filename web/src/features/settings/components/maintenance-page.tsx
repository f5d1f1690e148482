import { css, useTheme } from '@emotion/react'
import { settingsMessages, sitePages } from '@prizes/contracts'
import { Button } from '../../../components/button'
import { openOverlay } from '../../../stores/ui-store'

/** What the public sees while the site is in maintenance; staff sign in from here. */
export function MaintenancePage() {
  const theme = useTheme()
  return (
    <main
      id="main-content"
      css={css`
        display: grid;
        place-items: center;
        min-height: 100vh;
        padding: 24px;
        background: ${theme.palette.background.muted};
        color: ${theme.palette.text.primary};
      `}
    >
      <section
        aria-labelledby="maintenance-title"
        css={css`
          display: grid;
          gap: 16px;
          max-width: 560px;
          padding: 32px;
          border-radius: ${theme.radius.md};
          background: ${theme.palette.background.surface};
          text-align: center;
        `}
      >
        <h1
          id="maintenance-title"
          css={css`
            margin: 0;
            font-size: 1.75rem;
          `}
        >
          We'll be back soon
        </h1>
        <p
          css={css`
            margin: 0;
          `}
        >
          {settingsMessages.maintenance}
        </p>
        <nav aria-label="Pages open during maintenance">
          <p
            css={css`
              margin: 0;
              display: flex;
              flex-wrap: wrap;
              justify-content: center;
              gap: 4px 16px;
              a {
                display: inline-block;
                padding: 8px 0;
              }
            `}
          >
            <a href={sitePages.terms.path}>Terms and conditions</a>
            <a href={sitePages.privacyPolicy.path}>Privacy policy</a>
            <a href={sitePages.responsibleGaming.path}>Responsible gaming</a>
          </p>
        </nav>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-in' })}
          >
            Staff sign in
          </Button>
        </div>
      </section>
    </main>
  )
}
