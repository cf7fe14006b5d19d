-- pg_trgm backs the case-insensitive substring searches (jobs, users, consultants).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
