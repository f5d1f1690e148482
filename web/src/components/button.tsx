import { css, type Theme, useTheme } from '@emotion/react'
import type { ComponentProps } from 'react'

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost' | 'inverse'
export type ButtonSize = 'sm' | 'md' | 'lg'

interface ButtonStyleProps {
  readonly variant?: ButtonVariant
  readonly size?: ButtonSize
  readonly fullWidth?: boolean
}

const sizes: Record<ButtonSize, { height: string; padding: string; font: string }> = {
  sm: { height: '36px', padding: '0 14px', font: '0.875rem' },
  md: { height: '44px', padding: '0 20px', font: '0.9375rem' },
  lg: { height: '52px', padding: '0 28px', font: '1rem' },
}

function variantStyles(theme: Theme, variant: ButtonVariant) {
  const { palette } = theme
  switch (variant) {
    case 'primary':
      return css`
        background: ${palette.primary.main};
        color: ${palette.primary.contrast};
        &:hover:not(:disabled) {
          background: ${palette.primary.dark};
        }
      `
    case 'accent':
      return css`
        background: ${palette.accent.main};
        color: ${palette.accent.contrast};
        &:hover:not(:disabled) {
          background: ${palette.accent.dark};
        }
      `
    case 'outline':
      return css`
        background: ${palette.background.surface};
        color: ${palette.primary.text};
        border-color: ${palette.primary.main};
        &:hover:not(:disabled) {
          background: ${palette.primary.soft};
        }
      `
    case 'ghost':
      return css`
        background: transparent;
        color: ${palette.primary.text};
        &:hover:not(:disabled) {
          background: ${palette.primary.soft};
        }
      `
    case 'inverse':
      return css`
        background: transparent;
        color: ${palette.text.inverse};
        border-color: rgb(255 255 255 / 60%);
        &:hover:not(:disabled) {
          background: rgb(255 255 255 / 12%);
        }
      `
  }
}

export const buttonStyles = (
  theme: Theme,
  { variant = 'primary', size = 'md', fullWidth }: ButtonStyleProps,
) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${sizes[size].height};
  /* A finger needs 48 px (Lighthouse's and Android's guidance); a mouse keeps the compact sizes. */
  @media (pointer: coarse) {
    min-height: max(${sizes[size].height}, 48px);
  }
  padding: ${sizes[size].padding};
  width: ${fullWidth ? '100%' : 'auto'};
  border: 2px solid transparent;
  border-radius: ${theme.radius.pill};
  font-size: ${sizes[size].font};
  font-weight: 700;
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color 150ms ease,
    transform 150ms ease;
  &:active:not(:disabled) {
    transform: translateY(1px);
  }
  &:disabled {
    cursor: not-allowed;
    background: ${theme.palette.background.muted};
    color: ${theme.palette.text.secondary};
    border-color: ${theme.palette.border};
  }
  ${variantStyles(theme, variant)}
`

/*
 * Plain components with the css prop rather than @emotion/styled, which would add its own
 * runtime to the home page's first script. Styles given by a caller (css or className) win.
 */
export function Button({ variant, size, fullWidth, ...props }: ComponentProps<'button'> & ButtonStyleProps) {
  const theme = useTheme()
  return <button css={buttonStyles(theme, { variant, size, fullWidth })} {...props} />
}

/** A link that looks like a button, for navigation. */
export function ButtonLink({ variant, size, fullWidth, ...props }: ComponentProps<'a'> & ButtonStyleProps) {
  const theme = useTheme()
  return <a css={buttonStyles(theme, { variant, size, fullWidth })} {...props} />
}

/** A button that reads as a link, for small actions inside text and forms ("Forgot password?"). */
export function TextButton(props: ComponentProps<'button'>) {
  const theme = useTheme()
  return (
    <button
      css={css`
        padding: 2px 0;
        border: none;
        background: transparent;
        color: ${theme.palette.primary.text};
        font-weight: 600;
        text-decoration: underline;
        text-underline-offset: 3px;
        cursor: pointer;
        &:hover {
          color: ${theme.palette.primary.dark};
          text-decoration-thickness: 2px;
        }
      `}
      {...props}
    />
  )
}
