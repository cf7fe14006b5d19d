// Issue 45's exports (decision 0078): plain addresses, opened by a link or a GET form, so they work
// before the screen's scripts do and the browser downloads them as files.
const enc = encodeURIComponent;

/** The job's applicants as CSV (its company's team). */
export const applicantsCsvUrl = (jobId: string) => `/api/jobs/${enc(jobId)}/applications.csv`;

/** One applicant's candidate pack as PDF; the form's "notes" box adds the team's notes and ratings. */
export const candidatePackUrl = (applicationId: string) => `/api/applications/${enc(applicationId)}/pack.pdf`;
