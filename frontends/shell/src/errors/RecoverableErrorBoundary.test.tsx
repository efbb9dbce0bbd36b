import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RecoverableErrorBoundary } from './RecoverableErrorBoundary.tsx';

/** A page that throws `error` while `failing.now` is true, and renders its content afterwards. */
function flakyPage(error: Error) {
  const failing = { now: true };
  function Page() {
    if (failing.now) throw error;
    return <p>Settings loaded</p>;
  }
  return { Page, failing };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /remotes/people/x.js');

beforeEach(() => {
  vi.useFakeTimers();
  // React and the boundary report each caught error on the console; the test reads the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the error boundary around each page', () => {
  it('retries a failed chunk load by itself, 1 s then 2 s apart, showing the attempt', () => {
    const { Page, failing } = flakyPage(chunkError());
    render(
      <RecoverableErrorBoundary context="Settings">
        <Page />
      </RecoverableErrorBoundary>,
    );
    expect(screen.getByText('Retry attempt: 1/2')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Retry attempt: 2/2')).toBeTruthy();
    failing.now = false;
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Settings loaded')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Settings loaded')).toBeTruthy();
  });

  it("shows the spec's error card for an error that a retry would not fix, and Try Again renders the page again", () => {
    const { Page, failing } = flakyPage(new Error('Cannot read the profile'));
    render(
      <RecoverableErrorBoundary context="Settings">
        <Page />
      </RecoverableErrorBoundary>,
    );
    const card = screen.getByRole('alert');
    expect(card.textContent).toContain('Something went wrong');
    expect(card.textContent).toContain('An error occurred in Settings');
    expect(card.textContent).toContain('Cannot read the profile');
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    failing.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Settings loaded')).toBeTruthy();
  });
});
