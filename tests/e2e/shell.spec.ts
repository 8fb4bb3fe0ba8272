import { axeViolations } from './support/axe'
import { expect, test } from './support/test'
import { accountButton, displayNameOf, signIn, signInFresh } from './support/auth'

/**
 * The app shell (issue #3): header, footer, drawers, panel menus, toasts. Signed-in states are
 * real sessions of the demo accounts (tests/e2e/support/auth.ts), so the server renders the page
 * for that user exactly as it would for them.
 */

test.describe('header', () => {
  test('search goes to /product?q=', async ({ page }) => {
    await page.goto('/')
    const search = page.getByRole('search').filter({ visible: true }).first()
    await search.getByRole('combobox', { name: 'Search products' }).fill('green tea')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/product\?q=green(\+|%20)tea$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('green tea')
  })

  test('the category mega-menu lists the categories from the server and opens one', async ({ page }) => {
    await page.goto('/faq')
    const nav = page.getByRole('navigation', { name: 'Categories' })
    await nav.getByRole('button', { name: 'All categories' }).click()
    const first = nav.getByRole('link').first()
    await expect(first).toBeVisible()
    const href = await first.getAttribute('href')
    expect(href).toMatch(/^\/category\/[a-z0-9-]+$/)
    await first.click()
    await expect(page).toHaveURL(href!)
    // The category page (issue #5): its name as the heading, and its products.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
  })

  test('an open mega-menu entry is a disclosure: Tab goes into its links, Escape closes it, axe finds nothing serious', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/faq')
    const nav = page.getByRole('navigation', { name: 'Categories' })
    const trigger = nav.getByRole('button', { name: 'All categories' })
    await expect(async () => {
      await trigger.click()
      await expect(nav.getByRole('link', { name: 'Browse every category' })).toBeVisible({ timeout: 500 })
    }).toPass()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    // Issue #22: no focusable element hidden from screen readers next to the open entry.
    const serious = (await axeViolations(page))
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious).toEqual([])
    // The panel follows its button: the next Tab is its first category.
    await trigger.focus()
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toBeFocused()
    await expect(nav.getByRole('link', { name: 'Browse every category' })).toBeHidden()
  })

  test('a click on "All categories" before the menu has loaded opens it once it arrives', async ({
    page,
  }) => {
    // Hold the mega-menu's chunk back (a slow phone network) until after the click.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/category-menu-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/faq')
    const nav = page.getByRole('navigation', { name: 'Categories' })
    const trigger = nav.getByRole('button', { name: 'All categories' })
    // Once the page has hydrated (the chunk still held), the plain bar takes the click.
    await expect(async () => {
      await trigger.click()
      await expect(trigger).toHaveAttribute('aria-expanded', 'true', { timeout: 500 })
    }).toPass()
    release()
    await expect(nav.getByRole('link', { name: 'Browse every category' })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'All categories' })).toBeFocused()
  })

  test('basket and compare buttons open their drawers; Escape closes and gives focus back', async ({
    page,
  }) => {
    await page.goto('/')
    const basket = page.getByRole('button', { name: 'Basket, 0 items' })
    await basket.click()
    const cart = page.getByRole('dialog', { name: 'Your basket' })
    await expect(cart).toBeVisible()
    await expect(cart).toContainText('Your basket is empty')
    await page.keyboard.press('Escape')
    await expect(cart).toBeHidden()
    await expect(basket).toBeFocused()

    await page.getByRole('button', { name: /^Compare/ }).click()
    await expect(page.getByRole('dialog', { name: 'Compare products' })).toContainText(
      'Nothing to compare yet',
    )
  })

  test('a guest’s profile button says Sign in and leads to /auth in the auth layout', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const drawer = page.getByRole('dialog', { name: 'Your account' })
    await drawer.getByRole('link', { name: 'Sign in or register' }).click()
    await expect(page).toHaveURL('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or register' })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('a signed-in user sees their name, and signing out shows the server’s message', async ({
    page,
    context,
  }) => {
    // A session of its own, since signing out revokes it (and not the buyer's: sign-in attempts
    // are limited per number, and other tests sign the buyer in).
    await signInFresh(context, 'observer')
    await page.goto('/')
    await accountButton(page, displayNameOf('observer')).click()
    await page
      .getByRole('dialog', { name: displayNameOf('observer') })
      .getByRole('button', { name: 'Sign out' })
      .click()
    const toast = page.getByRole('region', { name: /Notifications/ }).getByText('You have signed out')
    await expect(toast).toBeVisible()
    const success = page.locator('[data-sonner-toast][data-type="success"]')
    await expect(success).toBeVisible()
    // Top-right (spec §9), in the success colour (green), not the default amber.
    const box = (await success.boundingBox())!
    expect(box.y).toBeLessThan(120)
    expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width - 60)
    const [r, g] = await success.evaluate((el) => {
      const canvas = document.createElement('canvas').getContext('2d')!
      canvas.fillStyle = getComputedStyle(el).backgroundColor
      canvas.fillRect(0, 0, 1, 1)
      return Array.from(canvas.getImageData(0, 0, 1, 1).data)
    })
    expect(g).toBeGreaterThan(r!)
  })

  test('an API error shows its message as an error toast', async ({ page, context }) => {
    await signIn(context, 'buyer')
    // The failure is staged; the session is real (and, since the call never reaches the server, kept).
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, json: { message: 'The session service is down' } }),
    )
    await page.goto('/')
    await accountButton(page, displayNameOf('buyer')).click()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      'The session service is down',
    )
  })
})

