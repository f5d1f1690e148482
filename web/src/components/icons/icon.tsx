import type { SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement> & { readonly size?: number }

/** Decorative by default: every icon sits next to text or inside a labelled control. */
export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}
