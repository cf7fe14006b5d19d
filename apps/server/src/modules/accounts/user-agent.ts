/**
 * A person-readable browser and system from a User-Agent header, enough to recognise one's own
 * phone in a list (order matters: Edge and Opera also say Chrome, Chrome also says Safari).
 */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const s = ua ?? '';
  const browser = /EdgA?\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /SamsungBrowser\//.test(s)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(s)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(s)
            ? 'Chrome'
            : /Safari\//.test(s)
              ? 'Safari'
              : '';
  const os = /Android/.test(s)
    ? 'Android'
    : /iPhone/.test(s)
      ? 'iPhone'
      : /iPad/.test(s)
        ? 'iPad'
        : /Windows/.test(s)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(s)
            ? 'macOS'
            : /CrOS/.test(s)
              ? 'ChromeOS'
              : /Linux/.test(s)
                ? 'Linux'
                : '';
  return { browser, os };
}
