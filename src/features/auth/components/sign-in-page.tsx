import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/tabs'
import { CodeRequestForm } from './code-request-form'
import { PasswordSignInForm } from './password-sign-in-form'

export type SignInMethod = 'code' | 'password'

/** /auth: a one-time code (the default) or a password; the chosen tab lives in the URL. */
export function SignInPage({
  method,
  phone,
  redirect,
  onMethodChange,
}: {
  method: SignInMethod
  phone: string
  redirect?: string
  onMethodChange: (method: SignInMethod) => void
}) {
  return (
    <section aria-labelledby="auth-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-ink">
          Sign in or register
        </h1>
        <p className="text-sm text-stone-600">
          New here? Enter your mobile number: the code we send you creates your account.
        </p>
      </div>
      <Tabs value={method} onValueChange={(value) => onMethodChange(value as SignInMethod)}>
        <TabsList aria-label="How to sign in" className="w-full">
          <TabsTrigger value="code" className="min-h-9 flex-1">
            One-time code
          </TabsTrigger>
          <TabsTrigger value="password" className="min-h-9 flex-1">
            Password
          </TabsTrigger>
        </TabsList>
        <TabsContent value="code" className="mt-5">
          <CodeRequestForm initialPhone={phone} redirect={redirect} />
        </TabsContent>
        <TabsContent value="password" className="mt-5">
          <PasswordSignInForm
            initialPhone={phone}
            redirect={redirect}
            onUseCode={() => onMethodChange('code')}
          />
        </TabsContent>
      </Tabs>
    </section>
  )
}
