import { css, useTheme } from '@emotion/react'
import { Link } from 'wouter'
import { buttonStyles } from '../../components/button'
import { ContentPage } from '../../components/content-page'

export function NotFoundPage() {
  const theme = useTheme()
  return (
    <ContentPage title="Page not found" lead="The page you were looking for does not exist or has moved.">
      <p>
        <Link
          href="/"
          css={css`
            ${buttonStyles(theme, { variant: 'primary' })};
            margin-top: 12px;
          `}
        >
          Back to the competitions
        </Link>
      </p>
    </ContentPage>
  )
}
