import classes from './companies.module.css';

/** The company's logo, or its initials on a tinted square when it has none. */
export function CompanyLogo({ name, logoUrl, size = 56 }: { name: string; logoUrl: string | null; size?: number }) {
  if (logoUrl) return <img className={classes.logo} src={logoUrl} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <span className={classes.initials} style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
