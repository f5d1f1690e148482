import { expect, type Locator, type Page, test } from '@playwright/test'
import { accountMenu, expectSnackbar, logIn } from './support/accounts'
import { adminSession, createCompetition, e2eAdmin, openAdminTab } from './support/admin'
import { seriousViolations } from './support/axe'
import { enterAsGuest, registerVerifiedUser } from './support/entries'

/** Searches the list (by email, which is unique) and answers the one row found. */
async function userRow(dashboard: Locator, email: string): Promise<Locator> {
  await dashboard.getByLabel('Search users by name or email').fill(email)
  const rows = dashboard.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email })
  await expect(rows).toHaveCount(1)
  await expect(dashboard.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2)
  return rows
}

/** Clicks a row's action, confirms it, and waits for the dialog to close and the snackbar. */
async function confirmAction(page: Page, row: Locator, button: string, dialog: string, snackbar: string) {
  await row.getByRole('button', { name: new RegExp(`^${button} `) }).click()
  const confirm = page.getByRole('dialog', { name: dialog })
  await confirm.getByRole('button', { name: button, exact: true }).click()
  await expect(confirm).toBeHidden()
  await expectSnackbar(page, snackbar)
}

test('an admin finds, bans, unbans, promotes, demotes, edits and deletes users', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const { token, user: admin } = await adminSession(request)
  const title = `Users journey ${Date.now()}`
  const competitionId = await createCompetition(request, token, title)
  const entrant = await enterAsGuest(
    request,
    { id: competitionId, title, entryPrice: 2.5 },
    { answer: '4', firstName: 'Doris' },
  )

  // The member's own browser, signed in before the ban.
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  const member = await registerVerifiedUser(memberPage, request)
  await logIn(memberPage, member.email, member.password)
  await expect(accountMenu(memberPage, member.firstName)).toBeVisible()

  const { dashboard } = await openAdminTab(page, admin, 'Users')
  await expect(dashboard.getByRole('table', { name: 'Users' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  let row = await userRow(dashboard, member.email)

  await test.step('the details dialog shows the address and the stats', async () => {
    await row.getByRole('button', { name: `View ${member.email}` }).click()
    const details = page.getByRole('dialog', { name: `User: ${member.firstName} ${member.lastName}` })
    await expect(details.getByText(member.address)).toBeVisible()
    await expect(details.getByText('Total entries')).toBeVisible()
    await expect(details.getByText('Member since')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await details.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(details).toBeHidden()
  })

  await test.step("a ban ends the member's open session at its next request", async () => {
    await confirmAction(page, row, 'Ban', 'Ban user', 'User banned')
    await expect(row.getByText('Banned', { exact: true })).toBeVisible()
    await accountMenu(memberPage, member.firstName).click()
    await memberPage.getByRole('menuitem', { name: 'Dashboard' }).click()
    await expect(
      memberPage.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }),
    ).toBeVisible()
  })

  await test.step('unban, promote and demote, each after confirmation', async () => {
    await confirmAction(page, row, 'Unban', 'Unban user', 'User unbanned')
    await expect(row.getByText('Active', { exact: true })).toBeVisible()
    await confirmAction(page, row, 'Make Admin', 'Make admin', 'User promoted to admin')
    await expect(row.getByText('Admin', { exact: true })).toBeVisible()
    await confirmAction(page, row, 'Remove Admin', 'Remove admin rights', 'Admin rights removed')
    await expect(row.getByText('User', { exact: true })).toBeVisible()
  })

  await test.step('no admin can demote, ban or delete themselves: the buttons are not on their row', async () => {
    const own = await userRow(dashboard, e2eAdmin.email)
    await expect(own.getByRole('button', { name: /^View / })).toBeVisible()
    await expect(own.getByRole('button', { name: /^(Remove Admin|Ban|Delete) / })).toHaveCount(0)
  })

  await test.step('the edit dialog saves a new name', async () => {
    row = await userRow(dashboard, member.email)
    await row.getByRole('button', { name: `Edit ${member.email}` }).click()
    const edit = page.getByRole('dialog', { name: /^Edit user/ })
    await edit.getByLabel('Last name').fill('Lovelace')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit).toBeHidden()
    await expectSnackbar(page, `User updated: ${member.firstName} Lovelace`)
    await expect(row).toContainText(`${member.firstName} Lovelace`)
  })

  await test.step('deleting an entrant refunds their paid entry and removes them', async () => {
    const entrantRow = await userRow(dashboard, entrant.person.email)
    await entrantRow.getByRole('button', { name: `Delete ${entrant.person.email}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete user' })
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(confirm).toBeHidden()
    await expectSnackbar(page, 'was deleted; 1 entry was refunded')
    await expect(dashboard.getByText('No users match your search.')).toBeVisible()

    await dashboard.getByRole('tab', { name: 'Competitions' }).click()
    await dashboard.getByLabel('Search competitions').fill(title)
    const competition = dashboard
      .getByRole('table', { name: 'Competitions' })
      .getByRole('row')
      .filter({ hasText: title })
    await competition.getByRole('button', { name: 'Entries' }).click()
    const entries = page.getByRole('dialog', { name: `Entries: ${title}` })
    const table = entries.getByRole('table', { name: `Entries for ${title}` })
    await expect(table.getByRole('row').filter({ hasText: entrant.entryReference ?? '' })).toContainText(
      'Refunded',
    )
  })

  await memberContext.close()
})
