import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu as MenuIcon, ShoppingBag, UserRound, X } from 'lucide-react';
import { SCROLL_THRESHOLD_PX } from '@shop/shared/constants';
import type { User } from '@shop/shared/user';
import { buttonClasses } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { useCart } from '../../features/cart/use-cart';
import { SearchBox } from '../../features/product/components/search-box';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../lib/store-hooks';
import { accountLinks, navLinks } from './account-links';
import { Avatar, frameDisplayName } from './avatar';
import { Logo } from './logo';
import { useScrolled } from './use-scrolled';

// Headless UI's menu is ~35 KB gzip: it loads only for signed-in visitors, outside the first-visit budget.
const ProfileMenu = lazy(() => import('./profile-menu'));

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to={paths.cart}
      className="relative flex size-11 items-center justify-center rounded-full text-white transition-colors hover:bg-white/10"
    >
      <ShoppingBag aria-hidden="true" className="size-6" />
      <span className="sr-only">Cart</span>
      <span
        data-testid="cart-count"
        className={cx(
          'absolute top-0 right-0 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-bold',
          count > 0 ? 'bg-gold text-ink' : 'bg-white/25 text-white',
        )}
      >
        {count}
      </span>
      <span className="sr-only"> items</span>
    </Link>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-white/15 text-white' : 'text-white/90 hover:bg-white/10 hover:text-white',
  );

function MobilePanel({ user, onNavigate }: { user: User | null; onNavigate: () => void }) {
  return (
    <div id="mobile-menu" className="border-t border-white/15 bg-maroon-dark px-4 pt-4 pb-5 lg:hidden">
      <SearchBox onNavigate={onNavigate} />
      <nav aria-label="Mobile" className="mt-4 flex flex-col">
        {navLinks(user?.role).map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end
            className={(s) => cx(navLinkClass(s), 'flex min-h-11 items-center text-base')}
          >
            {l.name}
          </NavLink>
        ))}
      </nav>
      <div className="mt-3 border-t border-white/15 pt-4">
        {user ? (
          <>
            <div className="mb-2 flex items-center gap-3 px-3">
              <Avatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-medium text-white">{frameDisplayName(user)}</p>
                <p className="truncate text-sm text-white/80">{user.email}</p>
              </div>
            </div>
            {accountLinks.map((l) => (
              <Link
                key={l.to}
                to={l.to}
                className="flex min-h-11 items-center rounded-md px-3 text-base text-white/90 hover:bg-white/10"
              >
                {l.name}
              </Link>
            ))}
          </>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Link to={paths.login} className={buttonClasses('inverseOutline')}>
              Login
            </Link>
            <Link to={paths.signup} className={buttonClasses('gold')}>
              Sign Up
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

export function TopBar({ cartCount }: { cartCount?: number }) {
  const user = useAppSelector(selectLoggedInUser);
  // The badge counts cart lines (docs/product.md, Page frame), a visitor's bag too: the bar loads the cart once per session.
  const { items } = useCart(user !== null);
  const count = cartCount ?? items.length;
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header
      data-scrolled={scrolled}
      className={cx(
        'sticky top-0 z-40 text-white transition-all duration-300 motion-reduce:transition-none',
        scrolled ? 'bg-maroon-dark shadow-lg shadow-ink/25' : 'bg-maroon',
      )}
    >
      <div
        className={cx(
          'mx-auto flex max-w-7xl items-center gap-3 px-3 transition-all duration-300 motion-reduce:transition-none sm:px-6 lg:gap-6 lg:px-8',
          scrolled ? 'h-14' : 'h-16 lg:h-20',
        )}
      >
        <button
          type="button"
          onClick={() => setMenuOpen((o) => !o)}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          className="-ml-1 flex size-11 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
        >
          <span className="sr-only">{menuOpen ? 'Close main menu' : 'Open main menu'}</span>
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <MenuIcon aria-hidden="true" className="size-6" />
          )}
        </button>
        <Logo compact={scrolled} />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {navLinks(user?.role).map((l) => (
            <NavLink key={l.to} to={l.to} end className={navLinkClass}>
              {l.name}
            </NavLink>
          ))}
        </nav>
        <SearchBox className="ml-auto hidden w-full max-w-md lg:block" />
        <div className="ml-auto flex items-center gap-1 lg:ml-0 lg:gap-2">
          <CartLink count={count} />
          {user ? (
            <>
              <div className="hidden lg:block">
                <Suspense fallback={<Avatar user={user} className="m-1" />}>
                  <ProfileMenu user={user} />
                </Suspense>
              </div>
            </>
          ) : (
            <>
              <Link
                to={paths.login}
                aria-label="Login"
                className="flex size-11 items-center justify-center rounded-full hover:bg-white/10 lg:hidden"
              >
                <UserRound aria-hidden="true" className="size-6" />
              </Link>
              <div className="hidden items-center gap-2 lg:flex">
                <Link to={paths.login} className={buttonClasses('inverse')}>
                  Login
                </Link>
                <Link to={paths.signup} className={buttonClasses('gold')}>
                  Sign Up
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
      {menuOpen && <MobilePanel user={user} onNavigate={() => setMenuOpen(false)} />}
    </header>
  );
}
