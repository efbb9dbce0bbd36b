import { useState } from 'react';
import { describeError } from '@mer/api-client';
import { Alert, Button, PagePlaceholder } from '@mer/design-system';
import { AUDIT_PAGE_SIZE, useAuditTrail } from '../api/admin.ts';

/** Every admin action, newest first, paged on the server (system_admin only: others see 'Permission Denied'). */
export default function AuditTrail() {
  const [offset, setOffset] = useState(0);
  const trail = useAuditTrail(offset);
  if (trail.isPending) return <PagePlaceholder label="Loading the audit trail…" />;
  if (trail.isError)
    return (
      <Alert tone="error" title={describeError(trail.error).title}>
        {describeError(trail.error).description}
      </Alert>
    );
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-ink-900">
        Audit trail
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-ink-600">
            <tr>
              <th className="p-2">When</th>
              <th className="p-2">Who</th>
              <th className="p-2">Action</th>
              <th className="p-2">On</th>
              <th className="p-2">Before → after</th>
            </tr>
          </thead>
          <tbody>
            {trail.data.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-ink-100">
                <td className="p-2">{new Date(entry.at).toLocaleString()}</td>
                <td className="p-2 font-mono text-xs">{entry.actorId.slice(0, 8)}</td>
                <td className="p-2">{entry.action}</td>
                <td className="p-2">
                  {entry.targetType} <span className="font-mono text-xs">{entry.targetId.slice(0, 8)}</span>
                </td>
                <td className="p-2 font-mono text-xs">
                  {JSON.stringify(entry.before)} → {JSON.stringify(entry.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="flex items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={offset === 0}
          onClick={() => setOffset(offset - AUDIT_PAGE_SIZE)}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={offset + AUDIT_PAGE_SIZE >= trail.data.total}
          onClick={() => setOffset(offset + AUDIT_PAGE_SIZE)}
        >
          Next
        </Button>
      </nav>
    </section>
  );
}
