import '@tanstack/react-start/server-only'
import type { SmsProvider } from './sms.server'

/**
 * A generic JSON gateway: POST {to, channel, body} to SMS_API_URL with `Authorization: Bearer
 * SMS_API_KEY`; any 2xx is accepted and an `id` or `message_id` in the reply is kept.
 */
export function httpSmsProvider(options: { url: string; apiKey: string; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ to: message.to, channel: message.channel, body: message.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}: ${text.slice(0, 200)}`)
      let id: unknown = null
      try {
        const reply = JSON.parse(text) as { id?: unknown; message_id?: unknown }
        id = reply.id ?? reply.message_id ?? null
      } catch {
        // A 2xx without JSON still means accepted.
      }
      return { providerMessageId: id === null || id === undefined ? null : String(id) }
    },
  }
}
