import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Button, Card, Checkbox, CloseButton, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { QUESTION_KINDS, QUESTION_OPTION_MAX, QUESTION_OPTIONS_MAX, QUESTION_TEXT_MAX, QUESTIONS_MAX, YES_NO, type QuestionKind } from '@caribconnect/shared';
import { useTranslation } from '../../../lib/use-translation';

/** One question as the form holds it: the shared schema's input shape (decision 0075). */
export interface QuestionDraft {
  id?: string;
  kind: QuestionKind;
  text: string;
  required: boolean;
  options: string[];
  knockout: boolean;
  accept: string[];
}

export const newQuestion = (): QuestionDraft => ({ kind: 'yesno', text: '', required: true, options: [], knockout: false, accept: [] });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Form = UseFormReturnType<any>;

/**
 * The job form's screening questions: up to 10, each with its kind, whether it is required, a choice
 * question's options, and for a yes/no or choice question whether it is a knockout and which answers
 * meet it. Every control is labelled with its question's number; it stacks on a phone.
 */
export function QuestionsEditor({ form, editing }: { form: Form; editing: boolean }) {
  const { t } = useTranslation('employer');
  const questions = form.values.questions as QuestionDraft[];
  const path = (i: number, key: keyof QuestionDraft) => `questions.${i}.${key}`;
  const set = (i: number, change: Partial<QuestionDraft>) => form.setFieldValue(`questions.${i}`, { ...questions[i]!, ...change });
  return (
    <Fieldset legend={t('questions.legend')} variant="filled" p="sm">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('questions.hint', { max: QUESTIONS_MAX })}
          {editing && ` ${t('questions.editHint')}`}
        </Text>
        {typeof form.errors.questions === 'string' && (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.questions}
          </Text>
        )}
        {questions.map((q, i) => {
          const n = i + 1;
          const knockable = q.kind === 'yesno' || q.kind === 'choice';
          return (
            <Card key={i} withBorder padding="sm" component="section" aria-label={t('questions.number', { n })}>
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm">
                  {t('questions.number', { n })}
                </Text>
                <CloseButton aria-label={t('questions.remove', { n })} onClick={() => form.removeListItem('questions', i)} />
              </Group>
              <Stack gap="xs">
                <TextInput label={t('questions.text')} required maxLength={QUESTION_TEXT_MAX} {...form.getInputProps(path(i, 'text'))} />
                <NativeSelect
                  label={t('questions.kind')}
                  data={QUESTION_KINDS.map((k) => ({ value: k, label: t(`questions.kinds.${k}`) }))}
                  value={q.kind}
                  onChange={(e) => {
                    const kind = e.currentTarget.value as QuestionKind;
                    set(i, { kind, options: kind === 'choice' ? (q.options.length ? q.options : ['', '']) : [], knockout: false, accept: [] });
                  }}
                />
                {q.kind === 'choice' && (
                  <Fieldset legend={t('questions.options')} variant="unstyled" p={0}>
                    <Stack gap={6}>
                      {q.options.map((o, j) => (
                        <Group key={j} gap={6} wrap="nowrap" align="flex-end">
                          <TextInput
                            style={{ flex: 1 }}
                            label={t('questions.option', { n: j + 1 })}
                            maxLength={QUESTION_OPTION_MAX}
                            value={o}
                            error={form.errors[`${path(i, 'options')}.${j}`]}
                            onChange={(e) => {
                              const options = [...q.options];
                              const before = options[j]!;
                              options[j] = e.currentTarget.value;
                              set(i, { options, accept: q.accept.map((a) => (a === before ? options[j]! : a)) });
                            }}
                          />
                          <CloseButton
                            mb={6}
                            aria-label={t('questions.removeOption', { n: j + 1, question: n })}
                            onClick={() => set(i, { options: q.options.filter((_, k) => k !== j), accept: q.accept.filter((a) => a !== o) })}
                          />
                        </Group>
                      ))}
                      {typeof form.errors[path(i, 'options')] === 'string' && (
                        <Text size="xs" c="red.9">
                          {form.errors[path(i, 'options')]}
                        </Text>
                      )}
                      {q.options.length < QUESTION_OPTIONS_MAX && (
                        <Button variant="subtle" size="xs" px={0} style={{ alignSelf: 'flex-start' }} onClick={() => set(i, { options: [...q.options, ''] })}>
                          {t('questions.addOption')}
                        </Button>
                      )}
                    </Stack>
                  </Fieldset>
                )}
                <Checkbox label={t('questions.required')} checked={q.required} onChange={(e) => set(i, { required: e.currentTarget.checked })} />
                {knockable && (
                  <Checkbox
                    label={t('questions.knockout')}
                    description={t('questions.knockoutHint')}
                    checked={q.knockout}
                    onChange={(e) => set(i, { knockout: e.currentTarget.checked, accept: e.currentTarget.checked && q.kind === 'yesno' ? ['yes'] : [] })}
                  />
                )}
                {q.knockout && q.kind === 'yesno' && (
                  <NativeSelect
                    label={t('questions.acceptYesNo')}
                    data={YES_NO.map((v) => ({ value: v, label: t(`questions.${v}`) }))}
                    value={q.accept[0] ?? 'yes'}
                    onChange={(e) => set(i, { accept: [e.currentTarget.value] })}
                  />
                )}
                {q.knockout && q.kind === 'choice' && (
                  <Fieldset legend={t('questions.acceptChoice')} variant="unstyled" p={0}>
                    <Stack gap={4}>
                      {q.options
                        .filter((o) => o.trim())
                        .map((o) => (
                          <Checkbox
                            key={o}
                            label={o}
                            checked={q.accept.includes(o)}
                            onChange={(e) => set(i, { accept: e.currentTarget.checked ? [...q.accept, o] : q.accept.filter((a) => a !== o) })}
                          />
                        ))}
                    </Stack>
                  </Fieldset>
                )}
                {typeof form.errors[path(i, 'accept')] === 'string' && (
                  <Text size="xs" c="red.9">
                    {form.errors[path(i, 'accept')]}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
        {questions.length < QUESTIONS_MAX && (
          <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => form.insertListItem('questions', newQuestion())}>
            {t('questions.add')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
