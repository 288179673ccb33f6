import type { MeasureRange } from '@shop/shared';
import { measureBoundProblem, measureRangeValue } from '@shop/shared/catalogue/filters';
import { useId, useState, type FormEvent } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { ChevronIcon } from '../../ui/icons.tsx';
import { attributeLabel } from '../catalogue/attribute-labels.ts';
import type { FilterGroup, OptionsGroup, RangeGroup } from './filter-options.ts';

export interface FilterPanelActions {
  onToggle: (attribute: string, value: string) => void;
  /** Sets a range filter to a route query value ('30-36'), or clears it with ''. */
  onRange: (attribute: string, value: string) => void;
}

export function FilterPanel({ groups, onToggle, onRange, initiallyOpen = 3 }: { groups: FilterGroup[]; initiallyOpen?: number } & FilterPanelActions) {
  return (
    <div className="filter-panel">
      {groups.map((group, index) =>
        group.kind === 'range' ? (
          // Keyed by the value, so the fields show the chosen range again after a change from elsewhere (a chip, a URL).
          <RangeGroupSection key={`${group.attribute}:${group.value ? measureRangeValue(group.value) : ''}`} group={group} onRange={onRange} defaultOpen={index < initiallyOpen || group.value !== null} />
        ) : (
          <FilterGroupSection key={group.attribute} group={group} onToggle={onToggle} defaultOpen={index < initiallyOpen || group.options.some((o) => o.selected)} />
        ),
      )}
    </div>
  );
}

function FilterGroupSection({ group, onToggle, defaultOpen }: { group: OptionsGroup; onToggle: (attribute: string, value: string) => void; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const title = group.label === null ? t('filters.price') : attributeLabel(t, group.attribute, group.label);
  return (
    <details className="filter-group" open={defaultOpen}>
      <summary className="filter-group__summary">
        <span>{title}</span>
        <ChevronIcon />
      </summary>
      <fieldset className="filter-group__options">
        <legend className="visually-hidden">{title}</legend>
        {group.options.map((option) => {
          const inputId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="filter-option">
              <input id={inputId} type="checkbox" checked={option.selected} onChange={() => onToggle(group.attribute, option.value)} />
              <label htmlFor={inputId}>
                <span className="filter-option__label">{option.label}</span> <span className="filter-option__count">({option.count})</span>
              </label>
            </div>
          );
        })}
      </fieldset>
    </details>
  );
}

/** A range title; one per range attribute (only oculus_diameter so far). */
export function useRangeTitle(): (attribute: string) => string {
  const { t } = useTranslation();
  return (attribute) => (attribute === 'oculus_diameter' ? t('filters.oculusDiameter') : attribute);
}

/** '30–36.5 mm', 'from 30 mm', 'up to 36 mm', with the language's decimal comma where it has one. */
export function useRangeLabel(): (range: MeasureRange) => string {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  return ({ from, to }) => {
    if (from !== null && to !== null) return t('filters.range.between', { from: number.format(from), to: number.format(to) });
    return from !== null ? t('filters.range.atLeast', { from: number.format(from) }) : t('filters.range.atMost', { to: number.format(to ?? 0) });
  };
}

/**
 * Two number fields rather than a two-thumb slider: each has its own label, takes typing and the arrow keys, and
 * needs no script to be accessible. Applying sends the range to the route query; an empty field leaves that end open.
 */
function RangeGroupSection({ group, onRange, defaultOpen }: { group: RangeGroup; onRange: FilterPanelActions['onRange']; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const title = useRangeTitle()(group.attribute);
  const label = useRangeLabel();
  const id = useId();
  const [from, setFrom] = useState(group.value?.from?.toString() ?? '');
  const [to, setTo] = useState(group.value?.to?.toString() ?? '');
  // Spec 2 §5 'Must be greater than 0' under an end that is not a measure, shown from the first attempt to apply.
  const [tried, setTried] = useState(false);
  const problems = { from: tried ? measureBoundProblem(from) : null, to: tried ? measureBoundProblem(to) : null };
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (measureBoundProblem(from) || measureBoundProblem(to)) return;
    onRange(group.attribute, measureRangeValue({ from: number(from), to: number(to) }));
  };
  const bound = (end: 'from' | 'to', value: string, set: (value: string) => void) => (
    <label className="range-filter__field">
      <span>{t(`filters.range.${end}`)}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step={0.5}
        placeholder={String(end === 'from' ? group.min : group.max)}
        value={value}
        aria-invalid={problems[end] ? true : undefined}
        aria-describedby={problems[end] ? `${id}-${end}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </label>
  );
  const message = (end: 'from' | 'to') =>
    problems[end] ? (
      <p id={`${id}-${end}-error`} className="range-filter__error">
        {t(`filters.range.${end}`)}: {t(`filters.range.${problems[end]}`)}
      </p>
    ) : null;
  return (
    <details className="filter-group" open={defaultOpen}>
      <summary className="filter-group__summary">
        <span>{title}</span>
        <ChevronIcon />
      </summary>
      <form className="range-filter" onSubmit={apply} noValidate>
        <fieldset className="filter-group__options" aria-describedby={`${id}-hint`}>
          <legend className="visually-hidden">{title}</legend>
          <div className="range-filter__fields">
            {bound('from', from, setFrom)}
            <span className="range-filter__dash" aria-hidden="true">
              –
            </span>
            {bound('to', to, setTo)}
          </div>
          {message('from')}
          {message('to')}
          <p id={`${id}-hint`} className="range-filter__hint">
            {t('filters.range.available', { range: label({ from: group.min, to: group.max }) })}
          </p>
          <div className="range-filter__actions">
            <button type="submit" className="button button--secondary range-filter__apply">
              {t('filters.range.apply')}
            </button>
            {group.value ? (
              <button type="button" className="link-button" onClick={() => onRange(group.attribute, '')}>
                {t('filters.range.clear')}
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </details>
  );
}
