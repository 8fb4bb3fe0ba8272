import { createContext, useContext } from 'react'

/** Settings the browser needs that come from the server's environment, not from the build. */
export interface RuntimeConfig {
  captchaSiteKey: string
  /** Development and demo builds show test helpers (like /dev/outbox); real production does not. */
  devTools: boolean
  siteUrl: string
}

const RuntimeConfigContext = createContext<RuntimeConfig | undefined>(undefined)

/**
 * Filled by the app shell from its runtime-config query (warm from the root route's loader), so a
 * feature (the captcha) reads the settings without importing the shell. Undefined until they load.
 */
export const RuntimeConfigProvider = RuntimeConfigContext.Provider

export function useRuntimeConfig(): RuntimeConfig | undefined {
  return useContext(RuntimeConfigContext)
}
