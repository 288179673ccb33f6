/**
 * The checkout's "create an account" (spec 2 §4), made after the order is placed. Registration goes through the
 * shop's throttles (issue 13 item 7): when the shop asks for the captcha, a token is made here (no form is open to
 * show the robot check) and the call goes once more with it. Whatever still keeps the account from being made (a
 * wait, an address already registered, the shop unreachable, a refusal) leaves the order placed and comes back as a
 * notice for the confirmation, so the shopper knows to create the account later from the login page.
 */
import type { StoreCode } from '@shop/shared';
import type { CreateCustomerBody } from '@shop/shared/account/account.schema';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { createCustomer } from '../account/account-api.ts';
import { refusalOf, waitText } from '../captcha/throttle.ts';
import { makeCaptchaToken } from '../captcha/use-captcha.ts';

/** Why the account could not be made just now. */
export type AccountProblem =
  | { reason: 'wait'; seconds: number }
  | { reason: 'exists' }
  | { reason: 'robot' }
  | { reason: 'unreachable' }
  | { reason: 'refused'; message: string };

/** What the confirmation tells the shopper when the account could not be made with the order. */
export interface AccountNotice {
  email: string;
  problem: AccountProblem;
}

export interface AccountCreationDeps {
  create: (body: CreateCustomerBody, store: StoreCode, captcha: string | null) => Promise<unknown>;
  captchaToken: () => Promise<string | null>;
}

const browserDeps: AccountCreationDeps = {
  create: createCustomer,
  captchaToken: () => makeCaptchaToken({ action: 'register', signal: new AbortController().signal }),
};

function problemOf(error: unknown): AccountProblem {
  const refusal = refusalOf(error);
  if (refusal?.kind === 'wait') return { reason: 'wait', seconds: refusal.seconds };
  if (refusal?.kind === 'captcha') return { reason: 'robot' };
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { reason: 'unreachable' };
  if (error.code === 'account_email_exists') return { reason: 'exists' };
  return { reason: 'refused', message: error.message.trim().replace(/\.+$/, '') };
}

/** Makes the account (with one more send carrying a captcha when the shop asks for it); null when it was made. */
export async function createAccountAfterOrder(body: CreateCustomerBody, store: StoreCode, deps: AccountCreationDeps = browserDeps): Promise<AccountNotice | null> {
  const notice = (error: unknown): AccountNotice => ({ email: body.customer.email, problem: problemOf(error) });
  try {
    await deps.create(body, store, null);
    return null;
  } catch (error) {
    if (refusalOf(error)?.kind !== 'captcha') return notice(error);
  }
  let token: string | null;
  try {
    token = await deps.captchaToken();
  } catch {
    return { email: body.customer.email, problem: { reason: 'robot' } };
  }
  // The shop asked for a captcha it does not offer ('off'): sending again without one would be refused the same way.
  if (token === null) return { email: body.customer.email, problem: { reason: 'robot' } };
  try {
    await deps.create(body, store, token);
    return null;
  } catch (error) {
    return notice(error);
  }
}

/** The reason's words inside "Your account could not be created just now: {reason}." */
function useReason(problem: AccountProblem): string {
  const { t } = useTranslation();
  switch (problem.reason) {
    case 'wait': {
      const wait = waitText(problem.seconds);
      return t(wait.key === 'throttle.waitSeconds' ? 'accountNotCreated.waitSeconds' : 'accountNotCreated.waitMinutes', { ns: 'checkout', count: wait.count });
    }
    case 'refused':
      return problem.message;
    default:
      return t(`accountNotCreated.${problem.reason}`, { ns: 'checkout' });
  }
}

/** On the confirmation: the order is placed, the account is not, why, and how to make it later. */
export function AccountNotCreated({ notice }: { notice: AccountNotice }) {
  const { t } = useTranslation();
  const reason = useReason(notice.problem);
  return (
    <p className="checkout-alert checkout-confirmation__account" role="status">
      {t('accountNotCreated.message', { ns: 'checkout', reason, email: notice.email })}
    </p>
  );
}
