import { useEffect, useId, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink, matchPath, useLocation, useNavigate } from '@mer/router';
import {
  Avatar,
  BottomSheet,
  CalendarIcon,
  ChatIcon,
  CountBadge,
  HomeIcon,
  LogOutIcon,
  PeopleIcon,
  SearchIcon,
  SettingsIcon,
  ShieldIcon,
  UserIcon,
  cx,
} from '@mer/design-system';
import { canSeeAdminPanel, useSessionStore } from '@mer/api-client';
import { useMemberProfile } from '@mer/server-state';
import { useUnreadConversations } from './unread-conversations.ts';
import { signOutWithToast } from '../session/sign-out.ts';
import { openSearch } from '../search/search-store.ts';
import { NotificationBellSlot } from './NotificationBellSlot.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const MEMBER_LINKS: Array<{ to: string; label: string; icon: Icon; match: string[] }> = [
  {
    to: '/community',
    label: 'Community',
    icon: HomeIcon,
    match: ['/community/*', '/feed', '/albums', '/post/*', '/discussions/*'],
  },
  { to: '/people', label: 'Connect', icon: PeopleIcon, match: ['/people', '/connections', '/profile/*'] },
  {
    to: '/events',
    label: 'Events',
    icon: CalendarIcon,
    match: ['/events/*', '/all-events', '/create-event', '/circles/*', '/all-circles'],
  },
  { to: '/messages', label: 'Conversations', icon: ChatIcon, match: ['/messages/*', '/conversations'] },
];

function isActive(pathname: string, patterns: string[]): boolean {
  return patterns.some((p) => matchPath({ path: p, end: true }, pathname) !== null);
}

/** The members' part of the navigation bar (desktop links, search, avatar menu; on mobile a bottom tab bar). */
export default function MemberNavigation({ mobile, hidden }: { mobile: boolean; hidden: boolean }) {
  const location = useLocation();
  const unread = useUnreadConversations();
  const unreadLabel = unread === 1 ? '1 unread message' : `${unread} unread messages`;
  return (
    <>
      {mobile ? null : (
        <ul className="ml-6 flex items-center gap-1">
          {MEMBER_LINKS.map((link) => {
            const active = isActive(location.pathname, link.match);
            return (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  aria-current={active ? 'page' : undefined}
                  className={cx(
                    'relative inline-flex items-center gap-2 rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition-colors',
                    active
                      ? 'bg-white text-ink-900 shadow-soft ring-1 ring-sand-200'
                      : 'text-ink-600 hover:bg-white/70 hover:text-ink-900',
                  )}
                >
                  {link.label}
                  {link.to === '/messages' ? <CountBadge count={unread} label={unreadLabel} /> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      )}
      <div className="ml-auto flex items-center gap-2">
        <NotificationBellSlot mobile={mobile} />
        <button
          type="button"
          onClick={openSearch}
          aria-label="Search (Ctrl+K)"
          className="grid size-10 place-items-center rounded-full text-ink-600 hover:bg-white hover:text-ink-900"
        >
          <SearchIcon className="size-5" />
        </button>
        <ProfileMenu mobile={mobile} />
      </div>
      {mobile
        ? createPortal(
            <nav
              aria-label="Sections"
              className={cx(
                'fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md transition-transform duration-300',
                hidden && 'translate-y-full',
              )}
            >
              <ul className="mx-auto grid max-w-md grid-cols-4">
                {MEMBER_LINKS.map((link) => {
                  const active = isActive(location.pathname, link.match);
                  return (
                    <li key={link.to}>
                      <NavLink
                        to={link.to}
                        aria-current={active ? 'page' : undefined}
                        className={cx(
                          'relative flex flex-col items-center gap-0.5 py-2.5 text-[0.7rem] font-semibold',
                          active ? 'text-ink-900' : 'text-ink-500',
                        )}
                      >
                        <span className="relative">
                          <link.icon className={cx('size-6', active && 'text-sage-600')} />
                          {link.to === '/messages' ? (
                            <CountBadge
                              count={unread}
                              label={unreadLabel}
                              className="absolute -top-1.5 -right-3"
                            />
                          ) : null}
                        </span>
                        {link.label}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </nav>,
            document.body,
          )
        : null}
    </>
  );
}

function useProfileMenuItems() {
  const user = useSessionStore((s) => s.user);
  const items: Array<{ to: string; label: string; icon: Icon }> = [
    { to: '/my-profile', label: 'My Profile', icon: UserIcon },
    { to: '/settings', label: 'Account Settings', icon: SettingsIcon },
  ];
  if (canSeeAdminPanel(user)) items.push({ to: '/admin', label: 'Admin Panel', icon: ShieldIcon });
  return items;
}

function ProfileMenu({ mobile }: { mobile: boolean }) {
  const user = useSessionStore((s) => s.user)!;
  const { profile } = useMemberProfile();
  const [open, setOpen] = useState(false);
  const items = useProfileMenuItems();
  const navigate = useNavigate();
  const location = useLocation();
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const name = profile?.name || user.name || user.username;

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open || mobile) return;
    const onPointer = (e: PointerEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        containerRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, mobile]);

  const logOut = async () => {
    setOpen(false);
    await signOutWithToast();
    navigate('/', { replace: true });
  };

  const trigger = (
    <button
      type="button"
      onClick={() => setOpen((v) => !v)}
      aria-expanded={open}
      aria-controls={mobile ? undefined : menuId}
      aria-haspopup={mobile ? 'dialog' : 'true'}
      aria-label="Open profile menu"
      className="rounded-full p-0.5 ring-2 ring-transparent transition hover:ring-sage-200"
    >
      <Avatar name={name} src={profile?.imageUrl} size="sm" decorative />
    </button>
  );

  if (mobile) {
    return (
      <>
        {trigger}
        <BottomSheet open={open} onClose={() => setOpen(false)} title="Profile Menu">
          <div className="mb-3 flex items-center gap-3 rounded-2xl bg-sand-50 p-3">
            <Avatar name={name} src={profile?.imageUrl} size="md" decorative />
            <div className="min-w-0">
              <p className="truncate font-semibold">{name}</p>
              <p className="truncate text-sm text-ink-500">@{user.username}</p>
            </div>
          </div>
          <ul className="divide-y divide-sand-100">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setOpen(false)}
                  className="flex items-center gap-3 rounded-xl px-2 py-3.5 font-medium text-ink-800 hover:bg-sand-50"
                >
                  <item.icon className="size-5 text-ink-500" />
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={logOut}
                className="flex w-full items-center gap-3 rounded-xl px-2 py-3.5 font-medium text-clay-700 hover:bg-clay-50"
              >
                <LogOutIcon className="size-5" />
                Log Out
              </button>
            </li>
          </ul>
        </BottomSheet>
      </>
    );
  }

  return (
    <div ref={containerRef} className="relative">
      {trigger}
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-64 animate-fade-in rounded-2xl bg-white p-2 shadow-lift ring-1 ring-sand-200"
        >
          <div className="flex items-center gap-3 border-b border-sand-100 px-3 pt-2 pb-3">
            <Avatar name={name} src={profile?.imageUrl} size="sm" decorative />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{name}</p>
              <p className="truncate text-xs text-ink-500">@{user.username}</p>
            </div>
          </div>
          <ul className="pt-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-ink-800 hover:bg-sand-50"
                >
                  <item.icon className="size-[1.1rem] text-ink-500" />
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={logOut}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-clay-700 hover:bg-clay-50"
              >
                <LogOutIcon className="size-[1.1rem]" />
                Log Out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
