import '../styles.css';
import { Card } from '@mer/design-system';

/** Placeholder until the page lands (billing: MembershipPage; profile wizard: OnboardingPage). */
export default function MembershipPage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Card tone="white" padding="lg" className="text-center">
        <h1 className="text-3xl font-semibold text-ink-900">Membership is coming soon</h1>
      </Card>
    </div>
  );
}
