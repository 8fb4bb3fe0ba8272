import '@tanstack/react-start/server-only'
import type { ServerConfig } from '#app-config'
import { devSmsProvider } from './dev-sms.server'
import { httpSmsProvider } from './http-sms.server'

export type MessageChannel = 'sms' | 'whatsapp'

export interface OutgoingMessage {
  /** E.164 phone number. */
  to: string
  channel: MessageChannel
  body: string
}

/** Delivers one SMS or WhatsApp message; throws when the provider refused it (the job retries). */
export interface SmsProvider {
  readonly name: string
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>
}

export class ProviderRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProviderRefusedError'
  }
}

/**
 * The configured provider. The dev adapter only logs (the message itself is in the outbox table),
 * so it must never stand in for real delivery in production unless a demo asks for it.
 */
export function createSmsProvider(config: Pick<ServerConfig, 'env' | 'demoMode' | 'sms'>): SmsProvider {
  if (config.sms.kind === 'http') return httpSmsProvider({ url: config.sms.url, apiKey: config.sms.apiKey })
  if (config.env === 'production' && !config.demoMode) {
    throw new ProviderRefusedError('The dev SMS adapter is refused in production unless DEMO_MODE=1')
  }
  return devSmsProvider()
}
