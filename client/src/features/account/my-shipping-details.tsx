/** MyShippingDetails: the customer's addresses with the labels of spec 2 §3; adding, editing and removing one. */
import { checkCity, checkName, checkRequired, checkShipToCountry, checkTaxId, checkZipCode } from '@shop/shared/account/account-fields';
import type { CustomerAddress } from '@shop/shared/account/account.schema';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { storeCountryFor, useShipToCountries } from '../checkout/checkout-config.ts';
import { FormFailure, SubmitButton, TextField, useAccountForm } from './account-form.tsx';
import { updateProfileTask } from './profile-task.ts';
import { loadSessionModule } from './session-loader.ts';
import { useSessionUser } from './session-store.ts';

export function ShippingDetailsSection() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const store = useStore();
  // The checkout's ship-to countries: an address saved here is one the checkout takes.
  const countries = useShipToCountries(store);
  const profile = user?.current;
  // null: the list; -1: a new address; otherwise the index being edited.
  const [editing, setEditing] = useState<number | null>(null);
  if (!profile) return <p className="account-muted" aria-busy="true">{t('myAccount.loading', { ns: 'account' })}</p>;
  const addresses = profile.addresses;
  const countryName = (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };

  // A queued task like the profile's (spec 2 §7 "POST /api/user/me"): offline it is saved on this device and the
  // list shows the change once the shop has it; a refusal throws, and the form keeps what was typed.
  const save = async (next: CustomerAddress[]) => {
    const session = await loadSessionModule();
    const outcome = await updateProfileTask({ firstname: profile.firstname, lastname: profile.lastname, addresses: next });
    if (outcome === 'queued') session.showAccountNotice('info', 'notices.profileQueued');
    else session.showAccountNotice('success', 'notices.accountUpdated');
    setEditing(null);
  };

  if (editing !== null) {
    const address = editing >= 0 ? addresses[editing] : undefined;
    return (
      <>
        <h2 className="account-content__title">{t(address ? 'address.editTitle' : 'address.new', { ns: 'account' })}</h2>
        <AddressForm
          address={address}
          defaults={{ firstname: profile.firstname, lastname: profile.lastname, country: storeCountryFor(store, countries) ?? countries[0] ?? '' }}
          countries={countries}
          countryName={countryName}
          onCancel={() => setEditing(null)}
          onSave={(saved) => {
            const others = addresses.filter((_, index) => index !== editing).map((other) => (saved.default_shipping ? { ...other, default_shipping: false } : other));
            return save(editing >= 0 ? addresses.map((other, index) => (index === editing ? saved : saved.default_shipping ? { ...other, default_shipping: false } : other)) : [...others, saved]);
          }}
        />
      </>
    );
  }

  return (
    <>
      <h2 className="account-content__title">{t('shipping.title', { ns: 'account' })}</h2>
      {addresses.length === 0 ? <p className="account-muted">{t('address.none', { ns: 'account' })}</p> : null}
      <ul className="account-addresses">
        {addresses.map((address, index) => (
          <li key={address.id ?? index} className="account-card account-address">
            {address.default_shipping ? <span className="account-badge">{t('address.default', { ns: 'account' })}</span> : null}
            <address>
              {address.firstname} {address.lastname}
              {address.company ? <><br />{address.company}</> : null}
              <br />
              {address.street.filter(Boolean).join(' ')}
              <br />
              {address.postcode} {address.city}
              {address.region ? `, ${address.region}` : ''}
              <br />
              {countryName(address.country_id)}
              {address.telephone ? <><br />{address.telephone}</> : null}
            </address>
            <div className="account-address__actions">
              <button type="button" className="button button--secondary" onClick={() => setEditing(index)}>
                {t('actions.edit', { ns: 'account' })}
              </button>
              <button type="button" className="account-form__link" onClick={() => void save(addresses.filter((_, other) => other !== index))}>
                {t('actions.removeAddress', { ns: 'account' })}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => setEditing(-1)}>
        {t('actions.addAddress', { ns: 'account' })}
      </button>
    </>
  );
}

function AddressForm({
  address,
  defaults,
  countries,
  countryName,
  onSave,
  onCancel,
}: {
  address: CustomerAddress | undefined;
  defaults: { firstname: string; lastname: string; country: string };
  countries: readonly string[];
  countryName: (code: string) => string;
  onSave: (address: CustomerAddress) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [isDefault, setDefault] = useState(address?.default_shipping ?? true);
  const form = useAccountForm(
    {
      firstname: address?.firstname ?? defaults.firstname,
      lastname: address?.lastname ?? defaults.lastname,
      company: address?.company ?? '',
      street: address?.street[0] ?? '',
      houseNumber: address?.street[1] ?? '',
      addition: address?.street[2] ?? '',
      postcode: address?.postcode ?? '',
      city: address?.city ?? '',
      region: address?.region ?? '',
      country_id: address?.country_id ?? defaults.country,
      telephone: address?.telephone ?? '',
      vat_id: address?.vat_id ?? '',
    },
    {
      firstname: (v) => checkName(v.firstname),
      lastname: (v) => checkName(v.lastname),
      street: (v) => checkRequired(v.street),
      houseNumber: (v) => checkRequired(v.houseNumber),
      postcode: (v) => checkZipCode(v.postcode),
      city: (v) => checkCity(v.city),
      vat_id: (v) => checkTaxId(v.vat_id),
      country_id: (v) => checkShipToCountry(v.country_id, countries),
    },
  );
  const label = (key: string) => t(`address.${key}`, { ns: 'account' });
  const country = form.field('country_id');
  return (
    <form
      className="account-form account-card"
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        const street = [v.street.trim(), v.houseNumber.trim(), v.addition.trim()];
        await onSave({
          ...(address?.id ? { id: address.id } : {}),
          firstname: v.firstname.trim(),
          lastname: v.lastname.trim(),
          ...(v.company.trim() ? { company: v.company.trim() } : {}),
          street: street[2] ? street : street.slice(0, 2),
          postcode: v.postcode.trim(),
          city: v.city.trim(),
          ...(v.region.trim() ? { region: v.region.trim() } : {}),
          country_id: v.country_id,
          ...(v.telephone.trim() ? { telephone: v.telephone.trim() } : {}),
          ...(v.vat_id.trim() ? { vat_id: v.vat_id.trim() } : {}),
          default_shipping: isDefault,
          default_billing: address?.default_billing ?? isDefault,
        });
      })}
    >
      <div className="account-form__row">
        <TextField label={label('firstname')} autoComplete="given-name" required {...form.field('firstname')} />
        <TextField label={label('lastname')} autoComplete="family-name" required {...form.field('lastname')} />
      </div>
      <TextField label={label('company')} autoComplete="organization" {...form.field('company')} />
      <div className="account-form__row account-form__row--street">
        <TextField label={label('street')} autoComplete="address-line1" required {...form.field('street')} />
        <TextField label={label('houseNumber')} autoComplete="address-line2" required {...form.field('houseNumber')} />
        <TextField label={label('addition')} autoComplete="address-line3" {...form.field('addition')} />
      </div>
      <div className="account-form__row">
        <TextField label={label('postcode')} autoComplete="postal-code" required {...form.field('postcode')} />
        <TextField label={label('city')} autoComplete="address-level2" required {...form.field('city')} />
      </div>
      <div className="account-form__row">
        <TextField label={label('region')} autoComplete="address-level1" {...form.field('region')} />
        <div className="form-field">
          <label className="form-field__label" htmlFor="account-country">
            {label('country')}
          </label>
          <select
            id="account-country"
            className="form-field__input"
            name="country_id"
            autoComplete="country"
            value={country.value}
            aria-invalid={country.error ? true : undefined}
            aria-describedby={country.error ? 'account-country-error' : undefined}
            onChange={(event) => country.onChange(event.target.value)}
          >
            {/* An address saved before keeps its country on show, with the message saying why it must change. */}
            {(countries.includes(country.value) || country.value === '' ? countries : [...countries, country.value]).map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
          {country.error ? (
            <p id="account-country-error" className="form-field__error">
              {country.error}
            </p>
          ) : null}
        </div>
      </div>
      <div className="account-form__row">
        <TextField label={label('telephone')} type="tel" autoComplete="tel" {...form.field('telephone')} />
        <TextField label={label('vatId')} {...form.field('vat_id')} />
      </div>
      <label className="account-check">
        <input type="checkbox" checked={isDefault} onChange={(event) => setDefault(event.target.checked)} />
        {label('defaultShipping')}
      </label>
      <FormFailure message={form.failure} />
      <div className="account-form__actions">
        <SubmitButton busy={form.busy} label={t('actions.save', { ns: 'account' })} busyLabel={t('actions.saving', { ns: 'account' })} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('actions.cancel', { ns: 'account' })}
        </button>
      </div>
    </form>
  );
}
