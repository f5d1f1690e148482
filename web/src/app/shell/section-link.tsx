import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useLocation } from 'wouter'

type SectionLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { readonly section: string }

const modified = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

/** A real link to /#section (it works in a new tab) that navigates in place; the scroll manager scrolls. */
export function SectionLink({ section, onClick, ...props }: SectionLinkProps) {
  const [, navigate] = useLocation()
  const href = `/#${section}`
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || event.button !== 0 || modified(event)) return
        event.preventDefault()
        const here = `${location.pathname}${location.hash}` === href
        navigate(href, { replace: here })
      }}
    />
  )
}
