import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { closeTestDatabasesAfterEach, quietRxdbNotice, testDatabase } from '../../test/rxdb-test-utils.ts';
import { PlacedOrderLines } from './placed-order-lines.tsx';

closeTestDatabasesAfterEach();
beforeEach(quietRxdbNotice);
beforeAll(() => initI18n('en'));
afterEach(cleanup);

describe('the lines of a placed order on the thank-you page', () => {
  it('shows what was ordered with the options chosen for each line, from the order kept on this device', async () => {
    const db = await testDatabase();
    await db.collections.orders.insert({
      ...SAMPLE_DOCS.orders,
      items: [
        { sku: 'R-52', type_id: 'simple', checksum: '0123456789abcdef', qty: 2, name: 'Gold ring', price_incl_tax: 1210, options: [{ code: 'size', label: 'Ringmaat', value: '52' }] },
        { sku: 'W-1', type_id: 'simple', checksum: 'fedcba9876543210', qty: 1, name: 'Diver', price_incl_tax: 5000 },
      ],
    });
    render(<PlacedOrderLines orders={db.collections.orders} orderId={SAMPLE_DOCS.orders.id} title="Your order" />);
    const section = await screen.findByRole('region', { name: 'Your order' }, { timeout: 5000 });
    const [ring, diver] = within(section).getAllByRole('listitem');
    expect(ring!.textContent).toContain('2 × Gold ring');
    expect(within(ring!).getByLabelText('Chosen options').textContent).toBe('Ring size: 52');
    expect(ring!.textContent).toContain('€2,420');
    expect(within(diver!).queryByLabelText('Chosen options')).toBeNull();
  });
});
