import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/content.json', { eager: true, import: 'default' });

describe('content texts', () => {
  it('name the six service pages with the spec words in English', () => {
    const content = files['./en/content.json'] as { services: Record<string, string> };
    expect([content.services['about-us'], content.services['customer-service'], content.services['legal-notice'], content.services['privacy-policy'], content.services['return-policy'], content.services['terms-and-conditions']]).toEqual([
      'About us',
      'Customer service',
      'Legal notice',
      'Privacy policy',
      'Return policy',
      'Terms and conditions',
    ]);
  });
});
