import { Alert, Button, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { contactRequestInput, type ContactRequestInput, type SessionUser } from '@caribconnect/shared';
import { useErrorText } from '../../../lib/errors';
import { useSendRequest } from '../api/send-request';

/** The shared schema speaks English; these of its messages are shown in the reader's language. */
const SCHEMA_MESSAGES: Record<string, string> = {
  'Your full name is required.': 'contact.errors.fullName',
  'Please enter a valid email address.': 'contact.errors.email',
  'Phone number is required.': 'contact.errors.phone',
  'Message is required.': 'contact.errors.message',
};

/** Contact a Consultant: four required fields; cleared on success (spec section 4). */
export function ContactForm({ consultantId, user }: { consultantId: string; user: SessionUser }) {
  const { t } = useTranslation('consultants');
  const errorText = useErrorText();
  const send = useSendRequest(consultantId);
  const initialValues: ContactRequestInput = { fullName: user.fullName, email: user.email, phone: '', message: '' };
  const form = useForm<ContactRequestInput>({ initialValues, validate: schemaResolver(contactRequestInput, { sync: true }), validateInputOnBlur: true });
  const field = (name: keyof ContactRequestInput) => {
    const props = form.getInputProps(name);
    const key = typeof props.error === 'string' ? SCHEMA_MESSAGES[props.error] : undefined;
    return key ? { ...props, error: t(key) } : props;
  };

  const submit = form.onSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        // Spec: the form is cleared on success.
        form.setValues({ fullName: '', email: '', phone: '', message: '' });
        form.resetDirty();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {send.isSuccess && <Alert color="teal" role="status" title={t('contact.success')} styles={{ title: { color: 'var(--mantine-color-text)' } }} />}
        {send.isError && (
          <Alert color="red" role="alert" title={t('contact.failed')}>
            {errorText(send.error)}
          </Alert>
        )}
        <TextInput label={t('contact.fullName')} required maxLength={120} autoComplete="name" {...field('fullName')} />
        <TextInput label={t('contact.email')} type="email" required maxLength={200} autoComplete="email" {...field('email')} />
        <TextInput label={t('contact.phone')} type="tel" required maxLength={40} autoComplete="tel" {...field('phone')} />
        <Textarea label={t('contact.message')} required autosize minRows={4} maxRows={10} maxLength={2000} {...field('message')} />
        <Button type="submit" disabled={send.isPending} leftSection={send.isPending ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
          {send.isPending ? t('contact.sending') : t('contact.send')}
        </Button>
      </Stack>
    </form>
  );
}
