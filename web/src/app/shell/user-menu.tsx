import { css, useTheme } from '@emotion/react'
import type { SessionUser } from '@prizes/contracts'
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { ChevronDownIcon } from '../../components/icons/chevron-down'
import { VisuallyHidden } from '../../components/layout'
import { UserAvatar } from '../../features/auth/components/user-avatar'
import { useLogout } from '../../features/auth/stores/use-logout'
import { type AccountAction, accountActions } from './account-actions'

/**
 * The signed-in header menu (SPEC section 2), on the WAI-ARIA menu button pattern: arrows move,
 * Escape closes and returns focus, a click elsewhere or Tab closes.
 */
export function UserMenu({ user }: { readonly user: SessionUser }) {
  const theme = useTheme()
  const menuId = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const container = useRef<HTMLDivElement>(null)
  const items = useRef<HTMLButtonElement[]>([])
  const actions = accountActions(user, useLogout())

  useEffect(() => {
    if (!open) return
    items.current[0]?.focus()
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  function onMenuKey(event: KeyboardEvent) {
    const list = items.current.filter(Boolean)
    const active = document.activeElement
    const at = active instanceof HTMLButtonElement ? list.indexOf(active) : -1
    const go = (index: number) => {
      event.preventDefault()
      list[(index + list.length) % list.length]?.focus()
    }
    if (event.key === 'ArrowDown') go(at + 1)
    else if (event.key === 'ArrowUp') go(at - 1)
    else if (event.key === 'Home') go(0)
    else if (event.key === 'End') go(list.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      button.current?.focus()
    } else if (event.key === 'Tab') setOpen(false)
  }

  function choose(action: AccountAction) {
    setOpen(false)
    action.run()
  }

  return (
    <div
      ref={container}
      css={css`
        position: relative;
      `}
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
          padding: 4px 10px 4px 4px;
          border: 1px solid ${theme.palette.border};
          border-radius: ${theme.radius.pill};
          background: ${theme.palette.background.surface};
          color: ${theme.palette.text.primary};
          font-weight: 700;
          cursor: pointer;
          &:hover {
            background: ${theme.palette.background.muted};
          }
        `}
      >
        <UserAvatar firstName={user.firstName} lastName={user.lastName} size={34} />
        <VisuallyHidden>Account menu for </VisuallyHidden>
        {user.firstName}
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble from the menu items; the items are the interactive elements
        <div
          onKeyDown={onMenuKey}
          css={css`
            position: absolute;
            right: 0;
            top: calc(100% + 8px);
            z-index: 30;
            width: 260px;
            padding: 8px;
            border: 1px solid ${theme.palette.border};
            border-radius: ${theme.radius.md};
            background: ${theme.palette.background.surface};
            box-shadow: ${theme.shadow.raised};
          `}
        >
          <div
            css={css`
              padding: 8px 10px 12px;
              margin-bottom: 6px;
              border-bottom: 1px solid ${theme.palette.border};
            `}
          >
            <p
              css={css`
                font-weight: 700;
              `}
            >
              {user.firstName} {user.lastName}
            </p>
            <p
              css={css`
                font-size: 0.875rem;
                color: ${theme.palette.text.secondary};
                overflow-wrap: anywhere;
              `}
            >
              {user.email}
            </p>
          </div>
          <div id={menuId} role="menu" aria-label="Account">
            {actions.map((action, index) => (
              <MenuItem
                key={action.id}
                ref={(node) => {
                  if (node) items.current[index] = node
                }}
                icon={action.icon}
                onSelect={() => choose(action)}
              >
                {action.label}
              </MenuItem>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}

function MenuItem({
  ref,
  icon,
  onSelect,
  children,
}: {
  readonly ref: (node: HTMLButtonElement | null) => void
  readonly icon: ReactNode
  readonly onSelect: () => void
  readonly children: ReactNode
}) {
  const theme = useTheme()
  return (
    <button
      ref={ref}
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={onSelect}
      css={css`
        display: flex;
        align-items: center;
        gap: 12px;
        width: 100%;
        padding: 10px;
        border: none;
        border-radius: ${theme.radius.sm};
        background: transparent;
        color: ${theme.palette.text.primary};
        font-weight: 600;
        text-align: left;
        cursor: pointer;
        &:hover,
        &:focus-visible {
          background: ${theme.palette.primary.soft};
          color: ${theme.palette.primary.text};
        }
      `}
    >
      {icon}
      {children}
    </button>
  )
}
