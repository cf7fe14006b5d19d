// The workspace's own parts, shipped with its chunk (styles.ts carries only what every screen uses).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { useMyCompanyRole } from '../../../lib/my-company';
import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  MultiSelect,
  NativeSelect,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { APPLICATION_STAGES, TEAM_STAGES, type Applicant, type ScreeningAnswer, type ScreeningQuestion, type TeamStage } from '@caribconnect/shared';
import { RequireUser } from '../../../components/require-user';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { EmptyState } from '../../../components/states';
import { PagedList } from '../../../components/paged-list';
import { useErrorText } from '../../../lib/errors';
import { useJob } from '../../../lib/job-query';
import { paths } from '../../../lib/paths';
import { APPLICANT_FILTER_NAMES, useApplicants, type ApplicantListParams } from '../api/get-applicants';
import { formFilters } from '../../../lib/filter-form';
import { useAddNote, useBulkMove, useMoveStage, useNotes, useRate, useStageCounts, useTeam, useUndoBatch } from '../api/pipeline';
import { formatDate } from '../../../lib/format-date';
import classes from '../components/applications.module.css';
import ApplicantEmailsChoice from '../components/applicant-emails';
import { applicantsCsvUrl, candidatePackUrl } from '../api/export';
import { workspaceKey } from '../components/workspace-keys';

/** A download link to an application document, or a note that there is none. */
function DocumentLink({ url, label, ariaLabel, missing }: { url: string | null; label: string; ariaLabel: string; missing: string }) {
  return url ? (
    <Anchor href={url} download size="sm" aria-label={ariaLabel}>
      {label}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {missing}
    </Text>
  );
}

/** The team's notes on one applicant, and a form to add one that may @mention teammates. */
function Notes({ applicant, jobId, name }: { applicant: Applicant; jobId: string; name: string }) {
  const { t, i18n } = useTranslation('applications');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const notes = useNotes(applicant.id, open);
  const team = useTeam(open);
  const add = useAddNote(jobId, applicant.id);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    add.mutate(
      { body, mentions },
      {
        onSuccess: () => {
          setBody('');
          setMentions([]);
          toast(t('workspace.noteAdded'));
        },
        onError: (err) => toast(errorText(err), 'error', t('workspace.noteFailed')),
      },
    );
  };
  return (
    <div>
      <Button
        variant="subtle"
        size="xs"
        px={0}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={t('workspace.notesOf', { name, count: applicant.notesCount })}
      >
        {t('workspace.notes', { count: applicant.notesCount })}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="xs" mt="xs">
          {notes.data?.items.map((n) => (
            <Card key={n.id} withBorder padding="xs" component="article">
              <Text size="xs" c="dimmed">
                {n.authorName ?? t('applicants.unknownApplicant')} · <time dateTime={n.createdAt}>{formatDate(n.createdAt, i18n.language)}</time>
              </Text>
              <Text size="sm" className={classes.preserve}>
                {n.body}
              </Text>
              {n.mentions.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('workspace.mentioned', { names: n.mentions.map((m) => m.name).join(', ') })}
                </Text>
              )}
            </Card>
          ))}
          <form onSubmit={submit}>
            <Stack gap="xs">
              <Textarea
                label={t('workspace.addNote')}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                maxLength={2000}
                autosize
                minRows={2}
                required
              />
              <MultiSelect
                label={t('workspace.mention')}
                data={(team.data ?? []).map((m) => ({ value: m.userId, label: m.fullName || m.email }))}
                value={mentions}
                onChange={setMentions}
                searchable
                clearable
              />
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={add.isPending}>
                  {t('workspace.saveNote')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Collapse>
    </div>
  );
}

