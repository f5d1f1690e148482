import { css, useTheme } from '@emotion/react'
import type { SessionUser } from '@prizes/contracts'
import type { ReactNode } from 'react'
import { Button } from '../../../../components/button'
import { Chip } from '../../../../components/chip'
import { Dialog } from '../../../../components/dialog'
import { dashboardGreeting, memberSince } from '../../model/entry-labels'
import { DashboardStats } from './dashboard-stats'
import { MyEntries } from './my-entries'
import { RecentActivity } from './recent-activity'

export interface UserDashboardProps {
  readonly user: SessionUser
  readonly onClose: () => void
  readonly onAccountSettings: () => void
  /** Closes the dashboard and scrolls the home page to a section. */
  readonly onGoToSection: (section: 'competitions' | 'winners') => void
}

/** The user dashboard (SPEC section 2), a full-screen overlay. */
export function UserDashboard({ user, onClose, onAccountSettings, onGoToSection }: UserDashboardProps) {
  const theme = useTheme()
  return (
    <Dialog open onClose={onClose} title="My Dashboard" placement="full">
      <div
        css={css`
          display: grid;
          gap: 28px;
          width: 100%;
          max-width: ${theme.layout.maxWidth};
          margin: 0 auto;
          color: ${theme.palette.text.primary};
        `}
      >
        <header
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            justify-content: space-between;
            gap: 12px;
            padding: 20px;
            border-radius: ${theme.radius.lg};
            background: linear-gradient(135deg, ${theme.palette.background.hero}, ${theme.palette.background.heroEnd});
            color: ${theme.palette.text.inverse};
          `}
        >
          <div>
            <p
              css={css`
                font-size: 1.375rem;
                font-weight: 800;
              `}
            >
              {dashboardGreeting(user)}
            </p>
            <p
              css={css`
                color: ${theme.palette.text.inverseMuted};
              `}
            >
              Member since {memberSince(user.createdAt)}
            </p>
          </div>
          <Chip tone={user.emailVerified ? 'success' : 'warning'} solid>
            {user.emailVerified ? 'Verified' : 'Email Not Verified'}
          </Chip>
        </header>

        <DashboardStats userId={user.id} />

        <div
          css={css`
            display: grid;
            gap: 28px;
            ${theme.mq.md} {
              grid-template-columns: 2fr 1fr;
              align-items: start;
            }
          `}
        >
          <Panel title="My Entries">
            <MyEntries userId={user.id} onBrowse={() => onGoToSection('competitions')} />
          </Panel>
          <div
            css={css`
              display: grid;
              gap: 28px;
            `}
          >
            <Panel title="Quick Actions">
              <div
                css={css`
                  display: grid;
                  gap: 10px;
                `}
              >
                <Button type="button" onClick={() => onGoToSection('competitions')}>
                  Browse Competitions
                </Button>
                <Button type="button" variant="outline" onClick={onAccountSettings}>
                  Account Settings
                </Button>
                <Button type="button" variant="outline" onClick={() => onGoToSection('winners')}>
                  Recent Winners
                </Button>
              </div>
            </Panel>
            <Panel title="Recent Activity">
              <RecentActivity userId={user.id} />
            </Panel>
          </div>
        </div>
      </div>
    </Dialog>
  )
}

function Panel({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const theme = useTheme()
  return (
    <section
      aria-label={title}
      css={css`
        display: grid;
        gap: 14px;
        padding: 20px;
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        box-shadow: ${theme.shadow.card};
      `}
    >
      <h3
        css={css`
          font-size: 1.125rem;
        `}
      >
        {title}
      </h3>
      {children}
    </section>
  )
}

export default UserDashboard
