import { useState } from 'react';
import { createContext, data, useActionData, type ActionFunction } from './router';
import { ApiError } from './api-client';

/**
 * Forms that work before the page's scripts run (decision 0028). Log In, Sign Up, Forgot Password,
 * Feedback and Apply are real `<form method="post">`s: on a slow phone, a person who presses Enter
 * before hydration posts them to the server, which does what the script does and answers 303; a
 * refusal comes back as this page rendered again, with the server's error and what was typed (never
 * a password). Once hydrated, the same forms submit with fetch as before; what was typed into them
 * before hydration is kept by useAdoptTypedValues (lib/use-typed-before-hydration.ts).
 */

/** What the server hands a page it re-renders after a form failed (apps/server/src/plugins/page-forms.ts). */
export interface FormEcho {
  status: number;
  error: { message: string; code?: string; field?: string };
  values: Record<string, string>;
}

/** Set by the server's renderer when it renders a page as the answer to its form's POST. */
export const formEchoContext = createContext<FormEcho | null>(null);

/**
 * The route action of a page form. It only ever runs on the server, where it hands the failure to
 * the screen as action data (the page's status is the failure's); the browser keeps it through
 * hydration and drops it on the next navigation, as React Router does with any action data.
 */
export const formEchoAction: ActionFunction = ({ context }) => {
  const echo = context.get(formEchoContext);
  if (!echo) throw data(null, { status: 405, statusText: 'Method Not Allowed' });
  return data(echo, { status: echo.status });
};

/** The failure the page was re-rendered with, as the API error the script would have caught, and the kept values. */
export function useFormEcho(): { error: ApiError | null; values: Record<string, string> } {
  const echo = useActionData() as FormEcho | undefined;
  const [error] = useState(() => (echo ? new ApiError(echo.error.message, echo.status, echo.error.code || undefined, echo.error.field) : null));
  return { error, values: echo?.values ?? {} };
}