test('a slow page load shows the progress bar, which goes away when the page is there', async ({ page }) => {
  await page.goto('/faq')
  await page.waitForLoadState('networkidle')
  // The home page's data comes from a server function: hold it back for a moment.
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('banner').getByRole('link', { name: /Omdeh/ }).click()
  const bar = page.getByRole('progressbar', { name: 'Loading page' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveCSS('height', '5px')
  await expect(page.getByRole('region', { name: 'New in the catalogue' })).toBeVisible()
  await expect(bar).toBeHidden()
})

test.describe('panel menus', () => {
  test('a buyer’s panel: every item a link except Switch to Seller, which is not focusable', async ({
    page,
    context,
  }) => {
    await signIn(context, 'buyer')
    await page.goto('/')
    await accountButton(page, displayNameOf('buyer')).click()
    const menu = page.getByRole('navigation', { name: 'Buyer menu' })
    await expect(menu.getByRole('link')).toHaveText([
      'Dashboard',
      'Your Orders',
      'Quick Order',
      'Your Saved Lists',
      'Your Addresses',
      'Your Invoices',
      'Your Credit Terms',
      'Your Tickets',
      'Your Quote Requests',
      'Browsing History',
      'Edit Profile',
    ])
    const switchItem = menu.getByText('Switch to Seller')
    await expect(switchItem).toHaveAttribute('aria-disabled', 'true')
    await expect(menu.getByRole('link', { name: /Switch to Seller/ })).toHaveCount(0)
  })

  test('a pending seller in the seller panel: only Dashboard and Switch to Buyer are links', async ({
    page,
    context,
  }) => {
    await signIn(context, 'pendingSeller')
    // The remembered panel (spec: "else by the remembered one").
    await page.addInitScript(() => localStorage.setItem('activePanel', 'seller'))
    await page.goto('/')
    await accountButton(page, displayNameOf('pendingSeller')).click()
    const menu = page.getByRole('navigation', { name: 'Seller menu' })
    await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Switch to Buyer'])
    for (const label of [
      'Received Orders',
      'Quote Requests',
      'Your Stores',
      'Your Inventory',
      'Your Magazines',
      'Your Tickets',
      'Edit Profile',
    ]) {
      await expect(menu.getByText(label)).toHaveAttribute('aria-disabled', 'true')
    }
  })

  test('an approved seller gets every seller item but Your Tickets, and the header switch', async ({
    page,
    context,
  }) => {
    await signIn(context, 'seller')
    await page.addInitScript(() => localStorage.setItem('activePanel', 'seller'))
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Switch to Buyer' })).toHaveAttribute('href', '/buyer')
    await accountButton(page, displayNameOf('seller')).click()
    const menu = page.getByRole('navigation', { name: 'Seller menu' })
    await expect(menu.getByRole('link')).toHaveCount(11)
    await expect(menu.getByRole('link', { name: 'Your Finances' })).toHaveAttribute('href', '/seller/finance')
    await expect(menu.getByText('Your Tickets')).toHaveAttribute('aria-disabled', 'true')
  })
})

test.describe('footer', () => {
  test('has every spec link, the support chats, the social links, the credit and this year', async ({
    page,
  }) => {
    await page.goto('/about')
    const footer = page.getByRole('contentinfo')
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    for (const path of [
      '/product',
      '/category',
      '/magazine',
      '/become-a-seller',
      '/subscription',
      '/help-center',
      '/contact',
      '/guides',
      '/faq',
      '/about',
      '/terms-and-conditions',
      '/privacy-policy',
      '/omdeh-plus',
      '/',
    ]) {
      expect(hrefs, path).toContain(path)
    }
    for (const name of ['Seller support', 'Wholesale buyer support', 'Retail buyer support', 'Blog']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//)
    }
    for (const name of ['Telegram channel', 'Facebook page', 'Instagram page', 'X page']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank')
    }
    await expect(footer).toContainText('Powered by')
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Omdeh`)
  })

  test('hydrates in place: the footer the server sent stays on the page and starts answering', async ({
    page,
  }) => {
    // The footer's code loads beside hydration (issue #21). React must hydrate the server's footer
    // when it arrives, not drop it and draw it again (it blinked out when the basket loaded).
    await page.addInitScript(() => {
      const seen = window as unknown as { serverFooter?: Element | null; footerGone?: boolean }
      document.addEventListener('DOMContentLoaded', () => {
        seen.serverFooter = document.querySelector('footer')
        new MutationObserver(() => {
          if (!document.querySelector('footer')) seen.footerGone = true
        }).observe(document.body, { childList: true, subtree: true })
      })
    })
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Powered by')
    // Hydrated: React has taken the element over.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.querySelector('footer')
          return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
        }),
      )
      .toBe(true)
    // The basket (loaded after hydration) and toaster have had their turn too.
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()
    expect(
      await page.evaluate(() => {
        const seen = window as unknown as { serverFooter?: Element | null; footerGone?: boolean }
        return { same: seen.serverFooter === document.querySelector('footer'), gone: !!seen.footerGone }
      }),
    ).toEqual({ same: true, gone: false })
    // Its controls answer: the money unit switch (a reload with the choice remembered).
    const unit = footer.getByRole('group', { name: 'Show amounts in' })
    await unit.getByRole('button', { name: 'Toman' }).click()
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Toman' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  test('its links navigate, and each navigation starts at the top of the page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL('/faq')
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Seller Subscription' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Subscription' })).toBeVisible()
  })
})

test.describe('phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the mobile drawer holds the categories and navigates', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    const box = await drawer.boundingBox()
    expect(box!.width).toBeLessThanOrEqual(390)
    await drawer.locator('summary').first().click()
    const child = drawer.locator('details[open] a').nth(1)
    const href = await child.getAttribute('href')
    await child.click()
    await expect(page).toHaveURL(href!)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/buyer', '/auth', '/no-such-page']) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
    }
  })

  test('a store with a long name does not widen the home page', async ({ page }) => {
    await page.goto('/')
    const stores = page.getByRole('region', { name: 'Featured stores' })
    const name = stores.getByRole('listitem').first().locator('span.truncate')
    // A name as long as sellers do give their stores (the scale-50 catalogue has many like it).
    await name.evaluate((node) => (node.textContent = 'Damavand Wholesale Trading Company 2923 Kermanshah'))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expect(name).toBeVisible()
  })
})

test('screenshots of the home page, desktop and phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'New in the catalogue' })).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/home-desktop.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await page.screenshot({ path: 'test-results/screens/home-phone.png', fullPage: true })
})
