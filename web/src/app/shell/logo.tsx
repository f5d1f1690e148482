import { css, useTheme } from '@emotion/react'
import { siteName } from '@prizes/contracts'
import { useLocation } from 'wouter'
import { TrophyIcon } from '../../components/icons/trophy'
import { scrollToTop } from '../../lib/scroll'

/** Home link; on the home page it scrolls back to the top (SPEC section 2, app shell). */
export function Logo({ inverse = false }: { readonly inverse?: boolean }) {
  const theme = useTheme()
  const [pathname, navigate] = useLocation()
  return (
    <a
      href="/"
      aria-label={`${siteName} – home`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        if (pathname === '/') {
          if (location.hash) history.replaceState(history.state, '', '/')
          scrollToTop()
        } else {
          navigate('/')
        }
      }}
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 10px;
        font-size: 1.1875rem;
        font-weight: 800;
        letter-spacing: -0.02em;
        text-decoration: none;
        color: ${inverse ? theme.palette.text.inverse : theme.palette.text.primary};
        border-radius: ${theme.radius.sm};
      `}
    >
      <span
        css={css`
          display: grid;
          place-items: center;
          width: 36px;
          height: 36px;
          border-radius: 10px;
          background: ${inverse ? theme.palette.accent.main : theme.palette.background.hero};
          color: ${inverse ? theme.palette.background.hero : theme.palette.accent.main};
        `}
      >
        <TrophyIcon size={22} />
      </span>
      {siteName}
    </a>
  )
}
