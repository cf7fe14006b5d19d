import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { EnhancedSelectProps } from './props';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "curacao" finds Curaçao, "saint barth" Saint Barthélemy: people type names without accents. */
const ignoringAccents: OptionsFilter = ({ options, search }) => {
  const key = fold(search.trim());
  return (options as ComboboxItem[]).filter((option) => fold(option.label).includes(key));
};

export default function EnhancedSelect({ clearable, searchable = true, required, ...props }: EnhancedSelectProps) {
  return (
    <Select
      {...props}
      clearable={clearable}
      searchable={searchable}
      filter={searchable ? ignoringAccents : undefined}
      required={required}
      allowDeselect={!required}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
