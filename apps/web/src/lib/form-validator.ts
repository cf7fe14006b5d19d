import { schemaResolver, type FormErrors } from '@mantine/form';
import { validationText } from './errors';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * The validate option of every form: the shared schema's verdict, each message in the reader's
 * language. Apart from lib/errors.ts, so a screen that only shows a failure (a job's page) does not
 * load the form library's resolver.
 */
export function formValidator<Values>(schema: Schema) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: Values): FormErrors => {
    const errors = resolve(values);
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === 'string') errors[field] = validationText(message);
    }
    return errors;
  };
}
