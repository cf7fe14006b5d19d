interface ImportMetaEnv {
  /** Where the browser fetches catalogs: /assets/locales/<version> (locales/vite-plugin.ts). */
  readonly CATALOGS_URL: string;
}
