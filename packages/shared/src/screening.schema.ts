import { z } from './zod';

/**
 * Screening questions on a job and the answers given on Apply (issue 45, decision 0075): one
 * schema for the server, the OpenAPI description and the forms.
 */
export const QUESTION_KINDS = ['yesno', 'choice', 'number', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTIONS_MAX = 10;
export const QUESTION_TEXT_MAX = 300;
export const QUESTION_OPTIONS_MAX = 10;
export const QUESTION_OPTION_MAX = 100;
export const ANSWER_TEXT_MAX = 500;
export const ANSWER_NUMBER_MAX = 1_000_000;
/** A yes/no question's answers, as the form sends them. */
export const YES_NO = ['yes', 'no'] as const;
/** A question's answer field in the Apply form (and its multipart request): `answer.<questionId>`. */
export const answerField = (questionId: string) => `answer.${questionId}`;

const questionId = z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'Unknown question.' });

/**
 * A question as the job's team writes it. `id` is kept from the job's current questions when it is
 * edited (so answers stay linked); a new question has none and the server gives it one. A knockout
 * question lists in `accept` the answers that meet it ("yes", or some of the options).
 */
export const screeningQuestionInput = z
  .object({
    id: questionId.optional(),
    kind: z.enum(QUESTION_KINDS, { message: 'Choose the kind of question.' }),
    text: z
      .string()
      .trim()
      .min(1, { message: 'Write the question.' })
      .max(QUESTION_TEXT_MAX, { message: `A question must be at most ${QUESTION_TEXT_MAX} characters.` }),
    required: z.boolean().default(false),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, { message: 'An option must not be empty.' })
          .max(QUESTION_OPTION_MAX, { message: `An option must be at most ${QUESTION_OPTION_MAX} characters.` }),
      )
      .max(QUESTION_OPTIONS_MAX, { message: `A question has at most ${QUESTION_OPTIONS_MAX} options.` })
      .default([]),
    knockout: z.boolean().default(false),
    accept: z.array(z.string().trim().max(QUESTION_OPTION_MAX)).max(QUESTION_OPTIONS_MAX).default([]),
  })
  .superRefine((q, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (q.kind === 'choice') {
      if (q.options.length < 2) fail('A choice question needs at least two options.', 'options');
      if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) fail('Options must differ.', 'options');
    } else if (q.options.length) fail('Only a choice question has options.', 'options');
    if (q.knockout) {
      if (q.kind !== 'yesno' && q.kind !== 'choice') fail('Only a yes/no or choice question can be a knockout.', 'knockout');
      const allowed: readonly string[] = q.kind === 'yesno' ? YES_NO : q.options;
      if (!q.accept.length || q.accept.some((a) => !allowed.includes(a))) fail('Choose the answers that meet the requirement.', 'accept');
      else if (q.accept.length === allowed.length) fail('A knockout must leave out at least one answer.', 'accept');
    } else if (q.accept.length) fail('Choose the answers that meet the requirement.', 'accept');
  });
export type ScreeningQuestionInput = z.input<typeof screeningQuestionInput>;

export const screeningQuestionsInput = z
  .array(screeningQuestionInput)
  .max(QUESTIONS_MAX, { message: `A job has at most ${QUESTIONS_MAX} screening questions.` })
  .refine((qs) => new Set(qs.flatMap((q) => (q.id ? [q.id] : []))).size === qs.filter((q) => q.id).length, {
    message: 'Unknown question.',
  });

/** A stored question. Its team reads all of it; anyone else (the applicant) the question without `knockout`/`accept`. */
export const screeningQuestion = z.object({
  id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  text: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  knockout: z.boolean().optional(),
  accept: z.array(z.string()).optional(),
});
export type ScreeningQuestion = z.infer<typeof screeningQuestion>;

/**
 * One answer as the job's team sees it: the question's text as it was asked (kept with the answer,
 * so an edited or removed question still reads right), whether the question is still on the job,
 * and for a knockout question whether the answer met it.
 */
