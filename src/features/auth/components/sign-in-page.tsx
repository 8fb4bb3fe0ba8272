import { m } from '~/lib/messages'
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
          {m.buyer_auth_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.buyer_auth_intro()}</p>
      </div>
      <Tabs value={method} onValueChange={(value) => onMethodChange(value as SignInMethod)}>
        <TabsList aria-label={m.buyer_auth_how()} className="w-full">
          <TabsTrigger value="code" className="min-h-9 flex-1">
            {m.buyer_auth_tab_code()}
          </TabsTrigger>
          <TabsTrigger value="password" className="min-h-9 flex-1">
            {m.buyer_auth_tab_password()}

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
