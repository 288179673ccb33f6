/**
 * The date and time of an appointment, from the boutique's free slots: first a day (only days with a free slot), then
 * a 30-minute time of that day, both as radio groups (arrow keys move within a group). Times are the boutique's own.
 * Slots read while offline say when they were true.
 */
import type { BoutiqueSlots } from '@shop/shared/forms/appointment.schema';
import { useId } from 'react';
import { useTranslation } from '../../app/i18n.ts';

const LOCALES: Record<string, string> = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** "Tue 16 Jun" of a calendar date, in the interface language. */
function dayLabel(date: string, language: string, style: 'short' | 'long'): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'en-GB', { timeZone: 'UTC', weekday: style, day: 'numeric', month: style }).format(Date.UTC(year!, month! - 1, day!, 12));
}

export function SlotPicker({
  slots,
  cached,
  date,
  slot,
  error,
  onDate,
  onSlot,
}: {
  slots: BoutiqueSlots | null;
  /** The slots were read earlier (offline): say as of when. */
  cached: boolean;
  date: string;
  slot: string;
  error: string | undefined;
  onDate: (date: string) => void;
  onSlot: (slot: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const days = (slots?.days ?? []).filter((day) => day.slots.length > 0);
  const chosen = days.find((day) => day.date === date);
  const asOf = slots ? new Intl.DateTimeFormat(LOCALES[i18n.language] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(slots.as_of) : '';

  return (
    <div className={`slot-picker${error ? ' slot-picker--error' : ''}`}>
      {cached && slots ? (
        <p className="slot-picker__as-of problem-note" role="status">
          {t('slots.asOf', { ns: 'appointments', time: asOf })}
        </p>
      ) : null}
      <fieldset className="slot-picker__group" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="slot-picker__legend">{t('fields.date', { ns: 'appointments' })}</legend>
        {slots === null ? (
          <p className="slot-picker__empty">{t('slots.loading', { ns: 'appointments' })}</p>
        ) : days.length === 0 ? (
          <p className="slot-picker__empty">{t('slots.none', { ns: 'appointments' })}</p>
        ) : (
          <div className="slot-picker__days">
            {days.map((day) => (
              <label key={day.date} className={`slot-chip${day.date === date ? ' slot-chip--on' : ''}`}>
                <input type="radio" name="date" value={day.date} checked={day.date === date} onChange={() => onDate(day.date)} aria-label={dayLabel(day.date, i18n.language, 'long')} />
                <span aria-hidden="true">{dayLabel(day.date, i18n.language, 'short')}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {chosen ? (
        <fieldset className="slot-picker__group" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="slot-picker__legend">{t('fields.time', { ns: 'appointments' })}</legend>
          <div className="slot-picker__times">
            {chosen.slots.map((option) => (
              <label key={option.slot} className={`slot-chip slot-chip--time${option.slot === slot ? ' slot-chip--on' : ''}`}>
                <input type="radio" name="slot" value={option.slot} checked={option.slot === slot} onChange={() => onSlot(option.slot)} />
                <span>{option.time}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
