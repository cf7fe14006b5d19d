import accounts from './accounts/routes';
import admin from './admin/routes';
import ads from './ads/routes';
import applications from './applications/routes';
import feedback from './feedback/routes';
import health from './health/routes';
import jobs from './jobs/routes';
import profiles from './profiles/routes';

/** Registered in this order by buildApp. */
export const modules = [health, accounts, profiles, feedback, jobs, applications, ads, admin];
