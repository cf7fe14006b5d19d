import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { EnhancedSelectProps } from './props';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "curacao" finds Curaçao, "saint barth" Saint Barthélemy: people type names without accents. */
const ignoringAccents: OptionsFilter = ({ options, search }) => {
  const key = fold(search.trim());
  return (options as ComboboxItem[]).filter((option) => fold(option.label).includes(key));
};

export default function EnhancedSelect({ clearable, ...props }: EnhancedSelectProps) {
  return <Select {...props} clearable={clearable} searchable filter={ignoringAccents} comboboxProps={{ withinPortal: true }} />;
}
