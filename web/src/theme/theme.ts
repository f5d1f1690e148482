import type { CompetitionStatus } from '@prizes/contracts'

/** Breakpoints from SPEC section 9; "md" (960) is where the header collapses into the mobile menu. */
const breakpoints = { sm: 600, md: 960, lg: 1264, xl: 1904 } as const
type Breakpoint = keyof typeof breakpoints

/**
 * Every colour used as text passes WCAG AA (4.5:1) against the surface it is drawn on;
 * "main" colours carry white text, "text" colours sit on "soft" backgrounds.
 */
const palette = {
  primary: { main: '#4338ca', dark: '#3730a3', soft: '#e0e7ff', text: '#3730a3', contrast: '#ffffff' },
  accent: { main: '#fbbf24', dark: '#f59e0b', soft: '#fef3c7', text: '#92400e', contrast: '#1e1b4b' },
  info: { main: '#0369a1', dark: '#075985', soft: '#e0f2fe', text: '#075985', contrast: '#ffffff' },
  success: { main: '#15803d', dark: '#166534', soft: '#dcfce7', text: '#166534', contrast: '#ffffff' },
  warning: { main: '#b45309', dark: '#92400e', soft: '#fef3c7', text: '#92400e', contrast: '#ffffff' },
  error: { main: '#b91c1c', dark: '#991b1b', soft: '#fee2e2', text: '#991b1b', contrast: '#ffffff' },
  purple: { main: '#7c3aed', dark: '#6b21a8', soft: '#f3e8ff', text: '#6b21a8', contrast: '#ffffff' },
  text: { primary: '#0f172a', secondary: '#475569', inverse: '#ffffff', inverseMuted: '#cbd5e1' },
  background: { page: '#f8fafc', surface: '#ffffff', muted: '#f1f5f9', hero: '#1e1b4b', heroEnd: '#312e81' },
  border: '#e2e8f0',
  focus: '#f59e0b',
} as const

export type Tone = 'primary' | 'info' | 'success' | 'warning' | 'error' | 'purple'

/** SPEC section 4: draft info, active success, closed warning, drawing purple, completed primary, cancelled error. */
const statusTone: Record<CompetitionStatus, Tone> = {
  draft: 'info',
  active: 'success',
  undersold: 'error',
  closed: 'warning',
  drawing: 'purple',
  completed: 'primary',
  cancelled: 'error',
}

export const theme = {
  palette,
  statusTone,
  breakpoints,
  /** `${mq.md} { ... }` applies from that width up. */
  mq: Object.fromEntries(
    Object.entries(breakpoints).map(([name, px]) => [name, `@media (min-width: ${px}px)`]),
  ) as Record<Breakpoint, string>,
  /** Below a breakpoint, for the rare rule that only applies to small screens. */
  below: Object.fromEntries(
    Object.entries(breakpoints).map(([name, px]) => [name, `@media (max-width: ${px - 0.02}px)`]),
  ) as Record<Breakpoint, string>,
  space: (n: number) => `${n * 4}px`,
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgb(15 23 42 / 6%), 0 4px 16px rgb(15 23 42 / 6%)',
    raised: '0 10px 30px rgb(15 23 42 / 14%)',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  layout: { maxWidth: '1200px', headerHeight: '64px', sectionOffset: 80 },
} as const

export type AppTheme = typeof theme
