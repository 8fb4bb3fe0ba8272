import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { RuntimeConfigProvider } from '~/ui/runtime-config'
import { shellQueries } from '../shell.queries'

/** Hands the server's runtime settings (shellQueries.runtimeConfig) to whatever below needs them. */
export function RuntimeConfigFromServer({ children }: { children: ReactNode }) {
  const { data } = useQuery(shellQueries.runtimeConfig())
  return <RuntimeConfigProvider value={data}>{children}</RuntimeConfigProvider>
}