/** The applicant's screening answers, each under the question as it was asked (decision 0075). */
function Answers({ answers }: { answers: ScreeningAnswer[] }) {
  const { t } = useTranslation('applications');
  if (!answers.length) return null;
  const shown = (a: ScreeningAnswer) => (a.kind === 'yesno' ? t(`workspace.${a.value === 'yes' ? 'yes' : 'no'}`) : a.value);
  return (
    <div>
      <Text size="sm" fw={600} mt="sm">
        {t('workspace.answersHeading')}
      </Text>
      <dl className={classes.answers}>
        {answers.map((a) => (
          <div key={a.questionId}>
            <dt>
              {a.question}
              {!a.current && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({t('workspace.noLongerOnJob')})
                </Text>
              )}
            </dt>
            <dd className={classes.preserve}>
              {shown(a)}
              {a.meets === false && (
                <Text span size="xs" c="red.9" fw={600}>
                  {' '}
                  · {t('workspace.missedKnockout')}
                </Text>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ApplicantCard({
  applicant,
  jobId,
  selected,
  onSelect,
  onStage,
  canAct,
}: {
  applicant: Applicant;
  jobId: string;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onStage: (stage: TeamStage) => void;
  /** False for a company's viewers: they read, rate and note, and are offered no move (the server refuses them too). */
  canAct: boolean;
}) {
  const { t, i18n } = useTranslation('applications');
  const errorText = useErrorText();
  const rate = useRate(jobId);
  const name = applicant.applicantName.trim() || t('applicants.unknownApplicant');
  const message = applicant.message.trim();
  const withdrawn = applicant.stage === 'Withdrawn';
  return (
    <Card component="article" withBorder padding="md" aria-label={name} tabIndex={-1} data-applicant={applicant.id} className={classes.applicantCard}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.title}>
          {canAct && (
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.currentTarget.checked)}
              aria-label={t('workspace.select', { name })}
              disabled={withdrawn}
              mt={4}
            />
          )}
          <div>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="xs" c="dimmed">
              <time dateTime={applicant.createdAt}>{t('applicants.appliedOn', { date: formatDate(applicant.createdAt, i18n.language) })}</time>
            </Text>
          </div>
        </Group>
        <Badge color={withdrawn ? 'gray.8' : 'blue.9'} variant="filled" size="lg" radius="sm" tt="none" className={classes.badge}>
          {t(`stage.${applicant.stage}`)}
        </Badge>
      </Group>
      {applicant.meetsRequirements === false && (
        <Text size="sm" fw={700} c="red.9" mt={6} className={classes.flag}>
          {t('workspace.doesNotMeet')}
        </Text>
      )}
      <Group gap="xs" mt="sm" align="center">
        <Rating
          value={applicant.rating.mine ?? 0}
          onChange={(rating) => rate.mutate({ id: applicant.id, rating }, { onError: (err) => toast(errorText(err), 'error') })}
          aria-label={t('workspace.yourRating', { name })}
        />
        <Text size="xs" c="dimmed">
          {applicant.rating.average === null
            ? t('workspace.noRatings')
            : t('workspace.average', { average: applicant.rating.average, count: applicant.rating.count })}
        </Text>
      </Group>
      <Text size="sm" fw={600} mt="sm">
        {t('applicants.message')}
      </Text>
      <Text size="sm" c={message ? undefined : 'dimmed'} className={classes.preserve} lineClamp={4}>
        {message || t('applicants.noMessage')}
      </Text>
      <Answers answers={applicant.answers} />
      <Group gap="md" mt="sm">
        <DocumentLink
          url={applicant.resumeUrl}
          label={t('applicants.resume')}
          ariaLabel={t('applicants.downloadResume', { name })}
          missing={t('applicants.noResume')}
        />
        <DocumentLink
          url={applicant.coverLetterUrl}
          label={t('applicants.coverLetter')}
          ariaLabel={t('applicants.downloadCoverLetter', { name })}
          missing={t('applicants.noCoverLetter')}
        />
      </Group>
      <Notes applicant={applicant} jobId={jobId} name={name} />
      {/* A real GET form: the pack downloads before the scripts run too. */}
      <form method="get" action={candidatePackUrl(applicant.id)}>
        <Group gap="sm" mt="xs" align="center">
          <Checkbox name="notes" value="1" size="xs" label={t('tools.includeNotes')} />
          <Button type="submit" variant="light" size="xs" aria-label={t('tools.packOf', { name })}>
            {t('tools.pack')}
          </Button>
        </Group>
      </form>
      <Group justify="space-between" align="flex-end" mt="md" gap="sm">
        {canAct && (
          <Select
            data-stage-picker
            label={t('workspace.stage')}
            aria-label={t('workspace.stageOf', { name })}
            data={(withdrawn ? APPLICATION_STAGES : TEAM_STAGES).map((s) => ({ value: s, label: t(`stage.${s}`) }))}
            value={applicant.stage}
            disabled={withdrawn}
            onChange={(v) => v && v !== applicant.stage && onStage(v as TeamStage)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        )}
        <Group gap="xs">
          {canAct && (
            <Button
              component={Link}
              to={paths.scheduleInterview.to({ job: jobId, applicant: applicant.userId })}
              variant="light"
              aria-label={t('applicants.scheduleInterviewWith', { name })}
            >
              {t('applicants.scheduleInterview')}
            </Button>
          )}
          <Button component={Link} to={paths.profile.to(applicant.userId)} variant="light" aria-label={t('applicants.viewProfileOf', { name })}>
            {t('applicants.viewProfile')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** The stage tabs with their counts; the chosen one is in the address (?stage=). */
function StageTabs({ jobId, stage, onChange }: { jobId: string; stage: string | null; onChange: (stage: string | null) => void }) {
  const { t } = useTranslation('applications');
  const counts = useStageCounts(jobId);
  const n = (s: string) => counts.data?.counts[s] ?? 0;
  return (
    <Tabs value={stage ?? 'all'} onChange={(v) => onChange(v === 'all' ? null : v)} keepMounted={false}>
      <Tabs.List className={classes.tabs}>
        <Tabs.Tab value="all">{t('workspace.all', { count: counts.data?.total ?? 0 })}</Tabs.Tab>
        {APPLICATION_STAGES.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {t('workspace.tab', { stage: t(`stage.${s}`), count: n(s) })}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** One of the filters: a native select named as its query parameter (the form works without scripts); its first choice, '', is any. */
function FilterSelect({
  name,
  params,
  label,
  any,
  choices,
}: {
  name: keyof ApplicantListParams;
  params: ApplicantListParams;
  label: string;
  any: string;
  choices: Array<{ value: string; label: string }>;
}) {
  return <NativeSelect name={name} label={label} defaultValue={params[name] ?? ''} data={[{ value: '', label: any }, ...choices]} />;
}

/**
 * The workspace's filters and sort: a GET form named as the URL's parameters (the API's too), so
 * before hydration the browser loads the page with them; after, they apply in place.
 */
function Filters({
  params,
  questions,
  onApply,
}: {
  params: ApplicantListParams;
  questions: ScreeningQuestion[];
  onApply: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation('applications');
  const answerChoices = questions.flatMap((q) =>
    q.kind === 'yesno'
      ? (['yes', 'no'] as const).map((v) => ({ value: `${q.id}:${v}`, label: t('workspace.answerOption', { question: q.text, answer: t(`workspace.${v}`) }) }))
      : q.kind === 'choice'
        ? q.options.map((o) => ({ value: `${q.id}:${o}`, label: t('workspace.answerOption', { question: q.text, answer: o }) }))
        : [],
  );
  return (
    // Folded away on a phone's first view unless a filter is in use (a native <details>: it opens without scripts).
    <Card withBorder padding="sm" component="details" open={Object.entries(params).some(([k, v]) => k !== 'stage' && v) || undefined}>
      <Text component="summary" fw={700} className={classes.summary}>
        {t('workspace.filters')}
      </Text>
      <form
        method="get"
        aria-label={t('workspace.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          onApply(formFilters(e.currentTarget));
        }}
      >
        {params.stage && <input type="hidden" name="stage" value={params.stage} />}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput type="search" name="q" label={t('workspace.search')} defaultValue={params.q ?? ''} maxLength={200} />
          <FilterSelect
            name="rating"
            params={params}
            label={t('workspace.rating')}
            any={t('workspace.ratingAny')}
            choices={[
              ...['5', '4', '3', '2', '1'].map((n) => ({ value: n, label: t('workspace.ratingAtLeast', { n }) })),
              { value: 'unrated', label: t('workspace.ratingNone') },
            ]}
          />
          <FilterSelect
            name="knockout"
            params={params}
            label={t('workspace.requirements')}
            any={t('workspace.requirementsAny')}
            choices={[
              { value: 'meets', label: t('workspace.meets') },
              { value: 'fails', label: t('workspace.doesNotMeet') },
            ]}
          />
          {answerChoices.length > 0 && (
            <FilterSelect name="answer" params={params} label={t('workspace.answer')} any={t('workspace.answerAny')} choices={answerChoices} />
          )}
          <FilterSelect
            name="sort"
            params={params}
            label={t('workspace.sort')}
            any={t('workspace.sortNewest')}
            choices={[
              { value: 'rating', label: t('workspace.sortRating') },
              { value: 'match', label: t('workspace.sortMatch') },
            ]}
          />
          <Checkbox name="resume" value="1" label={t('workspace.hasResume')} defaultChecked={params.resume === '1'} mt={{ base: 0, xs: 'xl' }} />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm" gap="sm">
          <Anchor component={Link} to={params.stage ? `?stage=${encodeURIComponent(params.stage)}` : '?'} size="sm">
            {t('workspace.clearFilters')}
          </Anchor>
          <Button type="submit">{t('workspace.applyFilters')}</Button>
        </Group>
      </form>
    </Card>
  );
}

/** The job's applications, newest first (one stage's, with a tab chosen), with selection and a bulk move. */
function Applicants({ jobId, stage, params }: { jobId: string; stage: string | null; params: ApplicantListParams }) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const query = useApplicants(jobId, true, params);
  const move = useMoveStage(jobId);
  const bulk = useBulkMove(jobId);
  const undo = useUndoBatch(jobId);
  const [selected, setSelected] = useState<string[]>([]);
  // "All 143 in Screening": the server takes the whole stage, loaded or not.
  const [wholeStage, setWholeStage] = useState(false);
  const counts = useStageCounts(jobId);
  const inStage = stage ? (counts.data?.counts[stage] ?? 0) : 0;
  const [target, setTarget] = useState<TeamStage | null>(null);
  const [reply, setReply] = useState(true);
  const [lastBatch, setLastBatch] = useState<{ batch: string; moved: number } | null>(null);
  const canAct = useMyCompanyRole() !== 'viewer';
  const rate = useRate(jobId);

  // j/k move between the cards, 1–5 rate the one in focus, s opens its stage picker (none for viewers).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = e.defaultPrevented ? null : workspaceKey(e);
      // The cards are this screen's only [data-applicant] elements.
      const cards = [...document.querySelectorAll<HTMLElement>('[data-applicant]')];
      if (!key || !cards.length) return;
      const current = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-applicant]') : null;
      const index = current ? cards.indexOf(current) : -1;
      if (key.kind === 'next' || key.kind === 'previous') {
        const next = cards[key.kind === 'next' ? Math.min(cards.length - 1, index + 1) : Math.max(0, index - 1)];
        e.preventDefault();
        next?.focus();
        next?.scrollIntoView({ block: 'nearest' });
      } else if (current && key.kind === 'rate') {
        e.preventDefault();
        rate.mutate({ id: current.dataset.applicant!, rating: key.rating }, { onError: (err) => toast(errorText(err), 'error') });
      } else if (current && key.kind === 'stage' && canAct) {
        const picker = current.querySelector<HTMLInputElement>('input[data-stage-picker]');
        if (!picker || picker.disabled) return;
        e.preventDefault();
        picker.focus();
        picker.click();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canAct, rate, errorText]);

  const setStage = (applicant: Applicant, to: TeamStage) =>
    move.mutate(
      { id: applicant.id, stage: to },
      {
        onSuccess: () => toast(t('workspace.moved', { stage: t(`stage.${to}`) })),
        onError: (err) => toast(errorText(err), 'error', t('applicants.statusFailed')),
      },
    );

  const moveSelected = () => {
    if (!target || (!selected.length && !wholeStage)) return;
    const which = wholeStage && stage ? { fromStage: stage } : { ids: selected };
    bulk.mutate(
      { ...which, to: target, template: target === 'Not selected' && reply ? 'default' : null },
      {
        onSuccess: (res) => {
          setSelected([]);
          setWholeStage(false);
          setLastBatch({ batch: res.batch, moved: res.moved });
          // The undo is offered as long as the server takes it.
          setTimeout(() => setLastBatch((b) => (b?.batch === res.batch ? null : b)), Math.max(0, Date.parse(res.undoUntil) - Date.now()));
        },
        onError: (err) => toast(errorText(err), 'error', t('applicants.statusFailed')),
      },
    );
  };

  return (
    <Stack gap="sm">
      {lastBatch && (
        <Alert color="teal" role="status" withCloseButton={false} className={classes.undoBar}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('workspace.bulkMoved', { count: lastBatch.moved })}</Text>
            <Button
              size="xs"
              variant="white"
              loading={undo.isPending}
              onClick={() =>
                undo.mutate(lastBatch.batch, {
                  onSuccess: () => {
                    setLastBatch(null);
                    toast(t('workspace.undone'));
                  },
                  onError: (err) => toast(errorText(err), 'error'),
                })
              }
            >
              {t('workspace.undo')}
            </Button>
          </Group>
        </Alert>
      )}
      {canAct && stage && stage !== 'Withdrawn' && inStage > 0 && (
        <Checkbox
          label={t('workspace.allInStage', { count: inStage, stage: t(`stage.${stage}`) })}
          checked={wholeStage}
          onChange={(e) => setWholeStage(e.currentTarget.checked)}
        />
      )}
      {canAct && (selected.length > 0 || wholeStage) && (
        <Card withBorder padding="sm" className={classes.bulkBar}>
          <Group gap="sm" align="flex-end">
            <Text size="sm" fw={600}>
              {t('workspace.selected', { count: wholeStage ? inStage : selected.length })}
            </Text>
            <Select
              label={t('workspace.moveTo')}
              data={TEAM_STAGES.map((s) => ({ value: s, label: t(`stage.${s}`) }))}
              value={target}
              onChange={(v) => setTarget(v as TeamStage | null)}
              w={{ base: '100%', xs: 180 }}
            />
            {target === 'Not selected' && <Checkbox label={t('workspace.sendReply')} checked={reply} onChange={(e) => setReply(e.currentTarget.checked)} />}
            <Button onClick={moveSelected} disabled={!target} loading={bulk.isPending}>
              {t('workspace.move')}
            </Button>
          </Group>
        </Card>
      )}
      <Text size="xs" c="dimmed" className={classes.shortcuts}>
        <strong>{t('tools.shortcutsTitle')}</strong> {canAct ? t('tools.shortcuts') : t('tools.shortcutsViewer')}
      </Text>
      <PagedList
        query={query}
        // 403 and 404 have texts fit to show ('Job not found.' and the like).
        labels={{
          loading: t('applicants.loading'),
          failed: errorText(query.error, t('applicants.loadFailed')),
          loadMore: t('loadMore'),
          loadingMore: t('loadingMore'),
        }}
        autoLoad={false}
        empty={<EmptyState message={t('applicants.empty')} />}
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((a) => (
              <ApplicantCard
                key={a.id}
                applicant={a}
                jobId={jobId}
                selected={selected.includes(a.id)}
                onSelect={(on) => setSelected((s) => (on ? [...s, a.id] : s.filter((x) => x !== a.id)))}
                onStage={(to) => setStage(a, to)}
                canAct={canAct}
              />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

/** /employer/applicants/{jobId}: the job's applications, for its owner. */
export default function ApplicantsScreen() {
  const { t } = useTranslation('applications');
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  const [search, setSearch] = useSearchParams();
  const stage = search.get('stage');
  const canAct = useMyCompanyRole() !== 'viewer';
  const params: ApplicantListParams = {};
  for (const name of ['stage', ...APPLICANT_FILTER_NAMES] as const) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  // A tab keeps the filters; the filters keep the tab.
  const go = (next: ApplicantListParams) => setSearch(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>);
  return (
    <Page title={job.data ? t('applicants.titleFor', { title: job.data.title }) : t('applicants.title')}>
      <Anchor component={Link} to={paths.employerDashboard.to()} size="sm" mb="md" display="inline-block">
        ← {t('applicants.backToListings')}
      </Anchor>
      <RequireUser signedOut={t('applicants.mustLogIn')}>
        {() => (
          <Stack gap="md">
            {canAct && <ApplicantEmailsChoice jobId={jobId} />}
            <Group>
              <Button component="a" href={applicantsCsvUrl(jobId)} download variant="light">
                {t('tools.exportCsv')}
              </Button>
            </Group>
            <StageTabs jobId={jobId} stage={stage} onChange={(s) => go({ ...params, stage: s ?? undefined })} />
            <Filters key={`filters?${search.toString()}`} params={params} questions={job.data?.questions ?? []} onApply={(values) => go(values)} />
            <Applicants key={`list?${search.toString()}`} jobId={jobId} stage={stage} params={params} />
          </Stack>
        )}
      </RequireUser>
    </Page>
  );
}
