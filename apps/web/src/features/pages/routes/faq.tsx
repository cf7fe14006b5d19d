import '@mantine/core/styles/Accordion.css';
import { Accordion, Button, Text } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';

const QUESTIONS = ['1', '2', '3'] as const;

/** Spec: the FAQ has three questions, one of them on video ads. */
export default function FaqScreen() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('faq.title')}>
      <Text mb="lg" c="dimmed">
        {t('faq.intro')}
      </Text>
      <Accordion variant="separated" multiple defaultValue={['1']} chevronPosition="right">
        {QUESTIONS.map((n) => (
          <Accordion.Item key={n} value={n}>
            <Accordion.Control>
              <Text component="span" fw={600}>
                {t(`faq.q${n}`)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text>{t(`faq.a${n}`)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Button component={Link} to={paths.feedback.to()} variant="light" mt="xl">
        {t('faq.sendFeedback')}
      </Button>
    </Page>
  );
}
