import { emptyCheckoutDraft, setDraftField } from '@shop/shared/sync/checkout-draft';
import { describe, expect, it } from 'vitest';
import { storeCountryFor } from './checkout-config.ts';
import { personalToShipping, profileFill, storeCountryPreset } from './checkout-draft-store.ts';

const profile = {
  id: 1,
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  group_id: 1,
  default_shipping: 7,
  addresses: [
    { id: 3, firstname: 'Ada', lastname: 'Lovelace', street: ['Other'], city: 'Delft', postcode: '2611 AA', country_id: 'nl' },
    { id: 7, firstname: 'Ada', lastname: 'Lovelace', street: ['Kalverstraat', '1', 'A'], city: 'Amsterdam', postcode: '1012 NX', country_id: 'nl', telephone: '0612' },
  ],
};

describe('a customer’s profile prefills the draft', () => {
  it('fills the empty fields from the profile and the default shipping address', () => {
    const writes = profileFill(emptyCheckoutDraft('checkout', 'w'), profile);
    expect(writes).toContainEqual({ section: 'personalDetails', field: 'emailAddress', value: 'ada@example.com' });
    expect(writes).toContainEqual({ section: 'personalDetails', field: 'phoneNumber', value: '0612' });
    expect(writes).toContainEqual({ section: 'shippingDetails', field: 'city', value: 'Amsterdam' });
    expect(writes).toContainEqual({ section: 'shippingDetails', field: 'apartmentNumber', value: '1 A' });
    expect(writes).toContainEqual({ section: 'shippingDetails', field: 'country', value: 'NL' });
    expect(writes.some((write) => write.section === 'paymentDetails')).toBe(false);
  });

  it('never overwrites what the shopper typed', () => {
    const typed = setDraftField(emptyCheckoutDraft('checkout', 'w'), 'personalDetails', 'emailAddress', 'typed@example.com', { id: 'x', at: 1, replica: 'r' });
    expect(profileFill(typed, profile).find((write) => write.field === 'emailAddress' && write.section === 'personalDetails')).toBeUndefined();
  });
});

describe('the shipping address starts from Personal Details', () => {
  const stamp = { id: 'x', at: 1, replica: 'r' };
  it('copies the name and phone into empty shipping fields only', () => {
    let draft = emptyCheckoutDraft('checkout', 'w');
    draft = setDraftField(draft, 'personalDetails', 'firstName', 'Anna', stamp);
    draft = setDraftField(draft, 'personalDetails', 'lastName', 'Jansen', stamp);
    draft = setDraftField(draft, 'personalDetails', 'phoneNumber', '0612345678', stamp);
    draft = setDraftField(draft, 'shippingDetails', 'lastName', 'de Vries', stamp);
    expect(personalToShipping(draft)).toEqual([
      { section: 'shippingDetails', field: 'firstName', value: 'Anna' },
      { section: 'shippingDetails', field: 'phoneNumber', value: '0612345678' },
    ]);
  });

  it('copies nothing blank', () => {
    const draft = setDraftField(emptyCheckoutDraft('checkout', 'w'), 'personalDetails', 'firstName', '  ', stamp);
    expect(personalToShipping(draft)).toEqual([]);
  });
});

describe('the store’s country is the shipping country until one is chosen', () => {
  const stamp = { id: 'x', at: 1, replica: 'r' };
  it('presets the Netherlands in the Dutch store when the shop ships there', () => {
    const draft = emptyCheckoutDraft('checkout', 'w');
    expect(storeCountryFor('nl', ['DE', 'IT', 'NL', 'US'])).toBe('NL');
    expect(storeCountryPreset(draft, [], storeCountryFor('nl', ['DE', 'IT', 'NL', 'US']))).toEqual([{ section: 'shippingDetails', field: 'country', value: 'NL' }]);
  });

  it('leaves a chosen country, a profile’s country, and a shop that does not ship to the store’s country alone', () => {
    const chosen = setDraftField(emptyCheckoutDraft('checkout', 'w'), 'shippingDetails', 'country', 'DE', stamp);
    expect(storeCountryPreset(chosen, [], 'NL')).toEqual([]);
    const fromProfile = profileFill(emptyCheckoutDraft('checkout', 'w'), { ...profile, addresses: [{ ...profile.addresses[1]!, country_id: 'it' }] });
    expect(storeCountryPreset(emptyCheckoutDraft('checkout', 'w'), fromProfile, 'NL')).toEqual([]);
    expect(storeCountryFor('nl', ['DE', 'US'])).toBeNull();
    expect(storeCountryPreset(emptyCheckoutDraft('checkout', 'w'), [], null)).toEqual([]);
  });
});
