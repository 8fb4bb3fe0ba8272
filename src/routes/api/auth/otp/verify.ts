import { createFileRoute } from '@tanstack/react-router'
import { otpVerifyEndpoint } from '~/features/auth/index.server'

/** Checks a sign-in code: signed in, or a ticket to register a new phone. */
export const Route = createFileRoute('/api/auth/otp/verify')({
  server: { handlers: { POST: otpVerifyEndpoint } },
})
