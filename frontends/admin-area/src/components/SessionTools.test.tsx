import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin as adminRoutes } from '@mer/contracts/browser';
import { BrowserRouter } from '@mer/router';
import { stubApi } from '../../../component-testing.ts';
import SessionTools from './SessionTools.tsx';
import { admin, resetAfterEachTest } from './admin-testing.tsx';

resetAfterEachTest();

const ready = () => Response.json({ status: 'ready', service: 'gateway', services: { admin: 'ready' } });

async function runDiagnostics() {
  render(
    <BrowserRouter>
      <SessionTools />
    </BrowserRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Run diagnostics' }));
}

describe('full diagnostics: bus consumer lag', () => {
  it('lists each consumer with its pending and unacknowledged events, and how many are behind', async () => {
    stubApi(
      {
        'GET /readyz': ready,
        [`GET ${adminRoutes.busDiagnostics.path}`]: () => ({
          bus: 'nats',
          checkedAt: '2026-11-26T10:00:00.000Z',
          note: null,
          consumers: [
            {
              stream: 'MER_IDENTITY',
              consumer: 'admin-forget-member',
              subject: 'identity.user.deleted.v1',
              pending: 0,
              ackPending: 0,
            },
            {
              stream: 'MER_COMMUNITY_FEED',
              consumer: 'search-post-created',
              subject: 'community-feed.post.created.v1',
              pending: 42,
              ackPending: 3,
            },
          ],
        }),
      },
      { signedIn: admin },
    );
    await runDiagnostics();
    const table = await screen.findByRole('table', { name: 'Bus consumers' });
    const row = within(table).getByRole('row', { name: /search-post-created/ });
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(screen.getByText('NATS JetStream: 2 consumers, 1 behind.')).toBeTruthy();
  });

  it('says what the embedded bus cannot tell, never a made-up 0', async () => {
    stubApi(
      {
        'GET /readyz': ready,
        [`GET ${adminRoutes.busDiagnostics.path}`]: () => ({
          bus: 'embedded',
          checkedAt: '2026-11-26T10:00:00.000Z',
          note: 'Embedded bus (one process): unacknowledged counts are known only for consumers running in this process; others show "not available".',
          consumers: [
            {
              stream: 'embedded',
              consumer: 'test-stopped',
              subject: 'identity.>',
              pending: 2,
              ackPending: null,
            },
          ],
        }),
      },
      { signedIn: admin },
    );
    await runDiagnostics();
    const row = within(await screen.findByRole('table', { name: 'Bus consumers' })).getByRole('row', {
      name: /test-stopped/,
    });
    expect(within(row).getByText('not available')).toBeTruthy();
    expect(screen.getByText(/known only for consumers running in this process/)).toBeTruthy();
  });

  it('still shows the readiness when the bus report fails, and says why', async () => {
    stubApi(
      {
        'GET /readyz': ready,
        [`GET ${adminRoutes.busDiagnostics.path}`]: () =>
          Response.json(
            { error: { code: 'connection_error', title: 'Connection Error', message: 'x', retryable: true } },
            { status: 503 },
          ),
      },
      { signedIn: admin },
    );
    await runDiagnostics();
    expect(await screen.findByText('Bus consumer lag not available')).toBeTruthy();
    const report = screen.getByText('admin').closest('dl')!;
    expect(report.getAttribute('aria-label')).toBe('Diagnostics');
    expect(within(report).getByText('ready')).toBeTruthy();
  });
});
