import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode, RefObject } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';

/**
 * The frame shared by Log In and Sign Up: error, fields, submit, the social sign-in note, the other
 * screen's link. A real form posting to `action` (this page), so it works before the scripts run
 * (lib/form-post.ts); once hydrated, `onSubmit` takes over with fetch.
 */
export function AuthForm(props: {
  title: string;
  action: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  submitLabel: string;
  pending: boolean;
  other: { question: string; label: string; to: string };
  children: ReactNode;
}) {
  const { t } = useTranslation(['common', 'auth']);
  return (
    <Page title={props.title} size="xs">
      <Paper
        withBorder
        p="lg"
        component="form"
        method="post"
        action={props.action}
        ref={props.formRef}
        onSubmit={props.onSubmit}
        noValidate
        aria-label={props.title}
      >
        <Stack>
          {props.error && (
            <Alert color="red" role="alert">
              {props.error}
            </Alert>
          )}
          {props.children}
          <Button type="submit" loading={props.pending} fullWidth>
            {props.submitLabel}
          </Button>
          <Text size="sm" c="dimmed">
            {t('auth:socialNotAvailable')}
          </Text>
          <Text size="sm">
            {props.other.question}{' '}
            <Anchor component={Link} to={props.other.to}>
              {props.other.label}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Page>
  );
}
