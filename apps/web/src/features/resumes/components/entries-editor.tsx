import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Grid.css';
import { ActionIcon, Button, Grid, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { RESUME_LIMITS, type ResumeEntry } from '@caribconnect/shared';
import classes from './resumes.module.css';

/** An entry being edited; `key` keeps React's identity through reordering. */
export type DraftEntry = ResumeEntry & { key: string };

let nextKey = 0;
export const draftEntry = (e: Partial<ResumeEntry> = {}): DraftEntry => ({ title: '', place: '', period: '', detail: '', ...e, key: `entry-${++nextKey}` });

type Kind = 'education' | 'experience';
const FIELDS = ['title', 'place', 'period'] as const;
const SPAN = { title: 5, place: 4, period: 3 } as const;

interface Props {
  kind: Kind;
  value: DraftEntry[];
  onChange: (next: DraftEntry[]) => void;
  /** Field errors keyed `${index}.${field}`. */
  errors: Record<string, string>;
  disabled?: boolean;
}

/** Several education or experience entries: add, edit, remove and reorder. */
export function EntriesEditor({ kind, value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation('resumes');
  const tk = (key: string, opts: Record<string, unknown> = {}) => t(`entries.${kind}.${key}`, opts);
  const set = (i: number, patch: Partial<ResumeEntry>) => onChange(value.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
    // Keep the keyboard on the entry that moved.
    requestAnimationFrame(() => document.getElementById(`${value[i]!.key}-${by < 0 ? 'up' : 'down'}`)?.focus());
  };
  const remove = (i: number) => onChange(value.filter((_, j) => j !== i));
  const add = () => {
    const entry = draftEntry();
    onChange([...value, entry]);
    requestAnimationFrame(() => document.getElementById(`${entry.key}-title`)?.focus());
  };
  const full = value.length >= RESUME_LIMITS.entries;
  const maxOf = { title: RESUME_LIMITS.entryTitle, place: RESUME_LIMITS.entryPlace, period: RESUME_LIMITS.entryPeriod } as const;

  return (
    <section aria-labelledby={`${kind}-heading`}>
      <Title order={2} size="h4" id={`${kind}-heading`} mb="xs">
        {tk('heading')}
      </Title>
      <Stack gap="sm">
        {value.length === 0 && (
          <Text c="dimmed" size="sm">
            {tk('empty')}
          </Text>
        )}
        {value.map((entry, i) => {
          const name = tk('entry', { n: i + 1 });
          return (
            <fieldset key={entry.key} className={classes.entry} disabled={disabled}>
              <legend>{name}</legend>
              <Stack gap="xs">
                <Grid gap="xs">
                  {FIELDS.map((field) => (
                    <Grid.Col key={field} span={{ base: 12, sm: SPAN[field] }}>
                      <TextInput
                        id={`${entry.key}-${field}`}
                        label={tk(field)}
                        placeholder={field === 'period' ? t('entries.periodPlaceholder') : undefined}
                        value={entry[field]}
                        maxLength={maxOf[field]}
                        onChange={(e) => set(i, { [field]: e.currentTarget.value })}
                        error={errors[`${i}.${field}`]}
                      />
                    </Grid.Col>
                  ))}
                </Grid>
                <Textarea
                  label={tk('detail')}
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={RESUME_LIMITS.entryDetail}
                  value={entry.detail}
                  onChange={(e) => set(i, { detail: e.currentTarget.value })}
                  error={errors[`${i}.detail`]}
                />
                <Group gap="xs" justify="flex-end">
                  <ActionIcon
                    id={`${entry.key}-up`}
                    variant="default"
                    size="lg"
                    onClick={() => move(i, -1)}
                    disabled={disabled || i === 0}
                    aria-label={t('entries.moveUp', { entry: name })}
                  >
                    <span aria-hidden>↑</span>
                  </ActionIcon>
                  <ActionIcon
                    id={`${entry.key}-down`}
                    variant="default"
                    size="lg"
                    onClick={() => move(i, 1)}
                    disabled={disabled || i === value.length - 1}
                    aria-label={t('entries.moveDown', { entry: name })}
                  >
                    <span aria-hidden>↓</span>
                  </ActionIcon>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="compact-sm"
                    onClick={() => remove(i)}
                    disabled={disabled}
                    aria-label={t('entries.remove', { entry: name })}
                  >
                    {t('entries.removeShort')}
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          );
        })}
        <Group gap="sm">
          <Button variant="light" onClick={add} disabled={disabled || full}>
            {tk('add')}
          </Button>
          {full && (
            <Text size="sm" c="dimmed">
              {t('entries.max', { max: RESUME_LIMITS.entries })}
            </Text>
          )}
        </Group>
      </Stack>
    </section>
  );
}
