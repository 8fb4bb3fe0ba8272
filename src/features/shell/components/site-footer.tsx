import { Link } from '@tanstack/react-router'
import { constants, publicConfig } from '#app-config'
import { ChatIcon, FacebookIcon, InstagramIcon, TelegramIcon, XIcon } from '~/ui/social-icons'
import { formatTehranYear } from '~/lib/tehran-format'
import { BrandMark } from './brand-logo'
import { LocaleSwitch } from './locale-switch'
import { MoneyUnitSwitch } from './money-unit-switch'
import { m } from '~/lib/messages'

const linkClasses = 'rounded text-sm text-stone-300 hover:text-white hover:underline'

function External({ href, children, label }: { href: string; children: React.ReactNode; label?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={linkClasses}>
      {children}
    </a>
  )
}

const social = () => [
  { href: publicConfig.social.messaging, label: m.catalog_footer_social_telegram(), Icon: TelegramIcon },
  { href: publicConfig.social.facebook, label: m.catalog_footer_social_facebook(), Icon: FacebookIcon },
  { href: publicConfig.social.instagram, label: m.catalog_footer_social_instagram(), Icon: InstagramIcon },
  { href: publicConfig.social.x, label: m.catalog_footer_social_x(), Icon: XIcon },
]

const support = () => [
  { href: publicConfig.supportChat.sellers, label: m.catalog_footer_support_sellers() },
  { href: publicConfig.supportChat.wholesale, label: m.catalog_footer_support_wholesale() },
  { href: publicConfig.supportChat.retail, label: m.catalog_footer_support_retail() },
]

/** Spec §2 Footer, on every page: every listed link, support chats, social links, credit, copyright. */
export function SiteFooter() {
  const year = formatTehranYear(new Date())
  return (
    <footer className="on-dark mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Link to="/" className="inline-flex items-center gap-2 rounded-lg text-xl font-bold text-white">
            <BrandMark />
            {constants.brand.name}
          </Link>
          <p className="mt-3 max-w-sm text-sm text-stone-400">{m.catalog_footer_tagline()}</p>
          <h2 className="mt-6 text-xs font-semibold tracking-wide text-stone-400 uppercase">
            {m.catalog_footer_chat()}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {support().map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 rounded text-sm text-stone-200 hover:text-white hover:underline"
                >
                  <ChatIcon size={16} />
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="text-xs font-semibold tracking-wide text-stone-400 uppercase">
            {m.catalog_footer_shop()}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link to="/" className={linkClasses}>
                {m.catalog_nav_home()}
              </Link>
            </li>
            <li>
              <Link to="/product" className={linkClasses}>
                {m.catalog_nav_all_products()}
              </Link>
            </li>
            <li>
              <Link to="/category" className={linkClasses}>
                {m.catalog_nav_categories()}
              </Link>
            </li>
            <li>
              <Link to="/magazine" className={linkClasses}>
                {m.catalog_nav_magazines()}
              </Link>
            </li>
            <li>
              <Link to="/omdeh-plus" className={linkClasses}>
                {m.catalog_nav_plus({ brand: constants.brand.name })}
              </Link>
            </li>
            <li>
              <External href={publicConfig.blogUrl}>{m.catalog_nav_blog()}</External>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-sell">
          <h2 id="footer-sell" className="text-xs font-semibold tracking-wide text-stone-400 uppercase">
            {m.catalog_footer_sell()}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link to="/become-a-seller" className={linkClasses}>
                {m.catalog_nav_become_seller()}
              </Link>
            </li>
            <li>
              <Link to="/subscription" className={linkClasses}>
                {m.catalog_nav_seller_subscription()}
              </Link>
            </li>
            <li>
              <Link to="/guides" className={linkClasses}>
                {m.catalog_nav_guides()}
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-xs font-semibold tracking-wide text-stone-400 uppercase">
            {m.catalog_footer_help()}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link to="/help-center" className={linkClasses}>
                {m.catalog_nav_help_center()}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClasses}>
                {m.catalog_nav_contact()}
              </Link>
            </li>
            <li>
              <Link to="/faq" className={linkClasses}>
                {m.catalog_nav_faq()}
              </Link>
            </li>
            <li>
              <Link to="/about" className={linkClasses}>
                {m.catalog_nav_about()}
              </Link>
            </li>
            <li>
              <Link to="/terms-and-conditions" className={linkClasses}>
                {m.catalog_nav_terms()}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClasses}>
                {m.catalog_nav_privacy()}
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <ul className="flex items-center gap-2" aria-label={m.catalog_footer_follow()}>
            {social().map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-stone-800 text-stone-200 hover:bg-stone-700 hover:text-white"
                >
                  <Icon size={18} />
                </a>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-1 text-xs text-stone-400 sm:items-end">
            <p>
              {m.catalog_footer_powered_by()}{' '}
              <a
                href={publicConfig.poweredBy.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-stone-200 hover:underline"
              >
                {publicConfig.poweredBy.label}
              </a>
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <LocaleSwitch className="text-stone-200 underline-offset-2 hover:underline" />
              <MoneyUnitSwitch className="border-stone-600 [&_button[aria-pressed=false]]:text-stone-200 [&_button[aria-pressed=false]:hover]:bg-stone-800" />
            </div>
            <p suppressHydrationWarning>
              {m.catalog_footer_copyright({ year: year, brand: constants.brand.name })}
            </p>
          </div>
        </div>
      </div>
    </footer>
  )
}
