/** Both drivers wrap PostgreSQL's error; its SQLSTATE may sit a few `cause`s deep. */
function hasSqlState(err: unknown, state: string): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === state) return true;
  return false;
}

export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
export const isForeignKeyViolation = (err: unknown) => hasSqlState(err, '23503');
/** PostgreSQL cancelled the statement: statement_timeout (SQLSTATE 57014). */
export const isQueryCanceled = (err: unknown) => hasSqlState(err, '57014');
