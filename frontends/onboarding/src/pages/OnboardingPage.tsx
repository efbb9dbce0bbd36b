import '../styles.css';
import { Component, Suspense, lazy, type ReactNode } from 'react';
import { PagePlaceholder } from '@mer/design-system';

// Loaded on demand: the wizard needs the server-state library, which this remote must not load when it
// initialises (see frontends/README.md); the error fallback comes with it.
const OnboardingWizard = lazy(() => import('../components/OnboardingWizard.tsx'));
const WizardErrorFallback = lazy(() =>
  import('../components/OnboardingWizard.tsx').then((m) => ({ default: m.WizardErrorFallback })),
);

class WizardBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed)
      return (
        <Suspense fallback={<PagePlaceholder />}>
          <WizardErrorFallback
            onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
          />
        </Suspense>
      );
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

/** /onboarding: the 7-step profile wizard. */
export default function OnboardingPage() {
  return (
    <WizardBoundary>
      <Suspense fallback={<PagePlaceholder />}>
        <OnboardingWizard />
      </Suspense>
    </WizardBoundary>
  );
}
