import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConnectionErrorBoundary } from './ConnectionErrorBoundary.tsx';

/** A list that throws `error` while `failing.now` is true. */
function flakyList(error: unknown) {
  const failing = { now: true };
  function List() {
    if (failing.now) throw error;
    return <p>Your connections</p>;
  }
  return { List, failing };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the connection error boundary', () => {
  it("retries a network failure twice, 1 s then 2 s apart ('Retry attempt: n/2'), then shows 'Connection Error'", () => {
    const { List } = flakyList(new TypeError('Failed to fetch'));
    const onReset = vi.fn();
    render(
      <ConnectionErrorBoundary onReset={onReset}>
        <List />
      </ConnectionErrorBoundary>,
    );
    expect(screen.getByText('Retry attempt: 1/2')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Retry attempt: 2/2')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByRole('heading', { name: 'Connection Error' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(onReset).toHaveBeenCalledTimes(2);
    const page = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeTruthy();
    expect(page.textContent).toContain(
      "We're having trouble loading your connections. This might be a temporary issue.",
    );
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Connection Error' at once for an error a retry would not fix; Try Again renders the list again", () => {
    const { List, failing } = flakyList({ status: 403, retryable: false, message: 'Permission Denied' });
    const onReset = vi.fn();
    render(
      <ConnectionErrorBoundary onReset={onReset}>
        <List />
      </ConnectionErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeTruthy();
    expect(screen.queryByText(/Retry attempt/)).toBeNull();
    failing.now = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Your connections')).toBeTruthy();
  });
});
