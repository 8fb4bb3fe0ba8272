import { createFileRoute } from '@tanstack/react-router'
import { otpRequestEndpoint } from '~/features/auth/index.server'

/** Sends a sign-in code by SMS or WhatsApp. */
export const Route = createFileRoute('/api/auth/otp/request')({
  server: { handlers: { POST: otpRequestEndpoint } },
})
