import accounts from './accounts/routes';
import admin from './admin/routes';
import alerts from './alerts/routes';
import ads from './ads/routes';
import applications from './applications/routes';
import clientRequests from './client-requests/routes';
import config from './config/routes';
import consultants from './consultants/routes';
import directory from './directory/routes';
import feedback from './feedback/routes';
import health from './health/routes';
import interviews from './interviews/routes';
import jobs from './jobs/routes';
import messages from './messages/routes';
import notifications from './notifications/routes';
import profiles from './profiles/routes';
import resumes from './resumes/routes';
import saved from './saved/routes';
import seo from './seo/routes';
import reports from './reports/routes';
import blocks from './blocks/routes';
import companies from './companies/routes';

/** Registered in this order by buildApp. */
export const modules = [
  health,
  config,
  accounts,
  profiles,
  feedback,
  jobs,
  applications,
  resumes,
  interviews,
  consultants,
  clientRequests,
  messages,
  directory,
  ads,
  admin,
  seo,
  saved,
  alerts,
  notifications,
  reports,
  blocks,
  companies,
];
