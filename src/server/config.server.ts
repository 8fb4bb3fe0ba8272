import '@tanstack/react-start/server-only'
import { loadServerConfig, type ServerConfig } from '#app-config'

let cached: ServerConfig | undefined

/** The validated server configuration, read from the environment once. */
export function serverConfig(): ServerConfig {
  cached ??= loadServerConfig()
  return cached
}
