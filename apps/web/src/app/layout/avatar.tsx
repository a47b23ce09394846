import { useState } from 'react';
import type { User } from '@shop/shared/user';
import { cx } from '../../components/ui/cx';

/** The first address's name is the display name, else User. (Kept here: @shop/shared/user pulls zod into the first visit.) */
export function frameDisplayName(user: Pick<User, 'addresses'>): string {
  return user.addresses[0]?.name || 'User';
}

export function Avatar({ user, className }: { user: User; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = (user.name || frameDisplayName(user) || user.email).charAt(0).toUpperCase();
  if (user.imageUrl && !failed) {
    return (
      <img
        src={user.imageUrl}
        alt=""
        width={36}
        height={36}
        onError={() => setFailed(true)}
        className={cx('size-9 rounded-full bg-ivory object-cover ring-2 ring-gold/70', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex size-9 items-center justify-center rounded-full bg-gold font-serif font-bold text-ink ring-2 ring-gold-light',
        className,
      )}
    >
      {initial}
    </span>
  );
}
