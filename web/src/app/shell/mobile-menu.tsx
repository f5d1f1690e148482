import { css, useTheme } from '@emotion/react'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { Button } from '../../components/button'
import { Dialog } from '../../components/dialog'
import { UserAvatar } from '../../features/auth/components/user-avatar'
import { useLogout } from '../../features/auth/stores/use-logout'
import { sessionStore } from '../../stores/session-store'
import { closeOverlay, openOverlay, uiStore } from '../../stores/ui-store'
import { accountActions } from './account-actions'
import { mobileMenuId } from './header'
import { sectionLinks } from './nav'
import { SectionLink } from './section-link'

/** Mirrors the header below 960 px (SPEC section 2). */
export function MobileMenu() {
  const theme = useTheme()
  const { overlay } = useSnapshot(uiStore)
  const { user, status } = useSnapshot(sessionStore)
  const logout = useLogout()
  const open = overlay?.kind === 'mobile-menu'

  useEffect(() => {
    if (!open) return
    const wide = window.matchMedia(`(min-width: ${theme.breakpoints.md}px)`)
    const closeWhenWide = () => {
      if (wide.matches) closeOverlay()
    }
    wide.addEventListener('change', closeWhenWide)
    return () => wide.removeEventListener('change', closeWhenWide)
  }, [open, theme.breakpoints.md])

  const linkStyle = css`
    display: block;
    padding: 14px 12px;
    border-radius: ${theme.radius.md};
    font-size: 1.0625rem;
    font-weight: 600;
    text-decoration: none;
    color: ${theme.palette.text.primary};
    &:hover {
      background: ${theme.palette.primary.soft};
    }
  `

  return (
    <Dialog open={open} onClose={closeOverlay} title="Menu" placement="side" id={mobileMenuId}>
      <nav aria-label="Mobile">
        <ul
          css={css`
            padding: 0;
            list-style: none;
          `}
        >
          {sectionLinks.map((link) => (
            <li key={link.id}>
              <SectionLink section={link.id} onClick={closeOverlay} css={linkStyle}>
                {link.label}
              </SectionLink>
            </li>
          ))}
          <li>
            <Link href="/about" onClick={closeOverlay} css={linkStyle}>
              About
            </Link>
          </li>
        </ul>
      </nav>
      {user ? (
        <section
          aria-label="Your account"
          css={css`
            margin-top: 20px;
            padding-top: 20px;
            border-top: 1px solid ${theme.palette.border};
          `}
        >
          <div
            css={css`
              display: flex;
              align-items: center;
              gap: 12px;
              margin-bottom: 12px;
            `}
          >
            <UserAvatar firstName={user.firstName} lastName={user.lastName} size={40} />
            <div
              css={css`
                min-width: 0;
              `}
            >
              <p
                css={css`
                  font-weight: 700;
                  color: ${theme.palette.text.primary};
                `}
              >
                {user.firstName} {user.lastName}
              </p>
              <p
                css={css`
                  font-size: 0.875rem;
                  overflow-wrap: anywhere;
                `}
              >
                {user.email}
              </p>
            </div>
          </div>
          <ul
            css={css`
              padding: 0;
              list-style: none;
            `}
          >
            {accountActions(user, logout).map((action) => (
              <li key={action.id}>
                <button
                  type="button"
                  onClick={action.run}
                  css={[
                    linkStyle,
                    css`
                      display: flex;
                      align-items: center;
                      gap: 12px;
                      width: 100%;
                      border: none;
                      background: transparent;
                      text-align: left;
                      cursor: pointer;
                    `,
                  ]}
                >
                  {action.icon}
                  {action.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : status === 'signed-out' ? (
        <div
          css={css`
            display: grid;
            gap: 12px;
            margin-top: 24px;
          `}
        >
          <Button
            type="button"
            variant="outline"
            onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-in' })}
          >
            Sign In
          </Button>
          <Button type="button" onClick={() => openOverlay({ kind: 'accounts', intent: 'sign-up' })}>
            Sign Up
          </Button>
        </div>
      ) : null}
    </Dialog>
  )
}
