import { expect, test, type Page } from './support/test'
import { demoSeller } from '~/features/demo/data/demo-accounts'
import { demoAccounts, displayNameOf, newPhone, signIn, signInFresh } from './support/auth'

/**
 * A seller's owner manages observers at /seller/profile/observers (DOMAIN.md "Observer"): invites a
 * number that has no account yet, removes the demo observer (who loses the seller panel on their
 * next page) and adds them back by cellphone, which also leaves the demo data as other specs expect.
 */

const observerName = displayNameOf('observer')
const observerPhone = demoAccounts.observer.cellphone

async function openObservers(page: Page): Promise<void> {
  await page.goto('/seller/profile')
  await page.getByRole('link', { name: 'Manage observers' }).click()
  await expect(page).toHaveURL('/seller/profile/observers')
  await expect(page.getByRole('heading', { level: 1, name: 'Observers' })).toBeVisible()
}

test('the demo seller invites a new number, removes the demo observer and adds them back', async ({
  page,
  context,
  browser,
}) => {
  await signIn(context, 'seller')
  await openObservers(page)
  const observers = page.getByRole('list', { name: 'Observers' })
  await expect(observers.getByRole('listitem', { name: observerName })).toBeVisible()

  // A number without an account: typed the local way, shown normalised as a pending invitation.
  const phone = newPhone()
  const form = page.getByRole('region', { name: 'Invite by cellphone' })
  await form.getByLabel('Mobile number').fill(`0${phone.slice(3, 6)} ${phone.slice(6)}`)
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${phone}`)).toBeVisible()
  const invitations = page.getByRole('list', { name: 'Pending invitations' })
  await expect(invitations.getByRole('listitem', { name: phone })).toContainText(
    'waiting for them to sign up',
  )
  await expect(form.getByLabel('Mobile number')).toHaveValue('')
  // The demo seller's Pro plan allows five observers.
  await expect(form.getByText('2 of 5 places used')).toBeVisible()

  // The invitation went out by SMS (dev outbox).
  const outbox = await context.newPage()
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(phone)}`)
  await expect(outbox.getByRole('list', { name: 'Messages' })).toContainText(
    `${demoSeller.displayName} invited you to act for them as an observer`,
  )
  await outbox.close()

  // Inviting the same number again is refused beside the field.
  await form.getByLabel('Mobile number').fill(phone)
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(
    form.getByText('You have already invited this number; the invitation is pending'),
  ).toBeVisible()
  await expect(form.getByLabel('Mobile number')).toBeFocused()

  // The demo observer, in their own browser, has the seller panel.
  const observerContext = await browser.newContext()
  await signInFresh(observerContext, 'observer')
  const observerPage = await observerContext.newPage()
  await observerPage.goto('/seller')
  await expect(observerPage.getByText('You act for this seller as an observer')).toBeVisible()

  // Remove, through the confirmation dialog.
  await observers.getByRole('button', { name: `Remove ${observerName}` }).click()
  const dialog = page.getByRole('dialog', { name: `Remove ${observerName}?` })
  await expect(dialog).toContainText('They lose access to your seller panel at once')
  await dialog.getByRole('button', { name: 'Remove observer' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`${observerName} is no longer an observer`)).toBeVisible()
  await expect(page.getByText('Nobody observes your seller account yet.')).toBeVisible()

  // Same session, next page: the seller panel is gone.
  await observerPage.goto('/seller/orders')
  await expect(observerPage).not.toHaveURL(/\/seller/)
  await expect(observerPage.getByText('You act for this seller as an observer')).toHaveCount(0)

  // Added back by cellphone: an existing account becomes an observer at once.
  await form.getByLabel('Mobile number').fill(observerPhone)
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`${observerName} is now an observer`)).toBeVisible()
  await expect(observers.getByRole('listitem', { name: observerName })).toContainText('Observer since')

  await observerPage.goto('/seller')
  await expect(observerPage).toHaveURL('/seller')
  await expect(observerPage.getByText('You act for this seller as an observer')).toBeVisible()
  // An observer may not manage observers: no link on the profile, and the page itself is refused.
  await observerPage.goto('/seller/profile')
  await expect(observerPage.getByText('only the owner can change them')).toBeVisible()
  await expect(observerPage.getByRole('link', { name: 'Manage observers' })).toHaveCount(0)
  await observerPage.goto('/seller/profile/observers')
  await expect(observerPage.getByRole('heading', { name: 'Error 403' })).toBeVisible()
  await observerContext.close()

  // Cancel the pending invitation, through its dialog.
  await invitations.getByRole('button', { name: `Cancel invitation to ${phone}` }).click()
  await page
    .getByRole('dialog', { name: 'Cancel this invitation?' })
    .getByRole('button', { name: 'Cancel invitation' })
    .click()
  await expect(page.getByText(`Invitation to ${phone} cancelled`)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0)
})

test('a seller under review is told observers open on approval and cannot open the page', async ({
  context,
  page,
}) => {
  await signIn(context, 'pendingSeller')
  await page.goto('/seller/profile')
  await expect(page.getByText('Once your seller account is approved, you can invite people')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage observers' })).toHaveCount(0)
  await page.goto('/seller/profile/observers')
  await expect(page).toHaveURL(/\/seller\?error=true/)
  await expect(page.getByRole('alert').filter({ hasText: 'You need to be an approved seller' })).toBeVisible()
})
