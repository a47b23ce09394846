import { useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { cx } from '../../../components/ui/cx';

export interface FilterSection {
  /** The query key: category or brand. */
  id: string;
  name: string;
  options: readonly { value: string; label: string }[];
}

export interface FilterPanelProps {
  sections: readonly FilterSection[];
  /** Ticked values per section id. */
  selected: Readonly<Record<string, readonly string[]>>;
  onToggle: (sectionId: string, value: string, checked: boolean) => void;
  onClear?: () => void;
  className?: string;
}

export const countSelected = (selected: FilterPanelProps['selected']) =>
  Object.values(selected).reduce((n, v) => n + v.length, 0);

export function FilterPanel({ sections, selected: props, onToggle, onClear, className }: FilterPanelProps) {
  // The ticks show at once, even while the URL (the source of truth) updates in a transition.
  const [local, setLocal] = useState({ base: props, value: props });
  const selected = local.base === props ? local.value : props;
  const count = countSelected(selected);

  function toggle(sectionId: string, value: string, checked: boolean) {
    const others = (selected[sectionId] ?? []).filter((v) => v !== value);
    setLocal({ base: props, value: { ...selected, [sectionId]: checked ? [...others, value] : others } });
    onToggle(sectionId, value, checked);
  }

  return (
    <div className={cx('space-y-6', className)}>
      {sections.map((section) => (
        <fieldset key={section.id} className="border-b border-sand pb-5 last:border-b-0">
          <legend className="mb-2 font-serif text-base font-semibold text-ink">{section.name}</legend>
          <div className="max-h-96 space-y-0.5 overflow-y-auto pr-1">
            {section.options.map((o) => (
              <Checkbox
                key={o.value}
                label={o.label}
                name={section.id}
                value={o.value}
                checked={selected[section.id]?.includes(o.value) ?? false}
                onChange={(e) => toggle(section.id, o.value, e.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {onClear && count > 0 && (
        <button
          type="button"
          onClick={onClear}
          className="min-h-11 text-sm font-medium text-teal underline-offset-4 hover:underline"
        >
          Clear all filters
        </button>
      )}
    </div>
  );
}
