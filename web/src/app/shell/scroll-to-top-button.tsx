import { css, useTheme } from '@emotion/react'
import { useEffect, useState } from 'react'
import { ArrowUpIcon } from '../../components/icons/arrow-up'
import { scrollToTop } from '../../lib/scroll'

/** Appears once the visitor is a screen or so down the page; hidden, it is out of the tab order too. */
const showAfterPx = 600

export function ScrollToTopButton() {
  const theme = useTheme()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const update = () => setVisible(window.scrollY > showAfterPx)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={scrollToTop}
      css={css`
        position: fixed;
        right: 12px;
        /* Above a bar at the foot of the screen (a competition page's Enter bar on a phone). */
        bottom: calc(16px + var(--bottom-bar-height, 0px));
        z-index: 30;
        display: grid;
        place-items: center;
        width: 44px;
        height: 44px;
        border: none;
        border-radius: ${theme.radius.pill};
        background: ${theme.palette.primary.main};
        color: ${theme.palette.primary.contrast};
        box-shadow: ${theme.shadow.raised};
        cursor: pointer;
        opacity: ${visible ? 1 : 0};
        visibility: ${visible ? 'visible' : 'hidden'};
        transform: translateY(${visible ? '0' : '12px'});
        transition:
          opacity 200ms ease,
          transform 200ms ease,
          visibility 200ms;
        &:hover {
          background: ${theme.palette.primary.dark};
        }
        ${theme.mq.md} {
          width: 48px;
          height: 48px;
          bottom: 24px;
          right: 24px;
        }
      `}
    >
      <ArrowUpIcon />
    </button>
  )
}
