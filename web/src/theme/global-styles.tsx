import { css, Global, useTheme } from '@emotion/react'

export function GlobalStyles() {
  const theme = useTheme()
  return (
    <Global
      styles={css`
        *,
        *::before,
        *::after {
          box-sizing: border-box;
        }
        html {
          -webkit-text-size-adjust: 100%;
          scroll-padding-top: ${theme.layout.sectionOffset}px;
        }
        body {
          margin: 0;
          min-height: 100vh;
          font-family: ${theme.font.body};
          font-size: 16px;
          line-height: 1.5;
          color: ${theme.palette.text.primary};
          background: ${theme.palette.background.page};
          -webkit-font-smoothing: antialiased;
        }
        h1,
        h2,
        h3,
        h4,
        p,
        figure,
        ul,
        ol,
        dl,
        dd {
          margin: 0;
        }
        h1,
        h2,
        h3 {
          line-height: 1.2;
          letter-spacing: -0.01em;
        }
        img {
          display: block;
          max-width: 100%;
        }
        /* A fieldset is as wide as its widest content by default, which pushed forms sideways on a phone. */
        fieldset {
          min-width: 0;
        }
        button,
        input {
          font: inherit;
        }
        a {
          color: ${theme.palette.primary.main};
        }
        :focus-visible {
          outline: 3px solid ${theme.palette.focus};
          outline-offset: 2px;
        }
        @media (prefers-reduced-motion: reduce) {
          *,
          *::before,
          *::after {
            transition-duration: 0.01ms !important;
            animation-duration: 0.01ms !important;
            animation-iteration-count: 1 !important;
          }
        }
      `}
    />
  )
}
