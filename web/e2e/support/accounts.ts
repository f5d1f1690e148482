import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

export interface NewUser {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: string
  readonly dateOfBirth: string
  readonly password: string
}

/** A person nobody has registered yet: a fresh address on every run. */
export function newUser(firstName = 'Grace'): NewUser {
  return {
    firstName,
    lastName: 'Hopper',
    email: `e2e-${randomUUID().slice(0, 12)}@example.com`,
    phone: '+44 20 7946 0958',
    address: '1 Analytical Row, Cambridge',
    dateOfBirth: '1990-05-15',
    password: 'Compiler1952',
  }
}

/** A message shows at once, replacing the one before it; the timeout covers a slow server. */
export async function expectSnackbar(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible({ timeout: 15_000 })
}

/** Opens the auth modal from the header, as someone on a desktop would. */
export async function openAuthModal(page: Page, tab: 'Sign In' | 'Sign Up') {
  await page.getByRole('banner').getByRole('button', { name: tab, exact: true }).click()
  return page.getByRole('dialog', { name: tab === 'Sign In' ? 'Welcome back' : 'Create your account' })
}

/** Signs up through the modal and waits for the modal to move to Login. */
export async function signUp(page: Page, user: NewUser): Promise<void> {
  await page.goto('/')
  const dialog = await openAuthModal(page, 'Sign Up')
  const form = dialog.getByRole('form', { name: 'Sign Up' })
  await form.getByLabel('First name').fill(user.firstName)
  await form.getByLabel('Last name').fill(user.lastName)
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Phone').fill(user.phone)
  await form.getByLabel('Date of birth').fill(user.dateOfBirth)
  await form.getByLabel('Address').fill(user.address)
  await form.getByLabel('Password', { exact: true }).fill(user.password)
  await expect(form.getByTestId('password-strength')).toHaveText('Password strength: Strong')
  await form.getByLabel('Confirm password', { exact: true }).fill(user.password)
  const create = form.getByRole('button', { name: 'Create Account' })
  await expect(create).toBeDisabled()
  await form.getByLabel('I agree to the terms and conditions').check()
  await form.getByLabel('I confirm I am 18 or older').check()
  await expect(create).toBeEnabled()
  await create.click()
}

/** Logs in through the modal's Login tab, which must be open. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('dialog').getByRole('form', { name: 'Login' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Login', exact: true }).click()
}

export const accountMenu = (page: Page, firstName: string) =>
  page.getByRole('banner').getByRole('button', { name: `Account menu for ${firstName}` })
