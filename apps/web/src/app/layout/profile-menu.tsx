import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router';
import { Heart, LogOut, Package, UserRound } from 'lucide-react';
import type { User } from '@shop/shared/user';
import { useBrand } from '../../lib/brand';
import { accountLinks } from './account-links';
import { Avatar, frameDisplayName } from './avatar';
import { WandMark } from './logo';

const icons = { 'My Profile': UserRound, 'My Orders': Package, 'My Wishlist': Heart, 'Sign out': LogOut } as const;

export default function ProfileMenu({ user }: { user: User }) {
  const { tagline } = useBrand();
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex min-h-11 min-w-11 items-center justify-center rounded-full focus-visible:outline-gold">
        <span className="sr-only">Open user menu</span>
        <Avatar user={user} />
      </MenuButton>
      <MenuItems
        transition
        anchor={{ to: 'bottom end', gap: 10 }}
        className="z-50 w-64 origin-top-right overflow-hidden rounded-xl border border-sand bg-white shadow-xl transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none"
      >
        <div className="bg-gradient-to-r from-maroon to-maroon-light px-4 py-3 text-white">
          <p className="flex items-center gap-2 text-sm font-medium text-gold-light">
            <WandMark className="size-5 text-gold-light" />
            {tagline}
          </p>
          <p className="mt-2 truncate font-serif text-base font-semibold">{frameDisplayName(user)}</p>
          <p className="truncate text-xs text-white/85">{user.email}</p>
        </div>
        <div className="py-1">
          {accountLinks.map((l) => {
            const Icon = icons[l.name];
            return (
              <MenuItem key={l.name}>
                <Link
                  to={l.to}
                  className="flex min-h-11 items-center gap-3 px-4 text-sm text-ink data-focus:bg-ivory data-focus:text-maroon"
                >
                  <Icon aria-hidden="true" className="size-4 text-ink-soft" />
                  {l.name}
                </Link>
              </MenuItem>
            );
          })}
        </div>
      </MenuItems>
    </Menu>
  );
}
