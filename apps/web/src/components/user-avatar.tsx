import '@mantine/core/styles/Avatar.css';
import { Avatar, type AvatarProps } from '@mantine/core';

/** Up to two initials from a full name ('Marie Joseph' -> 'MJ'); '?' when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0][0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A person's picture, or their initials on a brand colour when they have none (spec: "a generated
 * initials avatar when no avatar"). The alt text names the person; pass alt="" where the name is
 * printed right beside the avatar.
 */
export function UserAvatar({
  name,
  src,
  alt,
  ...rest
}: { name: string | null | undefined; src?: string | null; alt?: string } & Omit<AvatarProps, 'src' | 'alt' | 'children'>) {
  const label = alt ?? name ?? '';
  if (src) return <Avatar src={src} alt={label} radius={9999} {...rest} />;
  return (
    <Avatar
      radius={9999}
      color="ocean"
      variant="filled"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
