import { useId } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { ChevronIcon } from '../../ui/icons.tsx';
import type { FilterGroup } from './filter-options.ts';

export function FilterPanel({ groups, onToggle, initiallyOpen = 3 }: { groups: FilterGroup[]; onToggle: (attribute: string, value: string) => void; initiallyOpen?: number }) {
  return (
    <div className="filter-panel">
      {groups.map((group, index) => (
        <FilterGroupSection key={group.attribute} group={group} onToggle={onToggle} defaultOpen={index < initiallyOpen || group.options.some((o) => o.selected)} />
      ))}
    </div>
  );
}

function FilterGroupSection({ group, onToggle, defaultOpen }: { group: FilterGroup; onToggle: (attribute: string, value: string) => void; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const title = group.label ?? t('filters.price');
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