export const screeningAnswer = z.object({
  questionId: z.string(),
  question: z.string(),
  kind: z.enum(QUESTION_KINDS),
  value: z.string(),
  /** Null: the question was not a knockout. */
  meets: z.boolean().nullable(),
  /** False once the question was removed or rewritten after the answer was given. */
  current: z.boolean(),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswer>;

/** A refused answer: the server's code and English message, the question named, and its field. */
export interface AnswerProblem {
  code: 'ANSWER_REQUIRED' | 'ANSWER_INVALID' | 'ANSWER_UNKNOWN_OPTION' | 'UNKNOWN_QUESTION';
  message: string;
  questionId: string;
  question: string;
}

/** What is stored with an application: each answered question, its text then, and whether it met a knockout. */
export interface StoredAnswer {
  questionId: string;
  question: string;
  kind: QuestionKind;
  value: string;
  meets: boolean | null;
}

const numberText = /^-?\d{1,7}(\.\d{1,2})?$/;

/**
 * Checks the Apply form's answers (`answer.<id>` fields; any other field is ignored) against the
 * job's questions, the same on the server and in the form. Returns the answers to keep and whether
 * every knockout was met (null: the job has no knockout question), or the first problem.
 */
export function checkAnswers(
  questions: ScreeningQuestion[],
  fields: Record<string, string | undefined>,
): { ok: true; answers: StoredAnswer[]; meets: boolean | null } | { ok: false; problem: AnswerProblem } {
  const known = new Set(questions.map((q) => answerField(q.id)));
  for (const name of Object.keys(fields))
    if (name.startsWith('answer.') && !known.has(name) && (fields[name] ?? '') !== '')
      return {
        ok: false,
        problem: { code: 'UNKNOWN_QUESTION', message: 'An answer is for a question this job does not ask.', questionId: name.slice(7), question: '' },
      };
  const answers: StoredAnswer[] = [];
  let meets: boolean | null = null;
  for (const q of questions) {
    const raw = (fields[answerField(q.id)] ?? '').trim();
    const named = (code: AnswerProblem['code'], message: string) => ({ ok: false as const, problem: { code, message, questionId: q.id, question: q.text } });
    if (raw === '') {
      if (q.required) return named('ANSWER_REQUIRED', `Answer the question “${q.text}”.`);
      if (q.knockout) meets = false;
      continue;
    }
    let value = raw;
    if (q.kind === 'yesno') {
      if (!(YES_NO as readonly string[]).includes(raw)) return named('ANSWER_UNKNOWN_OPTION', `Choose one of the answers to “${q.text}”.`);
    } else if (q.kind === 'choice') {
      if (!q.options.includes(raw)) return named('ANSWER_UNKNOWN_OPTION', `Choose one of the answers to “${q.text}”.`);
    } else if (q.kind === 'number') {
      const plain = raw.replace(',', '.');
      if (!numberText.test(plain) || Math.abs(Number(plain)) > ANSWER_NUMBER_MAX) return named('ANSWER_INVALID', `The answer to “${q.text}” must be a number.`);
      value = String(Number(plain));
    } else if (raw.length > ANSWER_TEXT_MAX) {
      return named('ANSWER_INVALID', `The answer to “${q.text}” must be at most ${ANSWER_TEXT_MAX} characters.`);
    }
    const met = q.knockout ? (q.accept ?? []).includes(value) : null;
    if (met !== null) meets = meets === false ? false : met;
    answers.push({ questionId: q.id, question: q.text, kind: q.kind, value, meets: met });
  }
  return { ok: true, answers, meets };
}

/** The public face of a job's questions: the applicant is not told which answers a knockout wants. */
export const publicQuestion = (q: ScreeningQuestion): ScreeningQuestion => ({ id: q.id, kind: q.kind, text: q.text, required: q.required, options: q.options });

/** The workspace's filters and sorts (a GET form: the server answers it as the query string). */
export const APPLICANT_SORTS = ['newest', 'rating', 'match'] as const;
export type ApplicantSort = (typeof APPLICANT_SORTS)[number];
const blank = (v: unknown) => (v === '' ? undefined : v);
export const applicantFilters = z.object({
  /** At least this many stars (team average), or `unrated`. */
  rating: z.preprocess(blank, z.enum(['1', '2', '3', '4', '5', 'unrated'], { message: 'Unknown rating filter.' }).optional()),
  knockout: z.preprocess(blank, z.enum(['meets', 'fails'], { message: 'Unknown requirement filter.' }).optional()),
  resume: z.preprocess(blank, z.enum(['1'], { message: 'Unknown resume filter.' }).optional()),
  /** `<questionId>:<answer>` */
  answer: z.preprocess(
    blank,
    z
      .string()
      .max(200)
      .regex(/^[a-z0-9-]{1,40}:.+$/s, { message: 'Unknown answer filter.' })
      .optional(),
  ),
  q: z.preprocess(blank, z.string().trim().max(200, { message: 'Search at most 200 characters.' }).optional()),
  sort: z.preprocess(blank, z.enum(APPLICANT_SORTS, { message: 'Unknown sort.' }).optional()),
});
export type ApplicantFilters = z.infer<typeof applicantFilters>;
