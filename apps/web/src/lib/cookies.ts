/**
 * Writes a cookie the server reads when it renders later pages (language, time zone, stored
 * stylesheet): for the whole site, a year, and not sent with other sites' requests. No i18next or
 * React here, so the modules the server entry also imports can use it.
 */
export function rememberInCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/; max-age=31536000; samesite=lax`;
}
