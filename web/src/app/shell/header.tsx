import { css, useTheme } from '@emotion/react'
import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '../../components/button'
import { MenuIcon } from '../../components/icons/menu'
import { Container } from '../../components/layout'
import { sessionStore } from '../../stores/session-store'
import { openOverlay, uiStore } from '../../stores/ui-store'
import { Logo } from './logo'
import { sectionLinks } from './nav'
import { SectionLink } from './section-link'

export const mobileMenuId = 'mobile-menu'

/** Only a signed-in visitor has the user menu, so its code is fetched once someone is. */
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })))

export function Header() {
  const theme = useTheme()
  const { overlay } = useSnapshot(uiStore)
  const session = useSnapshot(sessionStore)
  return (
    <header
      css={css`
        position: sticky;
        top: 0;
        z-index: 20;
        background: rgb(255 255 255 / 92%);
        backdrop-filter: saturate(180%) blur(12px);
        border-bottom: 1px solid ${theme.palette.border};
      `}
    >
      <Container
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: 16px;
          height: ${theme.layout.headerHeight};
        `}
      >
        <Logo />
        <nav
          aria-label="Main"
          css={css`
            display: none;
            ${theme.mq.md} {
              display: block;
            }
          `}
        >
          <ul
            css={css`
              display: flex;
              gap: 4px;
              padding: 0;
              list-style: none;
            `}
          >
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink
                  section={link.id}
                  css={css`
                    display: block;
                    padding: 8px 14px;
                    border-radius: ${theme.radius.pill};
                    font-weight: 600;
                    text-decoration: none;
                    color: ${theme.palette.text.primary};
                    &:hover {
                      background: ${theme.palette.primary.soft};
                      color: ${theme.palette.primary.text};
                    }
                  `}
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div
          css={css`
            display: none;
            gap: 8px;
            min-width: 200px;
            justify-content: flex-end;
            ${theme.mq.md} {
              display: flex;
            }
          `}
        >
          {session.user ? (
            <Suspense fallback={null}>
              <UserMenu user={session.user} />
            </Suspense>
          ) : session.status === 'signed-out' ? (
            <>
              <Button
                type="button"
                variant="ghost"
                onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-in' })}
              >
                Sign In
              </Button>
              <Button type="button" onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-up' })}>
                Sign Up
              </Button>
            </>
          ) : null}
        </div>
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={overlay?.kind === 'mobile-menu'}
          aria-controls={overlay?.kind === 'mobile-menu' ? mobileMenuId : undefined}
          onClick={() => openOverlay({ kind: 'mobile-menu' })}
          css={css`
            display: grid;
            place-items: center;
            width: 44px;
            height: 44px;
            @media (pointer: coarse) {
              width: 48px;
              height: 48px;
            }
            border: 1px solid ${theme.palette.border};
            border-radius: ${theme.radius.md};
            background: ${theme.palette.background.surface};
            color: ${theme.palette.text.primary};
            cursor: pointer;
            ${theme.mq.md} {
              display: none;
            }
          `}
        >
          <MenuIcon />
        </button>
      </Container>
    </header>
  )
}
