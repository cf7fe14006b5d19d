/** The administrator every e2e run starts with, made by `create-admin` before the server starts. */
export const E2E_ADMIN = { email: 'admin@e2e.caribconnect.test', password: 'e2e-admin-password-123' };
