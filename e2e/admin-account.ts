/** The administrator every e2e run starts with, made by `create-admin` before the server starts. */
export const E2E_ADMIN = {
  email: 'admin@e2e.caribconnect.test',
  password: 'e2e-admin-password-123',
  /** Two-step sign-in is set up with it by `create-admin --totp-secret` (as better-auth stores secrets, before base32). */
  totpSecret: 'caribconnect-e2e-admin-totp-0000',
};

/** A second administrator, made without two-step sign-in: account-security.spec.ts sets it up through /admin. */
export const E2E_SETUP_ADMIN = { email: 'setup-admin@e2e.caribconnect.test', password: 'e2e-setup-admin-password-123' };
