import { useEffect } from 'react';
import { onRealtimeMessage } from '@mer/server-state';
import { NavLink, useLocation } from '@mer/router';
import { refreshModerationQueue, refreshSecurityLog } from '../api/admin.ts';
import Approvals from './Approvals.tsx';
import AuditTrail from './AuditTrail.tsx';
import Community from './Community.tsx';
import Members from './Members.tsx';
import ModerationQueue from './ModerationQueue.tsx';
import Overview from './Overview.tsx';
import SecurityLog from './SecurityLog.tsx';

const SECTIONS = [
  { path: '/admin', label: 'Overview' },
  { path: '/admin/members', label: 'Members' },
  { path: '/admin/community', label: 'Community' },
  { path: '/admin/moderation', label: 'Moderation' },
  { path: '/admin/approvals', label: 'Approvals' },
  { path: '/admin/security', label: 'Security' },
  { path: '/admin/audit', label: 'Audit trail' },
  { path: '/session-manager', label: 'Tools' },
] as const;

/** /admin/*: the sections, each its own path; lists refresh live from the admins' realtime channel. */
export default function AdminArea() {
  const { pathname } = useLocation();
  useEffect(() => {
    const offSecurity = onRealtimeMessage('admin.security.logged', () => refreshSecurityLog());
    const offModeration = onRealtimeMessage('admin.moderation.changed', () => refreshModerationQueue());
    return () => {
      offSecurity();
      offModeration();
    };
  }, []);
  const section = pathname.replace(/\/+$/, '');
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="font-display text-3xl text-ink-900">Admin Panel</h1>
      <nav aria-label="Admin sections" className="flex flex-wrap gap-2">
        {SECTIONS.map((s) => (
          <NavLink
            key={s.path}
            to={s.path}
            end
            className={({ isActive }) =>
              `rounded-full px-3 py-1 text-sm ${isActive ? 'bg-sage-600 text-white' : 'bg-white text-ink-700 ring-1 ring-ink-200'}`
            }
          >
            {s.label}
          </NavLink>
        ))}
      </nav>
      {section === '/admin/members' ? (
        <Members />
      ) : section === '/admin/community' ? (
        <Community />
      ) : section === '/admin/moderation' ? (
        <ModerationQueue />
      ) : section === '/admin/approvals' ? (
        <Approvals />
      ) : section === '/admin/security' ? (
        <SecurityLog />
      ) : section === '/admin/audit' ? (
        <AuditTrail />
      ) : (
        <Overview />
      )}
    </div>
  );
}
