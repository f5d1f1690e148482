import { css, useTheme } from '@emotion/react'
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export interface TabItem<T extends string> {
  readonly id: T
  readonly label: string
  readonly panel: ReactNode
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  readonly label: string
  readonly tabs: readonly TabItem<T>[]
  readonly selected: T
  readonly onSelect: (id: T) => void
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrow keys, Home and End move between
 * tabs and select them; Tab goes into the panel. Hidden panels stay mounted, so what someone
 * typed in one tab is still there when they come back to it.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect }: TabsProps<T>) {
  const theme = useTheme()
  const baseId = useId()
  const refs = useRef(new Map<T, HTMLButtonElement>())
  const tabId = (id: T) => `${baseId}-tab-${id}`
  const panelId = (id: T) => `${baseId}-panel-${id}`

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === selected)
    const last = tabs.length - 1
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (target === null) return
    const next = tabs[target]
    if (!next) return
    event.preventDefault()
    onSelect(next.id)
    refs.current.get(next.id)?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        css={css`
          /* On a phone the tabs wrap onto more rows, each label whole, rather than scroll out of sight. */
          display: flex;
          flex-wrap: wrap;
          gap: 4px;
          padding: 4px;
          margin-bottom: 20px;
          border-radius: ${theme.radius.lg};
          background: ${theme.palette.background.muted};
          & > * {
            flex: 1 1 auto;
          }
          ${theme.mq.sm} {
            display: grid;
            grid-template-columns: repeat(${tabs.length}, minmax(max-content, 1fr));
            /* Many tabs scroll sideways rather than overflow the page. */
            overflow-x: auto;
            border-radius: ${theme.radius.pill};
          }
        `}
      >
        {tabs.map((tab) => {
          const active = tab.id === selected
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node)
                else refs.current.delete(tab.id)
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={panelId(tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              css={css`
                min-height: 40px;
                padding: 0 16px;
                border: none;
                border-radius: ${theme.radius.pill};
                background: ${active ? theme.palette.background.surface : 'transparent'};
                box-shadow: ${active ? '0 1px 3px rgb(15 23 42 / 14%)' : 'none'};
                color: ${active ? theme.palette.primary.text : theme.palette.text.secondary};
                font-weight: 700;
                cursor: pointer;
                &:hover {
                  color: ${theme.palette.primary.text};
                }
              `}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}
