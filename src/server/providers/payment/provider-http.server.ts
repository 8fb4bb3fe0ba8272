import '@tanstack/react-start/server-only'
import * as v from 'valibot'
import { PaymentProviderError } from './payment.server'

/**
 * One JSON call to a payment gateway, server to server: POST, a deadline, no retries (a payment
 * request or verify is retried by the payer's next click or callback, never behind their back).
 * Throws PaymentProviderError when the gateway does not answer in time, answers 5xx, or answers
 * something that is not JSON of the expected shape; `schema` decides what a usable answer is (a
 * gateway's refusal is a usable answer: the caller maps its code).
 */
export async function postJson<T extends v.GenericSchema>(
  gateway: string,
  url: string,
  body: object,
  schema: T,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<v.InferOutput<T>> {
  const what = `${gateway} ${new URL(url).pathname}`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (error as Error).message
    throw new PaymentProviderError(`${what} did not answer: ${reason}`)
  }
  let data: unknown
  try {
    data = await response.json()
  } catch {
    throw new PaymentProviderError(`${what} answered ${response.status} without JSON`)
  }
  if (response.status >= 500) throw new PaymentProviderError(`${what} answered ${response.status}`)
  const parsed = v.safeParse(schema, data)
  if (!parsed.success)
    throw new PaymentProviderError(`${what} answered ${response.status} in a shape we do not know`)
  return parsed.output
}
