import { useState } from 'react';
import { Mail, Phone, ShieldCheck, Sparkles } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { displayName, type User } from '@shop/shared/user';

const DEFAULT_AVATAR = '/avatar.svg';

export function ProfileCard({ user }: { user: User }) {
  const [src, setSrc] = useState(user.imageUrl || DEFAULT_AVATAR);
  const name = displayName(user);
  return (
    <section
      aria-label="Profile"
      className="relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-sand/70"
    >
      <div
        aria-hidden="true"
        className="h-20 bg-gradient-to-r from-maroon via-maroon-light to-maroon sm:h-24"
      >
        <Sparkles className="absolute top-4 right-5 size-5 text-gold-light/80" />
      </div>
      <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
        <img
          src={src}
          onError={() => setSrc(DEFAULT_AVATAR)}
          alt=""
          width={112}
          height={112}
          className="-mt-12 size-24 shrink-0 rounded-full bg-ivory object-cover shadow-md ring-4 ring-white sm:-mt-14 sm:size-28"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{name}</h1>
            {user.role === 'admin' && (
              <Badge tone="gold" className="gap-1">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                Admin Account
              </Badge>
            )}
            {user.role === 'staff' && (
              <Badge tone="teal" className="gap-1">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                Staff Account
              </Badge>
            )}
          </div>
          <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-soft">
            <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-teal" />
              {user.email}
            </span>
            {user.phoneNumber && (
              <span className="inline-flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-4 text-teal" />
                {user.phoneNumber}
              </span>
            )}
          </p>
        </div>
      </div>
    </section>
  );
}
