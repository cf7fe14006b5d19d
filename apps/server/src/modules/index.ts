import accounts from './accounts/routes';
import admin from './admin/routes';
import applications from './applications/routes';
import config from './config/routes';
import feedback from './feedback/routes';
import health from './health/routes';
import jobs from './jobs/routes';
import profiles from './profiles/routes';

/** Registered in this order by buildApp. */
export const modules = [health, config, accounts, profiles, feedback, jobs, applications, admin];
