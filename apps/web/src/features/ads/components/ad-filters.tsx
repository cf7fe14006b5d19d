import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdCategories } from '../api/get-ad-categories';
import { useAdFilters } from './use-ad-filters';
import { useCategoryLabel } from './use-category-label';

/** Search box and category filter; both write the URL (the search 400 ms after the last keystroke). */
export function AdFiltersPanel() {
  const { t } = useTranslation('ads');
  const { filters, setFilters, active } = useAdFilters();
  const categories = useAdCategories();
  const label = useCategoryLabel();
  const [text, setText] = useState(filters.q ?? '');
  const lastSent = useRef(filters.q ?? '');
  const send = useDebouncedCallback((q: string) => {
    lastSent.current = q;
    setFilters({ q });
  }, 400);

  // Follow the URL when it changes elsewhere (back button, Clear filters).
  useEffect(() => {
    const q = filters.q ?? '';
    if (q !== lastSent.current) {
      lastSent.current = q;
      setText(q);
    }
  }, [filters.q]);

  const options = [{ value: '', label: t('allCategories') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: label(c.slug, c.name) }))];

  return (
    <Paper
      component="form"
      role="search"
      withBorder
      p="sm"
      mb="md"
      onSubmit={(e) => {
        e.preventDefault();
        send.cancel();
        lastSent.current = text;
        setFilters({ q: text });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          type="search"
          maxLength={100}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            send(e.currentTarget.value);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        {/* A short list: the phone's own picker, and no Select code on the list's first load. */}
        <NativeSelect
          label={t('category')}
          data={options}
          value={filters.category ?? ''}
          onChange={(e) => setFilters({ category: e.currentTarget.value })}
          style={{ flex: '1 1 12rem' }}
        />
        <Group gap="xs">
          <Button type="submit">{t('searchButton')}</Button>
          {active && (
            <Button
              variant="default"
              onClick={() => {
                send.cancel();
                lastSent.current = '';
                setText('');
                setFilters({ q: '', category: '' });
              }}
            >
              {t('clear')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
