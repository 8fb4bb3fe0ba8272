import '@tanstack/react-start/server-only'
import type { ServerConfig } from '#app-config'
import { serverConfig } from '../../config.server'
import type { PaymentProvider } from './payment.server'
import { sandboxBankProvider } from './sandbox-bank.server'
import { zarinpalPaymentProvider } from './zarinpal.server'
import { zibalPaymentProvider } from './zibal.server'

const PROVIDER_KEY = Symbol.for('omdeh.payment-provider')
const slot = ((globalThis as Record<symbol, { provider?: PaymentProvider | null } | undefined>)[
  PROVIDER_KEY
] ??= {})

export function createPaymentProvider(config: ServerConfig): PaymentProvider {
  const payment = config.payment
  switch (payment.kind) {
    case 'zarinpal':
      return zarinpalPaymentProvider(payment)
    case 'zibal':
      return zibalPaymentProvider(payment)
    case 'sandbox':
      return sandboxBankProvider({ secret: config.sessionSecret })
  }
}

/** The provider in use: the configured one, or one a test put in its place. */
export function paymentProvider(): PaymentProvider {
  slot.provider ??= createPaymentProvider(serverConfig())
  return slot.provider
}

export function setPaymentProviderForTesting(provider: PaymentProvider | null): void {
  slot.provider = provider
}
