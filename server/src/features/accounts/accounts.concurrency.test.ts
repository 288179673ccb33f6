/**
 * A customer's address book saved from two places at the same moment (two devices, two shop instances on PostgreSQL;
 * one instance on SQLite): the saves run one after the other, so the book is one of the saved lists, never a mix.
 */
import type { CustomerAddress } from '@shop/shared/account/index';
import { describe, expect, it } from 'vitest';
import { appsOnOneDatabase } from '../orders/orders.test-support.ts';
import { fixtureCatalogue } from '../../test/fixture-catalogue.ts';
import { TEST_NOW } from '../../test/build-test-app.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { withAccountTables } from './accounts.tables.ts';

const { apps } = await appsOnOneDatabase(fixtureCatalogue());
const repositories = apps.map((app) => new AccountsRepository(withAccountTables(app.db)));
const now = TEST_NOW.getTime();

function address(firstname: string, street: string, defaults = false): CustomerAddress {
  return { firstname, lastname: 'Jansen', street: [street, '1'], city: 'Amsterdam', postcode: '1012 NX', country_id: 'NL', ...(defaults ? { default_shipping: true, default_billing: true } : {}) };
}

describe('address book saves at the same moment', () => {
  it('leave exactly one of the saved lists, its defaults pointing into it', async () => {
    const customer = (await repositories[0]!.createCustomer({ email: 'book@example.com', firstname: 'Anna', lastname: 'Jansen', passwordHash: 'x', now }))!;
    for (let round = 0; round < 3; round++) {
      const lists = ['Anna', 'Bram', 'Cor', 'Dirk'].map((name) => [address(name, 'Kalverstraat', true), address(name, 'Damrak')]);
      await Promise.all(lists.map((list, i) => repositories[i % repositories.length]!.replaceAddresses(customer.id, list, now)));
      const book = await repositories[0]!.addresses(customer.id);
      expect(book).toHaveLength(2);
      expect(new Set(book.map((entry) => entry.firstname)).size).toBe(1);
      const stored = (await repositories[0]!.byId(customer.id))!;
      expect(stored.defaultShipping).toBe(book[0]!.id);
      expect(stored.defaultBilling).toBe(book[0]!.id);
    }
  });
});
