import { describe, expect, it } from 'vitest';
import { SAMPLE_DOCS } from '../sync/test-documents.ts';
import {
  checkCity,
  checkEmail,
  checkName,
  checkNickname,
  checkPassword,
  checkPasswordRepeat,
  checkPhone,
  checkRequired,
  checkShipToCountry,
  checkTaxId,
  checkZipCode,
  fieldMessage,
  fieldMessageKey,
  normaliseEmail,
} from './account-fields.ts';
import {
  ChangePasswordBodySchema,
  CreateCustomerBodySchema,
  CustomerAddressSchema,
  LoginBodySchema,
  OrderHistoryQuerySchema,
  UpdateCustomerBodySchema,
} from './account.schema.ts';
import { orderHistoryPage } from './order-history.ts';

describe('field rules of spec 2 §5', () => {
  it('a review’s nickname has at least 3 letters (the "3 in some forms"); account names keep 2', () => {
    expect(checkNickname('')).toBe('required');
    expect(checkNickname('Al')).toBe('nameMinLength3');
    expect(checkNickname('B.O.')).toBe('nameMinLength3');
    expect(checkNickname('Jan')).toBeNull();
    expect(checkNickname('Jan82')).toBeNull();
    expect(checkName('Bo')).toBeNull();
    expect(fieldMessage('nameMinLength3')).toBe('Name must have at least 3 letters');
  });

  it('a country must be one the shop ships to', () => {
    expect(checkShipToCountry('nl', ['DE', 'NL'])).toBeNull();
    expect(checkShipToCountry('BE', ['DE', 'NL'])).toBe('countryNotShipped');
    expect(checkShipToCountry('', ['DE', 'NL'])).toBe('required');
    expect(fieldMessage('countryNotShipped')).toBe('We do not ship to this country');
  });

  it('names: required, alphabet characters only, at least 2 letters', () => {
    expect(checkName('')).toBe('required');
    expect(checkName('   ')).toBe('required');
    expect(checkName(undefined)).toBe('required');
    expect(checkName('A')).toBe('nameMinLength');
    expect(checkName('Ann', 3)).toBeNull();
    expect(checkName('An', 3)).toBe('nameMinLength3');
    expect(checkName('R2D2')).toBe('alphabetOnly');
    expect(checkName('Anna!')).toBe('alphabetOnly');
    expect(checkName('Jo')).toBeNull();
    for (const name of ['Anna', 'Jean-Pierre', "O'Brien", 'van der Berg', 'Müller', 'Zoë', 'Łukasz']) expect(checkName(name)).toBeNull();
  });

  it('e-mail: required and a valid address', () => {
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('anna')).toBe('emailInvalid');
    expect(checkEmail('anna@example')).toBe('emailInvalid');
    expect(checkEmail('an na@example.com')).toBe('emailInvalid');
    expect(checkEmail('anna@@example.com')).toBe('emailInvalid');
    expect(checkEmail(`${'a'.repeat(250)}@example.com`)).toBe('emailInvalid');
    expect(checkEmail('anna.jansen+shop@mail.example.nl')).toBeNull();
    expect(checkEmail(' anna@example.com ')).toBeNull();
  });

  it('password: required, at least 8 characters; the repeat must be identical', () => {
    expect(checkPassword('')).toBe('required');
    expect(checkPassword('1234567')).toBe('passwordMinLength');
    expect(checkPassword('12345678')).toBeNull();
    expect(checkPassword('x'.repeat(257))).toBe('passwordMinLength');
    expect(checkPasswordRepeat('secret-123', '')).toBe('required');
    expect(checkPasswordRepeat('secret-123', 'secret-124')).toBe('passwordsIdentical');
    expect(checkPasswordRepeat('secret-123', 'secret-123')).toBeNull();
  });

  it('address fields: city, zip-code and tax id lengths, phone required where asked', () => {
    expect(checkRequired(' ')).toBe('required');
    expect(checkCity('Amsterdam')).toBeNull();
    expect(checkCity("'s-Hertogenbosch".slice(1))).toBeNull();
    expect(checkCity('St. Gallen')).toBeNull();
    expect(checkCity('1234')).toBe('cityInvalid');
    expect(checkZipCode('12')).toBe('zipMinLength');
    expect(checkZipCode('1012 NX')).toBeNull();
    expect(checkTaxId('')).toBeNull();
    expect(checkTaxId('NL')).toBe('taxIdMinLength');
    expect(checkTaxId('NL123')).toBeNull();
    expect(checkPhone('')).toBe('phoneRequired');
  });

  it('keys map to the spec English messages and to i18n keys', () => {
    expect(fieldMessage('passwordsIdentical')).toBe('Passwords must be identical');
    expect(fieldMessage('required')).toBe('Field is required');
    expect(fieldMessage('nameMinLength')).toBe('Name must have at least 2 letters');
    expect(fieldMessage('passwordMinLength')).toBe('Password must have at least 8 letters');
    expect(fieldMessage('alphabetOnly')).toBe('Accepts only alphabet characters');
    expect(fieldMessage('emailInvalid')).toBe('Please provide valid e-mail address');
    expect(fieldMessageKey('required')).toBe('validation.required');
    expect(normaliseEmail('  Anna@Example.COM ')).toBe('anna@example.com');
  });
});

