import '@tanstack/react-start/server-only'
import { log } from '../../log.server'
import type { SmsProvider } from './sms.server'

/**
 * The default adapter for development and demos: messages stay in the outbox table (shown at
 * /dev/outbox) and are written to the log, so a developer can read a one-time code without a phone.
 */
export function devSmsProvider(): SmsProvider {
  return {
    name: 'dev',
    async send(message) {
      log().info(
        { to: message.to, channel: message.channel, body: message.body },
        'dev outbox: message delivered',
      )
      return { providerMessageId: null }
    },
  }
}
