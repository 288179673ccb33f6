/**
 * Structured data (JSON-LD, schema.org) the content side writes into a page's head (issue 18 item 11): the shop as
 * an Organization with its boutiques as local businesses (store locator), and the shop's rating (testimonials).
 * Pure, so it is tested without a page.
 */
import type { TestimonialRatings } from '@shop/shared/content/content.schema';
import { WEEKDAYS, type Boutique, type Weekday } from '@shop/shared/forms/appointment.schema';

const DAY_NAMES: Readonly<Record<Weekday, string>> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** The shop's rating: an Organization with its AggregateRating (only when it has ratings; an empty one is invalid). */
export function aggregateRatingJsonLd(ratings: TestimonialRatings, shopName: string, url: string): object | null {
  if (ratings.count === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shopName,
    url,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: ratings.average, reviewCount: ratings.count, bestRating: 5, worstRating: 1 },
  };
}

/** A boutique's week, one specification per day and opening range ("24:00" is written as "23:59", as schema.org wants). */
export function openingHours(boutique: Pick<Boutique, 'opening_hours'>): object[] {
  return WEEKDAYS.flatMap((day) =>
    (boutique.opening_hours.weekly[day] ?? []).map(([opens, closes]) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAY_NAMES[day]}`,
      opens,
      closes: closes === '24:00' ? '23:59' : closes,
    })),
  );
}

/** The shop (Organization) with each boutique as a JewelryStore (a LocalBusiness) with its address and hours. */
export function storeLocatorJsonLd(boutiques: readonly Boutique[], shopName: string, shopUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shopName,
    url: shopUrl,
    department: boutiques.map((boutique) => ({
      '@type': 'JewelryStore',
      name: boutique.name,
      address: { '@type': 'PostalAddress', streetAddress: boutique.street, postalCode: boutique.zip, addressLocality: boutique.city, addressCountry: boutique.country },
      ...(boutique.phone ? { telephone: boutique.phone } : {}),
      ...(boutique.email ? { email: boutique.email } : {}),
      ...(boutique.latitude !== null && boutique.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: boutique.latitude, longitude: boutique.longitude } } : {}),
      openingHoursSpecification: openingHours(boutique),
    })),
  };
}
