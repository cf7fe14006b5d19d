/** Where people write for account deletion and anything else the Terms send them to. */
export const SUPPORT_EMAIL = 'support@caribconnect.local';