describe('account payload schemas', () => {
  const customer = { email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen' };

  it('a registration carries the field messages of its bad fields', () => {
    expect(CreateCustomerBodySchema.safeParse({ customer, password: 'secret-123' }).success).toBe(true);
    const bad = CreateCustomerBodySchema.safeParse({ customer: { ...customer, firstname: 'A', email: 'anna' }, password: 'short' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain('customer.firstname: Name must have at least 2 letters');
    expect(messages).toContain('customer.email: Please provide valid e-mail address');
    expect(messages).toContain('password: Password must have at least 8 letters');
  });

  it('a login needs a username and a password; a wrong one is checked by the server, not by length', () => {
    expect(LoginBodySchema.safeParse({ username: 'anna@example.com', password: 'x' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ username: '', password: 'x' }).success).toBe(false);
    expect(LoginBodySchema.safeParse({ username: 'anna@example.com', password: 'x', cartId: null }).success).toBe(true);
  });

  it('a password change needs a new password of at least 8', () => {
    expect(ChangePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: 'new' }).success).toBe(false);
    expect(ChangePasswordBodySchema.safeParse({ currentPassword: 'old', newPassword: 'new-secret' }).success).toBe(true);
  });

  it('an address: street as [street, number, addition], postcode of 3, two-letter country', () => {
    const address = { firstname: 'Anna', lastname: 'Jansen', street: ['Kalverstraat', '1'], city: 'Amsterdam', postcode: '1012 NX', country_id: 'NL' };
    expect(CustomerAddressSchema.safeParse(address).success).toBe(true);
    expect(CustomerAddressSchema.safeParse({ ...address, street: ['', '1'] }).success).toBe(false);
    expect(CustomerAddressSchema.safeParse({ ...address, street: ['a', 'b', 'c', 'd'] }).success).toBe(false);
    expect(CustomerAddressSchema.safeParse({ ...address, postcode: '10' }).error?.issues[0]?.message).toBe('Zip-code must have at least 3 letters');
    expect(CustomerAddressSchema.safeParse({ ...address, country_id: 'Netherlands' }).success).toBe(false);
  });

  it('a profile update ignores the fields a customer may not write', () => {
    const parsed = UpdateCustomerBodySchema.parse({ customer: { ...customer, id: 9, group_id: 4 } });
    expect(parsed.customer).toEqual(customer);
  });

  it('order history paging defaults to 20 and page 1 and refuses nonsense', () => {
    expect(OrderHistoryQuerySchema.parse({})).toEqual({ pageSize: 20, currentPage: 1 });
    expect(OrderHistoryQuerySchema.parse({ pageSize: '5', currentPage: '3' })).toEqual({ pageSize: 5, currentPage: 3 });
    expect(OrderHistoryQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(OrderHistoryQuerySchema.safeParse({ pageSize: 'ten' }).success).toBe(false);
    expect(OrderHistoryQuerySchema.safeParse({ currentPage: '-1' }).success).toBe(false);
  });
});

describe('orderHistoryPage', () => {
  const order = (id: string, created: number, increment?: string, updatedAt = created) => ({ ...SAMPLE_DOCS.orders, id, created_at: created, updatedAt, ...(increment ? { increment_id: increment } : {}) });

  it('answers newest first, one entry per increment id (the latest copy), paged', () => {
    const orders = [order('a', 10, '100'), order('b', 30, '101'), order('b2', 30, '101', 50), order('c', 20), { ...order('d', 40, '102'), _deleted: true }];
    const first = orderHistoryPage(orders, { pageSize: 2, currentPage: 1 });
    expect(first.total_count).toBe(3);
    expect(first.items.map((o) => o.id)).toEqual(['b2', 'c']);
    expect(orderHistoryPage(orders, { pageSize: 2, currentPage: 2 }).items.map((o) => o.id)).toEqual(['a']);
    expect(orderHistoryPage(orders, { pageSize: 2, currentPage: 3 }).items).toEqual([]);
  });
});
