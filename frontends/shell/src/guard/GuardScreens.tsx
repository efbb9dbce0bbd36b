import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  LogoMark,
  ProgressBar,
  Spinner,
  buttonClassName,
  AlertIcon,
  LockIcon,
  RefreshIcon,
  ShieldIcon,
  SparkleIcon,
} from '@mer/design-system';
import { Link } from '@mer/router';
import { timing } from '@mer/api-client';

function Screen({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <div className="flex min-h-[75dvh] items-center justify-center px-4 py-12" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * 'Initializing your spiritual journey...' with a percentage bar. Progress runs over 3 s (spec: loading
 * screen default 3000 ms, label after 500 ms); it waits at 95 % until loading really ends.
 */
export function LoadingScreen({ message = 'Loading your spiritual journey...' }: { message?: string }) {
  const [percent, setPercent] = useState(0);
  const [showLabel, setShowLabel] = useState(false);
  useEffect(() => {
    const started = performance.now();
    const duration = timing('loadingScreenDurationMs');
    let frame = 0;
    const tick = () => {
      const t = Math.min(1, (performance.now() - started) / duration);
      setPercent(Math.round(95 * (1 - Math.pow(1 - t, 2))));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const label = setTimeout(() => setShowLabel(true), timing('loadingScreenLabelDelayMs'));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(label);
    };
  }, []);
  return (
    <Screen>
      <div role="status" className="w-full max-w-sm text-center">
        <LogoMark className="mx-auto size-16 animate-breathe" />
        <h1 className="mt-6 text-2xl font-semibold text-ink-900">Initializing your spiritual journey...</h1>
        <ProgressBar value={percent} label="Loading progress" className="mt-6" />
        <p className="mt-2 text-sm tabular-nums text-ink-500">{percent}%</p>
        <p
          className={`mt-3 text-ink-600 transition-opacity duration-500 ${showLabel ? 'opacity-100' : 'opacity-0'}`}
        >
          {message}
        </p>
      </div>
    </Screen>
  );
}

export function ProfileLoadingScreen() {
  return (
    <Screen>
      <div role="status" className="text-center">
        <Spinner size="lg" className="text-sage-500" />
        <h1 className="mt-5 text-2xl font-semibold">Loading your profile...</h1>
        <p className="mt-2 text-ink-600">Setting up your experience</p>
      </div>
    </Screen>
  );
}

export function ProfileLoadingIssueScreen({
  degraded,
  onTryAgain,
}: {
  degraded: boolean;
  onTryAgain: () => void;
}) {
  return (
    <Screen>
      <Card padding="lg" className="w-full max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-gold-100 text-gold-700">
          <AlertIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">Profile Loading Issue</h1>
        <p className="mt-3 leading-relaxed text-ink-600">
          {degraded
            ? 'Profile service is temporarily degraded. Using cached data.'
            : "We're having trouble loading your profile. This might be due to a temporary connection issue."}
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button
            variant="secondary"
            icon={<RefreshIcon className="size-4" />}
            onClick={() => window.location.reload()}
          >
            Refresh Page
          </Button>
        </div>
      </Card>
    </Screen>
  );
}

export function LoadingTimeoutScreen({
  supportEmail,
  onSignOut,
}: {
  supportEmail: string;
  onSignOut: () => void;
}) {
  return (
    <Screen>
      <Card padding="lg" className="w-full max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sand-100 text-sand-700">
          <Spinner size="md" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">Loading Timeout</h1>
        <p className="mt-3 leading-relaxed text-ink-600">
          The application is taking longer than expected to load. This might be due to a slow connection or a
          temporary issue.
        </p>
        <div className="mt-7 flex flex-col gap-3">
          <Button onClick={() => window.location.reload()} icon={<RefreshIcon className="size-4" />}>
            Refresh Page
          </Button>
          <Button variant="secondary" onClick={onSignOut}>
            Sign Out and Try Again
          </Button>
          <a href={`mailto:${supportEmail}`} className={buttonClassName('ghost')}>
            Contact Support
          </a>
        </div>
      </Card>
    </Screen>
  );
}

export function SessionInvalidScreen({ onGoToLogin }: { onGoToLogin: () => void }) {
  return (
    <Screen>
      <Card padding="lg" className="w-full max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-ink-50 text-ink-600">
          <LockIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">Session Invalid</h1>
        <p className="mt-3 text-ink-600">Your session has expired. Please log in again.</p>
        <Button className="mt-7" onClick={onGoToLogin}>
          Go to Login
        </Button>
      </Card>
    </Screen>
  );
}

/**
 * An admin without a completed member profile, on a member page (issue 13): no paywall and no forced wizard. The
 * admin area and Account Settings are open; completing the profile (no membership needed for admins) makes them
 * part of the community.
 */
export function AdminProfilePromptScreen() {
  return (
    <Screen>
      <Card padding="lg" className="w-full max-w-md text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-sage-100 text-sage-700">
          <SparkleIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold">Complete your profile to join the community</h1>
        <p className="mt-3 leading-relaxed text-ink-600">
          You are signed in as an admin: the Admin Panel and your Account Settings are open to you. To appear
          in the community, post and connect with members, complete your member profile first. Admins need no
          membership.
        </p>
        <div className="mt-7 flex flex-col gap-3">
          <Link to="/onboarding" className={buttonClassName('primary')}>
            Complete My Profile
          </Link>
          <Link to="/admin" className={buttonClassName('secondary')}>
            <ShieldIcon className="size-4" /> Open Admin Panel
          </Link>
          <Link to="/settings" className={buttonClassName('ghost')}>
            Account Settings
          </Link>
        </div>
      </Card>
    </Screen>
  );
}
