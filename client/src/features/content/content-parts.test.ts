import type { CmsHierarchyNode } from '@shop/shared/content/content.schema';
import type { Boutique } from '@shop/shared/forms/appointment.schema';
import { describe, expect, it } from 'vitest';
import { inAppHref } from './cms-html.tsx';
import { sectionOf } from './service-nav.ts';
import { aggregateRatingJsonLd, openingHours, storeLocatorJsonLd } from './structured-data.ts';

const node = (identifier: string, position: number, page: string | null, children: CmsHierarchyNode[] = []): CmsHierarchyNode => ({
  id: position,
  identifier,
  parent_identifier: null,
  page_identifier: page,
  title: identifier,
  position,
  path: page ? `i/${page}` : null,
  children,
});

describe('sectionOf', () => {
  const roots = [node('service', 0, null, [node('service-b', 2, 'b'), node('service-a', 1, 'a'), node('heading', 3, null)]), node('other', 1, null, [node('lonely', 1, 'lonely')])];

  it('finds the pages beside a page, in position order, leaving out nodes without a page', () => {
    const section = sectionOf(roots, 'b');
    expect(section?.parent.identifier).toBe('service');
    expect(section?.pages.map((page) => page.page_identifier)).toEqual(['a', 'b']);
  });

  it('is null for a page outside the hierarchy, or alone in its section', () => {
    expect(sectionOf(roots, 'nowhere')).toBeNull();
    expect(sectionOf(roots, 'lonely')).toBeNull();
  });
});

describe('inAppHref', () => {
  const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
  const anchor = (href: string, attributes: Record<string, string> = {}) => {
    const element = document.createElement('a');
    element.setAttribute('href', href);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  const origin = 'https://shop.test';

  it('keeps a plain click on a link to a shop page in the app', () => {
    expect(inAppHref(click, anchor('/nl/i/klantenservice'), origin)).toBe('/nl/i/klantenservice');
    expect(inAppHref(click, anchor('https://shop.test/en/magazine/category/watches/?x=1#top'), origin)).toBe('/en/magazine/category/watches/?x=1#top');
  });

  it('leaves other sites, server addresses, new tabs, downloads, anchors and modified clicks to the browser', () => {
    expect(inAppHref(click, anchor('https://elsewhere.example/nl'), origin)).toBeNull();
    expect(inAppHref(click, anchor('/media/content/a.svg'), origin)).toBeNull();
    expect(inAppHref(click, anchor('/api/content/cms_page'), origin)).toBeNull();
    expect(inAppHref(click, anchor('/sitemap.xml'), origin)).toBeNull();
    expect(inAppHref(click, anchor('/nl/i/x', { target: '_blank' }), origin)).toBeNull();
    expect(inAppHref(click, anchor('/nl/i/x', { download: '' }), origin)).toBeNull();
    expect(inAppHref(click, anchor('#section'), origin)).toBeNull();
    expect(inAppHref({ ...click, metaKey: true }, anchor('/nl/i/x'), origin)).toBeNull();
    expect(inAppHref({ ...click, button: 1 }, anchor('/nl/i/x'), origin)).toBeNull();
  });
});

describe('structured data', () => {
  const boutique: Boutique = {
    id: 'amsterdam',
    name: 'Horloge & Diamant Amsterdam',
    street: 'P.C. Hooftstraat 1',
    zip: '1071 BL',
    city: 'Amsterdam',
    country: 'NL',
    phone: '+31 20 123 4567',
    email: 'amsterdam@shop.test',
    latitude: 52.36,
    longitude: 4.88,
    timezone: 'Europe/Amsterdam',
    opening_hours: { weekly: { mon: [], tue: [['10:00', '18:00']], sat: [['10:00', '13:00'], ['14:00', '24:00']] } } as Boutique['opening_hours'],
    slot_minutes: 30,
    stores: ['nl', 'en'],
    position: 0,
  };

  it('names each boutique as a local business with its address and opening hours', () => {
    const data = storeLocatorJsonLd([boutique], 'Horloge & Diamant', 'https://shop.test/en') as { '@type': string; department: Array<Record<string, unknown>> };
    expect(data['@type']).toBe('Organization');
    expect(data.department[0]).toMatchObject({
      '@type': 'JewelryStore',
      name: 'Horloge & Diamant Amsterdam',
      address: { '@type': 'PostalAddress', streetAddress: 'P.C. Hooftstraat 1', postalCode: '1071 BL', addressLocality: 'Amsterdam', addressCountry: 'NL' },
      telephone: '+31 20 123 4567',
      geo: { '@type': 'GeoCoordinates', latitude: 52.36, longitude: 4.88 },
    });
    expect(openingHours(boutique)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Tuesday', opens: '10:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '10:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '14:00', closes: '23:59' },
    ]);
  });

  it('gives the shop an AggregateRating only when it has ratings', () => {
    expect(aggregateRatingJsonLd({ average: 4.7, count: 23, distribution: [0, 0, 1, 4, 18] }, 'Shop', 'https://shop.test/nl')).toMatchObject({ aggregateRating: { ratingValue: 4.7, reviewCount: 23 } });
    expect(aggregateRatingJsonLd({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] }, 'Shop', 'https://shop.test/nl')).toBeNull();
  });
});
