/** The customer calls of spec 2 §7 (`/api/user/*`, the accounts contract); the gate adds the bearer token. */
import type { ChangePasswordBody, CreateCustomerBody, CustomerProfile, LoginMeta, OrderHistory, RefreshMeta } from '@shop/shared/account/index';
import { ORDER_HISTORY_PAGE_SIZE } from '@shop/shared/account/account.schema';
import type { StoreCode } from '@shop/shared/stores/stores';
import { shopperLocaleQuery } from '@shop/shared/stores/shopper-locale';
import i18next from 'i18next';
import { apiRequest } from '../../app/api.ts';
import { captchaHeaders } from '../captcha/throttle.ts';
import { sessionReady } from './session-loader.ts';

// The calls that lead to a mail name the shopper's store and interface language: the mail follows them.

/** `captcha`: the solved captcha, sent when the shop's throttle asked for it (X-Captcha-Token). */
const json = (body: unknown, captcha: string | null = null): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', 'x-client': '1.0', ...captchaHeaders(captcha) },
});

/** A call for the logged-in customer: sent once the session's gate can put the token on it. */
async function customerRequest<T>(path: string, init: RequestInit) {
  await sessionReady();
  return apiRequest<T>(path, init);
}

export async function login(username: string, password: string, cartId: string | null, captcha: string | null = null): Promise<{ token: string; meta: LoginMeta }> {
  const answer = await apiRequest<string>('/api/user/login', json({ username, password, ...(cartId ? { cartId } : {}) }, captcha));
  return { token: answer.result, meta: answer.meta as unknown as LoginMeta };
}

export async function createCustomer(body: CreateCustomerBody, store: StoreCode, captcha: string | null = null): Promise<CustomerProfile> {
  return (await apiRequest<CustomerProfile>(`/api/user/create?${shopperLocaleQuery(store, i18next.language)}`, json(body, captcha))).result;
}

export async function logout(): Promise<void> {
  await customerRequest('/api/user/logout', json({}));
}

export async function me(): Promise<CustomerProfile> {
  return (await customerRequest<CustomerProfile>('/api/user/me', {})).result;
}

export async function orderHistory(currentPage = 1, pageSize = ORDER_HISTORY_PAGE_SIZE): Promise<OrderHistory> {
  return (await customerRequest<OrderHistory>(`/api/user/order-history?pageSize=${pageSize}&currentPage=${currentPage}`, {})).result;
}

export async function resetPassword(email: string, store: StoreCode, captcha: string | null = null): Promise<void> {
  await apiRequest(`/api/user/reset-password?${shopperLocaleQuery(store, i18next.language)}`, json({ email }, captcha));
}

export async function createPassword(email: string, newPassword: string, resetToken: string): Promise<void> {
  await apiRequest('/api/user/create-password', json({ email, newPassword, resetToken }));
}

export async function changePassword(body: ChangePasswordBody, captcha: string | null = null): Promise<{ message: string; meta: { token: string; refreshToken: string; expiresIn: number } }> {
  const answer = await customerRequest<string>('/api/user/change-password', json(body, captcha));
  return { message: answer.result, meta: answer.meta as unknown as RefreshMeta & { token: string } };
}
