import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { constants } from '#app-config'

export const Route = createFileRoute('/_default')({
  component: DefaultLayout,
})

function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
          <Link to="/" className="text-xl font-bold text-brand-700">
            {constants.brand.name}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <footer className="border-t border-stone-200 bg-white py-6 text-center text-sm text-stone-600">
        © {new Date().getUTCFullYear()} {constants.brand.name}
      </footer>
    </div>
  )
}
