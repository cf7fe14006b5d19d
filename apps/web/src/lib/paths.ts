// Every route of the app in one place: screens link with these builders instead of string literals,
// and the router registers the `pattern`s, so a renamed route is one edit here.
import { isJobSeeker } from '@caribconnect/shared/constants/roles';
import { searchOf as q } from './query-string';

const seg = encodeURIComponent;

export const paths = {
  welcome: { pattern: '/', to: () => '/' },
  login: { pattern: '/login', to: (returnTo?: string) => `/login${q({ returnTo })}` },
  signup: { pattern: '/signup', to: (role?: string, returnTo?: string) => `/signup${q({ role, returnTo })}` },
  logout: { pattern: '/logout', to: () => '/logout' },
  forgotPassword: { pattern: '/forgot-password', to: () => '/forgot-password' },
  resetPassword: { pattern: '/reset-password', to: () => '/reset-password' },
  faq: { pattern: '/faq', to: () => '/faq' },
  about: { pattern: '/about', to: () => '/about' },
  terms: { pattern: '/terms', to: () => '/terms' },
  feedback: { pattern: '/feedback', to: () => '/feedback' },

  myProfile: { pattern: '/profile', to: () => '/profile' },
  profile: { pattern: '/profile/:userId', to: (userId: string) => `/profile/${seg(userId)}` },

  jobSeekerHome: { pattern: '/job-seeker/home', to: () => '/job-seeker/home' },
  employerHome: { pattern: '/employer/home', to: () => '/employer/home' },
  consultantHome: { pattern: '/consultant/home', to: () => '/consultant/home' },

  jobs: { pattern: '/jobs', alias: '/browse-jobs', to: (search = '') => `/jobs${search}` },
  jobsForYou: { pattern: '/jobs-for-you', to: () => '/jobs-for-you' },
  job: { pattern: '/jobs/:id', to: (id: string) => `/jobs/${seg(id)}` },
  apply: { pattern: '/jobs/:jobId/apply', to: (jobId: string) => `/jobs/${seg(jobId)}/apply` },
  myApplications: { pattern: '/my-applications', alias: '/applications', to: () => '/my-applications' },
  employerDashboard: { pattern: '/employer/dashboard', alias: '/employer-dashboard', to: () => '/employer/dashboard' },
  postJob: { pattern: '/post-job', to: (edit?: string) => `/post-job${q({ edit })}` },
  editJob: { pattern: '/employer/jobs/:jobId/edit', to: (jobId: string) => `/employer/jobs/${seg(jobId)}/edit` },
  candidates: { pattern: '/employer/jobs/:jobId/candidates', to: (jobId: string) => `/employer/jobs/${seg(jobId)}/candidates` },
  applicants: { pattern: '/employer/applicants/:jobId', to: (jobId: string) => `/employer/applicants/${seg(jobId)}` },

  ads: { pattern: '/ads', alias: '/browse-ads', to: (search = '') => `/ads${search}` },
  ad: { pattern: '/ads/:id', to: (id: string) => `/ads/${seg(id)}` },
  postAd: { pattern: '/post-ad', to: () => '/post-ad' },
  editAd: { pattern: '/ads/:adId/edit', alias: '/edit-ad/:adId', to: (adId: string) => `/ads/${seg(adId)}/edit` },

  inbox: { pattern: '/inbox', alias: '/consultant/inbox', to: (user?: string) => `/inbox${q({ user })}` },
  sendMessage: { pattern: '/send-message', to: (to: string) => `/send-message${q({ to })}` },
  searchUsers: { pattern: '/search-users', to: () => '/search-users' },
  directory: { pattern: '/directory', to: () => '/directory' },

  resumeBuilder: { pattern: '/resume-builder', to: () => '/resume-builder' },
  viewResume: { pattern: '/view-resume', to: () => '/view-resume' },

  companies: { pattern: '/companies', to: (search = '') => `/companies${search}` },
  company: { pattern: '/companies/:slug', to: (slug: string) => `/companies/${seg(slug)}` },
  companySettings: { pattern: '/employer/company', to: () => '/employer/company' },
  companyTeam: { pattern: '/employer/team', to: () => '/employer/team' },
  invitation: { pattern: '/invitations/:token', to: (token: string) => `/invitations/${seg(token)}` },

  consultants: { pattern: '/consultants', to: () => '/consultants' },
  consultantProfile: { pattern: '/consultant-profile', to: () => '/consultant-profile' },
  consultantForm: { pattern: '/consultant-form', to: () => '/consultant-form' },
  consultantDashboard: { pattern: '/consultant-dashboard', to: () => '/consultant-dashboard' },
  hireConsultant: { pattern: '/hire-consultant', to: (search = '') => `/hire-consultant${search}` },
  clientRequests: { pattern: '/client-requests', to: () => '/client-requests' },
  myClientRequests: { pattern: '/consultant/client-requests', to: () => '/consultant/client-requests' },

  scheduleInterview: { pattern: '/schedule-interview', to: (params: { job?: string; applicant?: string } = {}) => `/schedule-interview${q(params)}` },
  myInterviews: { pattern: '/my-interviews', to: () => '/my-interviews' },
  scheduledInterviews: { pattern: '/employer/interviews', to: () => '/employer/interviews' },

  notifications: { pattern: '/notifications', to: () => '/notifications' },
  notificationSettings: { pattern: '/settings/notifications', to: () => '/settings/notifications' },

  admin: { pattern: '/admin', to: () => '/admin' },
  adminJobs: { pattern: '/admin/jobs', to: () => '/admin/jobs' },
  adminApplications: { pattern: '/admin/applications', to: () => '/admin/applications' },
  adminFeedback: { pattern: '/admin-feedback', to: () => '/admin-feedback' },

  saved: { pattern: '/saved', to: () => '/saved' },
  savedContinue: { pattern: '/saved/:kind/:id/continue', to: (kind: string, id: string) => `/saved/${seg(kind)}/${seg(id)}/continue` },
  alerts: { pattern: '/alerts', to: () => '/alerts' },
  alertConfirm: { pattern: '/alerts/confirm/:id/:token', to: (id: string, token: string) => `/alerts/confirm/${seg(id)}/${seg(token)}` },
  alertUnsubscribe: { pattern: '/alerts/unsubscribe/:id/:token', to: (id: string, token: string) => `/alerts/unsubscribe/${seg(id)}/${seg(token)}` },
  adminModeration: { pattern: '/admin/moderation', to: () => '/admin/moderation' },
  blockedPeople: { pattern: '/settings/blocked', to: () => '/settings/blocked' },
  emailConfirmed: { pattern: '/email-confirmed', to: () => '/email-confirmed' },
  /** The server's: checks the signed return path from the confirmation link and goes there (decision 0069). */
  continue: { pattern: '/continue', to: (next: string, sig: string) => `/continue?${new URLSearchParams({ next, sig }).toString()}` },
  securitySettings: { pattern: '/settings/security', to: () => '/settings/security' },
  // Issue 47: online payment of listings (decision 0073).
  myPayments: { pattern: '/payments', to: () => '/payments' },
  paymentCancelled: { pattern: '/payments/cancelled', to: (params: { kind?: string; id?: string } = {}) => `/payments/cancelled${q(params)}` },
  adminPayments: { pattern: '/admin/payments', to: () => '/admin/payments' },
  adminCompanies: { pattern: '/admin/companies', to: () => '/admin/companies' },
} as const;

/**
 * The home the brand link and Home lead a role to (spec: Top navigation); anyone else to the welcome
 * page. A muted person's home is that of the role they had (`previousRole`, decision 0026).
 */
export function homePathFor(role: string | null | undefined, previousRole?: string | null): string {
  if (role === 'muted') return homePathFor(previousRole);
  if (role === 'employer') return paths.employerDashboard.to();
  if (role === 'admin') return paths.admin.to();
  if (isJobSeeker(role)) return paths.jobSeekerHome.to();
  if (role === 'consultant') return paths.consultantHome.to();
  return paths.welcome.to();
}

/** The router's paths are relative to the layout route: '/jobs/:id' -> 'jobs/:id'. */
export const routePath = (pattern: string) => pattern.replace(/^\//, '');

/** A `returnTo` taken from a URL: only a path of ours ('/x', never '//host' or 'https://…'). */
export function safeReturnTo(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
